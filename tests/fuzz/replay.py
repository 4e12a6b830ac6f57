"""``referee replay`` on a fuzz input, in process: for a sample of its lines, ``--at LINE``
(the table and ``--json``) never raises, and what it shows agrees with the audit.

The command's own pieces are called as :func:`referee.cli.commands.replay.run_replay`
calls them (which game holds the line, the game's states, the state at the line), and
once an input the command itself, on the text in a file. A line outside every game,
or a game the engine cannot replay, is the command's exit status 2, never an error
that escapes. Agreement with the audit: the state at a line is in the game the audit
numbers so, shows the findings the report has on that line, and the last state holds
the report's hands, winner and end.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console

from referee.cli.commands.replay import Steps, _steps, game_spans, run_replay, which_game
from referee.cli.common import CliExit
from referee.cli.render.table import step_view
from referee.notation.events import GameRecord
from referee.report.table import TableData

SAMPLE = 4  # lines of an input replayed
_TABLE_KEYS = tuple(TableData.__annotations__)


def table_of(step: Mapping[str, Any]) -> dict[str, Any]:
    """The table data (what ``/v1/timeline`` shows) of a replay state."""
    return {key: step[key] for key in _TABLE_KEYS}


def game_steps(records: Sequence[GameRecord], index: int, lang: str) -> Steps | None:
    """The states of game ``index`` (0-based), None when the engine cannot replay it (the
    command says so and exits 2)."""
    try:
        return _steps(records, index, {}, lang)
    except ValueError:
        return None


def check_replay(text: str, records: Sequence[GameRecord], report: Mapping[str, Any],
                 lang: str, rnd: random.Random, command: bool = True) -> int:
    """``replay --at`` on a sample of the lines of ``text``; how many were shown."""
    games = report["games"]
    assert len(records) == len(games)
    spans = game_spans(records, text) if records else []
    count = spans[-1][1] if spans else 1
    shown = 0
    cache: dict[int, Steps | None] = {}
    for at in sorted({rnd.randint(1, count + 1) for _ in range(SAMPLE)}):
        try:
            with contextlib.redirect_stderr(io.StringIO()):
                index = which_game(records, text, at, None, "<fuzz>", lang)
        except CliExit as exc:  # no game, or a line outside every game: exit 2
            assert exc.code == 2 and not any(a <= at <= b for a, b in spans), at
            continue
        assert spans[index][0] <= at <= spans[index][1]
        if index not in cache:
            cache[index] = game_steps(records, index, lang)
            if cache[index] is not None:
                _check_end(cache[index], games[index])
        steps = cache[index]
        if steps is None:
            continue
        state = steps.step(steps.index_at(at), at)
        assert state["game"] == games[index]["index"] and state["line"] == at
        assert state["findings"] == [f for f in games[index]["findings"] if f["line"] == at]
        json.dumps(state, ensure_ascii=False)
        out = io.StringIO()
        step_view(Console(file=out, width=100, color_system=None, highlight=False), state, lang)
        assert out.getvalue()
        shown += 1
    if command and records:
        _run_command(text, rnd.randint(1, count), lang)
    return shown


def _check_end(steps: Steps, game: Mapping[str, Any]) -> None:
    """The last state holds what the report says the game came to."""
    last = steps.step(len(steps.views) - 1)
    assert {name: hand["size"] for name, hand in last["hands"].items()} == game["hands"], (
        last["hands"], game["hands"])
    assert (last["winner"], last["finished"]) == (game["winner"], game["finished"])
    assert set(last["out"]) == {e["player"] for e in game["eliminated"]}


def _run_command(text: str, at: int, lang: str) -> None:
    """``referee replay FILE --at LINE`` (table and ``--json``): exit 0, or 2 for a line
    outside every game, a game the engine cannot replay or one with syntax errors."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "log.rummy"
        path.write_text(text, encoding="utf-8", newline="")
        for as_json in (True, False):
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    status = run_replay(str(path), at=at, lang=lang, as_json=as_json)
                except CliExit as exc:
                    status = int(exc.code or 0)
            assert status in (0, 2), status
            if as_json and status == 0:
                json.loads(out.getvalue())
