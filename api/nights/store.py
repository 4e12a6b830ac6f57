"""Club nights in the verdicts' database: a night, its players (their passes, hashed),
rounds, tables (each one or more live tables, or a log handed in) and trail.

Every change is one transaction (:meth:`NightStore.commit`): the night's row moves
from the ``seq`` the change was planned on to the next one only if nobody moved it
in between (otherwise :class:`~referee.api.live.store.StaleError`, nothing written);
the change's rows (a round's live tables and seats included, a handed-in log's
verdict) are written with it, and its trail row. With PostgreSQL the transaction
also notifies the other workers, on the live tables' channel (``NIGHT_ID:SEQ``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Engine, and_, delete, func, insert, select, text, update

from referee.api.live.store import CHANNEL, StaleError, TableRow, insert_table, utc
from referee.api.store.database import reading
from referee.api.store.schema import (
    live_changes,
    live_seats,
    live_tables,
    night_changes,
    night_games,
    night_players,
    night_rounds,
    night_tables,
    nights,
)
from referee.api.store.verdicts import Verdict, VerdictStore, insert_verdict


@dataclass(slots=True)
class NightRow:
    """A night as stored."""

    id: str
    name: str
    game: str
    lang: str
    reveal: str
    tags: list[tuple[str, str]]
    sizes: tuple[int, int]
    rounds: int
    per_round: int
    seating: str
    seed: int
    organizer_hash: str
    seq: int
    created_at: datetime
    touched_at: datetime


@dataclass(slots=True)
class PlayerRow:
    """A player of a night: their pass (hashed), when they joined, withdrew."""

    player: str
    position: int
    token_hash: str
    joined: int = 1
    withdrawn: int | None = None


@dataclass(slots=True)
class RoundRow:
    """A round: closed or not, its byes, its repeated pairs."""

    round: int
    closed: bool
    byes: list[str]
    repeats: int


@dataclass(slots=True)
class TableRowN:
    """A table of a round: its seats, its live tables (by game), a log handed in, scores
    entered, whether it was voided."""

    round: int
    number: int
    players: list[str]
    games: list[str] = field(default_factory=list)  # live table ids, game 1 first
    voided: bool = False
    reason: str | None = None
    log: str | None = None
    verdict_id: str | None = None
    scores: dict[int, dict[str, int]] = field(default_factory=dict)


@dataclass(slots=True)
class NightSnapshot:
    """A night as it stood when read."""

    night: NightRow
    players: list[PlayerRow]
    rounds: list[RoundRow]
    tables: list[TableRowN]

    def tables_of(self, round_number: int) -> list[TableRowN]:
        return [t for t in self.tables if t.round == round_number]

    def table(self, round_number: int, number: int) -> TableRowN | None:
        return next((t for t in self.tables if t.round == round_number
                     and t.number == number), None)


@dataclass(slots=True)
class NightCommit:
    """One change to write: what it adds and updates, its trail row."""

    night_id: str
    old_seq: int
    change: dict[str, Any]
    players: list[PlayerRow] = field(default_factory=list)
    withdraw: tuple[str, int] | None = None
    round: RoundRow | None = None
    close: int | None = None
    tables: list[TableRowN] = field(default_factory=list)
    live: list[TableRow] = field(default_factory=list)
    table_update: tuple[int, int, dict[str, Any]] | None = None
    verdict: Verdict | None = None


def _night_row(row: Any) -> NightRow:
    return NightRow(row.id, row.name, row.game, row.lang, row.reveal,
                    [tuple(t) for t in json.loads(row.tags)], (row.sizes_min, row.sizes_max),
                    row.rounds, row.per_round, row.seating, int(row.seed), row.organizer_hash,
                    row.seq, utc(row.created_at), utc(row.touched_at))


def _table_values(night_id: str, table: TableRowN) -> dict[str, Any]:
    return {"night_id": night_id, "round": table.round, "number": table.number,
            "players": json.dumps(table.players, ensure_ascii=False),
            "voided": table.voided, "reason": table.reason, "log": table.log,
            "verdict_id": table.verdict_id,
            "scores": json.dumps({str(k): v for k, v in table.scores.items()},
                                 ensure_ascii=False)}


class NightStore:
    """The nights of the database the verdicts and live tables are in."""

    def __init__(self, verdicts: VerdictStore) -> None:
        self.verdicts = verdicts

    def engine(self) -> Engine:
        return self.verdicts.engine()

    def create(self, night: NightRow, players: list[PlayerRow], change: dict[str, Any]) -> None:
        with self.engine().begin() as conn:
            conn.execute(insert(nights).values(
                id=night.id, name=night.name, game=night.game, lang=night.lang,
                reveal=night.reveal, tags=json.dumps(night.tags, ensure_ascii=False),
                sizes_min=night.sizes[0], sizes_max=night.sizes[1], rounds=night.rounds,
                per_round=night.per_round, seating=night.seating, seed=night.seed,
                organizer_hash=night.organizer_hash, seq=night.seq,
                created_at=night.created_at, touched_at=night.touched_at))
            self._players(conn, night.id, players)
            conn.execute(insert(night_changes).values(night_id=night.id, **change))

    @staticmethod
    def _players(conn: Connection, night_id: str, players: list[PlayerRow]) -> None:
        if players:
            conn.execute(insert(night_players), [
                {"night_id": night_id, "player": p.player, "position": p.position,
                 "token_hash": p.token_hash, "joined": p.joined, "withdrawn": p.withdrawn}
                for p in players])

    def load(self, night_id: str) -> NightSnapshot | None:
        with reading(self.engine()) as conn:
            row = conn.execute(select(nights).where(nights.c.id == night_id)).first()
            if row is None:
                return None
            players = [PlayerRow(r.player, r.position, r.token_hash, r.joined, r.withdrawn)
                       for r in conn.execute(select(night_players)
                                             .where(night_players.c.night_id == night_id)
                                             .order_by(night_players.c.position))]
            rounds = [RoundRow(r.round, bool(r.closed), json.loads(r.byes), r.repeats)
                      for r in conn.execute(select(night_rounds)
                                            .where(night_rounds.c.night_id == night_id)
                                            .order_by(night_rounds.c.round))]
            games: dict[tuple[int, int], list[str]] = {}
            for r in conn.execute(select(night_games).where(night_games.c.night_id == night_id)
                                  .order_by(night_games.c.round, night_games.c.number,
                                            night_games.c.game)):
                games.setdefault((r.round, r.number), []).append(r.table_id)
            tables = [TableRowN(r.round, r.number, json.loads(r.players),
                                games.get((r.round, r.number), []), bool(r.voided), r.reason,
                                r.log, r.verdict_id,
                                {int(k): v for k, v in json.loads(r.scores).items()})
                      for r in conn.execute(select(night_tables)
                                            .where(night_tables.c.night_id == night_id)
                                            .order_by(night_tables.c.round,
                                                      night_tables.c.number))]
            return NightSnapshot(_night_row(row), players, rounds, tables)

    def commit(self, commit: NightCommit, now: datetime) -> None:
        """Write ``commit`` in one transaction (:class:`StaleError` when the night moved)."""
        nid = commit.night_id
        with self.engine().begin() as conn:
            moved = conn.execute(update(nights).where(nights.c.id == nid,
                                                      nights.c.seq == commit.old_seq)
                                 .values(seq=commit.change["seq"], touched_at=now))
            if moved.rowcount != 1:
                raise StaleError(nid)
            self._players(conn, nid, commit.players)
            if commit.withdraw is not None:
                player, round_number = commit.withdraw
                conn.execute(update(night_players).where(
                    night_players.c.night_id == nid, night_players.c.player == player)
                    .values(withdrawn=round_number))
            if commit.round is not None:
                r = commit.round
                conn.execute(insert(night_rounds).values(
                    night_id=nid, round=r.round, closed=r.closed,
                    byes=json.dumps(r.byes, ensure_ascii=False), repeats=r.repeats))
            if commit.close is not None:
                conn.execute(update(night_rounds).where(
                    night_rounds.c.night_id == nid, night_rounds.c.round == commit.close)
                    .values(closed=True))
            for live in commit.live:
                insert_table(conn, live)
            self._tables(conn, nid, commit)
            if commit.verdict is not None:
                insert_verdict(conn, commit.verdict)
            conn.execute(insert(night_changes).values(night_id=nid, **commit.change))
            if conn.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                             {"channel": CHANNEL, "payload": f"{nid}:{commit.change['seq']}"})

    @staticmethod
    def _tables(conn: Connection, nid: str, commit: NightCommit) -> None:
        for table in commit.tables:
            conn.execute(insert(night_tables).values(**_table_values(nid, table)))
            if table.games:
                conn.execute(insert(night_games), [
                    {"night_id": nid, "round": table.round, "number": table.number,
                     "game": game, "table_id": table_id}
                    for game, table_id in enumerate(table.games, start=1)])
        if commit.table_update is not None:
            round_number, number, values = commit.table_update
            if "scores" in values:
                values = {**values, "scores": json.dumps(
                    {str(k): v for k, v in values["scores"].items()}, ensure_ascii=False)}
            conn.execute(update(night_tables).where(
                night_tables.c.night_id == nid, night_tables.c.round == round_number,
                night_tables.c.number == number).values(**values))

    def trail(self, night_id: str) -> list[dict[str, Any]]:
        with reading(self.engine()) as conn:
            rows = conn.execute(select(night_changes).where(night_changes.c.night_id == night_id)
                                .order_by(night_changes.c.seq))
            return [{"seq": r.seq, "at": utc(r.at).isoformat(), "by": r.by,
                     "action": r.action, "text": r.text, "reason": r.reason} for r in rows]

    def versions(self, night_ids: Iterable[str]) -> dict[str, int]:
        """Each night's version: its own ``seq`` plus every one of its live tables' (it
        grows with every change to the night or to any of its tables)."""
        ids = list(night_ids)
        if not ids:
            return {}
        played = (select(night_games.c.night_id, func.sum(live_tables.c.seq).label("moves"))
                  .join(live_tables, live_tables.c.id == night_games.c.table_id)
                  .where(night_games.c.night_id.in_(ids))
                  .group_by(night_games.c.night_id).subquery())
        with reading(self.engine()) as conn:
            rows = conn.execute(select(nights.c.id, nights.c.seq, played.c.moves)
                                .outerjoin(played, played.c.night_id == nights.c.id)
                                .where(nights.c.id.in_(ids)))
            return {r.id: r.seq + int(r.moves or 0) for r in rows}

    def night_of_table(self, table_id: str) -> str | None:
        with reading(self.engine()) as conn:
            found = conn.execute(select(night_games.c.night_id)
                                 .where(night_games.c.table_id == table_id)).first()
            return None if found is None else str(found.night_id)

    def sweep(self, idle_before: datetime) -> int:
        """Delete the nights with no change since ``idle_before`` (their own, or any of
        their tables'), with their live tables; how many were."""
        busy = (select(night_games.c.night_id)
                .join(live_tables, live_tables.c.id == night_games.c.table_id)
                .where(live_tables.c.touched_at >= idle_before))
        with self.engine().begin() as conn:
            old = list(conn.execute(select(nights.c.id).where(
                and_(nights.c.touched_at < idle_before, nights.c.id.not_in(busy)))).scalars())
            for nid in old:
                tables = list(conn.execute(select(night_games.c.table_id)
                                           .where(night_games.c.night_id == nid)).scalars())
                if tables:
                    conn.execute(delete(live_changes).where(live_changes.c.table_id.in_(tables)))
                    conn.execute(delete(live_seats).where(live_seats.c.table_id.in_(tables)))
                    conn.execute(delete(live_tables).where(live_tables.c.id.in_(tables)))
                for table in (night_games, night_tables, night_rounds, night_players,
                              night_changes):
                    conn.execute(delete(table).where(table.c.night_id == nid))
                conn.execute(delete(nights).where(nights.c.id == nid))
            return len(old)
