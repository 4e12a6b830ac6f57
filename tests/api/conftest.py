"""Fixtures: a database URL for each store (SQLite always, PostgreSQL when one answers)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.api import postgres_base_url, postgres_schema
from tests.api.browsers import api, browser, server  # noqa: F401  (the browser tests' own)

BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(autouse=True)
def _no_caller_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No REFEREE_* setting of the caller's, and a data folder of the test's own."""
    for name in ("REFEREE_LANG", "REFEREE_MAX_BODY_BYTES", "REFEREE_DATABASE_URL",
                 "REFEREE_MAX_GAMES", "REFEREE_MAX_RESPONSE_BYTES", "REFEREE_AUDIT_TIMEOUT",
                 "REFEREE_REQUEST_TIMEOUT", "REFEREE_KEEP_ALIVE_TIMEOUT", "REFEREE_WORKERS",
                 "REFEREE_TABLE_DAYS", "REFEREE_TABLE_MAX_EVENTS", "REFEREE_TABLE_RATE",
                 "REFEREE_TABLE_BODY_BYTES", "REFEREE_NIGHT_MAX_PLAYERS",
                 "REFEREE_NIGHT_MAX_TABLES", "REFEREE_NIGHT_MAX_ROUNDS",
                 "REFEREE_NIGHT_BODY_BYTES", "REFEREE_CREATE_RATE", "REFEREE_TABLE_STREAMS",
                 "REFEREE_CLIENT_STREAMS", "REFEREE_PUBLIC_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-home"))


@pytest.fixture(scope="session")
def postgres_url() -> str | None:
    return postgres_base_url()


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database: a SQLite file, or a PostgreSQL schema of its own."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'verdicts.sqlite3'}"
        return
    yield request.getfixturevalue("database_url_postgresql")


@pytest.fixture
def database_url_postgresql(postgres_url: str | None) -> Iterator[str]:
    """A fresh PostgreSQL schema, or a skip when no server answers."""
    if postgres_url is None:
        pytest.skip("no PostgreSQL answers at REFEREE_TEST_DATABASE_URL")
    with postgres_schema(postgres_url) as url:
        yield url
