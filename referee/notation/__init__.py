"""The `.rummy` notation: events, reading (with errors in words) and writing.

- :mod:`.events`   the frozen events and the game record the reader produces
- :mod:`.reader`   text or file to game records (:func:`read_games`, :func:`iter_path`)
- :mod:`.parser`   the Lark parser of ``grammar/rummy.lark`` and its reducers
- :mod:`.pieces`   cutting a text into games; lines with a caret
- :mod:`.header`   the header and what each game's notation allows
- :mod:`.diagnose` syntax errors in words
- :mod:`.writer`   game records back to canonical notation
"""
