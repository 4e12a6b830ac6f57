"""Test options: ``--run-slow`` runs the tests marked ``slow`` (big simulated runs)."""

from __future__ import annotations

from pathlib import Path

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--run-slow", action="store_true", default=False,
                     help="also run tests marked slow (thousands of simulated games)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --run-slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test keeps the referee's files (the verdicts' SQLite store) in a folder of its
    session, never in the user's ``~/.local/share``: a test must not depend on, or change,
    a store another version of the referee left there."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-home"))
