"""Instructions instead of seconds: whole processes counted by valgrind's callgrind.

Used by ``bench/audit.py --instructions N``. On a shared, busy machine wall times
swing by a factor of two; the instructions a process executes barely move. Each
command runs once under ``valgrind --tool=callgrind`` on the first ``N`` games of
the corpus and on one game: the difference, divided by the events (plies) between
the two, is the cost of one more event (ply), start-up excluded; the one-game count
is the start-up.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path

_COLLECTED = re.compile(r"Collected : (\d+)")


def available() -> bool:
    return shutil.which("valgrind") is not None


def instructions(cmd: Sequence[str], env: dict[str, str], out: Path) -> int:
    """Instructions executed by one run of ``cmd`` (its children not followed)."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           *cmd], env=env, stdout=out.open("wb"), stderr=subprocess.PIPE,
                          check=False)
    found = _COLLECTED.search(done.stderr.decode("utf-8", "replace"))
    if found is None:
        raise RuntimeError(f"callgrind printed no count for {cmd}")
    return int(found.group(1))


def cut(text: str, marker: str, games: int) -> str:
    """The first ``games`` games of ``text`` (each starting at a line with ``marker``)."""
    starts = [m.start() for m in re.finditer("^" + re.escape(marker), text, re.MULTILINE)]
    return text if games >= len(starts) else text[: starts[games]]


def marginal_rows(ours: Callable[[Path], list[str]], chess: Callable[[Path], list[str]],
                  human: Callable[[Path], list[str]], rummy: str, pgn: str, games: int,
                  count_events: Callable[[str], int], count_plies: Callable[[str], int],
                  folder: Path,
                  env: dict[str, str]) -> list[tuple[str, str, str, str]]:
    """(measure, ours, python-chess, ratio) rows: instructions per event (marginal) of
    the --json audit and of the human report, and of one game's whole process."""
    files = {}
    for name, text, marker in (("rummy", rummy, "[Game "), ("pgn", pgn, "[Event ")):
        for n in (1, games):
            path = folder / f"instructions-{n}.{name}"
            path.write_text(cut(text, marker, n), encoding="utf-8")
            files[name, n] = path
    units = {(kind, n): count(files[kind, n].read_text(encoding="utf-8"))
             for kind, count in (("rummy", count_events), ("pgn", count_plies)) for n in (1, games)}
    sink = folder / "stdout.txt"
    kinds = {"json": "rummy", "human": "rummy", "chess": "pgn"}
    commands = {"json": ours, "human": human, "chess": chess}
    count = {(key, n): instructions(commands[key](files[kinds[key], n]), env, sink)
             for key in commands for n in (1, games)}
    added = units["rummy", games] - units["rummy", 1]

    def per(key: str) -> float:
        kind = kinds[key]
        return (count[key, games] - count[key, 1]) / (units[kind, games] - units[kind, 1])

    return [
        (f"instructions per event / per ply (callgrind, {games} games minus one, "
         f"{added:,} events)", f"{per('json'):,.0f}", f"{per('chess'):,.0f}",
         f"{per('chess') / per('json'):.2f}x"),
        ("human report: instructions per event", f"{per('human'):,.0f}", "",
         f"{per('human') / per('json'):.2f}x the --json"),
        ("one game, whole process: instructions (millions)", f"{count['json', 1] / 1e6:,.0f}",
         f"{count['chess', 1] / 1e6:,.0f}", f"{count['json', 1] / count['chess', 1]:.2f}x"),
    ]


def marginal_row(name: str, ours: Callable[[Path], list[str]],
                 chess: Callable[[Path], list[str]], rummy: str, pgn: str, games: int,
                 count_events: Callable[[str], int], count_plies: Callable[[str], int],
                 folder: Path, env: dict[str, str]) -> tuple[str, str, str, str]:
    """One (measure, ours, python-chess, ratio) row: instructions per event of another
    corpus's ``--json`` audit (``name``: argentino) against its matching chess games."""
    per: dict[str, float] = {}
    for kind, text, marker, command, count in (
            ("rummy", rummy, "[Game ", ours, count_events),
            ("pgn", pgn, "[Event ", chess, count_plies)):
        paths = []
        for n in (1, games):
            path = folder / f"instructions-{name}-{n}.{kind}"
            path.write_text(cut(text, marker, n), encoding="utf-8")
            paths.append(path)
        units = [count(p.read_text(encoding="utf-8")) for p in paths]
        counted = [instructions(command(p), env, folder / "stdout.txt") for p in paths]
        per[kind] = (counted[1] - counted[0]) / (units[1] - units[0])
    return (f"{name}: instructions per event / per ply (callgrind, {games} games minus one)",
            f"{per['rummy']:,.0f}", f"{per['pgn']:,.0f}", f"{per['pgn'] / per['rummy']:.2f}x")
