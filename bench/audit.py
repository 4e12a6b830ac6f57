"""Audit speed against python-chess: ``python bench/audit.py`` (``pip install -e '.[bench]'``).

In one run, on this machine:

1. simulates a fixed, seeded corpus of legal games of 51 (default 3,000 games of
   2 to 6 players, :func:`referee.sim.simulate_log`) and writes a PGN corpus of
   random legal chess games with python-chess, seeded, with as many games and as
   many plies as the 51 corpus has games and event lines;
2. measures on one core (CPU time, best of ``--repeat``): our audit (parse and full
   replay, :func:`referee.audit.iter_audit`) in events/s and games/s, the reader and
   the engine alone, and python-chess's ``chess.pgn.read_game`` in plies/s and
   games/s; the ratio ours/theirs is per event (one event line, one ply);
3. measures whole processes (median of ``--runs``, after one untimed run that also
   writes the bytecode caches): ``referee audit ONE.rummy --json`` on a one-game
   file against ``python -c "import chess.pgn; chess.pgn.read_game(open(F))"`` on
   a one-game PGN;
4. peak memory (the child's maximum RSS) of ``referee audit BIG.rummy --json`` on
   a file of ``--big-mb`` MB (the corpus repeated), and its wall time;
5. ``referee audit DIR --json --jobs 2`` against ``--jobs 1`` on a batch of files
   (the corpus cut into ``--batch-files`` files): wall times and speed-up.

It prints a table, and ``--markdown FILE`` writes it as Markdown (for the README
or docs/performance.md). The corpora are cached under ``bench/out/`` (keyed by
their parameters and by the simulator's source); ``--fresh`` rebuilds them.

    .venv/bin/python bench/audit.py                      # the full run (a few minutes)
    .venv/bin/python bench/audit.py --big-mb 100         # the 100 MB memory check
    .venv/bin/python bench/audit.py --games 300 --big-mb 5 --markdown /tmp/t.md   # quick
"""

from __future__ import annotations

import argparse
import hashlib
import io
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

OUT = ROOT / "bench" / "out"

try:
    import chess
    import chess.pgn
except ImportError:  # pragma: no cover - the message says what to install
    sys.exit("bench/audit.py needs python-chess: pip install -e '.[bench]'")

from referee.audit import iter_audit  # noqa: E402
from referee.engine import audit_game  # noqa: E402
from referee.notation.reader import iter_games  # noqa: E402

# ----------------------------------------------------------------------------- corpora


def _source_hash(*paths: Path) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def rummy_corpus(games: int, seed: int, fresh: bool) -> str:
    """The simulated 51 corpus (cached: it takes ~10 ms a game to simulate)."""
    key = _source_hash(*sorted((ROOT / "referee" / "sim").rglob("*.py")),
                       ROOT / "referee" / "notation" / "writer.py")
    path = OUT / f"corpus-{games}g-seed{seed}-{key}.rummy"
    if path.is_file() and not fresh:
        return path.read_text(encoding="utf-8")
    from referee.sim import simulate_log

    text = simulate_log(games, (2, 6), seed)
    OUT.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return text


def chess_corpus(lengths: Sequence[int], seed: int, fresh: bool) -> str:
    """Random legal chess games, one per 51 game with as many plies as it has event
    lines (a game that ends sooner passes its missing plies to the next one, and
    games are added at the end until the totals match)."""
    key = hashlib.sha256(repr((list(lengths), seed, chess.__version__)).encode()).hexdigest()[:12]
    path = OUT / f"corpus-{len(lengths)}g-seed{seed}-{key}.pgn"
    if path.is_file() and not fresh:
        return path.read_text(encoding="utf-8")
    rng = random.Random(seed)
    target = sum(lengths)
    plies = 0
    owed = 0
    pgns: list[str] = []
    queue = list(lengths)
    while plies < target:
        want = (queue.pop(0) if queue else 0) + owed
        want = min(max(want, 1), target - plies)
        board = chess.Board()
        while board.ply() < want and not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
        owed = want - board.ply()
        plies += board.ply()
        game = chess.pgn.Game.from_board(board)
        game.headers["Event"] = f"Random game {len(pgns) + 1} (seed {seed})"
        pgns.append(str(game))
    text = "\n\n".join(pgns) + "\n"
    OUT.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return text


# ----------------------------------------------------------------------------- timing


def cpu_best(fn: Callable[[], object], repeat: int) -> float:
    """The best CPU time of ``repeat`` runs of ``fn`` (this process, one core)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def read_all_pgn(text: str) -> int:
    handle = io.StringIO(text)
    games = 0
    while chess.pgn.read_game(handle) is not None:
        games += 1
    return games


def child_env() -> dict[str, str]:
    """The environment for the timed processes: bytecode caches allowed (as after
    ``pip install``), the user's language setting left out."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("REFEREE_LANG", None)
    return env


