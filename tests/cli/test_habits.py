"""The CLI's habits (issue 13, item 5): each test says what the command did before.

Standard input without ``-``, no ``<bool>`` placeholders, ``-V``, shell completion,
``--quiet`` and ``--fail-on``, a port in use, output paths checked first, the verdict
on a narrow terminal, one meaning of "renuncias", the bajada message, help and errors
in Spanish, unknown languages, ``.RUMMY``.
"""

from __future__ import annotations

import csv
import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from referee.cli.options import COMMANDS
from tests.cli import (
    AMNESTY,
    BATCH,
    CLEAN,
    NIGHT,
    OUTS,
    PEGUE,
    ROOT,
    console_script,
    run,
)

# ----------------------------------------------------------------------------- standard input


def test_audit_reads_standard_input_when_no_path_is_given() -> None:
    """Before: ``referee audit < file`` was 'Missing argument PATH...' (exit 2)."""
    result = run("audit", "--json", input=PEGUE.read_bytes())
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)
    assert report["source"] == "<stdin>"
    assert report["games"][0]["players"] == ["Jaime", "Nora", "Karen"]


def test_the_console_script_reads_standard_input_too() -> None:
    status, out, _ = console_script("audit", "--quiet", stdin=CLEAN.read_text("utf-8"))
    assert status == 0
    assert out == "<stdin>: games 1, clean 1, renuncias 0, log errors 0, syntax errors 0\n"


def test_no_path_on_a_terminal_says_how_to_give_one(monkeypatch: pytest.MonkeyPatch) -> None:
    import referee.cli.common

    monkeypatch.setattr(referee.cli.common, "stdin_is_terminal", lambda: True)
    result = run("audit")
    assert result.exit_code == 2
    assert "no log given" in result.stderr and "referee audit < friday.rummy" in result.stderr


# ----------------------------------------------------------------------------- help


@pytest.mark.parametrize("command", [c.name for c in COMMANDS] + [""])
def test_help_shows_no_type_placeholders(command: str) -> None:
    """Before: ``--json <bool>``, ``PATH <list[str]>``, ``--jobs <int range>``."""
    result = run(*([command] if command else []), "--help")
    assert result.exit_code == 0
    assert not re.search(r"<(bool|list\[str\]|str|int|int range|path)>", result.stdout), \
        result.stdout


def test_shell_completion_is_offered() -> None:
    """Before: no --install-completion or --show-completion."""
    top = run("--help").stdout
    assert "--install-completion" in top and "--show-completion" in top
    # The shell named, not guessed: typer guesses it from the parent processes, and a test
    # run started by no shell (a CI runner, nohup) gave none, so the script was empty.
    env = dict(os.environ, _TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION="1")
    shown = subprocess.run([sys.executable, "-m", "referee.cli", "--show-completion", "bash"],
                           env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0 and "_REFEREE_COMPLETE" in shown.stdout


def test_shell_completion_completes_commands_and_options() -> None:
    def complete(words: str) -> list[str]:
        env = dict(os.environ, _REFEREE_COMPLETE="complete_bash", COMP_WORDS=words,
                   COMP_CWORD=str(len(words.split()) - 1))
        done = subprocess.run([sys.executable, "-m", "referee.cli"], env=env, cwd=ROOT,
                              capture_output=True, text=True, timeout=60)
        return done.stdout.split()

    assert complete("referee st") == ["standings"]
    assert complete("referee audit --fa") == ["--fail-on"]


# ----------------------------------------------------------------------------- --quiet, --fail-on


def test_quiet_prints_only_the_summary_lines() -> None:
    """Before: no --quiet; a folder printed every game, the table and the duplicates."""
    result = run("audit", BATCH, "--quiet")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{BATCH / 'a.rummy'}: games 1, clean 1, renuncias 0, log errors 0, syntax errors 0",
        f"{BATCH / 'c.rummy'}: games 1, clean 1, renuncias 0, log errors 0, syntax errors 0",
        f"{BATCH / 'sub' / 'b.rummy'}: games 1, clean 0, renuncias 1, log errors 0, "
        "syntax errors 0",
        "Total: 3 files, games 3, clean 2, renuncias 1, log errors 0, syntax errors 0, "
        "duplicates 1",
    ]


def test_quiet_and_json_do_not_go_together() -> None:
    result = run("audit", CLEAN, "--quiet", "--json")
    assert result.exit_code == 2 and "--quiet and --json" in result.stderr


@pytest.mark.parametrize("fail_on, status", [
    ([], 1),  # the default: renuncias and log errors
    (["--fail-on", "renuncia"], 1),
    (["--fail-on", "log-error"], 0),  # the renuncia no longer fails the run
    (["--fail-on", "notice"], 1),  # the two notices do
    (["--fail-on", "log-error,notice"], 1),
    (["--fail-on", "log-error", "--fail-on", "NOTICE"], 1),
])
def test_fail_on_chooses_which_findings_make_exit_1(fail_on: list[str], status: int) -> None:
    """Before: no --fail-on; always 1 for a renuncia or a log error, never for a notice."""
    result = run("audit", AMNESTY, "--quiet", *fail_on)
    assert result.exit_code == status, result.output


def test_fail_on_keeps_2_for_syntax_errors_and_refuses_unknown_kinds(tmp_path: Path) -> None:
    assert run("audit", ROOT / "tests" / "data" / "syntax-error.rummy", "-q",
               "--fail-on", "notice").exit_code == 2
    bad = run("audit", CLEAN, "--fail-on", "typo")
    assert bad.exit_code == 2 and "--fail-on takes renuncia, log-error or notice" in bad.stderr


# ----------------------------------------------------------------------------- serve


