"""The language server on a long log: from a change to its diagnostics, beside one
``referee audit`` of the same file, in one run: ``python bench/lsp.py``.

1. the log: ``referee simulate --games N --seed 1`` (default 1,000 games; cached in
   ``bench/out/``);
2. ``referee audit LOG --json`` as a whole process, and ``audit_text`` of the log
   in this process (no start-up), median of ``--rounds``;
3. ``referee lsp`` started as a subprocess and driven over stdio by pygls's client
   (``tests/lsp``): the log opened (first diagnostics), then, ``--rounds`` times each,
   a change inside one line of a middle game and a line added in a middle game
   (every later game moves), each timed from sending ``didChange`` to receiving the
   diagnostics of that version, with no debounce (``debounceMs`` 0: the analysis and
   the messages) and with the default debounce (250 ms: what an editor waits),
   beside what the server says the analysis took (``referee.stats``).

It prints a table; ``--markdown FILE`` writes it as Markdown (docs/performance.md).

    .venv/bin/python bench/lsp.py
    .venv/bin/python bench/lsp.py --games 200 --rounds 3   # quick
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lsprotocol import types as lsp  # noqa: E402

from referee.audit import audit_text  # noqa: E402
from referee.notation.reader import read_games  # noqa: E402
from tests.lsp import Session, uri_of  # noqa: E402

OUT = ROOT / "bench" / "out"


def log_file(games: int) -> Path:
    path = OUT / f"lsp-{games}.rummy"
    if not path.exists():
        OUT.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "referee.cli", "simulate", "--games", str(games),
                        "--seed", "1", "-o", str(path)], check=True, cwd=ROOT)
    return path


def median(samples: list[float]) -> str:
    return f"{statistics.median(samples):.3f} s ({min(samples):.3f}-{max(samples):.3f})"


def time_audit_process(path: Path, rounds: int) -> list[float]:
    samples = []
    for _ in range(rounds):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "referee.cli", "audit", str(path), "--json"],
                       check=False, cwd=ROOT, stdout=subprocess.DEVNULL)
        samples.append(time.perf_counter() - started)
    return samples


def time_audit_text(text: str, rounds: int) -> list[float]:
    samples = []
    for _ in range(rounds):
        started = time.perf_counter()
        audit_text(text)
        samples.append(time.perf_counter() - started)
    return samples


def changes(text: str) -> tuple[Callable[[int], lsp.TextDocumentContentChangePartial],
                                Callable[[int], lsp.TextDocumentContentChangePartial]]:
    """Two edits of a middle game: inside one line (a blank added, then taken off: each
    round a real change), and a comment line added (the later games move)."""
    records = read_games(text)
    record = records[len(records) // 2]
    event = record.events[len(record.events) // 2]
    line = event.line - 1
    row = text.split("\n")[line]

    def inside(n: int) -> lsp.TextDocumentContentChangePartial:
        """A blank added at the end of the line, then taken off again."""
        at = len(row)
        end = at if n % 2 == 0 else at + 1
        return lsp.TextDocumentContentChangePartial(
            range=lsp.Range(lsp.Position(line, at), lsp.Position(line, end)),
            text=" " if n % 2 == 0 else "")

    def added(n: int) -> lsp.TextDocumentContentChangePartial:
        return lsp.TextDocumentContentChangePartial(
            range=lsp.Range(lsp.Position(line, 0), lsp.Position(line, 0)),
            text=f"# note {n}\n")

    return inside, added


def time_server(path: Path, text: str, rounds: int, debounce_ms: int) -> dict[str, list[float]]:
    session = Session(options={"debounceMs": debounce_ms})
    uri = uri_of(path)
    result: dict[str, list[float]] = {"open": [], "inside": [], "inside (server)": [],
                                      "added": [], "added (server)": []}
    try:
        started = time.perf_counter()
        session.open(path, text)
        result["open"].append(time.perf_counter() - started)
        inside, added = changes(text)
        for n in range(rounds):
            for name, make in (("inside", inside), ("added", added)):
                change = make(n)
                session.versions[uri] += 1
                version = session.versions[uri]
                started = time.perf_counter()
                session.loop.call_soon_threadsafe(
                    session.client.text_document_did_change, lsp.DidChangeTextDocumentParams(
                        lsp.VersionedTextDocumentIdentifier(version=version, uri=uri),
                        [change]))
                session.diagnostics(uri, version)
                result[name].append(time.perf_counter() - started)
                result[f"{name} (server)"].append(float(session.stats()[uri]["seconds"]))
    finally:
        session.close()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--markdown", type=Path)
    args = parser.parse_args()
    path = log_file(args.games)
    text = path.read_text(encoding="utf-8")
    rows: list[tuple[str, str]] = []
    rows.append(("`referee audit LOG --json` (a process)",
                 median(time_audit_process(path, args.rounds))))
    rows.append(("`audit_text(LOG)` (in a process)", median(time_audit_text(text, args.rounds))))
    for debounce in (0, 250):
        timed = time_server(path, text, args.rounds, debounce)
        label = f"debounce {debounce} ms"
        if debounce == 0:
            rows.append(("`referee lsp`: open, to the first diagnostics", median(timed["open"])))
        rows.append((f"change inside a line, to its diagnostics ({label})",
                     median(timed["inside"])))
        rows.append((f"a line added, to its diagnostics ({label})", median(timed["added"])))
        if debounce == 0:
            rows.append(("  of which the server's analysis (change inside a line)",
                         median(timed["inside (server)"])))
            rows.append(("  of which the server's analysis (a line added)",
                         median(timed["added (server)"])))
    games = f"{args.games:,} games, {text.count(chr(10)):,} lines"
    table = [f"| {args.games:,}-game log ({games}), median (min-max) of {args.rounds} | time |",
             "| --- | --- |", *(f"| {name} | {value} |" for name, value in rows)]
    print("\n".join(table))
    if args.markdown is not None:
        args.markdown.write_text("\n".join(table) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
