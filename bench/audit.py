"""Audit speed against python-chess, as users meet it: ``python bench/audit.py``.

Needs ``pip install -e '.[bench]'`` (python-chess). In one run, on this machine:

1. corpora (cached in ``bench/out/``, keyed by their parameters and the simulator's
   source; ``--fresh`` rebuilds them): for every timed round its own seeded corpus of
   legal games of 51 (default 2,000 games of 2 to 6 players), of Rummy argentino hands
   (2 to 8 players) and of 51 with the 40-card Spanish deck, and for each a PGN corpus
   of random legal chess games written by python-chess, one chess game per game with
   as many plies as it has event lines (both sides read as many events as plies);
2. a cache folder made for the run (``REFEREE_CACHE_DIR``), warmed by auditing other
   logs (Lark's parser cache written, as after a first use), so that no timed file was
   ever audited before; bytecode cached (``PYTHONDONTWRITEBYTECODE`` unset for the
   children);
3. whole processes, interleaved round by round (``--rounds``, each command once per
   round in turn, each on that round's files, so a busy neighbour slows all of them
   alike), median and spread (min-max) of the wall and CPU times: ``referee audit
   F --json``, the human report ``referee audit F`` (standard output a file), a
   python-chess process reading every game of the matching PGN
   (``chess.pgn.read_game`` until the end), and the same for argentino and the
   Spanish deck. The ratio is per event: chess's seconds per ply over ours per event,
   so above 1x we are faster;
4. start-up: ``referee audit ONE.rummy --json`` against a python-chess process reading
   a one-game PGN, each run on a one-game file of its own (``--startup-runs`` per
   round);
5. the library in one process: :func:`referee.audit.audit_text` over a corpus (after
   another one, as a program that audits log after log), events per second, against
   ``chess.pgn.read_game`` over the matching PGN, plies per second;
6. where the time goes, in this process (CPU time per event, best of ``--repeat``):
   cutting the text into games, reading (Lark for the lines the line memo has not
   seen, the memo for the rest), the header checks, the replay, the duplicate
   fingerprint, the report's dicts, the JSON text, the human report's drawing, and the
   start-up amortised over the corpus; with the lexer's tokens per event;
7. ``--big-mb N``: peak RSS (and wall time) of ``referee audit BIG.rummy --json`` on an
   N MB log (a corpus repeated; 0 skips it), run from a small launcher;
8. with ``--instructions N``, the same whole processes counted in instructions by
   valgrind's callgrind on the first N games and on one game
   (``bench/audit_instructions.py``): per event against per ply, start-up excluded.

It prints the tables and ``--markdown FILE`` writes them as Markdown.

    .venv/bin/python bench/audit.py                       # the full run (several minutes)
    .venv/bin/python bench/audit.py --big-mb 100          # with the 100 MB memory check
    .venv/bin/python bench/audit.py --games 300 --argentino 100 --spanish 100 --rounds 3
"""

from __future__ import annotations

import argparse
import hashlib
import io
import itertools
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
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

from bench import audit_instructions  # noqa: E402
from bench.audit_stages import stage_split  # noqa: E402
from referee.audit import audit_text  # noqa: E402
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


# ----------------------------------------------------------------------------- processes


def child_env(cache: str) -> dict[str, str]:
    """The environment of the timed processes: bytecode caches allowed (as after
    ``pip install``), the run's own cache folder, the user's language and width
    settings left out."""
    env = dict(os.environ)
    for name in ("PYTHONDONTWRITEBYTECODE", "REFEREE_LANG", "COLUMNS", "LINES"):
        env.pop(name, None)
    env["REFEREE_CACHE_DIR"] = cache
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


Command = tuple[Callable[[int], list[str]], int]  # argv of the k-th run; runs per round


def interleaved(commands: dict[str, Command], rounds: int, env: dict[str, str],
                warm: dict[str, list[str]]) -> tuple[dict[str, list[float]],
                                                     dict[str, list[float]]]:
    """Wall times and CPU times of each command (name: (the argv of its k-th run, runs
    per round)), ``rounds`` rounds, every command in turn within a round; each run on
    files of its own. One untimed run of each first, on the warm-up files ``warm``
    (bytecode caches, the page cache of the program's files)."""
    for argv in warm.values():
        run_once(argv, env)
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    counts = dict.fromkeys(commands, 0)
    for _ in range(rounds):
        for name, (argv, runs) in commands.items():
            for _ in range(runs):
                wall, cpu = run_once(argv(counts[name]), env)
                counts[name] += 1
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


@dataclass
class Corpora:
    """One game's corpora: one for each timed round, each never audited before."""

    rounds: list[Corpus]

    @property
    def events(self) -> int:
        return self.rounds[0].events

    @property
    def games(self) -> int:
        return self.rounds[0].games


def corpora(game: str, games: int, players: tuple[int, int], seed: int, rounds: int,
            fresh: bool, knobs: dict[str, str] | None = None) -> Corpora:
    """``rounds`` corpora of ``games`` games, seeds ``seed``, ``seed + 1``...; they differ
    in their games, not in their size (the events of each are within a few percent)."""
    return Corpora([corpus(game, games, players, seed + k, fresh, knobs) for k in range(rounds)])


