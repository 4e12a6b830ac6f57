"""An archive audited on Dask against ``--jobs 2``: ``python bench/archive.py`` (``pip install
-e '.[bench]'``, which brings Dask and psutil).

In one run, on this machine:

1. builds (cached under ``bench/out/``) an archive of simulated logs of about ``--mb``
   MB (default 210): a seeded corpus of games of 51 and matches of Rummy argentino
   (:mod:`referee.sim`), copied with the players renamed in each copy (so games do
   not repeat), into one big file (a fifth of the archive, cut into parts by
   ``--dask``) and files of about 3 MB; every tenth file repeats an earlier one
   whole (duplicates across files);
2. runs the whole processes ``referee audit ARCHIVE --json --jobs 2`` and ``referee audit
   ARCHIVE --json --dask local`` (a LocalCluster of 2 workers), each writing its JSON
   to a file, while polling the memory (RSS) of the process and of every process
   below it;
3. checks that the two JSON outputs are byte-identical, and prints the wall times,
   their ratio, and the peak RSS of the main process, of the largest worker and of
   the whole process tree.

    .venv/bin/python bench/archive.py              # the 210 MB archive (a few minutes)
    .venv/bin/python bench/archive.py --mb 20      # quick
"""

from __future__ import annotations

import argparse
import contextlib
import filecmp
import hashlib
import os
import platform
import re
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

OUT = ROOT / "bench" / "out"
FILE_MB = 3.0  # the size of each file but the big one
BIG_SHARE = 0.2  # the big file's share of the archive
REPEAT_EVERY = 10  # every tenth file repeats an earlier file

try:
    import psutil
except ImportError:  # pragma: no cover - the message says what to install
    sys.exit("bench/archive.py needs psutil and dask: pip install -e '.[bench]'")


# ----------------------------------------------------------------------------- the archive


def _source_key(*parts: object) -> str:
    digest = hashlib.sha256(repr(parts).encode())
    for path in sorted((ROOT / "referee" / "sim").rglob("*.py")):
        digest.update(path.read_bytes())
    digest.update((ROOT / "referee" / "notation" / "writer.py").read_bytes())
    return digest.hexdigest()[:12]


def corpus(games: int, matches: int, seed: int) -> str:
    """Games of 51 and whole argentino matches (cached: simulating takes ~10 ms a game)."""
    path = OUT / f"archive-corpus-{games}g-{matches}m-seed{seed}-{_source_key()}.rummy"
    if path.is_file():
        return path.read_text(encoding="utf-8")
    from referee.sim import simulate_argentino_log, simulate_log

    text = (simulate_log(games, (2, 6), seed) + "\n"
            + simulate_argentino_log(matches, (2, 6), seed, {"Target": "300"}, matches=True))
    OUT.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return text


class Copies:
    """The corpus again and again, the players renamed in each copy (``Ana`` becomes
    ``Ana7`` in copy 7), so no two copies hold the same game."""

    def __init__(self, text: str) -> None:
        from referee.sim.cards import NAMES

        names = re.compile(r"(?<![\w])(" + "|".join(sorted(NAMES, key=len, reverse=True))
                           + r")(?![\w])")
        self.template = names.sub(lambda m: m.group(1) + "\x01", text)
        self.size = len(text.encode("utf-8"))
        self.made = 0

    def next(self) -> str:
        self.made += 1
        return self.template.replace("\x01", str(self.made))


def build_archive(mb: float, seed: int, fresh: bool) -> Path:
    """The archive's folder (built once for its parameters)."""
    text = corpus(150, 4, seed)
    folder = OUT / f"archive-{mb:g}mb-seed{seed}-{_source_key(mb, FILE_MB, BIG_SHARE)}"
    done = folder / ".complete"
    if done.is_file() and not fresh:
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.rummy"):
        old.unlink()
    copies = Copies(text)
    total = int(mb * 1e6)
    _write(folder / "big-table.rummy", copies, int(total * BIG_SHARE))
    written = (folder / "big-table.rummy").stat().st_size
    n = 0
    while written < total:
        path = folder / f"night-{n:03d}.rummy"
        if n and n % REPEAT_EVERY == 0:
            path.write_bytes((folder / f"night-{n // 2:03d}.rummy").read_bytes())
        else:
            _write(path, copies, int(FILE_MB * 1e6))
        written += path.stat().st_size
        n += 1
    done.write_text(f"{written} bytes in {n + 1} files\n", encoding="utf-8")
    return folder


