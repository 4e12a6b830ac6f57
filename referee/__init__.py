"""51 Referee: replay recorded games of 51 (La 51) and Rummy argentino, and judge every card.

Importing the package changes nothing of the process that imports it. Its layers:

- :mod:`referee.cards`    ranks, suits, cards and jokers, parsed from and printed as notation
- :mod:`referee.notation` the `.rummy` reader (Lark grammar in :mod:`referee.grammar`) and writer
- :mod:`referee.audit`    a log's games judged: the Python API (:func:`referee.audit.audit_text`)
- :mod:`referee.variants` the games (51, Rummy argentino) and their house-rule knobs
- :mod:`referee.engine`   physical replay plus the rule checks that record findings
- :mod:`referee.report`   the report model (the JSON contract), its JSON writer, the catalog
"""

__version__ = "0.1.0"
