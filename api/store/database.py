"""The SQLAlchemy engine for a database URL: SQLite tuned for safe commits, or PostgreSQL.

SQLite runs in WAL mode with ``synchronous=FULL``: a commit that returned is on
disk, so a server killed right after answering loses nothing it acknowledged.
Every SQLite transaction starts with ``BEGIN IMMEDIATE`` (writers queue on the
busy timeout instead of failing on a lock upgrade; DDL is transactional), except
on a connection marked read-only (:func:`reading`), which reads a snapshot of the
WAL without waiting for the writers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, Connection, make_url
from sqlalchemy.exc import ArgumentError

BUSY_TIMEOUT_MS = 30_000
READ_ONLY = "referee_read_only"  # an execution option: this connection only reads


class DatabaseUrlError(ValueError):
    """A ``REFEREE_DATABASE_URL`` that names no database the referee can use."""


def normalize_url(text: str) -> str:
    """``postgres://`` and ``postgresql://`` use psycopg (version 3); SQLite and
    PostgreSQL are the databases supported."""
    try:
        url = make_url(text.strip())
    except ArgumentError:
        raise DatabaseUrlError(f"not a database URL: {text!r} (expected sqlite:///PATH or "
                               "postgresql://USER@HOST:PORT/DATABASE)") from None
    backend, _, driver = url.drivername.partition("+")
    if backend == "postgres":
        backend = "postgresql"
    if backend == "postgresql" and driver in ("", "psycopg2"):
        driver = "psycopg"
    if backend not in ("sqlite", "postgresql"):
        raise DatabaseUrlError(f"unsupported database {url.drivername!r}: use sqlite or "
                               "postgresql")
    url = url.set(drivername=f"{backend}+{driver}" if driver else backend)
    return url.render_as_string(hide_password=False)


def _sqlite_file(url: URL) -> Path | None:
    database = url.database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(database)


def _tune_sqlite(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # SQLAlchemy emits BEGIN itself (below)
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        _set_wal(cursor)
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        if connection.get_execution_options().get(READ_ONLY):
            connection.exec_driver_sql("BEGIN")  # a reader: WAL gives it a snapshot, no lock
        else:
            connection.exec_driver_sql("BEGIN IMMEDIATE")


def _set_wal(cursor: Any) -> None:
    """``PRAGMA journal_mode = WAL``. Switching a new file to WAL takes a lock that SQLite's
    busy timeout does not wait for: processes that open a new store together (each
    server worker) may find it taken for a moment, so the switch is tried again until
    the busy timeout has passed."""
    import sqlite3
    import time

    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            cursor.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def make_engine(url_text: str) -> Engine:
    """An engine for ``url_text`` (already normalized); the SQLite file's folder is created."""
    url = make_url(normalize_url(url_text))
    if url.get_backend_name() == "sqlite":
        path = _sqlite_file(url)
        if path is not None:
            path.expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
        _tune_sqlite(engine)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=8, max_overflow=8)


def reading(engine: Engine) -> Connection:
    """A connection that only reads (with SQLite: a plain ``BEGIN``, no write lock)."""
    return engine.connect().execution_options(**{READ_ONLY: True})


def describe(url_text: str) -> str:
    """The URL without its password, for messages."""
    return make_url(url_text).render_as_string(hide_password=True)