def wall_runs(cmd: Sequence[str], runs: int, env: dict[str, str]) -> list[float]:
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                   check=False)  # untimed: warms the page cache, writes bytecode caches
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                       check=False)
        times.append(time.perf_counter() - start)
    return times


# Run in a small process of its own: a child's peak RSS counts the memory of the process
# that forked it (Linux keeps the high-water mark across exec), and this one is big.
_LAUNCHER = """
import resource, subprocess, sys, time
start = time.perf_counter()
status = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL).returncode
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, time.perf_counter() - start,
      status)
"""


def peak_rss_mb(cmd: Sequence[str], env: dict[str, str]) -> tuple[float, float, int]:
    """(peak RSS in MB, wall seconds, exit status) of one run of ``cmd``."""
    done = subprocess.run([sys.executable, "-c", _LAUNCHER, *cmd], env=env,
                          capture_output=True, text=True, check=True)
    maxrss, wall, status = done.stdout.split()
    scale = 1 if platform.system() == "Darwin" else 1024  # ru_maxrss: bytes there, KiB here
    return int(maxrss) * scale / 1e6, float(wall), int(status)


def referee_command() -> list[str]:
    script = Path(sys.executable).with_name("referee")
    return [str(script)] if script.exists() else [sys.executable, "-m", "cli"]


# ----------------------------------------------------------------------------- report


@dataclass
class Row:
    measure: str
    ours: str
    theirs: str
    ratio: str
    target: str = ""


