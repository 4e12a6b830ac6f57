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
    BigInteger,
    Boolean,
    Column,
    Connection,
    DateTime,
    Engine,
    Index,
    Integer,
    LargeBinary,
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
    """A migration of the store: its version, what it does, and the function doing it."""

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


def _create_live_tables(conn: Connection) -> None:
    meta = MetaData()
    tables = Table(
        "live_tables", meta,
        Column("id", String(24), primary_key=True),
        Column("game", String(40), nullable=False),
        Column("lang", String(8), nullable=False),
        Column("reveal", String(8), nullable=False),
        Column("players", Text, nullable=False),
        Column("tags", Text, nullable=False),
        Column("scribe_hash", String(64), nullable=False),
        Column("seq", Integer, nullable=False),
        Column("hand", Integer, nullable=False),
        Column("hand_players", Text, nullable=False),
        Column("hand_tags", Text, nullable=False),
        Column("finished", Boolean, nullable=False),
        Column("over", Boolean, nullable=False),
        Column("verdict_id", String(24), nullable=True),
        Column("events", Integer, nullable=False),
        Column("done_log", Text, nullable=False),
        Column("created_at", DateTime(timezone=True), nullable=False),
        Column("touched_at", DateTime(timezone=True), nullable=False),
    )
    Index("live_tables_touched_at", tables.c.touched_at)
    Table(
        "live_seats", meta,
        Column("table_id", String(24), primary_key=True),
        Column("player", String(80), primary_key=True),
        Column("token_hash", String(64), nullable=False),
    )
    changes = Table(
        "live_changes", meta,
        Column("table_id", String(24), primary_key=True),
        Column("seq", Integer, primary_key=True, autoincrement=False),
        Column("at", DateTime(timezone=True), nullable=False),
        Column("by", String(80), nullable=False),
        Column("action", String(16), nullable=False),
        Column("hand", Integer, nullable=False),
        Column("player", String(80), nullable=True),
        Column("text", Text, nullable=True),
        Column("line", Integer, nullable=True),
        Column("target", Integer, nullable=True),
        Column("undone_by", Integer, nullable=True),
        Column("request_key", String(64), nullable=True),
        Column("answer", LargeBinary, nullable=True),
        Column("public", LargeBinary, nullable=False),
    )
    Index("live_changes_request_key", changes.c.table_id, changes.c.by,
          changes.c.request_key, unique=True)
    meta.create_all(conn)


def _create_nights(conn: Connection) -> None:
    """The club nights' tables, and the live tables' ``hands_first``."""
    conn.execute(text("ALTER TABLE live_tables ADD COLUMN hands_first BOOLEAN NOT NULL "
                      "DEFAULT FALSE"))
    meta = MetaData()
    night = Table(
        "nights", meta,
        Column("id", String(24), primary_key=True),
        Column("name", String(200), nullable=False),
        Column("game", String(40), nullable=False),
        Column("lang", String(8), nullable=False),
        Column("reveal", String(8), nullable=False),
        Column("tags", Text, nullable=False),
        Column("sizes_min", Integer, nullable=False),
        Column("sizes_max", Integer, nullable=False),
        Column("rounds", Integer, nullable=False),
        Column("per_round", Integer, nullable=False),
        Column("seating", String(16), nullable=False),
        Column("seed", BigInteger, nullable=False),
        Column("organizer_hash", String(64), nullable=False),
        Column("seq", Integer, nullable=False),
        Column("created_at", DateTime(timezone=True), nullable=False),
        Column("touched_at", DateTime(timezone=True), nullable=False),
    )
    Index("nights_touched_at", night.c.touched_at)
    Table(
        "night_players", meta,
        Column("night_id", String(24), primary_key=True),
        Column("player", String(80), primary_key=True),
        Column("position", Integer, nullable=False),
        Column("token_hash", String(64), nullable=False),
        Column("joined", Integer, nullable=False),
        Column("withdrawn", Integer, nullable=True),
    )
    Table(
        "night_rounds", meta,
        Column("night_id", String(24), primary_key=True),
        Column("round", Integer, primary_key=True, autoincrement=False),
        Column("closed", Boolean, nullable=False),
        Column("byes", Text, nullable=False),
        Column("repeats", Integer, nullable=False),
    )
    Table(
        "night_tables", meta,
        Column("night_id", String(24), primary_key=True),
        Column("round", Integer, primary_key=True, autoincrement=False),
        Column("number", Integer, primary_key=True, autoincrement=False),
        Column("players", Text, nullable=False),
        Column("voided", Boolean, nullable=False),
        Column("reason", Text, nullable=True),
        Column("log", Text, nullable=True),
        Column("verdict_id", String(24), nullable=True),
        Column("scores", Text, nullable=False),
    )
    games = Table(
        "night_games", meta,
        Column("night_id", String(24), primary_key=True),
        Column("round", Integer, primary_key=True, autoincrement=False),
        Column("number", Integer, primary_key=True, autoincrement=False),
        Column("game", Integer, primary_key=True, autoincrement=False),
        Column("table_id", String(24), nullable=False),
    )
    Index("night_games_table", games.c.table_id)
    Table(
        "night_changes", meta,
        Column("night_id", String(24), primary_key=True),
        Column("seq", Integer, primary_key=True, autoincrement=False),
        Column("at", DateTime(timezone=True), nullable=False),
        Column("by", String(80), nullable=False),
        Column("action", String(16), nullable=False),
        Column("text", Text, nullable=True),
        Column("reason", Text, nullable=True),
    )
    meta.create_all(conn)


def _abandoned_tables(conn: Connection) -> None:
    """The live tables' ``abandoned``: a scribe gave the table up (no verdict)."""
    conn.execute(text("ALTER TABLE live_tables ADD COLUMN abandoned BOOLEAN NOT NULL "
                      "DEFAULT FALSE"))


STEPS: tuple[Step, ...] = (
    Step(1, "verdicts: log, knobs, referee version and reports per language", _create_verdicts),
    Step(2, "live tables: tables, seats and their changes (the trail)", _create_live_tables),
    Step(3, "club nights: nights, players, rounds, tables, games, trail; live tables' "
            "hands_first", _create_nights),
    Step(4, "live tables: abandoned", _abandoned_tables),
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
