"""The ``referee`` command line: shared paths and helpers.

Logs under tests/data:

- clean-2p.rummy       a legal game played to the end: exit 0 (Wilson's bajada is 70)
- pegue-3p.rummy       Jaime's discard-pegue at line 26, never called: exit 1
- eliminations-4p      an upheld call and a missed call: two players out
- syntax-error.rummy   a bad card at line 8, column 13: exit 2
- not-utf8.rummy       bytes that are not UTF-8: exit 2, no report
- night.rummy          two games: Ana and Caro owe each other 1400, Beto owes Caro 1400
- batch/               a.rummy (clean), sub/b.rummy (pegue), c.rummy (a.rummy again)
- amnesty-3p.rummy     a renuncia nobody called: it lapses (two notices), the call is void
- friday-bad-tag.rummy friday with [MinOpen "+71"]: its tags hold a syntax error, nothing
                       is judged (RULES.md §14): exit 2
"""

from __future__ import annotations

import io
import json
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from typer.testing import CliRunner, Result

from referee.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
EXAMPLES = ROOT.parent / "shared" / "examples"
LOGS = ROOT / "logs"

CLEAN = DATA / "clean-2p.rummy"
PEGUE = DATA / "pegue-3p.rummy"
OUTS = DATA / "eliminations-4p.rummy"
SYNTAX = DATA / "syntax-error.rummy"
NOT_UTF8 = DATA / "not-utf8.rummy"
NIGHT = DATA / "night.rummy"
BATCH = DATA / "batch"
ARGENTINO = DATA / "argentino-worked-hand-2p.rummy"
AMNESTY = DATA / "amnesty-3p.rummy"

runner = CliRunner()


def run(*args: str | Path, input: str | bytes | None = None,
        env: dict[str, str] | None = None) -> Result:
    """The typer app on ``args`` (help in English)."""
    return runner.invoke(app, [str(a) for a in args], input=input, env=env)


def audit_json(*args: str | Path) -> tuple[object, int]:
    result = run("audit", *args, "--json")
    return json.loads(result.stdout), result.exit_code


def rules_of(report: dict) -> list[tuple[str, str, str | None, int]]:  # type: ignore[type-arg]
    return [(f["kind"], f["rule"], f["player"], f["line"])
            for g in report["games"] for f in g["findings"] if f["kind"] != "notice"]


def console_script(*args: str | Path, stdin: str | None = None) -> tuple[int, str, str]:
    """``referee ARGS`` as the console script runs it (fast path, help language and all),
    in this process: (exit status, stdout, stderr)."""
    from referee.cli.entry import main

    out, err = io.StringIO(), io.StringIO()
    argv, old_stdin = sys.argv, sys.stdin
    sys.argv = ["referee", *map(str, args)]
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8")
    status: int | str | None = 0
    try:
        with redirect_stdout(out), redirect_stderr(err):
            main()
    except SystemExit as exc:
        status = exc.code
    finally:
        sys.argv, sys.stdin = argv, old_stdin
    return int(status or 0), out.getvalue(), err.getvalue()
