"""The club night: several tables, rounds, one standings board (NIGHT.md).

The night's core, game-agnostic: a game's points for the night come through the seam
(:meth:`referee.engine.game.Variant.night_points`), its default table sizes and games
per round through its facts (``night_sizes``, ``night_per_round``).

- :mod:`.sizes`      the table sizes that seat a count of players, and the byes needed
- :mod:`.seating`    one round's seating (``random``, ``mixer``, ``standings``): tables,
  starters, byes, repeated pairs; reproducible from the night's seed
- :mod:`.scoring`    a game's (hand's) points and flags, a table's result
- :mod:`.standings`  the standings and their tie-breaks
- :mod:`.offline`    a night made of typed logs (``Event``, ``Round``, ``Table`` tags),
  validated as a whole (``referee night``)
- :mod:`.report`     the night's report: the JSON, the CSV of the standings, the HTML
"""
