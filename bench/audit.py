"""Audit speed against python-chess, as users run it: ``python bench/audit.py``.

Needs ``pip install -e '.[bench]'`` (python-chess). In one run, on this machine:

1. corpora (cached in ``bench/out/``, keyed by their parameters and the simulator's
   source; ``--fresh`` rebuilds them): a seeded corpus of legal games of 51
   (default 2,000 games of 2 to 6 players), one of Rummy argentino hands (2 to 8
   players), and for each a PGN corpus of random legal chess games written by
   python-chess, seeded, one chess game per game with as many plies as it has
   event lines (so both sides read the same number of events and plies);
2. whole processes, interleaved round by round (``--rounds``, each command once per
   round in turn, so a busy neighbour slows all of them alike), median and spread
   (min-max) of the wall time: ``referee audit 51.rummy --json``, the human report
   ``referee audit 51.rummy`` (standard output a file, not a terminal), a
   python-chess process reading every game of the matching PGN
   (``chess.pgn.read_game`` until the end), and the same for the argentino corpus and
   a corpus of 51 with the 40-card Spanish deck (``--spanish`` games, 2 to 5 players).
   The ratio is per event: chess's seconds per ply over ours per event, so above 1x
   we are faster;
3. start-up: ``referee audit ONE.rummy --json`` on a one-game file against a
   python-chess process reading a one-game PGN (``--startup-runs`` per round,
   interleaved the same way);
4. where the time goes, in this process (CPU time per event, best of ``--repeat``):
   cutting the text into games, Lark's lexer and LALR parser (with reducers that
   do nothing), our reducers (the transformer), the header checks, the replay, the
   duplicate fingerprint, the report's dicts, the JSON text, the human report's
   drawing, and the start-up amortised over the corpus; with the lexer's tokens per
   event;
5. peak RSS (and wall time) of ``referee audit BIG.rummy --json`` on a log of
   ``--big-mb`` MB (the corpus repeated; 0 skips it), run from a small launcher;
6. with ``--instructions N``, the same whole processes counted in instructions by
   valgrind's callgrind on the first N games and on one game
   (``bench/audit_instructions.py``): per event against per ply, start-up excluded,
   and one game's start-up. Repeatable where wall times are not (a shared machine).

It prints the tables and ``--markdown FILE`` writes them as Markdown.

    .venv/bin/python bench/audit.py                       # the full run (a few minutes)
    .venv/bin/python bench/audit.py --big-mb 100          # with the 100 MB memory check
    .venv/bin/python bench/audit.py --games 300 --argentino 100 --rounds 3 --big-mb 0  # quick
"""

from __future__ import annotations

import argparse
import hashlib
import io
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
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

from bench import audit_instructions  # noqa: E402
from bench.audit_stages import stage_split  # noqa: E402
from referee.notation.reader import iter_games  # noqa: E402

# ----------------------------------------------------------------------------- corpora


def _source_key(*extra: object) -> str:
    digest = hashlib.sha256(repr(extra).encode())
    for path in sorted((ROOT / "referee" / "sim").rglob("*.py")):
        digest.update(path.read_bytes())
    digest.update((ROOT / "referee" / "notation" / "writer.py").read_bytes())
    return digest.hexdigest()[:12]


