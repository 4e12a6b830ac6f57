"""The audit report: one model (:mod:`.model`), written as JSON (:mod:`.json`) or drawn
for people by the CLI; the table after a line (:mod:`.table`); the rules catalog
(:mod:`.catalog`). Nothing here imports pydantic: the API validates these typed
dicts at its boundary."""
