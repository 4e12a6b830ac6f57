"""Live tables in the verdicts' database: a table's row, its seats, its changes.

Every change is one transaction (:meth:`LiveStore.commit`): the table's row moves
from the ``seq`` the change was judged on to the next one only if nobody moved
it in between (otherwise :class:`StaleError`, and nothing is written), the change's
row is inserted (with the stream's message and, for a request with a key, the
answer given), an undo marks the change it removed, and the verdict of a game
that ended is stored with it. The answer is given only after the commit. With
PostgreSQL the same transaction notifies the other workers (``NOTIFY``).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Engine, delete, func, insert, select, text, update

from referee.api.store.database import reading
from referee.api.store.schema import live_changes, live_seats, live_tables
from referee.api.store.verdicts import Verdict, VerdictStore, insert_verdict

CHANNEL = "referee_live"
LIGHT = (live_changes.c.seq, live_changes.c.at, live_changes.c.by, live_changes.c.action,
         live_changes.c.hand, live_changes.c.player, live_changes.c.text, live_changes.c.line,
         live_changes.c.target, live_changes.c.undone_by)


class StaleError(Exception):
    """The table moved on after the change was judged."""


class RateError(Exception):
    """Too many changes to one table in the last second."""


def pack(data: Any) -> bytes:
    return zlib.compress(json.dumps(data, ensure_ascii=False, separators=(",", ":"))
                         .encode("utf-8"), 6)


def unpack(data: bytes) -> Any:
    return json.loads(zlib.decompress(data).decode("utf-8"))


def utc(moment: datetime) -> datetime:
    """SQLite keeps no zone: the store writes UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


@dataclass(slots=True)
class TableRow:
    """A live table as stored."""

    id: str
    game: str
    lang: str
    reveal: str
    players: list[str]
    tags: list[tuple[str, str]]
    scribe_hash: str
    seq: int
    hand: int
    hand_players: list[str]
    hand_tags: list[tuple[str, str]]
    finished: bool
    over: bool
    verdict_id: str | None
    events: int
    done_log: str
    created_at: datetime
    touched_at: datetime
    seats: dict[str, str] = field(default_factory=dict)  # player -> token hash
    hands_first: bool = False  # each seat gives its hand before its first event
    abandoned: bool = False  # the scribe gave the table up: no more changes, no verdict


@dataclass(frozen=True, slots=True)
class ChangeRow:
    """A change of a live table as stored in its trail."""

    seq: int
    at: datetime
    by: str
    action: str
    hand: int
    player: str | None
    text: str | None
    line: int | None
    target: int | None
    undone_by: int | None


@dataclass(slots=True)
class Snapshot:
    """A table as it stood when read: its row and the changes of its current hand."""

    table: TableRow
    changes: list[ChangeRow]


@dataclass(slots=True)
class Commit:
    """One change to write: the row's new values, the change, what it undoes, a verdict."""

    table_id: str
    old_seq: int
    updates: dict[str, Any]
    change: dict[str, Any]
    undo: int | None = None
    verdict: Verdict | None = None
    seat: tuple[str, str] | None = None  # a seat's new token: (player, its hash)


def _table_row(row: Any) -> TableRow:
    return TableRow(
        id=row.id, game=row.game, lang=row.lang, reveal=row.reveal,
        players=json.loads(row.players), tags=[tuple(t) for t in json.loads(row.tags)],
        scribe_hash=row.scribe_hash, seq=row.seq, hand=row.hand,
        hand_players=json.loads(row.hand_players),
        hand_tags=[tuple(t) for t in json.loads(row.hand_tags)],
        finished=bool(row.finished), over=bool(row.over), verdict_id=row.verdict_id,
        events=row.events, done_log=row.done_log, created_at=utc(row.created_at),
        touched_at=utc(row.touched_at), hands_first=bool(row.hands_first),
        abandoned=bool(row.abandoned))


def _change_row(row: Any) -> ChangeRow:
    return ChangeRow(seq=row.seq, at=utc(row.at), by=row.by, action=row.action, hand=row.hand,
                     player=row.player, text=row.text, line=row.line, target=row.target,
                     undone_by=row.undone_by)


