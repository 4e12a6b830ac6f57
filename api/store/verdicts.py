"""The verdict store: one row per verdict, written in one transaction.

:class:`VerdictStore` opens its engine and brings the schema up to date on
first use (:mod:`referee.api.store.migrations`). ``put`` inserts a verdict or
leaves the stored one alone when its id is already there (the same content);
it returns only after the commit, so an id given out is on disk.
"""

from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from referee.api.store.database import make_engine
from referee.api.store.ids import content_hash, verdict_id
from referee.api.store.migrations import migrate
from referee.api.store.schema import verdicts


class DamagedVerdictError(RuntimeError):
    """A stored row whose content no longer matches its hashes."""


def reports_text(reports: dict[str, Any]) -> str:
    return json.dumps(reports, ensure_ascii=False, separators=(",", ":"))


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class Verdict:
    """A verdict as stored: the log and knobs, who judged it, its report per language."""

    id: str
    content_hash: str
    log: str
    knobs: dict[str, str]
    referee_version: str
    reports: dict[str, dict[str, Any]]  # language -> the JSON report
    created_at: datetime

    def report(self, lang: str) -> dict[str, Any]:
        return self.reports.get(lang) or self.reports["en"]


def check(verdict: Verdict) -> None:
    """Raise :class:`DamagedVerdictError` unless the content matches the id."""
    digest = content_hash(verdict.log, verdict.knobs, verdict.referee_version)
    if digest != verdict.content_hash or verdict_id(digest) != verdict.id:
        raise DamagedVerdictError(f"verdict {verdict.id}: its content does not match its id")


def insert_verdict(conn: Connection, verdict: Verdict) -> bool:
    """Insert ``verdict`` in the transaction of ``conn`` (a live table stores its verdict
    with the change that ended its game); True when it is new, False when its id was
    stored already."""
    text = reports_text(verdict.reports)
    values = {
        "id": verdict.id, "content_hash": verdict.content_hash, "log": verdict.log,
        "knobs": json.dumps(verdict.knobs, ensure_ascii=False, sort_keys=True),
        "referee_version": verdict.referee_version, "reports": text,
        "reports_sha256": sha256(text), "created_at": verdict.created_at,
    }
    dialect = postgresql_insert if conn.dialect.name == "postgresql" else sqlite_insert
    statement = dialect(verdicts).values(**values).on_conflict_do_nothing(
        index_elements=[verdicts.c.id]).returning(verdicts.c.id)
    return conn.execute(statement).first() is not None


class VerdictStore:
    """Verdicts in the database at ``url``; safe to share between threads."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._engine: Engine | None = None
        self._lock = threading.Lock()

    def engine(self) -> Engine:
        """The engine, created and migrated on first use."""
        if self._engine is None:
            with self._lock:
                if self._engine is None:
                    engine = make_engine(self.url)
                    try:
                        migrate(engine)
                    except BaseException:
                        engine.dispose()
                        raise
                    self._engine = engine
        return self._engine

    def close(self) -> None:
        with self._lock:
            if self._engine is not None:
                self._engine.dispose()
                self._engine = None

    def put(self, verdict: Verdict) -> bool:
        """Store ``verdict``; True when it is new, False when its id was stored already."""
        with self.engine().begin() as conn:
            return insert_verdict(conn, verdict)

    def get(self, verdict_id_: str) -> Verdict | None:
        """The verdict with that id (checked whole), or None."""
        with self.engine().connect() as conn:
            row = conn.execute(select(verdicts).where(verdicts.c.id == verdict_id_)).first()
        if row is None:
            return None
        if sha256(row.reports) != row.reports_sha256:
            raise DamagedVerdictError(f"verdict {row.id}: its reports do not match their hash")
        created = row.created_at
        if created.tzinfo is None:  # SQLite keeps no zone: the store writes UTC
            created = created.replace(tzinfo=UTC)
        verdict = Verdict(
            id=row.id, content_hash=row.content_hash, log=row.log,
            knobs=json.loads(row.knobs), referee_version=row.referee_version,
            reports=json.loads(row.reports), created_at=created,
        )
        check(verdict)
        return verdict

    def exists(self, verdict_id_: str) -> bool:
        with self.engine().connect() as conn:
            found = conn.execute(select(verdicts.c.id).where(verdicts.c.id == verdict_id_))
            return found.first() is not None

    def ids(self) -> list[str]:
        """Every stored id (for checks and tests)."""
        with self.engine().connect() as conn:
            return list(conn.execute(select(verdicts.c.id).order_by(verdicts.c.id)).scalars())
