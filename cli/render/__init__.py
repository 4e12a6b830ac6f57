"""The human side of the CLI, drawn with rich, one module per screen.

- :mod:`.console`   the consoles, the words of one language, colours by kind
- :mod:`.report`    the audit report, game by game (:class:`~.report.HumanReportWriter`)
- :mod:`.summary`   the batch table, duplicates, the quiet lines
- :mod:`.table`     the table at a line (``referee replay``)
- :mod:`.rules`     the rule ids, knobs and games (``referee rules``)
- :mod:`.standings` per-player figures (``referee standings``)

Every heading comes from the catalogs (:mod:`referee.i18n`) in the language asked
for; user text (names, messages, card lists) is always wrapped in
:class:`rich.text.Text`, so square brackets in it are never read as markup.
"""
