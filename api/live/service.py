"""The live tables' operations: create, read, and the machinery every change goes through.

A change (:mod:`.changes`) is planned on a snapshot of the table (the row and its
current hand's changes): the log it would make is judged whole, and the change
is refused (nothing stored) or becomes a :class:`~.store.Commit`. The commit
succeeds only if the table has not moved since the snapshot; otherwise the change
is judged again on the new table, or, when the client said which ``seq`` it saw
(``after``), refused with 409. Every operation runs in a worker thread (the
routers await it) and raises :class:`~referee.api.errors.ApiError` for a refusal.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from referee.api.errors import ApiError
from referee.api.live import tokens
from referee.api.live.cache import Snapshots, States, TableThreads
from referee.api.live.current import Current
from referee.api.live.judging import Judged
from referee.api.live.privacy import public_line
from referee.api.live.state import SEALED, table_state
from referee.api.live.store import (
    ChangeRow,
    Commit,
    LiveStore,
    RateError,
    Snapshot,
    StaleError,
    pack,
    unpack,
)
from referee.api.settings import Settings
from referee.api.store.ids import ID_FORMAT, is_verdict_id
from referee.knobs import shown
from referee.messages import LANGS, render

RETRIES = 20
CACHE_SIZE = 256
SWEEP_EVERY = 600.0  # seconds between two sweeps of idle tables by one process
TRAIL_PAGE = 1000


@dataclass(slots=True)
class Planned:
    """A change ready to commit, and how to answer it."""

    commit: Commit
    snapshot: Snapshot  # the table once the change is committed
    judged: Judged  # its log, judged
    answer: Callable[[dict[str, Any], str], dict[str, Any]]  # the answer around a state
    viewer: str | None  # whose view of the state the poster gets
    key: str | None = None
    reply: dict[str, Any] | None = None  # the poster's answer, when it is not ``answer``'s


@dataclass(slots=True)
class Replayed:
    """A request already answered (the same key again): its first answer."""

    answer: dict[str, Any]


Listener = Callable[[str, int], None]


def lang_of(table_lang: str | None, fallback: str) -> str:
    return table_lang if table_lang in LANGS else fallback


class LiveTables:
    """The live tables of one server process."""

    def __init__(self, store: LiveStore, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.listeners: list[Listener] = []  # told of every commit (the streams' notifier)
        self._cache: OrderedDict[tuple[str, int], Judged] = OrderedDict()
        self._lock = threading.Lock()
        self._swept = 0.0
        self.snapshots = Snapshots(store)  # each table's current hand, read once
        self.states = States()  # each change's STATE, computed once per viewer
        self.threads = TableThreads()  # a table's share of the worker threads

    # -- reading -----------------------------------------------------------------------

    def check_id(self, table_id: str) -> None:
        if not is_verdict_id(table_id):
            raise ApiError(422, render("live.error.bad_id", {"id": shown(table_id),
                                                            "format": ID_FORMAT},
                                       self.settings.lang))

    def snapshot(self, table_id: str) -> Snapshot:
        """The table (404 unknown or idle too long, 422 a malformed id)."""
        self.check_id(table_id)
        snap = self.snapshots.load(table_id)
        if snap is None or snap.table.touched_at < self.idle_before():
            raise ApiError(404, render("live.error.unknown_table", {"id": table_id},
                                       self.settings.lang))
        return snap

    def idle_before(self) -> datetime:
        return datetime.now(UTC) - timedelta(days=self.settings.table_days)

    def judged(self, snap: Snapshot) -> Judged:
        """The table's log judged (cached by table and seq: a seq's log never changes)."""
        key = (snap.table.id, snap.table.seq)
        with self._lock:
            found = self._cache.get(key)
            if found is not None:
                self._cache.move_to_end(key)
                return found
        current = Current(snap)
        judged = current.judge(current.hand_log())
        self._remember(key, judged)
        return judged

    def _remember(self, key: tuple[str, int], judged: Judged) -> None:
        with self._lock:
            self._cache[key] = judged
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)

    def viewer(self, snap: Snapshot, token: str | None) -> str | None:
        """Whose view a read gets: the seat's player; None for no token or the scribe's
        (403 for a token that opens nothing at this table)."""
        if token is None:
            return None
        who = tokens.who_holds(token, snap.table.scribe_hash, snap.table.seats)
        if who is None:
            raise ApiError(403, render("live.error.bad_token", {}, snap.table.lang))
        return None if who == tokens.SCRIBE else who

    def author(self, snap: Snapshot, token: str | None) -> str:
        """Who writes: ``scribe`` or a seat's player (401 no token, 403 a wrong one)."""
        if token is None:
            raise ApiError(401, render("live.error.no_token", {}, snap.table.lang),
                           {"WWW-Authenticate": "Bearer"})
        who = tokens.who_holds(token, snap.table.scribe_hash, snap.table.seats)
        if who is None:
            raise ApiError(403, render("live.error.bad_token", {}, snap.table.lang))
        return who

    def state(self, table_id: str, token: str | None, lang: str | None) -> dict[str, Any]:
        snap = self.snapshot(table_id)
        viewer = self.viewer(snap, token)
        return self.states.state(self, snap, viewer, lang_of(lang, snap.table.lang))

    def log(self, table_id: str, token: str | None) -> str:
        """The log as the public sees it; a sealed table's only for its scribe while its
        game (or hand) is played (403 to anyone else)."""
        snap = self.snapshot(table_id)
        table = snap.table
        if table.reveal == SEALED and not table.finished:
            who = None if token is None else tokens.who_holds(token, table.scribe_hash,
                                                              table.seats)
            if who != tokens.SCRIBE:
                raise ApiError(403, render("live.error.sealed_log", {}, table.lang))
        return Current(snap).public()

    def trail(self, table_id: str, after: int) -> list[dict[str, Any]]:
        snap = self.snapshot(table_id)
        table = snap.table
        rows = self.store.trail(table_id, after, TRAIL_PAGE)
        return [trail_item(row, private=row.hand == table.hand and not table.finished)
                for row in rows]

    def messages_after(self, table_id: str, after: int, limit: int,
                       lang: str) -> list[tuple[int, str, Any]]:
        """The stream's messages after ``after``: (seq, action, the answer's JSON)."""
        return [(seq, action, unpack(data)[lang])
                for seq, action, data in self.store.public_after(table_id, after, limit)]

    # -- changes -----------------------------------------------------------------------

    def change(self, table_id: str, token: str | None, after: int | None,
               plan: Callable[[Snapshot, str], Planned | Replayed],
               author: str | None = None) -> tuple[int, Any]:
        """Plan and commit one change: (201, its answer), or (200, the first answer of a
        request sent again with its key). ``author``: who writes, when the caller has
        already checked (a club night's organizer or player), instead of the token's."""
        for _ in range(RETRIES):
            snap = self.snapshot(table_id)
            if author is None:
                author = self.author(snap, token)
            planned = plan(snap, author)
            if isinstance(planned, Replayed):
                return 200, planned.answer
            try:
                self.store.commit(planned.commit, self.settings.table_rate,
                                  planned.commit.change["at"])
            except StaleError:
                if after is not None:
                    raise self.stale(table_id, after) from None
                continue
            except RateError:
                raise ApiError(429, render("live.error.rate", {"rate": self.settings.table_rate},
                                           snap.table.lang), {"Retry-After": "1"}) from None
            return 201, self._committed(planned)
        raise ApiError(503, render("live.error.busy", {}, self.settings.lang),
                       {"Retry-After": "1"})

    def stale(self, table_id: str, after: int) -> ApiError:
        snap = self.snapshot(table_id)
        return ApiError(409, render("live.error.stale", {"seq": snap.table.seq, "after": after},
                                    snap.table.lang), beside={"seq": snap.table.seq})

    def _committed(self, planned: Planned) -> dict[str, Any]:
        table = planned.snapshot.table
        self._remember((table.id, table.seq), planned.judged)
        for listener in self.listeners:
            listener(table.id, table.seq)
        if planned.reply is not None:
            return planned.reply
        return self.answer(planned, planned.viewer, table.lang)

    def answer(self, planned: Planned, viewer: str | None, lang: str) -> dict[str, Any]:
        facts = Current(planned.snapshot).facts()
        return planned.answer(table_state(facts, planned.judged, viewer, lang), lang)

    def planned(self, snap: Snapshot, author: str, updates: Mapping[str, Any],
                change: Mapping[str, Any], judged: Judged,
                answer: Callable[[dict[str, Any], str], dict[str, Any]], viewer: str | None,
                undo: int | None = None, verdict: Any = None,
                key: str | None = None) -> Planned:
        """A change's commit: the table's new row values and the change's row, with the
        stream's message in every language (and the poster's answer, for a key)."""
        from referee.api.live.current import applied

        now = datetime.now(UTC)
        seq = snap.table.seq + 1
        values = {"seq": seq, "at": now, "by": author, "hand": snap.table.hand, "player": None,
                  "text": None, "line": None, "target": None, "undone_by": None, **change}
        row = ChangeRow(**values)
        table_updates = {"seq": seq, "touched_at": now, **updates}
        after = applied(snap, table_updates, row, undo)
        plan = Planned(Commit(snap.table.id, snap.table.seq, table_updates,
                              {**values, "request_key": key}, undo, verdict),
                       after, judged, answer, viewer, key)
        public = {lang: self.answer(plan, None, lang) for lang in LANGS}
        plan.commit.change["public"] = pack(public)
        if key is not None:
            plan.commit.change["answer"] = pack(self.answer(plan, viewer, after.table.lang))
        return plan

    def replayed(self, table_id: str, author: str, key: str | None,
                 text: str | None) -> Replayed | None:
        """The first answer to a request sent again with the same key (422 when the key
        was used for another line)."""
        if key is None:
            return None
        found = self.store.answer_of(table_id, author, key)
        if found is None:
            return None
        first, answer = found
        if first != text:
            raise ApiError(422, render("live.error.key_reused",
                                       {"key": shown(key), "text": shown(first or "")},
                                       self.settings.lang))
        return Replayed(unpack(answer))

    # -- idle tables -------------------------------------------------------------------

    def sweep_if_due(self) -> int:
        """Delete the idle tables, at most once every ``SWEEP_EVERY`` seconds."""
        now = time.monotonic()
        if self._swept and now - self._swept < SWEEP_EVERY:
            return 0
        self._swept = now
        return self.store.sweep(self.idle_before())


def trail_item(row: ChangeRow, private: bool) -> dict[str, Any]:
    """One change as the trail lists it; a hand's cards, and a named draw's card (in its
    event and its undo), only once its hand has ended."""
    text = row.text
    if private and row.action == "hand":
        text = None
    elif private and text is not None and row.action in ("event", "undo"):
        text = public_line(text)
    item: dict[str, Any] = {"seq": row.seq, "at": row.at.isoformat(), "by": row.by,
                            "action": row.action, "text": text,
                            "undone": row.undone_by is not None}
    item["player"] = row.player
    item["line"] = row.line
    item["undone_by"] = row.undone_by
    item["target"] = row.target
    return item
