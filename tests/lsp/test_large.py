"""A long log in ``referee lsp``: opened, changed once in one game (a line added, so
every later game moves), its diagnostics those of ``referee audit --json`` for the
changed text, though only the changed game was audited again. The 1,000-game log of
``referee simulate --games 1000 --seed 1`` runs with ``--run-slow``; the same check on
100 games runs always. (Timings: bench/lsp.py, never here.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from lsprotocol import types as lsp

from referee.notation.reader import read_games
from tests.lsp import ROOT, Session, uri_of
from tests.lsp.test_server import as_findings, audit_json, expected


def simulated(games: int, path: Path) -> str:
    done = subprocess.run([sys.executable, "-m", "referee.cli", "simulate", "--games",
                           str(games), "--seed", "1", "-o", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stderr
    return path.read_text(encoding="utf-8")


def open_and_change(games: int, tmp_path: Path) -> None:
    path = tmp_path / f"sim-{games}.rummy"
    text = simulated(games, path)
    records = read_games(text)
    target = records[len(records) // 2]
    line = target.events[len(target.events) // 2].line  # insert before this event
    server = Session(options={"debounceMs": 50})
    try:
        assert server.open(path, text) == []  # the simulator plays legal games
        diagnostics = server.edit(path, lsp.Range(lsp.Position(line - 1, 0),
                                                  lsp.Position(line - 1, 0)),
                                  "Nadie draw 7h\n")
        stats = server.stats()[uri_of(path)]
    finally:
        server.close()
    changed = text.split("\n")
    changed.insert(line - 1, "Nadie draw 7h")
    path.write_text("\n".join(changed), encoding="utf-8")
    report = audit_json(path)
    assert as_findings(diagnostics) == expected(report, [target.index])
    assert as_findings(diagnostics) == expected(report)  # no other game has any
    assert any(d.code == "unknown-player" for d in diagnostics)
    assert stats["games"] == games
    assert stats["read"] <= 2 and stats["audited"] <= 2  # the others were kept (and moved)


def test_a_long_log_changed_once(tmp_path: Path) -> None:
    open_and_change(100, tmp_path)


@pytest.mark.slow
def test_the_1000_game_log_changed_once(tmp_path: Path) -> None:
    open_and_change(1000, tmp_path)