def rummy_corpus(game: str, games: int, players: tuple[int, int], seed: int,
                 fresh: bool, knobs: dict[str, str] | None = None) -> Path:
    """A simulated corpus of legal games (cached: simulating takes ~10 ms a game);
    ``knobs``: house rules (the Spanish corpus: ``Deck``)."""
    name = "51" if game == "51" else "argentino"
    if knobs and "Deck" in knobs:
        name += "-" + knobs["Deck"]
    path = OUT / f"corpus-{name}-{games}g-seed{seed}-{_source_key(players, knobs)}.rummy"
    if path.is_file() and not fresh:
        return path
    from referee.sim import simulate_text

    text = simulate_text(game, games, players, seed, knobs)
    OUT.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def chess_corpus(lengths: Sequence[int], seed: int, fresh: bool) -> Path:
    """Random legal chess games, one per game of ours with as many plies as it has
    event lines (a game that ends sooner passes its missing plies to the next one,
    and games are added at the end until the totals match)."""
    key = hashlib.sha256(repr((list(lengths), seed, chess.__version__)).encode()).hexdigest()
    path = OUT / f"corpus-{len(lengths)}g-seed{seed}-{key[:12]}.pgn"
    if path.is_file() and not fresh:
        return path
    rng = random.Random(seed)
    target = sum(lengths)
    plies = owed = 0
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
    OUT.mkdir(parents=True, exist_ok=True)
    path.write_text("\n\n".join(pgns) + "\n", encoding="utf-8")
    return path


def first_game(path: Path, marker: str, out: Path) -> Path:
    text = path.read_text(encoding="utf-8")
    out.write_text(text[: text.index(marker, 1)], encoding="utf-8")
    return out


# ----------------------------------------------------------------------------- processes


def child_env() -> dict[str, str]:
    """The environment of the timed processes: bytecode caches allowed (as after
    ``pip install``), the user's language and width settings left out."""
    env = dict(os.environ)
    for name in ("PYTHONDONTWRITEBYTECODE", "REFEREE_LANG", "COLUMNS", "LINES"):
        env.pop(name, None)
    return env


def referee_command() -> list[str]:
    script = Path(sys.executable).with_name("referee")
    return [str(script)] if script.exists() else [sys.executable, "-m", "cli"]


def chess_command(pgn: Path) -> list[str]:
    code = ("import chess.pgn, sys\nf = open(sys.argv[1], encoding='utf-8')\n"
            "while chess.pgn.read_game(f) is not None:\n    pass\n")
    return [sys.executable, "-c", code, str(pgn)]


SINK = OUT / "stdout.txt"  # standard output of the timed processes: a file, not a terminal


