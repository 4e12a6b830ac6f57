"""A club night's table, simulated: legal games played by given players in a given seat
order, with the night's tags (``Event``, ``Round``, ``Table``), for the night's tests and
benchmarks (referee/night).

- 51: ``games`` separate games, the starter moving one seat on each game;
- Rummy argentino: one match of ``games`` hands (a ``Match`` tag of its own), the
  seats turning one place each hand, no ``Scores`` tag (the match starts at 0).

Everything random comes from one ``random.Random(seed)``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from referee.notation.events import GameRecord, Tag
from referee.sim.knobs import SimulationError, rules_51
from referee.sim.record import build_record, number_lines

__all__ = ["simulate_table"]


def simulate_table(game: str, players: Sequence[str], seed: int, games: int = 1,
                   tags: Sequence[tuple[str, str]] = (),
                   knobs: Mapping[str, str] | None = None) -> list[GameRecord]:
    """The records of one table's games (or hands), full information."""
    seats = tuple(players)
    if game == "51":
        return [_game_51(seats[k % len(seats):] + seats[:k % len(seats)], seed + k, k + 1,
                         tags, knobs) for k in range(games)]
    if game == "rummy-argentino":
        return _match(seats, seed, games, tags, knobs)
    raise SimulationError(f"unknown game {game!r}", "report.sim_unknown_game", game=game)


def _game_51(seats: tuple[str, ...], seed: int, index: int,
             tags: Sequence[tuple[str, str]],
             knobs: Mapping[str, str] | None) -> GameRecord:
    from referee.sim.la51 import MOVES, _finished_game

    rules, knob_tags, stake = rules_51(knobs)
    game, _ = _finished_game(random.Random(seed), rules, seats, MOVES)
    assert game.winner is not None
    header = [("Game", "51"), *tags, ("Players", " ".join(seats)), ("Stake", stake),
              ("Result", seats[game.winner]), *knob_tags]
    return build_record(index, header, seats, game.deals, game.initial_stock, game.actions)


def _match(seats: tuple[str, ...], seed: int, hands: int, tags: Sequence[tuple[str, str]],
           knobs: Mapping[str, str] | None) -> list[GameRecord]:
    from referee.sim.argentino import MOVES, _hand, _setup

    setup = _setup((len(seats), len(seats)), seed, knobs, MOVES)
    rng = random.Random(seed)
    name = " · ".join(value for _, value in tags) or f"Simulated match (seed {seed})"
    totals: dict[str, int] = dict.fromkeys(seats, 0)
    records = []
    for k in range(1, hands + 1):
        order = seats[(k - 1) % len(seats):] + seats[:(k - 1) % len(seats)]
        hand = _hand(rng, setup, k, order, totals, False, (name, k))
        totals = dict(hand.standings or totals)
        records.append(_retagged(hand.record, tags))
    return records


def _retagged(record: GameRecord, tags: Sequence[tuple[str, str]]) -> GameRecord:
    """``record`` with ``tags`` after its ``Game`` tag (instead of its ``Event``)."""
    old = dict(record.tags)
    ordered: dict[str, Tag] = {"Game": old.pop("Game")}
    for name, value in tags:
        ordered[name] = Tag(name, value, 0, 1)
        old.pop(name, None)
    old.pop("Event", None)
    ordered.update(old)
    record.tags = ordered
    return number_lines(record, up_line=record.up is not None)
