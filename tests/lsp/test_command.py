"""The ``referee lsp`` command: its help in both languages, a missing pygls said, and
the CLI's start-up not paying for pygls."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.lsp import FRIDAY, ROOT, Session


def referee(*args: str, env: dict[str, str] | None = None,
            prelude: str = "") -> subprocess.CompletedProcess[str]:
    code = (f"{prelude}\nimport sys\nsys.argv = ['referee', *{list(args)!r}]\n"
            "from referee.cli.entry import main\nmain()\n")
    base = {k: v for k, v in os.environ.items() if k != "REFEREE_LANG"}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**base, **(env or {})},
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)


def test_the_help_teaches_in_english_and_in_spanish() -> None:
    english = referee("lsp", "--help")
    assert english.returncode == 0, english.stderr
    assert "Run the language server for .rummy logs" in english.stdout
    assert "--docs-url" in english.stdout and "--debounce" in english.stdout
    assert "referee lsp --lang es" in english.stdout  # the examples
    for spanish in (referee("lsp", "--help", "--lang", "es"),
                    referee("lsp", "--help", env={"REFEREE_LANG": "es"})):
        assert spanish.returncode == 0, spanish.stderr
        assert "Ejecuta el servidor de lenguaje" in spanish.stdout
    listed = referee("--help")
    assert "lsp" in listed.stdout


def test_a_missing_pygls_says_how_to_install_it() -> None:
    done = referee("lsp", prelude="import sys\nsys.modules['pygls'] = None")
    assert done.returncode == 2
    assert "referee lsp needs pygls, which is not installed: pip install 'pygls>=2'" in done.stderr
    spanish = referee("lsp", "--lang", "es", prelude="import sys\nsys.modules['pygls'] = None")
    assert "referee lsp necesita pygls" in spanish.stderr
    assert done.stdout == ""  # standard output is the protocol's


def test_the_command_line_imports_pygls_only_for_lsp() -> None:
    code = ("import sys\nfrom referee.cli.app import build_app\nbuild_app('en')\n"
            "print([m for m in ('pygls', 'lsprotocol', 'referee.lsp') if m in sys.modules])")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.stdout.strip() == "[]", done.stderr


def test_the_installed_script_serves_and_takes_its_options() -> None:
    script = Path(sys.executable).parent / "referee"
    if not script.exists():
        pytest.skip("no installed referee script beside this Python")
    server = Session(command=(str(script), "lsp"),
                     args=("--lang", "es", "--docs-url", "http://docs.example/", "--debounce",
                           "10"), options={})
    try:
        diagnostics = server.open(FRIDAY)
        assert {d.code_description.href for d in diagnostics if d.code_description} == {
            "http://docs.example/rules/51/#discard-pegue",
            "http://docs.example/rules/51/#missed-call"}
        assert server.stats()[FRIDAY.resolve().as_uri()]["lang"] == "es"
    finally:
        server.close()
