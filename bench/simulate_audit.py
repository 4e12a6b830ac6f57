"""Simulate many legal games, audit them all, report how many audit clean (outside CI).

    .venv/bin/python bench/simulate_audit.py                 # 10,000 games, seed 1, 2-6 players
    .venv/bin/python bench/simulate_audit.py 2000 --seed 7 --players 3-5 --set MinOpen=71
    .venv/bin/python bench/simulate_audit.py 500 --hidden    # the hidden-information logs too
    .venv/bin/python bench/simulate_audit.py 10000 --jobs 8  # split the seeds over processes

Every simulated game is legal by construction, so every game should audit clean,
finished as the simulator says, with its winner and settlement. Anything else is
a disagreement between the simulator and the engine: it is printed (rule, line,
message, seed and game index, to reproduce with ``simulate_log``) and the exit
status is 1. The log text goes through the reader too (``--records`` skips it).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.engine import audit_game
from referee.engine.findings import LOG_ERROR, RENUNCIA, SYNTAX_ERROR, GameResult
from referee.notation.reader import read_games
from referee.simulate import (
    SimulatedGame,
    format_record,
    hidden_record,
    simulate_games,
)

BAD = (RENUNCIA, LOG_ERROR, SYNTAX_ERROR)
CHUNK = 250  # games per seed: chunk k simulates seed + k


@dataclass
class Tally:
    games: int = 0
    finished: int = 0
    clean: int = 0
    hidden_clean: int = 0
    stops: Counter[str] = field(default_factory=Counter)
    rules: Counter[str] = field(default_factory=Counter)
    samples: list[str] = field(default_factory=list)
    simulate_s: float = 0.0
    audit_s: float = 0.0
    events: int = 0

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.finished += other.finished
        self.clean += other.clean
        self.hidden_clean += other.hidden_clean
        self.stops.update(other.stops)
        self.rules.update(other.rules)
        self.samples.extend(other.samples[: max(0, 20 - len(self.samples))])
        self.simulate_s += other.simulate_s
        self.audit_s += other.audit_s
        self.events += other.events


def disagreement(result: GameResult, game: SimulatedGame) -> list[str]:
    problems = [
        f"{f.rule} ({f.kind}) line {f.line} {f.player}: {f.message()}"
        for f in result.findings
        if f.kind in BAD
    ]
    if result.finished != game.finished or result.winner != game.winner:
        problems.append(
            f"outcome: engine finished={result.finished} winner={result.winner}, "
            f"simulator finished={game.finished} winner={game.winner}"
        )
    engine = sorted((p.payer, p.payee, p.cards, p.amount) for p in result.settlement)
    if engine != sorted(game.settlement):
        problems.append(f"settlement: engine {engine}, simulator {sorted(game.settlement)}")
    return problems


def run_chunk(
    count: int, seed: int, players: tuple[int, int], knobs: dict[str, str],
    hidden: bool, through_text: bool,
) -> Tally:
    tally = Tally()
    start = time.perf_counter()
    games = list(simulate_games(count, players, seed, knobs))
    tally.simulate_s = time.perf_counter() - start
    start = time.perf_counter()
    for game in games:
        tally.games += 1
        tally.finished += game.finished
        tally.stops[game.stop_reason] += 1
        tally.events += len(game.record.events)
        variants = [("full", game.record)]
        if hidden:
            variants.append(("hidden", hidden_record(game.record)))
        for label, record in variants:
            if through_text:
                (record,) = read_games(format_record(record), f"seed{seed}-game{game.index}")
            problems = disagreement(audit_game(record), game)
            if not problems:
                if label == "full":
                    tally.clean += 1
                else:
                    tally.hidden_clean += 1
                continue
            tally.rules.update(f"{label}: {p.split(' ', 1)[0]}" for p in problems)
            if len(tally.samples) < 20:
                tally.samples.append(
                    f"[{label}] seed {seed} game {game.index} "
                    f"({len(game.players)} players, refills {len(game.refills)}): {problems[0]}"
                )
    tally.audit_s = time.perf_counter() - start
    return tally


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="2-6", help="a range like 2-6, or one count")
    parser.add_argument("--set", action="append", default=[], metavar="KNOB=VALUE")
    parser.add_argument("--hidden", action="store_true", help="audit the hidden version too")
    parser.add_argument("--records", action="store_true",
                        help="audit the records directly, without writing and reading text")
    parser.add_argument("--jobs", type=int, default=1)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    low, _, high = args.players.partition("-")
    players = (int(low), int(high or low))
    knobs = dict(item.split("=", 1) for item in args.set)
    chunks = [
        (min(CHUNK, args.games - k * CHUNK), args.seed + k)
        for k in range((args.games + CHUNK - 1) // CHUNK)
    ]
    total = Tally()
    wall = time.perf_counter()
    common = (players, knobs, args.hidden, not args.records)
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            futures = [pool.submit(run_chunk, n, s, *common) for n, s in chunks]
            for future in futures:
                total.add(future.result())
    else:
        for n, s in chunks:
            total.add(run_chunk(n, s, *common))
    wall = time.perf_counter() - wall

    print(f"games simulated: {total.games} ({players[0]}-{players[1]} players, "
          f"knobs {knobs or 'default'}, seeds {args.seed}..{args.seed + len(chunks) - 1})")
    print(f"finished: {total.finished} ({100 * total.finished / max(1, total.games):.2f}%); "
          f"stops: {dict(total.stops)}")
    print(f"audit clean (full information): {total.clean}/{total.games}")
    if args.hidden:
        print(f"audit clean (hidden information): {total.hidden_clean}/{total.games}")
    print(f"simulate: {total.games / max(total.simulate_s, 1e-9):.1f} games/s, "
          f"audit: {total.games * (2 if args.hidden else 1) / max(total.audit_s, 1e-9):.1f} "
          f"audits/s, {total.events / max(1, total.games):.1f} events a game, "
          f"wall {wall:.1f}s")
    if total.rules:
        print("disagreements:")
        for rule, count in total.rules.most_common():
            print(f"  {count:6d}  {rule}")
        print("first cases:")
        for sample in total.samples:
            print("  " + sample)
        return 1
    print("disagreements: none")
    return 0


if __name__ == "__main__":
    sys.exit(main())
