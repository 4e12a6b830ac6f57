"""The night's seating (referee/night/seating.py): the repeated pairs the ``mixer`` and
``standings`` methods leave over a night, and the time they take, against a
``random`` seating's, for 16, 24, 48 and 120 players over 4 to 8 rounds.

    .venv/bin/python bench/seating.py
    .venv/bin/python bench/seating.py --players 16 24 --rounds 4 6 --seeds 5

Tables of 3 to 4 (120 players: of 4). Each figure is the mean over ``--seeds`` nights
(seeds 1, 2, ...); repeats are counted as the night's ``repeats`` are (each pair
seated together again, once per earlier meeting), summed over the night's rounds;
the time is the seating of all its rounds, in milliseconds. ``standings`` is seated
from a standings order drawn at random each round (no games are played here).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.night.seating import History, seat_round  # noqa: E402


def night(players: int, rounds: int, method: str, seed: int) -> tuple[int, float, int]:
    """(repeats over the night, seconds, repeats in round 2)."""
    names = [f"P{i:03}" for i in range(players)]
    sizes = (4, 4) if players % 4 == 0 and players >= 100 else (3, 4)
    history = History()
    order = random.Random(seed)
    total = 0
    second = 0
    spent = 0.0
    for number in range(1, rounds + 1):
        ranking = list(names)
        order.shuffle(ranking)
        start = time.perf_counter()
        seated = seat_round(names, sizes, method, seed, number, history, ranking)
        spent += time.perf_counter() - start
        history.seat(seated.tables, seated.byes, [t[0] for t in seated.tables])
        total += seated.repeats
        if number == 2:
            second = seated.repeats
    return total, spent, second


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[16, 24, 48, 120])
    parser.add_argument("--rounds", type=int, nargs="+", default=[4, 6, 8])
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    print(f"{'players':>7} {'rounds':>6} | {'random':>8} | {'mixer':>8} {'ms':>8} {'round 2':>7} "
          f"{'ratio':>6} | {'standings':>9} {'ms':>8}")
    for players in args.players:
        for rounds in args.rounds:
            figures = {}
            for method in ("random", "mixer", "standings"):
                runs = [night(players, rounds, method, seed)
                        for seed in range(1, args.seeds + 1)]
                figures[method] = (statistics.mean(r[0] for r in runs),
                                   statistics.mean(r[1] for r in runs) * 1000,
                                   max(r[2] for r in runs))
            drawn, mixed, ranked = figures["random"], figures["mixer"], figures["standings"]
            ratio = mixed[0] / drawn[0] if drawn[0] else 0.0
            print(f"{players:>7} {rounds:>6} | {drawn[0]:>8.1f} | {mixed[0]:>8.1f} "
                  f"{mixed[1]:>8.1f} {mixed[2]:>7} {ratio:>6.2f} | {ranked[0]:>9.1f} "
                  f"{ranked[1]:>8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
