from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REFEREE_LANG", raising=False)
    monkeypatch.setenv("COLUMNS", "1000")  # no wrapping inside the lines we look for