def games_apart(path: Path, marker: str, count: int, prefix: str) -> list[Path]:
    """The first ``count`` games of ``path``, each written to a file of its own."""
    text = path.read_text(encoding="utf-8")
    starts = [0]
    while len(starts) <= count and starts[-1] < len(text):
        at = text.find(marker, starts[-1] + 1)
        starts.append(len(text) if at < 0 else at)
    files = []
    for k, (start, end) in enumerate(itertools.pairwise(starts)):
        out = OUT / f"{prefix}-{k}{path.suffix}"
        out.write_text(text[start:end], encoding="utf-8")
        files.append(out)
    return files


def per_events(times: Sequence[float], events: Sequence[int]) -> float:
    """The median of each run's seconds per event."""
    return statistics.median(t / n for t, n in zip(times, events, strict=True))


def whole_process_rows(c51: Corpora, carg: Corpora, ces: Corpora, ones: tuple[list[Path],
                       list[Path]], args: argparse.Namespace, env: dict[str, str],
                       warm: dict[str, list[str]]) -> list[Row]:
    referee = referee_command()
    one_files, one_pgns = ones

    def audit(corpora: Corpora, *extra: str) -> Callable[[int], list[str]]:
        return lambda k: [*referee, "audit", str(corpora.rounds[k].rummy), *extra]

    def chess_of(corpora: Corpora) -> Callable[[int], list[str]]:
        return lambda k: chess_command(corpora.rounds[k].pgn)

    commands: dict[str, Command] = {
        "json": (audit(c51, "--json"), 1),
        "human": (audit(c51), 1),
        "chess": (chess_of(c51), 1),
        "arg": (audit(carg, "--json"), 1),
        "arg_chess": (chess_of(carg), 1),
        "es": (audit(ces, "--json"), 1),
        "es_chess": (chess_of(ces), 1),
        "one": (lambda k: [*referee, "audit", str(one_files[k]), "--json"], args.startup_runs),
        "one_chess": (lambda k: chess_command(one_pgns[k]), args.startup_runs),
    }
    t, c = interleaved(commands, args.rounds, env, warm)

    def events(corpora: Corpora) -> list[int]:
        return [corpus.events for corpus in corpora.rounds]

    per_json, per_chess = per_events(t["json"], events(c51)), per_events(t["chess"], events(c51))
    per_arg = per_events(t["arg"], events(carg))
    per_arg_chess = per_events(t["arg_chess"], events(carg))
    per_es, per_es_chess = per_events(t["es"], events(ces)), per_events(t["es_chess"], events(ces))
    cpu_json, cpu_chess = per_events(c["json"], events(c51)), per_events(c["chess"], events(c51))
    cpu_arg = per_events(c["arg"], events(carg))
    cpu_arg_chess = per_events(c["arg_chess"], events(carg))
    return [
        Row(f"51: `referee audit F --json`, whole process, s ({c51.games} games, "
            f"~{c51.events:,} events)", spread(t["json"]), spread(t["chess"]),
            f"{per_chess / per_json:.2f}x", ">= 2.0x, aim 2.5x"),
        Row("51: per event / per ply, µs", f"{per_json * 1e6:.2f}", f"{per_chess * 1e6:.2f}",
            ""),
        Row("51: human report `referee audit F` (to a file), s", spread(t["human"]), "",
            f"{med(t['human']) / med(t['json']):.2f}x the --json time", "<= 1.15x"),
        Row(f"argentino: `referee audit F --json`, s ({carg.games} hands, "
            f"~{carg.events:,} events)", spread(t["arg"]), spread(t["arg_chess"]),
            f"{per_arg_chess / per_arg:.2f}x", ">= 1.3x"),
        Row("argentino: per event / per ply, µs", f"{per_arg * 1e6:.2f}",
            f"{per_arg_chess * 1e6:.2f}", ""),
        Row(f"51, Spanish 40-card deck: `referee audit F --json`, s ({ces.games} games, "
            f"~{ces.events:,} events)", spread(t["es"]), spread(t["es_chess"]),
            f"{per_es_chess / per_es:.2f}x", ""),
        Row("one game, whole process (start-up), s", spread(t["one"]), spread(t["one_chess"]),
            f"{med(t['one']) / med(t['one_chess']):.2f}x", "<= 1.5x"),
        # The same processes' CPU time (user + system): what each spent itself, which a
        # busy neighbour on a shared machine moves far less than the wall time.
        Row("CPU time: 51 `--json`, s", spread(c["json"]), spread(c["chess"]),
            f"{cpu_chess / cpu_json:.2f}x", ">= 2.0x"),
        Row("CPU time: human report, s", spread(c["human"]), "",
            f"{med(c['human']) / med(c['json']):.2f}x the --json time", "<= 1.15x"),
        Row("CPU time: argentino `--json`, s", spread(c["arg"]), spread(c["arg_chess"]),
            f"{cpu_arg_chess / cpu_arg:.2f}x", ">= 1.3x"),
        Row("CPU time: one game (start-up), s", spread(c["one"]), spread(c["one_chess"]),
            f"{med(c['one']) / med(c['one_chess']):.2f}x", "<= 1.5x"),
    ]