def _write(path: Path, copies: Copies, size: int) -> None:
    with path.open("w", encoding="utf-8") as out:
        written = 0
        while written < size:
            out.write(copies.next() + "\n")
            written += copies.size + 1


# ----------------------------------------------------------------------------- the runs


@dataclass
class Run:
    label: str
    wall: float
    status: int
    main_mb: float  # the peak RSS of the main process
    worker_mb: float  # the peak RSS of the largest process below it
    tree_mb: float  # the peak of the RSS of the whole tree, added up


def _rss(process: psutil.Process) -> tuple[float, float, float]:
    """(main, largest below, whole tree) RSS in MB, now."""
    try:
        main = process.memory_info().rss
        below = []
        for child in process.children(recursive=True):
            with contextlib.suppress(psutil.Error):
                below.append(child.memory_info().rss)
    except psutil.Error:
        return 0.0, 0.0, 0.0
    return main / 1e6, max(below, default=0) / 1e6, (main + sum(below)) / 1e6


def measure(label: str, cmd: list[str], out: Path) -> Run:
    """Run ``cmd`` with its standard output to ``out``, polling its memory every 50 ms."""
    peaks = [0.0, 0.0, 0.0]
    env = dict(os.environ)
    env.pop("REFEREE_LANG", None)
    start = time.perf_counter()
    with out.open("wb") as sink:
        child = subprocess.Popen(cmd, stdout=sink, stderr=subprocess.DEVNULL, env=env)
        process = psutil.Process(child.pid)
        stop = threading.Event()

        def poll() -> None:
            while not stop.is_set():
                for k, value in enumerate(_rss(process)):
                    peaks[k] = max(peaks[k], value)
                stop.wait(0.05)

        poller = threading.Thread(target=poll, daemon=True)
        poller.start()
        status = child.wait()
        stop.set()
        poller.join()
    return Run(label, time.perf_counter() - start, status, *peaks)


def referee_command() -> list[str]:
    script = Path(sys.executable).with_name("referee")
    return [str(script)] if script.exists() else [sys.executable, "-m", "cli"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=210.0, help="the archive's size in MB")
    parser.add_argument("--seed", type=int, default=51)
    parser.add_argument("--fresh", action="store_true", help="rebuild the cached archive")
    args = parser.parse_args()

    print(f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f}", flush=True)
    started = time.perf_counter()
    folder = build_archive(args.mb, args.seed, args.fresh)
    files = sorted(folder.glob("*.rummy"))
    size = sum(f.stat().st_size for f in files) / 1e6
    big = (folder / "big-table.rummy").stat().st_size / 1e6
    print(f"archive: {folder.name}, {len(files)} files, {size:.0f} MB (the big file "
          f"{big:.0f} MB) ({time.perf_counter() - started:.0f} s)", flush=True)

    referee = [*referee_command(), "audit", str(folder), "--json"]
    runs = [measure("--jobs 2", [*referee, "--jobs", "2"], OUT / "archive-jobs.json"),
            measure("--dask local (2 workers)", [*referee, "--dask", "local", "--jobs", "2"],
                    OUT / "archive-dask.json")]
    same = filecmp.cmp(OUT / "archive-jobs.json", OUT / "archive-dask.json", shallow=False)
    json_mb = (OUT / "archive-jobs.json").stat().st_size / 1e6

    print()
    print(f"{'run':<26} {'wall s':>8} {'exit':>5} {'main peak MB':>13} "
          f"{'largest worker MB':>18} {'tree peak MB':>13}")
    for r in runs:
        print(f"{r.label:<26} {r.wall:>8.1f} {r.status:>5} {r.main_mb:>13.0f} "
              f"{r.worker_mb:>18.0f} {r.tree_mb:>13.0f}")
    jobs, dask = runs
    print(f"\nJSON outputs ({json_mb:.0f} MB): {'byte-identical' if same else 'DIFFERENT'}")
    print(f"dask speed against --jobs 2: {jobs.wall / dask.wall:.2f}x (target >= 0.9x)")
    print(f"peak RSS of --jobs 2 on the {size:.0f} MB archive: main {jobs.main_mb:.0f} MB, "
          f"largest worker {jobs.worker_mb:.0f} MB (target < 100 MB)")
    print(f"(load average now {os.getloadavg()[0]:.1f}; RSS polled every 50 ms)")
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
