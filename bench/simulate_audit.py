"""Simulate many legal games, audit them all, report how many audit clean (outside CI).

    .venv/bin/python bench/simulate_audit.py                 # 10,000 games of 51, seed 1
    .venv/bin/python bench/simulate_audit.py 2000 --seed 7 --players 3-5 --set MinOpen=71
    .venv/bin/python bench/simulate_audit.py 500 --hidden    # the hidden-information logs too
    .venv/bin/python bench/simulate_audit.py 10000 --jobs 2  # split the seeds over processes
    .venv/bin/python bench/simulate_audit.py 2000 --game rummy-argentino      # 2,000 hands
    .venv/bin/python bench/simulate_audit.py 50 --game rummy-argentino --matches --set Target=500

Every simulated game is legal by construction, so every game should audit clean,
finished as the simulator says, with its winner and settlement (51), or its
winner, scores, standings and match (Rummy argentino: the JSON report of
``referee audit --json``, ARGENTINO.md section 10). Anything else is a
disagreement between the simulator and the referee: it is printed (rule, line,
message, seed and game index, to reproduce with ``referee simulate``) and the exit
status is 1. 51's log text goes through the reader too (``--records`` skips it).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.audit import audit_game
from referee.engine.findings import LOG_ERROR, RENUNCIA, SYNTAX_ERROR, GameResult
from referee.notation.reader import read_games
from referee.sim import (
    SimulatedGame,
    SimulatedHand,
    format_record,
    hidden_record,
    simulate_games,
    simulate_hands,
    simulate_matches,
)
from referee.sim.argentino.expect import disagreements as hand_disagreements
from referee.sim.record import join_games

BAD = (RENUNCIA, LOG_ERROR, SYNTAX_ERROR)
CHUNK = 250  # games per seed: chunk k simulates seed + k
ARGENTINO = "rummy-argentino"


@dataclass
class Tally:
    games: int = 0
    finished: int = 0
    clean: int = 0
    hidden_clean: int = 0
    redeals: Counter[str] = field(default_factory=Counter)
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
        self.redeals.update(other.redeals)
        self.rules.update(other.rules)
        self.samples.extend(other.samples[: max(0, 20 - len(self.samples))])
        self.simulate_s += other.simulate_s
        self.audit_s += other.audit_s
        self.events += other.events

    def note(self, label: str, where: str, problems: list[str]) -> None:
        if not problems:
            if label == "full":
                self.clean += 1
            else:
                self.hidden_clean += 1
            return
        self.rules.update(f"{label}: {p.split(' ', 1)[0]}" for p in problems)
        if len(self.samples) < 20:
            self.samples.append(f"[{label}] {where}: {problems[0]}")


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


@dataclass(frozen=True)
class Job:
    count: int
    seed: int
    players: tuple[int, int]
    knobs: dict[str, str]
    hidden: bool
    through_text: bool
    game: str
    matches: bool


def run_chunk(job: Job) -> Tally:
    return run_argentino(job) if job.game == ARGENTINO else run_51(job)


def run_51(job: Job) -> Tally:
    tally = Tally()
    start = time.perf_counter()
    games = list(simulate_games(job.count, job.players, job.seed, job.knobs))
    tally.simulate_s = time.perf_counter() - start
    start = time.perf_counter()
    for game in games:
        tally.games += 1
        tally.finished += game.finished
        tally.redeals.update(game.redeals)
        tally.events += len(game.record.events)
        variants = [("full", game.record)]
        if job.hidden:
            variants.append(("hidden", hidden_record(game.record)))
        for label, record in variants:
            if job.through_text:
                (record,) = read_games(format_record(record), f"seed{job.seed}-{game.index}")
            where = (f"seed {job.seed} game {game.index} ({len(game.players)} players, "
                     f"refills {len(game.refills)})")
            tally.note(label, where, disagreement(audit_game(record), game))
    tally.audit_s = time.perf_counter() - start
    return tally


def report_games(text: str) -> list[dict[str, Any]]:
    """The games of ``referee audit FILE --json`` for this log text."""
    from referee.cli.commands.audit import run_audit

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "simulated.rummy"
        path.write_text(text, encoding="utf-8")
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            run_audit([str(path)], as_json=True)
    games: list[dict[str, Any]] = json.loads(out.getvalue())["games"]
    return games


def run_argentino(job: Job) -> Tally:
    tally = Tally()
    start = time.perf_counter()
    if job.matches:
        hands: list[SimulatedHand] = [
            h for m in simulate_matches(job.count, job.players, job.seed, job.knobs)
            for h in m.hands]
    else:
        hands = list(simulate_hands(job.count, job.players, job.seed, job.knobs))
    tally.simulate_s = time.perf_counter() - start
    start = time.perf_counter()
    labels = ["full", "hidden"] if job.hidden else ["full"]
    for label in labels:
        records = [hidden_record(h.record) if label == "hidden" else h.record for h in hands]
        games = report_games(join_games([format_record(r) for r in records]))
        for hand, game in zip(hands, games, strict=True):
            where = f"seed {job.seed} hand {hand.index} ({len(hand.players)} players)"
            tally.note(label, where, hand_disagreements(game, hand, label == "hidden"))
    for hand in hands:
        tally.games += 1
        tally.finished += hand.finished
        tally.redeals.update(hand.redeals)
        tally.events += len(hand.record.events)
    tally.audit_s = time.perf_counter() - start
    return tally


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=None,
                        help="games (argentino: hands, or matches with --matches); "
                             "default 10,000 (argentino 2,000)")
    parser.add_argument("--game", choices=("51", ARGENTINO), default="51")
    parser.add_argument("--matches", action="store_true",
                        help="argentino: whole matches instead of single hands")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default=None,
                        help="a range like 2-6, or one count (default 2-6; argentino 2-8)")
    parser.add_argument("--set", action="append", default=[], metavar="KNOB=VALUE")
    parser.add_argument("--hidden", action="store_true", help="audit the hidden version too")
    parser.add_argument("--records", action="store_true",
                        help="51: audit the records directly, without writing and reading text")
    parser.add_argument("--jobs", type=int, default=1)
    return parser.parse_args(argv)


def jobs_of(args: argparse.Namespace) -> list[Job]:
    argentino = args.game == ARGENTINO
    low, _, high = (args.players or ("2-8" if argentino else "2-6")).partition("-")
    players = (int(low), int(high or low))
    knobs = dict(item.split("=", 1) for item in args.set)
    total = args.games if args.games is not None else (2000 if argentino else 10_000)
    chunk = 5 if args.matches else CHUNK
    return [
        Job(min(chunk, total - k * chunk), args.seed + k, players, knobs, args.hidden,
            not args.records, args.game, args.matches)
        for k in range((total + chunk - 1) // chunk)
    ]


def run_all(jobs: list[Job], workers: int) -> Tally:
    total = Tally()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            for tally in pool.map(run_chunk, jobs):
                total.add(tally)
    else:
        for job in jobs:
            total.add(run_chunk(job))
    return total


def print_figures(args: argparse.Namespace, jobs: list[Job], total: Tally, wall: float) -> int:
    first = jobs[0]
    unit = "hands" if args.game == ARGENTINO else "games"
    print(f"{args.game}: {unit} simulated: {total.games} ({first.players[0]}-"
          f"{first.players[1]} players, knobs {first.knobs or 'default'}, "
          f"seeds {args.seed}..{args.seed + len(jobs) - 1})")
    print(f"finished: {total.finished} ({100 * total.finished / max(1, total.games):.2f}%); "
          f"deals thrown away: {sum(total.redeals.values())} {dict(total.redeals)}")
    print(f"audit clean (full information): {total.clean}/{total.games}")
    if args.hidden:
        print(f"audit clean (hidden information): {total.hidden_clean}/{total.games}")
    audits = total.games * (2 if args.hidden else 1)
    print(f"simulate: {total.games / max(total.simulate_s, 1e-9):.1f} {unit}/s, "
          f"audit: {audits / max(total.audit_s, 1e-9):.1f} audits/s, "
          f"{total.events / max(1, total.games):.1f} events a {unit[:-1]}, wall {wall:.1f}s")
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


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    jobs = jobs_of(args)
    wall = time.perf_counter()
    total = run_all(jobs, args.jobs)
    return print_figures(args, jobs, total, time.perf_counter() - wall)


if __name__ == "__main__":
    sys.exit(main())
