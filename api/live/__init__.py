"""The live table (docs/cli-api.md, live tables): a game recorded as it is played.

Each change to a table (an event, an undo, a hand given, the face-up card, the next
hand) is one line more (or less) in the table's log, read by the referee's own
reader and replayed by its engine, so a live table and an audited file never
disagree:

- :mod:`.tokens`   table ids and bearer tokens (random, stored as SHA-256 hashes)
- :mod:`.log`      the table's log text, hand by hand, and where each line falls
- :mod:`.judging`  read and replay that log; the refusals (syntax, would-be log errors)
- :mod:`.rulings`  a call's ruling: its outcome, the renuncias it concerns, who is out
- :mod:`.names`    players' names: one word, one script, no card or keyword, compared
  after NFC and case folding (a club night's too)
- :mod:`.privacy`  a named draw shown as ``Beto draw`` to all but its drawer
- :mod:`.state`    the table as a watcher or a seat sees it (STATE)
- :mod:`.store`    tables, seats and changes in the verdicts' database
- :mod:`.service`  the operations, each change committed before it is answered
- :mod:`.changes`, :mod:`.seats`  the changes: events, hands, undo, the next hand; a
  seat's new link, abandoning the table
- :mod:`.notify`   which tables moved, across server workers (polling, LISTEN/NOTIFY)
- :mod:`.stream`   the Server-Sent Events of a table

The package never names a game: what a game allows comes from its
:class:`~referee.engine.game.Variant`.
"""
