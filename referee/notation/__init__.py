"""The `.rummy` notation: events, reading (with errors in words) and writing.

- :mod:`.events`   the frozen events and the game record the reader produces
- :mod:`.reader`   text or file to game records (:func:`read_games`, :func:`iter_path`)
- :mod:`.files`    log files: their text, or their games a chunk at a time
- :mod:`.encoding` bytes to text; bytes that are not text, said in words
- :mod:`.parser`   the Lark parser of ``grammar/rummy.lark`` and its reducers
- :mod:`.folded`   the same grammar with each event's line end in its last token (faster)
- :mod:`.memo`     the line memo: an event's text Lark has read is not read again
- :mod:`.pieces`   cutting a text into games; lines with a caret
- :mod:`.recover`  reading on after a syntax error (every bad line of a game)
- :mod:`.header`   the header and what each game's notation allows
- :mod:`.diagnose` syntax errors in words
- :mod:`.hints`    "did you mean": keywords, player names, tags
- :mod:`.writer`   game records back to canonical notation
"""
