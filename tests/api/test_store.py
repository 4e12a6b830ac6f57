"""The store itself: schema versions, first start, concurrent starts, damaged rows."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from sqlalchemy import text

from referee.api.judge import judge
from referee.api.settings import Settings, default_database_url
from referee.api.store.database import DatabaseUrlError, make_engine, normalize_url
from referee.api.store.migrations import LATEST, SchemaTooNewError, migrate
from referee.api.store.verdicts import DamagedVerdictError, VerdictStore
from tests.api import FRIDAY


def test_the_schema_is_created_on_first_start_and_kept_after(database_url: str) -> None:
    engine = make_engine(database_url)
    assert migrate(engine) == LATEST
    assert migrate(engine) == LATEST  # a second start changes nothing
    with engine.connect() as conn:
        versions = conn.execute(text("SELECT version FROM referee_schema_versions")).scalars()
        assert list(versions) == list(range(1, LATEST + 1))
    engine.dispose()


def test_processes_starting_together_migrate_once(database_url: str) -> None:
    engines = [make_engine(database_url) for _ in range(4)]
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(migrate, engines)) == [LATEST] * 4
    with engines[0].connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM referee_schema_versions")) \
            .scalar_one() == LATEST
    for engine in engines:
        engine.dispose()


def test_a_newer_schema_is_refused(database_url: str) -> None:
    engine = make_engine(database_url)
    migrate(engine)
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO referee_schema_versions VALUES "
                          "(99, 'from the future', CURRENT_TIMESTAMP)"))
    with pytest.raises(SchemaTooNewError, match="99"):
        migrate(engine)
    engine.dispose()


def test_put_get_and_a_damaged_row_is_noticed(database_url: str) -> None:
    store = VerdictStore(database_url)
    verdict = judge(FRIDAY.read_text(), {"MinOpen": "71"})
    assert store.put(verdict) is True and store.put(verdict) is False
    again = store.get(verdict.id)
    assert again is not None and again.reports == verdict.reports
    assert again.knobs == {"MinOpen": "71"} and again.created_at.tzinfo is not None
    assert store.get("c" * 24) is None and store.ids() == [verdict.id]
    with store.engine().begin() as conn:
        conn.execute(text("UPDATE verdicts SET log = log || ' ' WHERE id = :id"),
                     {"id": verdict.id})
    with pytest.raises(DamagedVerdictError):
        store.get(verdict.id)
    with store.engine().begin() as conn:
        conn.execute(text("UPDATE verdicts SET log = :log, reports = reports || ' ' "
                          "WHERE id = :id"), {"id": verdict.id, "log": verdict.log})
    with pytest.raises(DamagedVerdictError):
        store.get(verdict.id)
    store.close()


def test_sqlite_runs_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path}/deep/folder/v.db")  # the folder is made
    with engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar_one() == "wal"
        assert conn.execute(text("PRAGMA synchronous")).scalar_one() == 2  # FULL
    engine.dispose()


def test_urls_and_the_default_database(monkeypatch: pytest.MonkeyPatch) -> None:
    assert normalize_url("postgresql://u@h:5432/db").startswith("postgresql+psycopg://")
    assert normalize_url("postgres://u@h/db").startswith("postgresql+psycopg://")
    assert normalize_url("sqlite:////tmp/x.db") == "sqlite:////tmp/x.db"
    for bad in ("mysql://u@h/db", "not a url"):
        with pytest.raises(DatabaseUrlError):
            normalize_url(bad)
    monkeypatch.setenv("XDG_DATA_HOME", "/srv/data")
    assert default_database_url() == "sqlite:////srv/data/referee51/verdicts.sqlite3"
    assert Settings().database_url == default_database_url()
    monkeypatch.setenv("REFEREE_DATABASE_URL", "postgres://p@127.0.0.1/test")
    assert Settings().database_url == "postgresql+psycopg://p@127.0.0.1/test"
