"""The games the referee ships, one package each, each a plugin like any other.

- :mod:`referee.variants.la51`      51 (La 51)
- :mod:`referee.variants.argentino` Rummy argentino
- :mod:`referee.variants.plays`     a rule both games share (plays out of turn)

Nothing here registers them: the referee's ``pyproject.toml`` names them in the
entry-point group ``referee.games`` and :mod:`referee.games` finds them there,
as it finds any other package's game. What a game is: :mod:`referee.engine.game`.
"""