def table_text(rows: Sequence[Row]) -> str:
    head = ("measure", "51 Referee", "python-chess", "ratio", "target")
    cells = [head] + [(r.measure, r.ours, r.theirs, r.ratio, r.target) for r in rows]
    widths = [max(len(c[i]) for c in cells) for i in range(len(head))]
    lines = ["  ".join(c[i].ljust(widths[i]) for i in range(len(head))) for c in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def table_markdown(rows: Sequence[Row]) -> str:
    out = ["| measure | 51 Referee | python-chess | ratio | target |",
           "| --- | ---: | ---: | ---: | --- |"]
    out += [f"| {r.measure} | {r.ours} | {r.theirs} | {r.ratio} | {r.target} |" for r in rows]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="games in the corpus")
    parser.add_argument("--seed", type=int, default=51)
    parser.add_argument("--repeat", type=int, default=3, help="in-process runs (best kept)")
    parser.add_argument("--runs", type=int, default=11, help="whole-process runs (median)")
    parser.add_argument("--big-mb", type=float, default=20.0,
                        help="size of the big file for the memory check (MB; 0 skips it)")
    parser.add_argument("--batch-files", type=int, default=60,
                        help="files in the --jobs batch (0 skips the check)")
    parser.add_argument("--markdown", type=Path, metavar="FILE",
                        help="also write the table as Markdown")
    parser.add_argument("--fresh", action="store_true", help="rebuild the cached corpora")
    args = parser.parse_args()

    print(f"python {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} CPUs, python-chess {chess.__version__}", flush=True)
    started = time.perf_counter()
    text = rummy_corpus(args.games, args.seed, args.fresh)
    records = list(iter_games(text, "corpus"))
    lengths = [len(r.events) for r in records]
    events, games = sum(lengths), len(records)
    assert games == args.games and not any(r.errors for r in records), "a bad corpus"
    pgn = chess_corpus(lengths, args.seed, args.fresh)
    pgn_games = read_all_pgn(pgn)
    print(f"corpora: {games} games of 51, {events} events, {len(text) / 1e6:.1f} MB; "
          f"{pgn_games} chess games, {events} plies, {len(pgn) / 1e6:.1f} MB "
          f"({time.perf_counter() - started:.0f} s)", flush=True)

    rows: list[Row] = []

    # -- one core ------------------------------------------------------------------------
    ours = cpu_best(lambda: sum(1 for _ in iter_audit(text, "corpus")), args.repeat)
    theirs = cpu_best(lambda: read_all_pgn(pgn), args.repeat)
    reader = cpu_best(lambda: sum(1 for _ in iter_games(text, "corpus")), args.repeat)
    engine = cpu_best(lambda: [audit_game(r) for r in records], args.repeat)
    records.clear()
    rate, chess_rate = events / ours, events / theirs
    rows.append(Row("events/s vs plies/s, one core (parse + full replay)",
                    f"{rate:,.0f}", f"{chess_rate:,.0f}", f"{rate / chess_rate:.2f}x",
                    ">= 1.0x, aim 2x"))
    rows.append(Row("games/s, one core", f"{games / ours:,.0f}", f"{pgn_games / theirs:,.0f}",
                    f"{(games / ours) / (pgn_games / theirs):.2f}x"))
    rows.append(Row("reader alone, events/s (parse to events)", f"{events / reader:,.0f}", "",
                    f"{(events / reader) / chess_rate:.2f}x"))
    rows.append(Row("engine alone, events/s (replay of parsed games)", f"{events / engine:,.0f}",
                    "", f"{(events / engine) / chess_rate:.2f}x"))
    print(table_text(rows), flush=True)

    # -- whole processes -----------------------------------------------------------------
    env = child_env()
    OUT.mkdir(parents=True, exist_ok=True)
    one_rummy = OUT / "one-game.rummy"
    first = text.index("[Game ", 1)
    one_rummy.write_text(text[:first], encoding="utf-8")
    one_pgn = OUT / "one-game.pgn"
    one_pgn.write_text(pgn[: pgn.index("[Event ", 1)], encoding="utf-8")
    referee = referee_command()
    ours_runs = wall_runs([*referee, "audit", str(one_rummy), "--json"], args.runs, env)
    chess_runs = wall_runs([sys.executable, "-c", "import chess.pgn; chess.pgn.read_game("
                            f"open({str(one_pgn)!r}))"], args.runs, env)
    ours_s, chess_s = statistics.median(ours_runs), statistics.median(chess_runs)
    rows.append(Row("one game, whole process, median s (`referee audit F --json`)",
                    f"{ours_s:.3f}", f"{chess_s:.3f}", f"{ours_s / chess_s:.2f}x", "<= 1.5x"))
    print(table_text(rows[-1:]), flush=True)

    # -- memory on a big file -----------------------------------------------------------
    if args.big_mb > 0:
        big = OUT / f"big-{args.big_mb:g}mb.rummy"
        want = int(args.big_mb * 1e6)
        if not big.is_file() or big.stat().st_size < want:
            with big.open("w", encoding="utf-8") as handle:
                written = 0
                while written < want:
                    handle.write(text + "\n")
                    written += len(text.encode("utf-8")) + 1
        size = big.stat().st_size / 1e6
        big_events = events * size / (len(text.encode("utf-8")) / 1e6)
        rss, wall, status = peak_rss_mb([*referee, "audit", str(big), "--json"], env)
        rows.append(Row(f"peak RSS auditing a {size:.0f} MB log (`--json`), MB", f"{rss:.0f}",
                        "", "", "< 150 MB for 100 MB"))
        rows.append(Row(f"that {size:.0f} MB log, whole process: s (events/s)",
                        f"{wall:.1f} ({big_events / wall:,.0f})", "", ""))
        print(table_text(rows[-2:]), f"(exit status {status})", flush=True)

    # -- --jobs 2 against --jobs 1 --------------------------------------------------------
    if args.batch_files > 0:
        folder = OUT / f"batch-{args.batch_files}"
        if folder.is_dir():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
        starts = [m.start() for m in re.finditer(r"^\[Game ", text, re.MULTILINE)]
        per = max(1, len(starts) // args.batch_files)
        for n, k in enumerate(range(0, len(starts), per)):
            end = starts[k + per] if k + per < len(starts) else len(text)
            (folder / f"night-{n:03d}.rummy").write_text(text[starts[k]:end], encoding="utf-8")
        files = len(list(folder.glob("*.rummy")))
        one = statistics.median(wall_runs([*referee, "audit", str(folder), "--json", "--jobs",
                                           "1"], 3, env))
        two = statistics.median(wall_runs([*referee, "audit", str(folder), "--json", "--jobs",
                                           "2"], 3, env))
        rows.append(Row(f"--jobs 2 vs --jobs 1, {files} files ({games} games), wall s",
                        f"{two:.2f} vs {one:.2f}", "", f"{one / two:.2f}x faster",
                        ">= 1.8x"))
        print(table_text(rows[-1:]), flush=True)

    print()
    print(table_text(rows))
    if args.markdown is not None:
        note = (f"python {platform.python_version()}, {os.cpu_count()} CPUs, python-chess "
                f"{chess.__version__}; {games} games of 51 ({events} events) against "
                f"{pgn_games} chess games ({events} plies); one-core figures are CPU time, "
                "best of " f"{args.repeat}.")
        args.markdown.write_text(table_markdown(rows) + "\n\n" + note + "\n", encoding="utf-8")
        print(f"\nMarkdown table written to {args.markdown}")


if __name__ == "__main__":
    main()