def table_values(table: TableRow) -> dict[str, Any]:
    """A new table's row."""
    return _row_values({
        "id": table.id, "game": table.game, "lang": table.lang, "reveal": table.reveal,
        "players": table.players, "tags": table.tags, "scribe_hash": table.scribe_hash,
        "seq": table.seq, "hand": table.hand, "hand_players": table.hand_players,
        "hand_tags": table.hand_tags, "finished": table.finished, "over": table.over,
        "verdict_id": table.verdict_id, "events": table.events, "done_log": table.done_log,
        "created_at": table.created_at, "touched_at": table.touched_at,
        "hands_first": table.hands_first, "abandoned": table.abandoned,
    })


JSON_COLUMNS = ("players", "tags", "hand_players", "hand_tags")


def _row_values(updates: dict[str, Any]) -> dict[str, Any]:
    """A table's new values as its row holds them (lists as JSON)."""
    return {name: json.dumps(value, ensure_ascii=False) if name in JSON_COLUMNS else value
            for name, value in updates.items()}


class LiveStore:
    """The live tables of the database the verdicts are in (the same engine)."""

    def __init__(self, verdicts: VerdictStore) -> None:
        self.verdicts = verdicts

    def engine(self) -> Engine:
        return self.verdicts.engine()

    @property
    def postgresql(self) -> bool:
        return self.engine().dialect.name == "postgresql"

    # -- tables ------------------------------------------------------------------------

    def create(self, table: TableRow) -> None:
        with self.engine().begin() as conn:
            insert_table(conn, table)

    def load(self, table_id: str) -> Snapshot | None:
        """The table and its current hand's changes, read in one transaction."""
        return self.load_since(table_id, -1, -1)

    def row(self, table_id: str) -> TableRow | None:
        """The table's row alone (its seats not read)."""
        with reading(self.engine()) as conn:
            row = conn.execute(select(live_tables).where(live_tables.c.id == table_id)).first()
            return None if row is None else _table_row(row)

    def load_since(self, table_id: str, hand: int, after: int) -> Snapshot | None:
        """The table, and the changes of ``hand`` after ``after`` (all of its current hand's
        when that is not ``hand``), read in one transaction: what a snapshot held at
        ``after`` needs to be brought up to date (:mod:`referee.api.live.cache`)."""
        with reading(self.engine()) as conn:
            row = conn.execute(select(live_tables).where(live_tables.c.id == table_id)).first()
            if row is None:
                return None
            table = _table_row(row)
            seats = conn.execute(select(live_seats.c.player, live_seats.c.token_hash)
                                 .where(live_seats.c.table_id == table_id))
            table.seats = {player: digest for player, digest in seats}
            since = after if table.hand == hand else -1
            rows = conn.execute(select(*LIGHT).where(live_changes.c.table_id == table_id,
                                                     live_changes.c.hand == table.hand,
                                                     live_changes.c.seq > since)
                                .order_by(live_changes.c.seq))
            return Snapshot(table, [_change_row(r) for r in rows])

    def answer_of(self, table_id: str, by: str, key: str) -> tuple[str | None, bytes] | None:
        """The text and the answer of the change ``by`` posted with ``key``, if any."""
        with reading(self.engine()) as conn:
            row = conn.execute(select(live_changes.c.text, live_changes.c.answer).where(
                live_changes.c.table_id == table_id, live_changes.c.by == by,
                live_changes.c.request_key == key)).first()
        if row is None or row.answer is None:
            return None
        return row.text, bytes(row.answer)

    # -- changes -----------------------------------------------------------------------

    def commit(self, commit: Commit, rate: int, now: datetime) -> None:
        """Write ``commit`` in one transaction; :class:`StaleError` when the table's
        ``seq`` is no longer ``commit.old_seq``, :class:`RateError` past ``rate``
        changes in the last second (nothing is written then)."""
        with self.engine().begin() as conn:
            moved = conn.execute(update(live_tables).where(
                live_tables.c.id == commit.table_id, live_tables.c.seq == commit.old_seq)
                .values(**_row_values(commit.updates)))
            if moved.rowcount != 1:
                raise StaleError(commit.table_id)
            if self._too_fast(conn, commit.table_id, rate, now):
                raise RateError(commit.table_id)
            conn.execute(insert(live_changes).values(table_id=commit.table_id,
                                                     **commit.change))
            if commit.undo is not None:
                conn.execute(update(live_changes).where(
                    live_changes.c.table_id == commit.table_id,
                    live_changes.c.seq == commit.undo).values(undone_by=commit.change["seq"]))
            if commit.seat is not None:
                replace_seat(conn, commit.table_id, *commit.seat)
            if commit.verdict is not None:
                insert_verdict(conn, commit.verdict)
            if conn.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                             {"channel": CHANNEL,
                              "payload": f"{commit.table_id}:{commit.change['seq']}"})

    def wake_listeners(self) -> None:
        """An empty ``NOTIFY``: every listener's wait ends now (one stopping need not wait
        out its timeout); a listener takes no table from it."""
        if self.postgresql:
            with self.engine().begin() as conn:
                conn.execute(text("SELECT pg_notify(:channel, '')"), {"channel": CHANNEL})

    @staticmethod
    def _too_fast(conn: Connection, table_id: str, rate: int, now: datetime) -> bool:
        """``rate`` changes already in the second before ``now``."""
        oldest = conn.execute(select(live_changes.c.at)
                              .where(live_changes.c.table_id == table_id)
                              .order_by(live_changes.c.seq.desc())
                              .offset(rate - 1).limit(1)).scalar()
        return oldest is not None and utc(oldest) > now - timedelta(seconds=1)

    def public_after(self, table_id: str, after: int,
                     limit: int) -> list[tuple[int, str, bytes]]:
        """The stream's messages after ``after``: (seq, action, packed message)."""
        with reading(self.engine()) as conn:
            rows = conn.execute(select(live_changes.c.seq, live_changes.c.action,
                                       live_changes.c.public)
                                .where(live_changes.c.table_id == table_id,
                                       live_changes.c.seq > after)
                                .order_by(live_changes.c.seq).limit(limit))
            return [(r.seq, r.action, bytes(r.public)) for r in rows]

    def trail(self, table_id: str, after: int, limit: int) -> list[ChangeRow]:
        with reading(self.engine()) as conn:
            rows = conn.execute(select(*LIGHT).where(live_changes.c.table_id == table_id,
                                                     live_changes.c.seq > after)
                                .order_by(live_changes.c.seq).limit(limit))
            return [_change_row(r) for r in rows]

    def seqs(self, table_ids: Iterable[str]) -> dict[str, int]:
        """The ``seq`` of each table (a cheap poll of the tables watched)."""
        ids = list(table_ids)
        if not ids:
            return {}
        with reading(self.engine()) as conn:
            rows = conn.execute(select(live_tables.c.id, live_tables.c.seq)
                                .where(live_tables.c.id.in_(ids)))
            return {r.id: r.seq for r in rows}

    # -- idle tables -------------------------------------------------------------------

    def sweep(self, idle_before: datetime) -> int:
        """Delete the tables with no change since ``idle_before``; how many were."""
        with self.engine().begin() as conn:
            old = list(conn.execute(select(live_tables.c.id)
                                    .where(live_tables.c.touched_at < idle_before)).scalars())
            for chunk in _chunks(old, 500):
                conn.execute(delete(live_changes).where(live_changes.c.table_id.in_(chunk)))
                conn.execute(delete(live_seats).where(live_seats.c.table_id.in_(chunk)))
                conn.execute(delete(live_tables).where(live_tables.c.id.in_(chunk)))
            return len(old)

    def count(self) -> int:
        with reading(self.engine()) as conn:
            return int(conn.execute(select(func.count()).select_from(live_tables)).scalar_one())


def insert_table(conn: Connection, table: TableRow) -> None:
    """A new table and its seats, in the transaction of ``conn`` (a club night seats a
    round's tables in one transaction)."""
    conn.execute(insert(live_tables).values(**table_values(table)))
    if table.seats:
        conn.execute(insert(live_seats), [
            {"table_id": table.id, "player": player, "token_hash": digest}
            for player, digest in table.seats.items()])


def replace_seat(conn: Connection, table_id: str, player: str, digest: str) -> None:
    """The seat of ``player`` opened by the token of hash ``digest`` from now on (its
    old token opens nothing)."""
    moved = conn.execute(update(live_seats).where(
        live_seats.c.table_id == table_id, live_seats.c.player == player)
        .values(token_hash=digest))
    if moved.rowcount != 1:
        conn.execute(insert(live_seats).values(table_id=table_id, player=player,
                                               token_hash=digest))


def _chunks(items: Sequence[str], size: int) -> Iterable[list[str]]:
    for start in range(0, len(items), size):
        yield list(items[start:start + size])