def test_serve_on_a_port_in_use_is_exit_2_with_a_message() -> None:
    """Before: uvicorn logged the error and the command exited 1."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        result = run("serve", "--port", str(port))
    assert result.exit_code == 2
    assert f"port {port} on 127.0.0.1 is already in use" in result.stderr


# ----------------------------------------------------------------------------- output paths


def test_an_output_path_is_checked_before_the_batch(tmp_path: Path) -> None:
    """Before: the whole batch ran and printed, then the CSV failed at the end."""
    target = tmp_path / "missing" / "night.csv"
    result = run("audit", BATCH, "--summary-csv", target)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert f"the folder {tmp_path / 'missing'} does not exist" in result.stderr
    folder = run("simulate", "-o", tmp_path)
    assert folder.exit_code == 2


# ----------------------------------------------------------------------------- the human report


@pytest.mark.parametrize("lang, verdict", [("en", "not clean"), ("es", "con faltas")])
def test_the_verdict_shows_on_a_60_column_terminal(lang: str, verdict: str) -> None:
    """Before: the verdict came last on the game's rule and a narrow terminal cut it off
    ('Game 1 · line 4 · Hugo, Rita, Pablo, Nora · ruleset 51 · …')."""
    result = run("audit", OUTS, "--lang", lang, env={"COLUMNS": "60"})
    first = result.stdout.splitlines()[0]
    assert len(first) <= 60
    assert verdict in first


def test_renuncias_count_the_same_thing_everywhere(tmp_path: Path) -> None:
    """Renuncias are renuncia findings in the batch table, each file's line and the CSV.
    Before: the table counted games with renuncias (1 here), the line findings (2)."""
    target = tmp_path / "night.csv"
    result = run("audit", NIGHT, CLEAN, "--summary-csv", target)
    assert f"{NIGHT}: games 2, clean 1, renuncias 2" in result.stdout
    row = next(line for line in result.stdout.splitlines() if line.strip().startswith("night"))
    assert row.split()[1:4] == ["2", "1", "2"]  # games, clean, renuncias
    rows = list(csv.DictReader(target.open(encoding="utf-8")))
    assert sum(int(r["renuncias"]) for r in rows if r["file"] == str(NIGHT)) == 2


def test_the_bajada_message_says_what_it_counts() -> None:
    """Before: 'Caro went down with 63 points, under the minimum of 71' while 19 of those
    points were laid off on other players' melds (LayoffsCount)."""
    from tests.variants.la51.rulings import layoffs_count_log

    text = layoffs_count_log({"MinOpen": "71"})
    en = json.loads(run("audit", "-", "--json", input=text).stdout)
    es = json.loads(run("audit", "-", "--json", "--lang", "es", input=text).stdout)
    messages = [f["message"] for f in en["games"][0]["findings"]]
    assert messages == [
        "Beto went down with 56 points, under the minimum of 71",
        "Caro went down with 63 points (44 in melds, 19 laid off on others' melds), "
        "under the minimum of 71"]
    assert es["games"][0]["findings"][1]["message"] == (
        "Caro se bajó con 63 puntos (44 en juegos, 19 pegados en juegos ajenos), menos del "
        "mínimo de 71")


# ----------------------------------------------------------------------------- languages


def test_help_in_spanish_with_lang_or_referee_lang(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: the help was English whatever --lang or REFEREE_LANG said."""
    status, out, _ = console_script("audit", "--help", "--lang", "es")
    assert status == 0
    assert "Audita registros de partidas" in out and "Opciones" in out and "Ejemplos" in out
    assert "Uso: referee audit [OPCIONES]" in out and "Muestra esta ayuda y termina." in out
    monkeypatch.setenv("REFEREE_LANG", "es")
    status, out, _ = console_script("--help")
    assert "Comandos" in out and "Clasificación de varios registros" in out


@pytest.mark.parametrize("args, words", [
    (["audit", "x.rummy", "--bogus"], "No existe la opción --bogus"),
    (["audit", "x.rummy", "--jobs", "0"], "debe ser mayor o igual que 1"),
    (["audit", "x.rummy", "--jobs", "two"], "se esperaba un número entero"),
    (["replay", "--at", "3"], "Falta el argumento 'FILE'."),
    (["bogus"], "No existe el comando 'bogus'."),
    ([], "Falta el comando."),
])
def test_usage_errors_in_spanish(args: list[str], words: str) -> None:
    """Before: click's usage errors were English whatever the language."""
    status, _, err = console_script(*args, "--lang", "es")
    assert status == 2
    assert words in err and "Pruebe" in err, err


def test_an_unknown_language_is_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: --lang fr was a usage error, REFEREE_LANG=fr silently English."""
    result = run("audit", CLEAN, "--lang", "fr")
    assert result.exit_code == 0
    assert "warning: unknown language 'fr' (known: en, es): using English" in result.stderr
    assert "Winner: Wilson" in result.stdout
    monkeypatch.setenv("REFEREE_LANG", "klingon")
    status, _, err = console_script("audit", CLEAN, "--quiet")
    assert status == 0 and "unknown language 'klingon'" in err


def test_a_lang_before_the_command_counts() -> None:
    result = run("--lang", "es", "audit", CLEAN)
    assert "Partida 1" in result.stdout


def test_folder_scans_take_rummy_in_any_case(tmp_path: Path) -> None:
    """Before: only ``*.rummy`` (lower case) was found in a folder."""
    (tmp_path / "A.RUMMY").write_bytes(CLEAN.read_bytes())
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.Rummy").write_bytes(PEGUE.read_bytes())
    (tmp_path / "notes.txt").write_text("not a log", encoding="utf-8")
    result = run("audit", tmp_path, "--json")
    assert [r["source"] for r in json.loads(result.stdout)] == [
        str(tmp_path / "A.RUMMY"), str(tmp_path / "sub" / "b.Rummy")]
