"""Club nights over HTTP (docs/cli-api.md, nights; NIGHT.md): the store, the service,
the view of a night built from its live tables' verdicts, the board's stream.

- :mod:`.store`     nights, players (passes hashed), rounds, tables, trail: one
  transaction per change
- :mod:`.service`   reads, tokens, the change loop, the night's JSON once per version
- :mod:`.view`      a stored night as its board and report show it
- :mod:`.creation`  a night and its passes, a late player, a withdrawal
- :mod:`.round`     seating the next round as live tables, closing a round
- :mod:`.tables`    a log handed in, a table voided, scores entered, the next hand
- :mod:`.stream`    the board's Server-Sent Events, across workers
"""
