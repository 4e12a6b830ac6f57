"""The code base stays ruff- and mypy-clean: both run as part of the test suite.

mypy runs strict on the package as it is installed: ``cli/``, ``api/`` and
``grammar/`` are ``referee.cli``, ``referee.api`` and ``referee.grammar``
(pyproject's ``package-dir``). mypy cannot map a folder to another package name,
so the test builds a tree of symlinks with that layout and checks it, with the
documentation site's generator (``docsite/``) beside it. The game plugin of
``examples/plugin-game`` (``mini_rummy``) is checked with it, as the package it installs.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAPPED = ("cli", "api", "grammar", "lsp")  # top-level folders installed under referee.
PLUGIN = ROOT / "examples" / "plugin-game" / "mini_rummy"  # the tutorial's game plugin


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=900)


def test_ruff_is_clean() -> None:
    pytest.importorskip("ruff")
    result = run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def installed_layout(where: Path) -> Path:
    """A tree of symlinks laid out as the package installs: ``where/referee``."""
    package = where / "referee"
    package.mkdir()
    for entry in (ROOT / "referee").iterdir():
        if entry.name != "__pycache__":
            (package / entry.name).symlink_to(entry)
    for name in MAPPED:
        (package / name).symlink_to(ROOT / name)
    (where / "docsite").symlink_to(ROOT / "docsite")
    (where / PLUGIN.name).symlink_to(PLUGIN)
    return where


def test_mypy_strict_is_clean(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    tree = installed_layout(tmp_path)
    result = run("mypy", "--config-file", str(ROOT / "pyproject.toml"),
                 "--cache-dir", str(ROOT / ".mypy_cache"), "-p", "referee", "-p", "docsite",
                 "-p", PLUGIN.name,
                 cwd=tree)
    assert result.returncode == 0, result.stdout + result.stderr
