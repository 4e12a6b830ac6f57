"""The games the referee ships, one package each, each a plugin like any other.

- :mod:`referee.variants.la51`      51 (La 51)
- :mod:`referee.variants.argentino` Rummy argentino
- :mod:`referee.variants.plays`     a rule both games share (plays out of turn)

:data:`SHIPPED` lists them for the registry (:mod:`referee.games`), which finds other
distributions' games through the entry-point group ``referee.games``; a shipped game
uses nothing a plugin could not. What a game is: :mod:`referee.engine.game`.
"""

SHIPPED = {
    "51": "referee.variants.la51:La51",
    "rummy-argentino": "referee.variants.argentino:Argentino",
}
"""The referee's own games: their ``Game`` tag and where their class is, as an entry
point would say it (:mod:`referee.games` registers them first, in this order)."""
