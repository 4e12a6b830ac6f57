"""Fuzz the referee on many inputs, on every core: ``python bench/fuzz.py [-n N]``.

    .venv/bin/python bench/fuzz.py                    # 1,000,000 inputs, all cores
    .venv/bin/python bench/fuzz.py -n 20000 --jobs 1  # a quick run
    .venv/bin/python bench/fuzz.py --replay 123456    # input 123456 again, with its traceback

Each input is a seed log (simulated games of 51 and Rummy argentino, the sample logs,
a log built from the grammar's statements) after up to four mutations (byte flips,
cuts, splices, 5000-digit numbers, Unicode digits and confusables, BOMs, CR/CRLF/LF,
NUL and other control bytes, bad UTF-8...): :mod:`tests.fuzz`. Every input goes through
the functions ``referee audit`` uses and must keep the invariants of
:mod:`tests.fuzz.check` (each game judged as it is alone among them); one in
``--fmt-every`` also through ``referee fmt`` and back, one in ``--human-every`` through
the human report, one in ``--replay-every`` through ``referee replay --at`` on a sample
of its lines, one in ``--api-every`` through ``POST /v1/audit`` and ``/v1/timeline``.
Input ``I`` of seed ``S`` is the same bytes on any machine.

Prints the count of inputs, the exceptions that escaped (the referee would exit 3),
the invariants broken, the time, and the share of inputs refused as bytes (not text)
with why; the first few tracebacks, each failing input saved to ``--crashes`` (a
folder) to replay. Exit status 1 when anything failed. ^C (SIGINT, or SIGTERM) stops
early and prints the same for the inputs checked so far.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.fuzz import check
from tests.fuzz.corpus import grammar_pool, sample_logs, seed_log, simulated_logs
from tests.fuzz.mutate import mutate

BATCH = 200  # inputs a worker checks per task
SHOWN = 5  # tracebacks printed in full


@dataclass
class Failure:
    index: int
    kind: str  # "exception" (escaped the referee) or "invariant"
    summary: str  # the exception's type and message
    trace: str
    saved: str


@dataclass
class Tally:
    inputs: int = 0
    cpu: float = 0.0  # seconds of CPU the workers spent on them
    outcomes: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)  # why, for the bytes not text
    failures: list[Failure] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.inputs += other.inputs
        self.cpu += other.cpu
        self.outcomes.update(other.outcomes)
        self.refused.update(other.refused)
        self.failures.extend(other.failures)


@dataclass(frozen=True)
class Plan:
    seed: int
    fmt_every: int
    human_every: int
    crashes: str
    replay_every: int = 10
    api_every: int = 10


def make_input(plan: Plan, index: int) -> tuple[bytes, str, bool]:
    """Input ``index``: its bytes, the report's language and whether fmt writes suits
    as symbols."""
    rnd = random.Random(plan.seed * 1_000_003_000 + index)
    data = mutate(seed_log(rnd, pool=True), rnd, lambda: seed_log(rnd, pool=True))
    return data, "es" if rnd.random() < 0.2 else "en", rnd.random() < 0.2


def run_one(plan: Plan, index: int) -> check.Outcome:
    data, lang, symbols = make_input(plan, index)
    return check.check_bytes(
        data, lang, fmt=index % plan.fmt_every == 0, symbols=symbols,
        human=index % plan.human_every == 0,
        replay=index % plan.replay_every == 3 % plan.replay_every,
        api=index % plan.api_every == 7 % plan.api_every)


CHECKS = Path(check.__file__).resolve().parent  # tests/fuzz: the invariants' modules


def kind_of(exc: BaseException) -> str:
    """An AssertionError raised by the checks is a broken invariant; anything else
    (the referee's own asserts too) escaped the referee."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = bool(frames) and Path(frames[-1].filename).resolve().parent == CHECKS
    return "invariant" if isinstance(exc, AssertionError) and ours else "exception"


def run_batch(plan: Plan, start: int, stop: int) -> Tally:
    tally = Tally()
    began = time.process_time()
    for index in range(start, stop):
        tally.inputs += 1
        try:
            outcome = run_one(plan, index)
        except Exception as exc:
            tally.failures.append(failure(plan, index, exc))
            continue
        tally.outcomes[f"exit {outcome.status}"] += 1
        tally.outcomes["refused bytes"] += not outcome.decoded
        if outcome.refused is not None:
            tally.refused[outcome.refused] += 1
        tally.outcomes["fmt round trips"] += outcome.formatted
        tally.outcomes["games audited"] += outcome.games
        tally.outcomes["games judged alone"] += outcome.alone
        tally.outcomes["inputs with stray control bytes"] += bool(outcome.strays)
    tally.cpu = time.process_time() - began
    return tally


def failure(plan: Plan, index: int, exc: Exception) -> Failure:
    folder = Path(plan.crashes)
    folder.mkdir(parents=True, exist_ok=True)
    saved = folder / f"fuzz-{plan.seed}-{index}.rummy"
    saved.write_bytes(make_input(plan, index)[0])
    summary = f"{type(exc).__name__}: {str(exc)[:200]}"
    return Failure(index, kind_of(exc), summary, traceback.format_exc(), str(saved))


def warm_up() -> None:
    """Build the seed logs once per process (a few seconds); ^C is the main process's."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    simulated_logs()
    sample_logs()
    grammar_pool()


def batches(count: int) -> Iterator[tuple[int, int]]:
    for start in range(0, count, BATCH):
        yield start, min(start + BATCH, count)


def run(plan: Plan, count: int, jobs: int) -> tuple[Tally, float]:
    """Check ``count`` inputs on ``jobs`` processes, printing progress on stderr. On ^C
    (SIGINT) it stops handing out work and returns what is done."""
    total = Tally()
    began = time.perf_counter()
    pool = ProcessPoolExecutor(jobs, initializer=warm_up)
    running: set[Future[Tally]] = set()
    try:
        for start, stop in batches(count):
            running.add(pool.submit(run_batch, plan, start, stop))
            if len(running) >= 4 * jobs:
                running = collect(running, total, count, began)
        while running:
            running = collect(running, total, count, began)
    except KeyboardInterrupt:
        sys.stderr.write("interrupted: the inputs checked so far\n")
        for future in running:  # finished but not yet collected
            if future.done() and not future.cancelled() and future.exception() is None:
                total.add(future.result())
    pool.shutdown(wait=False, cancel_futures=True)
    return total, time.perf_counter() - began


def collect(running: set[Future[Tally]], total: Tally, count: int,
            began: float) -> set[Future[Tally]]:
    done, rest = wait(running, return_when=FIRST_COMPLETED)
    for future in done:
        before = total.inputs * 100 // max(count, 1)
        total.add(future.result())
        if total.inputs * 100 // max(count, 1) != before or total.inputs == count:
            progress(total, count, began)
    return rest


def progress(total: Tally, count: int, began: float) -> None:
    elapsed = time.perf_counter() - began
    rate = total.inputs / elapsed if elapsed else 0.0
    left = (count - total.inputs) / rate if rate else 0.0
    sys.stderr.write(f"{total.inputs:>10,} / {count:,} inputs  {rate:,.0f}/s  "
                     f"failures {len(total.failures)}  {elapsed:,.0f} s, about "
                     f"{left:,.0f} s left\n")
    sys.stderr.flush()


def report(total: Tally, elapsed: float, plan: Plan, jobs: int) -> int:
    escaped = [f for f in total.failures if f.kind == "exception"]
    broken = [f for f in total.failures if f.kind == "invariant"]
    for shown in total.failures[:SHOWN]:
        print(f"--- input {shown.index} ({shown.kind}), saved as {shown.saved}")
        print(shown.trace)
    print(f"inputs: {total.inputs:,}")
    print(f"exceptions escaped: {len(escaped):,}")
    print(f"invariants broken: {len(broken):,}")
    print(f"time: {elapsed:,.1f} s ({total.inputs / max(elapsed, 1e-9):,.0f} inputs/s)")
    per_input = total.cpu / max(total.inputs, 1)
    print(f"cpu: {total.cpu:,.1f} s, {per_input * 1000:.2f} ms an input (a million on "
          f"{jobs} idle cores: about {per_input * 1e6 / jobs / 60:,.0f} min)")
    outcomes = ", ".join(f"{name} {n:,}" for name, n in sorted(total.outcomes.items()))
    print(f"outcomes: {outcomes}")
    refused = sum(total.refused.values())
    print(f"refused as bytes (not text): {refused:,} of {total.inputs:,} "
          f"({100 * refused / max(total.inputs, 1):.1f}%)")
    for reason, n in total.refused.most_common():
        print(f"  {n:>9,} ({100 * n / max(total.inputs, 1):4.1f}%) {reason}")
    kinds = Counter(f.summary for f in total.failures)
    for summary, n in kinds.most_common(10):
        print(f"  {n:>6,} x {summary}")
    if total.failures:
        print(f"replay one: python bench/fuzz.py --seed {plan.seed} --replay INDEX")
    sys.stdout.flush()
    return 1 if total.failures else 0


def replay(plan: Plan, index: int) -> int:
    """Check input ``index`` again in this process (fmt and human report too)."""
    data, lang, symbols = make_input(plan, index)
    print(f"input {index}: {len(data):,} bytes, report in {lang!r}, symbols {symbols}")
    print(repr(data[:2000]))
    outcome = check.check_bytes(data, lang, fmt=True, symbols=symbols, human=True,
                                replay=True, api=True)
    print(outcome)
    return 0


def _stop(number: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-n", "--count", type=int, default=1_000_000, help="inputs to check")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--seed", type=int, default=0, help="which inputs (the same each run)")
    parser.add_argument("--fmt-every", type=int, default=10,
                        help="the fmt round trip on one input in this many")
    parser.add_argument("--human-every", type=int, default=200,
                        help="the human report on one input in this many")
    parser.add_argument("--replay-every", type=int, default=10,
                        help="referee replay --at on one input in this many")
    parser.add_argument("--api-every", type=int, default=10,
                        help="POST /v1/audit and /v1/timeline on one input in this many")
    parser.add_argument("--crashes", default="fuzz-crashes",
                        help="folder for the inputs that fail")
    parser.add_argument("--replay", type=int, metavar="INDEX", help="check one input again")
    args = parser.parse_args(argv)
    plan = Plan(args.seed, max(args.fmt_every, 1), max(args.human_every, 1), args.crashes,
                max(args.replay_every, 1), max(args.api_every, 1))
    if args.replay is not None:
        warm_up()
        return replay(plan, args.replay)
    for number in (signal.SIGINT, signal.SIGTERM):  # a shell may start us ignoring ^C
        signal.signal(number, _stop)
    print(f"fuzzing {args.count:,} inputs on {args.jobs} processes (seed {args.seed}; fmt "
          f"on 1 in {plan.fmt_every}, human report on 1 in {plan.human_every}, replay on 1 in "
          f"{plan.replay_every}, the API on 1 in {plan.api_every})", flush=True)
    total, elapsed = run(plan, args.count, args.jobs)
    return report(total, elapsed, plan, args.jobs)


if __name__ == "__main__":
    sys.exit(main())