def run_once(cmd: Sequence[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds: user + system) of one run of ``cmd``. The CPU time is
    what the process itself spent, whatever else the machine was doing meanwhile."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with SINK.open("wb") as sink:
        start = time.perf_counter()
        subprocess.run(cmd, stdout=sink, stderr=subprocess.DEVNULL, env=env, check=False)
        wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def interleaved(commands: dict[str, tuple[list[str], int]], rounds: int,
                env: dict[str, str]) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Wall times and CPU times of each command (name: (argv, runs per round)), ``rounds``
    rounds, every command in turn within a round; one untimed run of each first (page
    cache, bytecode caches, the parser cache)."""
    for cmd, _ in commands.values():
        run_once(cmd, env)
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(rounds):
        for name, (cmd, runs) in commands.items():
            for _ in range(runs):
                wall, cpu = run_once(cmd, env)
                walls[name].append(wall)
                cpus[name].append(cpu)
    return walls, cpus


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


# ----------------------------------------------------------------------------- tables


@dataclass
class Row:
    measure: str
    ours: str
    theirs: str
    ratio: str
    target: str = ""


HEAD = ("measure", "51 Referee", "python-chess", "ratio", "target")


def table_text(rows: Sequence[Row]) -> str:
    cells = [HEAD] + [(r.measure, r.ours, r.theirs, r.ratio, r.target) for r in rows]
    widths = [max(len(c[i]) for c in cells) for i in range(len(HEAD))]
    lines = ["  ".join(c[i].ljust(widths[i]) for i in range(len(HEAD))) for c in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def table_markdown(rows: Sequence[Row]) -> str:
    out = ["| " + " | ".join(HEAD) + " |", "| --- | ---: | ---: | ---: | --- |"]
    out += [f"| {r.measure} | {r.ours} | {r.theirs} | {r.ratio} | {r.target} |" for r in rows]
    return "\n".join(out)


def spread(times: Sequence[float]) -> str:
    """Median and spread (min-max) of wall times, in seconds."""
    return f"{statistics.median(times):.3f} ({min(times):.3f}-{max(times):.3f})"


def med(times: Sequence[float]) -> float:
    return statistics.median(times)


# ----------------------------------------------------------------------------- main


@dataclass
class Corpus:
    rummy: Path
    pgn: Path
    games: int
    events: int


def corpus(game: str, games: int, players: tuple[int, int], seed: int, fresh: bool,
           knobs: dict[str, str] | None = None) -> Corpus:
    path = rummy_corpus(game, games, players, seed, fresh, knobs)
    records = list(iter_games(path.read_text(encoding="utf-8"), path.name))
    assert not any(r.errors for r in records), "a bad corpus"
    lengths = [len(r.events) for r in records]
    return Corpus(path, chess_corpus(lengths, seed, fresh), len(records), sum(lengths))


def whole_process_rows(c51: Corpus, carg: Corpus, ces: Corpus, args: argparse.Namespace,
                       env: dict[str, str]) -> list[Row]:
    referee = referee_command()
    one = first_game(c51.rummy, "[Game ", OUT / "one-game.rummy")
    one_hand = first_game(carg.rummy, "[Game ", OUT / "one-hand.rummy")
    one_pgn = first_game(c51.pgn, "[Event ", OUT / "one-game.pgn")
    commands = {
        "json": ([*referee, "audit", str(c51.rummy), "--json"], 1),
        "human": ([*referee, "audit", str(c51.rummy)], 1),
        "chess": (chess_command(c51.pgn), 1),
        "arg": ([*referee, "audit", str(carg.rummy), "--json"], 1),
        "arg_chess": (chess_command(carg.pgn), 1),
        "es": ([*referee, "audit", str(ces.rummy), "--json"], 1),
        "es_chess": (chess_command(ces.pgn), 1),
        "one": ([*referee, "audit", str(one), "--json"], args.startup_runs),
        "one_chess": (chess_command(one_pgn), args.startup_runs),
        "one_hand": ([*referee, "audit", str(one_hand), "--json"], args.startup_runs),
    }
    t, c = interleaved(commands, args.rounds, env)
    n = c51.events
    per_json, per_chess = med(t["json"]) / n, med(t["chess"]) / n
    per_arg, per_arg_chess = med(t["arg"]) / carg.events, med(t["arg_chess"]) / carg.events
    per_es, per_es_chess = med(t["es"]) / ces.events, med(t["es_chess"]) / ces.events
    # The argentino corpus is short (600 hands): a start-up is a quarter of its process.
    # Each side's one-game process subtracted, what is left is the cost of its events.
    net_arg = (med(t["arg"]) - med(t["one_hand"])) / carg.events
    net_arg_chess = (med(t["arg_chess"]) - med(t["one_chess"])) / carg.events
    cpu_arg = med(c["arg"]) - med(c["one_hand"])
    cpu_arg_chess = med(c["arg_chess"]) - med(c["one_chess"])
    return [
        Row(f"51: `referee audit F --json`, whole process, s ({c51.games} games, {n:,} "
            "events)", spread(t["json"]), spread(t["chess"]),
            f"{per_chess / per_json:.2f}x", ">= 2.0x, aim 3x"),
        Row("51: per event / per ply, µs", f"{per_json * 1e6:.2f}", f"{per_chess * 1e6:.2f}",
            ""),
        Row("51: human report `referee audit F` (to a file), s", spread(t["human"]), "",
            f"{med(t['human']) / med(t['json']):.2f}x the --json time", "<= 1.15x"),
        Row(f"argentino: `referee audit F --json`, s ({carg.games} hands, "
            f"{carg.events:,} events)", spread(t["arg"]), spread(t["arg_chess"]),
            f"{per_arg_chess / per_arg:.2f}x", ">= 1.3x, aim 2x"),
        Row("argentino: per event / per ply, µs", f"{per_arg * 1e6:.2f}",
            f"{per_arg_chess * 1e6:.2f}", ""),
        Row("argentino: per event / per ply, each one-game start-up subtracted, µs",
            f"{net_arg * 1e6:.2f}", f"{net_arg_chess * 1e6:.2f}",
            f"{net_arg_chess / net_arg:.2f}x", ""),
        Row(f"51, Spanish 40-card deck: `referee audit F --json`, s ({ces.games} games, "
            f"{ces.events:,} events)", spread(t["es"]), spread(t["es_chess"]),
            f"{per_es_chess / per_es:.2f}x", ""),
        Row("51 Spanish: per event / per ply, µs", f"{per_es * 1e6:.2f}",
            f"{per_es_chess * 1e6:.2f}", f"{per_es / per_json:.2f}x the French per event"),
        Row("one game, whole process (start-up), s", spread(t["one"]), spread(t["one_chess"]),
            f"{med(t['one']) / med(t['one_chess']):.2f}x", "<= 1.1x"),
        # The same processes' CPU time (user + system): what each spent itself, which a
        # busy neighbour on a shared machine moves far less than the wall time.
        Row("CPU time: 51 `--json`, s", spread(c["json"]), spread(c["chess"]),
            f"{med(c['chess']) / med(c['json']):.2f}x", ">= 2.0x"),
        Row("CPU time: human report, s", spread(c["human"]), "",
            f"{med(c['human']) / med(c['json']):.2f}x the --json time", "<= 1.15x"),
        Row("CPU time: argentino `--json`, s", spread(c["arg"]), spread(c["arg_chess"]),
            f"{med(c['arg_chess']) / med(c['arg']):.2f}x", ">= 1.3x"),
        Row("CPU time: argentino, each one-game start-up subtracted, s", f"{cpu_arg:.3f}",
            f"{cpu_arg_chess:.3f}", f"{cpu_arg_chess / cpu_arg:.2f}x", ""),
        Row("CPU time: 51 Spanish `--json`, s", spread(c["es"]), spread(c["es_chess"]),
            f"{med(c['es_chess']) / med(c['es']):.2f}x", ""),
        Row("CPU time: one game (start-up), s", spread(c["one"]), spread(c["one_chess"]),
            f"{med(c['one']) / med(c['one_chess']):.2f}x", "<= 1.1x"),
    ]


def memory_rows(c51: Corpus, big_mb: float, env: dict[str, str]) -> list[Row]:
    text = c51.rummy.read_text(encoding="utf-8")
    size_text = len(text.encode("utf-8"))
    big = OUT / f"big-{big_mb:g}mb.rummy"
    want = int(big_mb * 1e6)
    if not big.is_file() or big.stat().st_size < want:
        with big.open("w", encoding="utf-8") as handle:
            written = 0
            while written < want:
                handle.write(text + "\n")
                written += size_text + 1
    size = big.stat().st_size / 1e6
    events = c51.events * big.stat().st_size / size_text
    rss, wall, status = peak_rss_mb([*referee_command(), "audit", str(big), "--json"], env)
    return [
        Row(f"peak RSS auditing a {size:.0f} MB log (`--json`), MB", f"{rss:.0f}", "", "",
            "< 150 MB for 100 MB"),
        Row(f"that {size:.0f} MB log, whole process: s (µs per event); exit {status}",
            f"{wall:.1f} ({wall / events * 1e6:.2f})", "", ""),
    ]


def count_plies(pgn: str) -> int:
    handle, plies = io.StringIO(pgn), 0
    while (game := chess.pgn.read_game(handle)) is not None:
        plies += sum(1 for _ in game.mainline_moves())
    return plies


def count_events(text: str) -> int:
    return sum(len(r.events) for r in iter_games(text, "count"))


def instruction_rows(c51: Corpus, carg: Corpus, games: int, env: dict[str, str]) -> list[Row]:
    referee = referee_command()
    found = audit_instructions.marginal_rows(
        lambda f: [*referee, "audit", str(f), "--json"], chess_command,
        lambda f: [*referee, "audit", str(f)], c51.rummy.read_text(encoding="utf-8"),
        c51.pgn.read_text(encoding="utf-8"), games, count_events, count_plies, OUT, env)
    hands = min(games, carg.games)
    found.append(audit_instructions.marginal_row(
        "argentino", lambda f: [*referee, "audit", str(f), "--json"], chess_command,
        carg.rummy.read_text(encoding="utf-8"), carg.pgn.read_text(encoding="utf-8"), hands,
        count_events, count_plies, OUT, env))
    return [Row(*row) for row in found]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games of 51 in the corpus")
    parser.add_argument("--argentino", type=int, default=600, help="argentino hands")
    parser.add_argument("--spanish", type=int, default=600,
                        help="games of 51 with the 40-card Spanish deck")
    parser.add_argument("--seed", type=int, default=51)
    parser.add_argument("--rounds", type=int, default=5, help="rounds of whole processes")
    parser.add_argument("--startup-runs", type=int, default=4,
                        help="one-game runs of each side per round")
    parser.add_argument("--repeat", type=int, default=3, help="in-process runs (best kept)")
    parser.add_argument("--big-mb", type=float, default=0.0,
                        help="size of the big file for the memory check (MB; 0 skips it)")
    parser.add_argument("--instructions", type=int, default=0, metavar="GAMES",
                        help="also count instructions with callgrind on GAMES games (0: no)")
    parser.add_argument("--markdown", type=Path, metavar="FILE",
                        help="also write the tables as Markdown")
    parser.add_argument("--fresh", action="store_true", help="rebuild the cached corpora")
    args = parser.parse_args()

    print(f"python {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} CPUs, python-chess {chess.__version__}", flush=True)
    started = time.perf_counter()
    c51 = corpus("51", args.games, (2, 6), args.seed, args.fresh)
    carg = corpus("rummy-argentino", args.argentino, (2, 8), args.seed, args.fresh)
    ces = corpus("51", args.spanish, (2, 5), args.seed, args.fresh, {"Deck": "spanish-40"})
    print(f"corpora: {c51.games} games of 51, {c51.events:,} events; {carg.games} argentino "
          f"hands, {carg.events:,} events; {ces.games} Spanish games of 51, {ces.events:,} "
          "events; chess with as many plies "
          f"({time.perf_counter() - started:.0f} s)", flush=True)
    env = child_env()
    OUT.mkdir(parents=True, exist_ok=True)

    rows = whole_process_rows(c51, carg, ces, args, env)
    print(table_text(rows), flush=True)
    if args.big_mb > 0:
        rows += memory_rows(c51, args.big_mb, env)
        print(table_text(rows[-2:]), flush=True)

    if args.instructions > 0 and audit_instructions.available():
        rows += instruction_rows(c51, carg, args.instructions, env)
        print(table_text(rows[-4:]), flush=True)

    startup = med(interleaved({"one": ([*referee_command(), "audit",
                                        str(OUT / "one-game.rummy"), "--json"], 3)}, 1, env)
                  [1]["one"])  # CPU time, as the stages are
    stages = stage_split(c51.rummy.read_text(encoding="utf-8"), args.repeat,
                         startup / c51.events)
    print()
    print(stages.text(), flush=True)

    print()
    print(table_text(rows))
    if args.markdown is not None:
        note = (f"python {platform.python_version()}, {os.cpu_count()} CPUs, python-chess "
                f"{chess.__version__}; wall times: median (min-max) of {args.rounds} "
                "interleaved rounds.")
        args.markdown.write_text(table_markdown(rows) + "\n\n" + note + "\n\n"
                                 + stages.markdown() + "\n", encoding="utf-8")
        print(f"\nMarkdown written to {args.markdown}")


if __name__ == "__main__":
    main()
