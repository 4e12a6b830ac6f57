"""The code base stays ruff- and mypy-clean: both run as part of the test suite."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)


def test_ruff_is_clean() -> None:
    pytest.importorskip("ruff")
    result = run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean() -> None:
    pytest.importorskip("mypy")
    result = run("mypy", "referee", "cli", "api")
    assert result.returncode == 0, result.stdout + result.stderr
