"""A stored night as its board and report show it: each table's state, points and flags
from its live tables' verdicts (or the log handed in), the standings.

A table's games are read from verdicts, never judged again here: a live table's
latest verdict holds every game (hand) that has ended at it (a game of one game: its
one game), a handed-in log's verdict is stored with it. A table is ``playing`` until
its games of the round have ended (``finished``), ``handed-in``, or ``voided``; a game
that ended counts in the standings at once. For a table being played the board also
gets what a watcher of it sees (whose turn, the cards each player holds), from the
message its last change stored for the public.
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from referee.api.live.store import LiveStore, unpack
from referee.api.nights.store import NightSnapshot, TableRowN
from referee.api.store.database import reading
from referee.api.store.schema import live_tables
from referee.night.report import NightView, RoundView
from referee.night.scoring import FINISHED, HANDED_IN, PLAYING, VOIDED, TableResult, score_game
from referee.night.standings import standings

CACHE = 512


@dataclass(frozen=True, slots=True)
class LiveRow:
    """What the night needs of a live table's row."""

    seq: int
    hand: int
    finished: bool
    over: bool
    verdict_id: str | None


class Verdicts:
    """Verdicts' games, by verdict id (a verdict never changes: kept, up to ``CACHE``)."""

    def __init__(self, live: LiveStore) -> None:
        self.live = live
        self._games: OrderedDict[str, list[dict[str, Any]]] = OrderedDict()
        self._lock = threading.Lock()

    def games(self, verdict_id: str) -> list[dict[str, Any]]:
        with self._lock:
            found = self._games.get(verdict_id)
        if found is not None:
            return found
        verdict = self.live.verdicts.get(verdict_id)
        games = [] if verdict is None else list(verdict.report("en")["games"])
        with self._lock:
            self._games[verdict_id] = games
            while len(self._games) > CACHE:
                self._games.popitem(last=False)
        return games


def live_rows(live: LiveStore, table_ids: list[str]) -> dict[str, LiveRow]:
    if not table_ids:
        return {}
    c = live_tables.c
    with reading(live.engine()) as conn:
        rows = conn.execute(select(c.id, c.seq, c.hand, c.finished, c.over, c.verdict_id)
                            .where(c.id.in_(table_ids)))
        return {r.id: LiveRow(r.seq, r.hand, bool(r.finished), bool(r.over), r.verdict_id)
                for r in rows}


def watched(live: LiveStore, table_id: str, row: LiveRow, lang: str) -> dict[str, Any]:
    """What a watcher of a live table sees now: whose turn, the cards each player holds
    (the state in the message its last change stored for the public)."""
    if row.seq == 0:
        return {"seq": 0, "turn": None, "hands": {}, "hand": row.hand}
    found = live.public_after(table_id, row.seq - 1, 1)
    if not found:
        return {"seq": row.seq, "turn": None, "hands": {}, "hand": row.hand}
    state = unpack(found[0][2]).get(lang, {}).get("state") or {}
    return {"seq": row.seq, "turn": state.get("turn"), "hands": state.get("hands") or {},
            "hand": state.get("hand", row.hand)}


class Viewer:
    """Builds a night's view (one per server process: it keeps the verdicts read, and
    what the watchers of each live table see, by its ``seq``)."""

    def __init__(self, live: LiveStore) -> None:
        self.live = live
        self.verdicts = Verdicts(live)
        self._watched: OrderedDict[tuple[str, int, str], dict[str, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def watched(self, table_id: str, row: LiveRow, lang: str) -> dict[str, Any]:
        key = (table_id, row.seq, lang)
        with self._lock:
            found = self._watched.get(key)
        if found is None:
            found = watched(self.live, table_id, row, lang)
            with self._lock:
                self._watched[key] = found
                while len(self._watched) > CACHE:
                    self._watched.popitem(last=False)
        return found

    def view(self, snap: NightSnapshot, series: bool,
             trail: list[dict[str, Any]] | None = None
             ) -> tuple[NightView, dict[tuple[int, int], dict[str, Any]]]:
        """The night's view and, for each table being played, what its watchers see."""
        night = snap.night
        ids = [tid for t in snap.tables for tid in t.games]
        rows = live_rows(self.live, ids)
        playing: dict[tuple[int, int], dict[str, Any]] = {}
        rounds = []
        for r in snap.rounds:
            tables = []
            for row in snap.tables_of(r.round):
                table = self._table(row, rows, series, night.per_round)
                if table.state == PLAYING:
                    tid = self._current(row, rows)
                    if tid is not None:
                        playing[(r.round, row.number)] = {
                            "table_id": tid, **self.watched(tid, rows[tid], night.lang)}
                tables.append(table)
            rounds.append(RoundView(r.round, tables, list(r.byes), r.closed, r.repeats))
        draw = _draw(snap)
        byes = Counter(p for r in snap.rounds for p in r.byes)
        every = [t for r in rounds for t in r.tables]
        view = NightView(night.name, night.game, [p.player for p in snap.players], rounds,
                         standings(draw, every, byes), id=night.id, planned=night.rounds,
                         seating=night.seating, seed=night.seed,
                         withdrawn=[p.player for p in snap.players if p.withdrawn is not None],
                         trail=trail or [], lang=night.lang)
        return view, playing

    @staticmethod
    def _current(row: TableRowN, rows: Mapping[str, LiveRow]) -> str | None:
        """The live table being played (the first whose game has not ended)."""
        for tid in row.games:
            found = rows.get(tid)
            if found is not None and not (found.finished or found.over):
                return tid
        return next((tid for tid in row.games if tid in rows), None)

    def _table(self, row: TableRowN, rows: Mapping[str, LiveRow], series: bool,
               per_round: int) -> TableResult:
        table = TableResult(row.round, row.number, list(row.players),
                            table_id=row.games[0] if row.games else None)
        if row.voided:
            table.state, table.reason = VOIDED, row.reason
            return table
        if row.log is not None:
            table.state, table.verdict_id = HANDED_IN, row.verdict_id
            games = self.verdicts.games(row.verdict_id) if row.verdict_id else []
            self._add(table, games, row, None, row.verdict_id)
            return table
        ended = 0
        for place, tid in enumerate(row.games, start=1):
            live = rows.get(tid)
            if live is None or live.verdict_id is None:
                continue
            games = self.verdicts.games(live.verdict_id)
            if series:
                games = games[:per_round]
                ended = per_round if live.over else len(games)
            else:
                games = games[:1]
                ended += 1
            self._add(table, games, row, tid, live.verdict_id, start=0 if series else place - 1)
            table.verdict_id = live.verdict_id
        table.state = FINISHED if ended >= (per_round if series else len(row.games)) \
            else PLAYING
        return table

    @staticmethod
    def _add(table: TableResult, games: list[dict[str, Any]], row: TableRowN,
             table_id: str | None, verdict_id: str | None, start: int = 0) -> None:
        for offset, game in enumerate(games):
            number = start + offset + 1
            score = score_game(game, number, row.scores.get(number))
            score.table_id, score.verdict_id = table_id, verdict_id
            table.games.append(score)


def _draw(snap: NightSnapshot) -> list[str]:
    """The players in the order of the first round's draw, then the others as they came."""
    first = [p for t in snap.tables_of(1) for p in t.players]
    return first + [p.player for p in snap.players if p.player not in first]
