"""The simulator: random, legal games of 51 and Rummy argentino, with their true outcome.

A second, independent engine: its bots play by their own reading of the rules
(RULES.md, ARGENTINO.md), its own meld logic, turn logic and scoring, and the
referee's report on what it writes must agree with what it says happened. It
uses only the cards (:mod:`referee.cards`), the notation (events and writer)
and the knob names and defaults (:mod:`referee.knobs` and the games' config
dataclasses) of the referee, never its engine.

- :mod:`referee.sim.cards`     card ids, decks, player names
- :mod:`referee.sim.knobs`     house rules read into the config dataclasses
- :mod:`referee.sim.record`    records with the writer's line numbers, hidden records, text
- :mod:`referee.sim.la51`      51: table, candidate melds, the bots' planner, the game
- :mod:`referee.sim.argentino` argentino: melds and values, table, state and
  scoring, bots, the hand, the match, a replayer that scores recorded hands

Everything random comes from one ``random.Random(seed)``: a seed gives the same
log, byte for byte, in any process. Every written game (hand) finishes: a deal
that cannot finish is dealt again from the next random state.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.sim.argentino import (
    SimulatedHand,
    SimulatedMatch,
    simulate_argentino_log,
    simulate_hands,
    simulate_matches,
)
from referee.sim.cards import NAMES
from referee.sim.knobs import SimulationError
from referee.sim.la51 import SimulatedGame, simulate_games, simulate_log
from referee.sim.record import format_record, hidden_record

__all__ = [
    "GAMES",
    "NAMES",
    "SimulatedGame",
    "SimulatedHand",
    "SimulatedMatch",
    "SimulationError",
    "format_record",
    "hidden_record",
    "simulate_argentino_log",
    "simulate_games",
    "simulate_hands",
    "simulate_log",
    "simulate_matches",
    "simulate_text",
]

GAMES: dict[str, tuple[int, int]] = {"51": (2, 6), "rummy-argentino": (2, 8)}
"""The games the simulator plays, with their player counts."""


def simulate_text(
    game: str,
    count: int,
    players: tuple[int, int],
    seed: int,
    knobs: Mapping[str, str] | None = None,
    hidden: bool = False,
    lang: str = "en",
    matches: bool = False,
) -> str:
    """``count`` games of ``game`` as ``.rummy`` text (argentino: hands, or whole
    matches with ``matches``)."""
    if game == "51":
        if matches:
            raise SimulationError("51 has no matches: every game stands alone",
                                  "report.sim_no_matches", game=game)
        return simulate_log(count, players, seed, knobs, hidden=hidden, lang=lang)
    if game == "rummy-argentino":
        return simulate_argentino_log(count, players, seed, knobs, hidden=hidden, lang=lang,
                                      matches=matches)
    raise SimulationError(f"unknown game {game!r} (known: {', '.join(GAMES)})",
                          "report.sim_unknown_game", game=game)