def library_rows(c51: Corpora, carg: Corpora, warm: Path) -> list[Row]:
    """The library in this process: ``audit_text`` over a corpus after another one (a
    program that audits log after log), against python-chess's ``read_game``."""
    audit_text(warm.read_text(encoding="utf-8"))
    rows = []
    for name, corpora in (("51", c51), ("argentino", carg)):
        found = corpora.rounds[-1]
        text = found.rummy.read_text(encoding="utf-8")
        start = time.process_time()
        results = audit_text(text, found.rummy.name)
        ours = time.process_time() - start
        assert sum(result.events for result in results) == found.events
        start = time.process_time()
        with found.pgn.open(encoding="utf-8") as handle:
            while chess.pgn.read_game(handle) is not None:
                pass
        theirs = time.process_time() - start
        rows.append(Row(f"library, {name}: `audit_text` over {found.games} games in one "
                        "process, events (plies) per second", f"{found.events / ours:,.0f}",
                        f"{found.events / theirs:,.0f}", f"{theirs / ours:.2f}x"))
    return rows


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
    parser.add_argument("--games", type=int, default=2000, help="games of 51 in a corpus")
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
    rounds, seed = args.rounds, args.seed
    c51 = corpora("51", args.games, (2, 6), seed, rounds, args.fresh)
    carg = corpora("rummy-argentino", args.argentino, (2, 8), seed, rounds, args.fresh)
    ces = corpora("51", args.spanish, (2, 5), seed, rounds, args.fresh, {"Deck": "spanish-40"})
    # Other logs: the warm-up runs, the start-up's one-game files, the library's first log.
    warm51 = corpus("51", 200, (2, 6), seed + 1000, args.fresh)
    warm_arg = corpus("rummy-argentino", 100, (2, 8), seed + 1000, args.fresh)
    warm_es = corpus("51", 100, (2, 5), seed + 1000, args.fresh, {"Deck": "spanish-40"})
    pool = corpus("51", args.startup_runs * rounds + 1, (2, 6), seed + 2000, args.fresh)
    ones = (games_apart(pool.rummy, "[Game ", pool.games, "one-game"),
            games_apart(pool.pgn, "[Event ", pool.games, "one-game"))
    print(f"corpora: {rounds} x ({c51.games} games of 51, ~{c51.events:,} events; "
          f"{carg.games} argentino hands, ~{carg.events:,} events; {ces.games} Spanish games "
          f"of 51, ~{ces.events:,} events), chess with as many plies "
          f"({time.perf_counter() - started:.0f} s)", flush=True)
    cache = tempfile.mkdtemp(prefix="referee-bench-cache-")
    env = child_env(cache)
    OUT.mkdir(parents=True, exist_ok=True)
    referee = referee_command()
    warm = {"51": [*referee, "audit", str(warm51.rummy), "--json"],
            "human": [*referee, "audit", str(warm51.rummy)],
            "argentino": [*referee, "audit", str(warm_arg.rummy), "--json"],
            "spanish": [*referee, "audit", str(warm_es.rummy), "--json"],
            "chess": chess_command(warm51.pgn), "one": [*referee, "audit", str(ones[0][-1])],
            "one_chess": chess_command(ones[1][-1])}
    print(f"cache folder {cache}, warmed on other logs", flush=True)

    rows = whole_process_rows(c51, carg, ces, (ones[0][:-1], ones[1][:-1]), args, env, warm)
    print(table_text(rows), flush=True)
    rows += library_rows(c51, carg, warm51.rummy)
    print(table_text(rows[-2:]), flush=True)
    if args.big_mb > 0:
        rows += memory_rows(c51.rounds[0], args.big_mb, env)
        print(table_text(rows[-2:]), flush=True)

    if args.instructions > 0 and audit_instructions.available():
        rows += instruction_rows(c51.rounds[0], carg.rounds[0], args.instructions, env)
        print(table_text(rows[-4:]), flush=True)

    runs = min(3, len(ones[0]) - 1)  # one-game files the start-ups read already
    startup = med(interleaved({"one": (lambda k: [*referee, "audit", str(ones[0][k]), "--json"],
                                       runs)}, 1, env, {})[1]["one"])  # CPU time, as the stages
    stages = stage_split(c51.rounds[0].rummy.read_text(encoding="utf-8"), args.repeat,
                         startup / c51.events)
    print()
    print(stages.text(), flush=True)

    print()
    print(table_text(rows))
    if args.markdown is not None:
        note = (f"python {platform.python_version()}, {os.cpu_count()} CPUs, python-chess "
                f"{chess.__version__}; wall times: median (min-max) of {args.rounds} "
                "interleaved rounds, each on files never audited before.")
        args.markdown.write_text(table_markdown(rows) + "\n\n" + note + "\n\n"
                                 + stages.markdown() + "\n", encoding="utf-8")
        print(f"\nMarkdown written to {args.markdown}")


if __name__ == "__main__":
    main()
