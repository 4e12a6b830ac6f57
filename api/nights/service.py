"""The club nights' reads, their tokens, and the machinery every change goes through.

A night's organizer token writes everything; a player's token is that player's pass
for the whole night (and their seat at each of their tables: a round's live tables
open with the passes of their players and the organizer's token as the scribe's).
Tokens are stored hashed and compared in constant time. A change is planned on a
snapshot of the night and committed only if the night has not moved since
(otherwise planned again); the answer is given after the commit. The night's JSON is
built once per version (the night's ``seq`` plus its live tables') in each process.
"""

from __future__ import annotations

import hmac
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from referee.api.errors import ApiError
from referee.api.live import tokens
from referee.api.live.current import forms_matches, variant_of
from referee.api.live.service import LiveTables
from referee.api.live.store import StaleError
from referee.api.nights.store import NightCommit, NightSnapshot, NightStore
from referee.api.nights.view import Viewer
from referee.api.settings import Settings
from referee.api.store.ids import ID_FORMAT, is_verdict_id
from referee.knobs import shown
from referee.messages import render
from referee.night.report import NightView, night_data, report_data

ORGANIZER = "organizer"
RETRIES = 20
CACHE = 64
SWEEP_EVERY = 600.0

Listener = Callable[[str, int], None]


class Nights:
    """The club nights of one server process."""

    def __init__(self, store: NightStore, live: LiveTables, settings: Settings) -> None:
        self.store = store
        self.live = live
        self.settings = settings
        self.viewer = Viewer(live.store)
        self.listeners: list[Listener] = []  # told of every commit (the streams' notifier)
        self._cache: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
        self._lock = threading.Lock()
        self._swept = 0.0

    # -- reading -----------------------------------------------------------------------

    def check_id(self, night_id: str) -> None:
        if not is_verdict_id(night_id):
            raise ApiError(422, render("night.error.bad_id", {"id": shown(night_id),
                                                             "format": ID_FORMAT},
                                       self.settings.lang))

    def idle_before(self) -> datetime:
        return datetime.now(UTC) - timedelta(days=self.settings.table_days)

    def snapshot(self, night_id: str) -> NightSnapshot:
        """The night (404 unknown, 422 a malformed id)."""
        self.check_id(night_id)
        snap = self.store.load(night_id)
        if snap is None:
            raise ApiError(404, render("night.error.unknown", {"id": night_id},
                                       self.settings.lang))
        return snap

    def who(self, snap: NightSnapshot, token: str) -> str | None:
        """``organizer``, the player whose pass ``token`` is, or None (every stored hash
        is compared, in constant time)."""
        given = tokens.token_hash(token)
        found = ORGANIZER if hmac.compare_digest(given, snap.night.organizer_hash) else None
        for player in snap.players:
            if hmac.compare_digest(given, player.token_hash):
                found = player.player
        return found

    def holder(self, snap: NightSnapshot, token: str | None) -> str:
        """Who the token is (401 without one, 403 for one that opens nothing here)."""
        lang = snap.night.lang
        if token is None:
            raise ApiError(401, render("live.error.no_token", {}, lang),
                           {"WWW-Authenticate": "Bearer"})
        who = self.who(snap, token)
        if who is None:
            raise ApiError(403, render("night.error.bad_token", {}, lang))
        return who

    def organizer(self, snap: NightSnapshot, token: str | None) -> None:
        """401 without a token, 403 for any token but the organizer's."""
        if self.holder(snap, token) != ORGANIZER:
            raise ApiError(403, render("night.error.organizer_only", {}, snap.night.lang))

    def series(self, snap: NightSnapshot) -> bool:
        """The night's game plays a round's games as one match (hands of one table)."""
        return forms_matches(variant_of(snap.night.game))

    def view(self, snap: NightSnapshot, trail: bool = False
             ) -> tuple[NightView, dict[tuple[int, int], dict[str, Any]]]:
        return self.viewer.view(snap, self.series(snap),
                                self.store.trail(snap.night.id) if trail else None)

    def version(self, night_id: str) -> int:
        self.check_id(night_id)
        found = self.store.versions([night_id]).get(night_id)
        if found is None:
            raise ApiError(404, render("night.error.unknown", {"id": night_id},
                                       self.settings.lang))
        return found

    def night(self, night_id: str) -> tuple[int, dict[str, Any]]:
        """The night's JSON (``GET /v1/nights/{id}``) and its version; built once per
        version in this process."""
        version = self.version(night_id)
        key = (night_id, version)
        with self._lock:
            found = self._cache.get(key)
            if found is not None:
                self._cache.move_to_end(key)
                return version, found
        view, playing = self.view(self.snapshot(night_id))
        data = with_live(night_data(view), playing)
        with self._lock:
            self._cache[key] = data
            while len(self._cache) > CACHE:
                self._cache.popitem(last=False)
        return version, data

    def report(self, night_id: str) -> tuple[NightView, dict[str, Any]]:
        view, _ = self.view(self.snapshot(night_id), trail=True)
        return view, report_data(view)

    def me(self, night_id: str, token: str | None) -> dict[str, Any]:
        snap = self.snapshot(night_id)
        who = self.holder(snap, token)
        return {"role": ORGANIZER if who == ORGANIZER else "player",
                "player": None if who == ORGANIZER else who}

    def trail(self, night_id: str) -> list[dict[str, Any]]:
        self.snapshot(night_id)
        return self.store.trail(night_id)

    # -- changes -----------------------------------------------------------------------

    def change(self, night_id: str, token: str | None,
               plan: Callable[[NightSnapshot, str], tuple[NightCommit, dict[str, Any]]],
               ) -> dict[str, Any]:
        """Plan and commit one change; its answer."""
        for _ in range(RETRIES):
            snap = self.snapshot(night_id)
            who = self.holder(snap, token)
            commit, answer = plan(snap, who)
            try:
                self.store.commit(commit, datetime.now(UTC))
            except StaleError:
                continue
            for listener in self.listeners:
                listener(night_id, commit.change["seq"])
            return answer
        raise ApiError(503, render("live.error.busy", {}, self.settings.lang),
                       {"Retry-After": "1"})

    def sweep_if_due(self) -> int:
        now = time.monotonic()
        if self._swept and now - self._swept < SWEEP_EVERY:
            return 0
        self._swept = now
        return self.store.sweep(self.idle_before())


def change_row(snap: NightSnapshot, by: str, action: str, text: str | None,
               reason: str | None = None) -> dict[str, Any]:
    """The trail's row of a change to ``snap``."""
    return {"seq": snap.night.seq + 1, "at": datetime.now(UTC), "by": by, "action": action,
            "text": text, "reason": reason}


def with_live(data: dict[str, Any],
              playing: dict[tuple[int, int], dict[str, Any]]) -> dict[str, Any]:
    """The night's JSON with, for each table being played, what its watchers see."""
    for r in data["rounds"]:
        for table in r["tables"]:
            table["live"] = playing.get((r["round"], table["table"]))
    return data
