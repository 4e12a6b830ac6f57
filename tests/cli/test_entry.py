"""The console script: the fast reading of ``referee audit`` (no typer, pydantic or rich),
built from the same declarations as the typer app, reads a command line as typer does."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.cli.options import AUDIT, COMMANDS, parse_fast
from tests.cli import CLEAN, ROOT, runner
from tests.cli.test_audit import expected_json

AUDIT_ARGVS = [
    ["audit", "a.rummy"],
    ["audit", "a.rummy", "b.rummy", "--json"],
    ["audit", "--json", "a.rummy", "-j", "2", "--lang", "ES", "-s", "MinOpen=71",
     "--set", "RunMin=3", "--summary-csv", "out.csv"],
    ["audit", "-", "--jobs", "1", "-l", "en"],
    ["audit", "a.rummy", "--jobs", "3", "--jobs", "4", "--lang", "es", "--lang", "en"],
    ["audit", "a.rummy", "--set", "x"],
    ["audit"], ["audit", "a.rummy", "--lang", "fr"],
    ["audit", "a.rummy", "-q", "--fail-on", "renuncia", "--fail-on", "notice,log-error"],
    ["audit", "a.rummy", "--encoding", "cp1252", "--json"],
    ["audit", "-", "--encoding", "latin-1", "--encoding", "utf-16"],
    # typer's business (help, errors, forms the fast path does not read):
    ["audit", "--help"], ["audit", "a.rummy", "--jobs", "0"],
    ["audit", "a.rummy", "--jobs=2"], ["audit", "a.rummy", "-j2"], ["audit", "a.rummy", "--"],
    ["audit", "a.rummy", "--jobs"], ["audit", "a.rummy", "--fail-on"],
    ["audit", "a.rummy", "--bogus"], ["audit", "a.rummy", "--set", "--json"],
    ["audit", "a.rummy", "--encoding"], ["audit", "a.rummy", "--encoding=cp1252"],
    ["audit", "a.rummy", "--encoding", "--json"],
    ["rules"], ["--version"], [], ["--lang", "es", "audit", "a.rummy"],
]
TOKENS = ["a.rummy", "-", "--json", "--set", "MinOpen=71", "-s", "--lang", "es", "ES", "fr",
          "-l", "--jobs", "-j", "2", "0", "07", "+3", "--summary-csv", "out.csv", "--", "-j2",
          "--help", "--bogus", "DIR", "--quiet", "-q", "--fail-on", "notice", "renuncia,notice",
          "--encoding", "cp1252"]


def typer_and_fast_calls(argv: list[str], monkeypatch: pytest.MonkeyPatch,
                         folder: Path) -> tuple[dict[str, object] | None, dict[str, object] | None]:
    import inspect

    import referee.cli.commands.audit
    from referee.cli.app import app
    from referee.cli.entry import fast_arguments

    argv = [str(folder) if a == "DIR" else a for a in argv]
    calls: list[dict[str, object]] = []
    signature = inspect.signature(referee.cli.commands.audit.run_audit)

    def fake(*args: object, **kwargs: object) -> int:
        calls.append(dict(signature.bind(*args, **kwargs).arguments))
        return 0

    monkeypatch.setattr(referee.cli.commands.audit, "run_audit", fake)
    runner.invoke(app, argv)
    fast = fast_arguments(argv)
    if fast is not None:
        fast = dict(signature.bind(**fast).arguments)
    return (calls[0] if calls else None), fast


@pytest.mark.parametrize("argv", AUDIT_ARGVS, ids=" ".join)
def test_the_fast_audit_command_line_reads_as_typer_does(
        argv: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    typer_call, fast_call = typer_and_fast_calls(argv, monkeypatch, tmp_path)
    if fast_call is not None:  # else typer reads it (and may refuse it)
        assert fast_call == typer_call
    if argv[:1] == ["audit"] and not any(a.startswith("-") and a != "-" for a in argv[1:]):
        assert fast_call is not None


def test_the_fast_audit_command_line_on_random_words(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    import random

    rng = random.Random(6)
    fast = 0
    for _ in range(300):
        argv = ["audit", *rng.choices(TOKENS, k=rng.randint(1, 7))]
        typer_call, fast_call = typer_and_fast_calls(argv, monkeypatch, tmp_path)
        if fast_call is not None:
            assert fast_call == typer_call, argv
            fast += 1
    assert fast >= 30  # the fast path did read a fair share of them


def test_the_fast_reading_and_the_typer_app_come_from_one_declaration() -> None:
    """Every option the fast path reads is an option of the typer command, with the same
    names: an option added to the declaration reaches both (before: entry.py kept its
    own table of option names next to typer's signature)."""
    import typer.main

    from referee.cli.app import app

    group = typer.main.get_command(app)
    audit = group.commands["audit"]  # type: ignore[attr-defined]
    typer_opts = {opt for p in audit.params for opt in p.opts}
    declared = {decl for p in AUDIT.params for decl in p.decls}
    assert declared <= typer_opts
    assert {p.name for p in audit.params if p.name != "help"} == {p.name for p in AUDIT.params}
    for command in COMMANDS:
        typer_command = group.commands[command.name]  # type: ignore[attr-defined]
        assert {p.name for p in typer_command.params} - {"help"} == {
            p.name for p in command.params}, command.name


def test_parse_fast_gives_up_on_what_it_cannot_be_sure_of() -> None:
    assert parse_fast(AUDIT, ["a.rummy", "--jobs", "+3"]) is None  # typer reads it
    assert parse_fast(AUDIT, ["a.rummy", "--nope"]) is None
    assert parse_fast(AUDIT, ["a.rummy", "-q"]) == {
        "paths": ["a.rummy"], "as_json": False, "sets": None, "lang": None, "jobs": None,
        "summary_csv": None, "quiet": True, "fail_on": None, "encoding": None, "dask": None}
    fast = parse_fast(AUDIT, ["a.rummy", "--encoding", "cp1252"])
    assert fast is not None and fast["encoding"] == "cp1252"
    assert parse_fast(AUDIT, ["a.rummy", "--encoding"]) is None  # typer says what is missing


# What a one-game `referee audit --json` does not need: the CLI's and the web's libraries,
# and what docs/performance.md's round 4 took off its start-up (orjson before a report goes
# on, the API's typed dicts, the replay's table views, importlib.resources), nor the
# language server's pygls.
NOT_AT_START = ("typer", "pydantic", "rich", "fastapi", "uvicorn", "starlette", "orjson",
                "typing_extensions", "referee.report.schema", "referee.engine.views",
                "importlib.resources", "pygls", "lsprotocol", "referee.lsp")


def test_referee_audit_json_starts_without_typer_pydantic_or_rich() -> None:
    code = (
        "import sys\n"
        f"sys.argv = ['referee', 'audit', {str(CLEAN)!r}, '--json']\n"
        "from referee.cli.entry import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exc:\n"
        "    status = exc.code\n"
        f"heavy = [m for m in {NOT_AT_START!r} if m in sys.modules]\n"
        "sys.stderr.write(repr((status, heavy)))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_LANG"}
    # As users have it: the registry's cache of entry points written by an earlier run
    # (referee/games.py; a first run on a new path reads every distribution's metadata).
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=60)
    assert done.stderr == repr((0, [])), done.stderr
    assert done.stdout == expected_json(CLEAN)


def test_quiet_starts_without_rich_either() -> None:
    code = (
        "import sys\n"
        f"sys.argv = ['referee', 'audit', {str(CLEAN)!r}, '--quiet']\n"
        "from referee.cli.entry import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exc:\n"
        "    status = exc.code\n"
        "sys.stderr.write(repr((status, [m for m in ('typer', 'rich') if m in sys.modules])))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.stderr == repr((0, [])), done.stderr
    assert done.stdout.startswith(f"{CLEAN}: games 1, clean 1")


def test_audit_does_not_import_the_web_stack() -> None:
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from referee.cli.app import app\n"
        f"r = CliRunner().invoke(app, ['audit', {str(CLEAN)!r}, '--json'])\n"
        "assert r.exit_code in (0, 1), r.output\n"
        "bad = [m for m in ('fastapi', 'uvicorn', 'starlette') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_LANG"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_python_dash_m_referee_cli_runs_the_same_app() -> None:
    done = subprocess.run([sys.executable, "-m", "referee.cli", "audit", str(CLEAN), "--json"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["source"] == str(CLEAN)
