"""The schema's versions, applied in order on first start (and on every later start).

Each step runs once, in the same transaction as the row that records it in
``referee_schema_versions``. Two processes starting together (two uvicorn
workers) take turns: PostgreSQL through an advisory lock, SQLite through
``BEGIN IMMEDIATE``. Steps spell out their DDL, so a later change to
:mod:`referee.api.store.schema` never rewrites an applied step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import (
    Column,
    Connection,
    DateTime,
    Engine,
    MetaData,
    String,
    Table,
    Text,
    func,
    insert,
    select,
    text,
)

from referee.api.store.schema import schema_versions

ADVISORY_LOCK_KEY = 5_151_001  # "51", the store, 1


class SchemaTooNewError(RuntimeError):
    """The database was migrated by a newer referee than this one."""


@dataclass(frozen=True, slots=True)
class Step:
    version: int
    description: str
    apply: Callable[[Connection], None]


def _create_verdicts(conn: Connection) -> None:
    table = Table(
        "verdicts",
        MetaData(),
        Column("id", String(24), primary_key=True),
        Column("content_hash", String(64), nullable=False),
        Column("log", Text, nullable=False),
        Column("knobs", Text, nullable=False),
        Column("referee_version", String(40), nullable=False),
        Column("reports", Text, nullable=False),
        Column("reports_sha256", String(64), nullable=False),
        Column("created_at", DateTime(timezone=True), nullable=False),
    )
    table.create(conn)


STEPS: tuple[Step, ...] = (
    Step(1, "verdicts: log, knobs, referee version and reports per language", _create_verdicts),
)
LATEST = STEPS[-1].version


def _lock(conn: Connection) -> None:
    if conn.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": ADVISORY_LOCK_KEY})


def current_version(conn: Connection) -> int:
    if not conn.dialect.has_table(conn, schema_versions.name):
        return 0
    return int(conn.execute(select(func.coalesce(func.max(schema_versions.c.version), 0)))
               .scalar_one())


def migrate(engine: Engine) -> int:
    """Bring the database to the latest schema; return its version."""
    with engine.begin() as conn:
        _lock(conn)
        schema_versions.create(conn, checkfirst=True)
        version = current_version(conn)
        if version > LATEST:
            raise SchemaTooNewError(
                f"the database's schema is version {version}, newer than this referee knows "
                f"({LATEST}): upgrade the referee")
        for step in STEPS:
            if step.version > version:
                step.apply(conn)
                conn.execute(insert(schema_versions).values(
                    version=step.version, description=step.description,
                    applied_at=datetime.now(UTC)))
        return max(version, LATEST)
