"""The install puts one package, ``referee``, into site-packages.

The top-level folders ``cli/``, ``api/`` and ``grammar/`` install as
``referee.cli``, ``referee.api`` and ``referee.grammar`` (pyproject's
``package-dir``); pyproject lists every package explicitly, so a new
sub-package must be added there: the first test says which.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAPPED = {"referee.cli": "cli", "referee.api": "api", "referee.grammar": "grammar",
          "referee.lsp": "lsp"}


def pyproject() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)


def folder_packages() -> set[str]:
    """Every folder holding an ``__init__.py``, by the name it installs under."""
    found: set[str] = set()
    for top, name in [("referee", "referee"), *((folder, pkg) for pkg, folder in MAPPED.items())]:
        for init in (ROOT / top).rglob("__init__.py"):
            parts = init.parent.relative_to(ROOT / top).parts
            found.add(".".join((name, *parts)))
    return found


def test_every_package_folder_is_listed_in_pyproject() -> None:
    tool = pyproject()["tool"]
    assert isinstance(tool, dict)
    listed = set(tool["setuptools"]["packages"])
    assert listed == folder_packages()
    assert tool["setuptools"]["package-dir"] == MAPPED


def test_the_console_script_is_in_the_namespace() -> None:
    project = pyproject()["project"]
    assert isinstance(project, dict)
    assert project["scripts"]["referee"] == "referee.cli.entry:main"



def test_the_wheel_holds_only_the_referee_package(tmp_path: Path) -> None:
    # Built from a copy: setuptools writes a build/ folder next to the sources.
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "*.egg-info", "__pycache__", ".*_cache"))
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w",
         str(tmp_path)], capture_output=True, text=True, timeout=600)
    if build.returncode != 0:
        pytest.skip("no wheel could be built here: " + build.stderr[-300:])
    wheel = next(tmp_path.glob("referee51-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/")[0] for name in names if not name.split("/")[0].endswith(".dist-info")}
    assert tops == {"referee"}
    assert "referee/grammar/rummy.lark" in names
    assert {f"referee/grammar/decks/{deck}/cards.lark"
            for deck in ("french", "spanish-48", "spanish-40")} <= set(names)
    assert "referee/cli/app.py" in names and "referee/api/app.py" in names
    assert "referee/api/templates/page.html" in names and "referee/api/static/referee.js" in names
