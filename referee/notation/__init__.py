"""The `.rummy` notation: events, reading (with errors in words) and writing.

Reading, from its one interface down; each module imports only modules listed after it
(no import goes back up: ``tests/notation/test_layers.py``):

- :mod:`.reader`       text, chunks or a file to game records (:func:`read_games`,
  :func:`iter_path`...); its :class:`Reader` owns the line memo
- :mod:`.assembly`     a game's record from what the grammar read
- :mod:`.recover`      reading on after a syntax error (every bad line of a game)
- :mod:`.header`       the header and what each game's notation allows
- :mod:`.diagnose`     syntax errors in words
- :mod:`.memo`         the line memo: an event's text Lark has read is not read again
- :mod:`.terminals`    the grammar's terminals and keywords, as Lark compiled them
- :mod:`.folded`       the grammar with each event's line end in its last token (faster)
- :mod:`.parser`       the Lark parser of ``grammar/rummy.lark``: built, cached, run
- :mod:`.reducers`     the grammar's rules to events; token text to cards (``CardTokens``)
- :mod:`.lark_private` what the reader uses of Lark beyond its documented API
- :mod:`.files`        log files: their text, whole or a chunk at a time
- :mod:`.encoding`     bytes to text; bytes that are not text, said in words
- :mod:`.pieces`       cutting a text into games; lines with a caret
- :mod:`.hints`        "did you mean": keywords, player names, tags
- :mod:`.controls`     the control characters no line may hold
- :mod:`.events`       the events and the game record the reader produces

Writing, over :mod:`.events`:

- :mod:`.canonical`    a log rewritten line for line in canonical notation (``referee fmt``)
- :mod:`.writer`       game records back to canonical notation
"""
