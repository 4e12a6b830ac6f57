"""``GET /v1/nights/{id}/stream``: the board's Server-Sent Events.

Each message is the night as ``GET /v1/nights/{id}`` answers it (``event: night``),
with ``id:`` the night's version: its own ``seq`` plus the ``seq`` of every one of its
live tables, so it grows with every change to the night or to any of its tables. A
client that reconnects with ``Last-Event-ID: N`` (or ``?after=N``) gets the night as
it is now when it has changed since N (each message is whole: changes that came
faster than it read are one message); with neither, the changes from the moment it
connects.

In each process one :class:`NightWatch` keeps the nights its streams watch: when one
of them may have changed (a change made here, a notification from another worker,
or its version polled from the database) the night is built once and every stream
watching it sends the same bytes (the message encoded once).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from typing import Any

from sse_starlette.event import ServerSentEvent
from sse_starlette.sse import EventSourceResponse
from starlette.concurrency import run_in_threadpool

from referee.api.live.notify import Notifier
from referee.api.nights.service import Nights

LOG = logging.getLogger("uvicorn.error")
PING = 10.0
WAIT = 15.0
POLL_SQLITE = 0.2
POLL_LISTENING = 1.0


@dataclass(slots=True)
class Signal:
    """A watched night: its latest version and text, and an event set when they change."""

    version: int = -1
    message: bytes = b""  # the SSE message of that version, encoded once for every stream
    event: asyncio.Event = field(default_factory=asyncio.Event)
    watchers: int = 0
    refreshing: bool = False
    again: bool = False


class NightWatch:
    """The nights watched by this process's streams."""

    def __init__(self, nights: Nights, notifier: Notifier) -> None:
        self.nights = nights
        self.notifier = notifier  # the live tables': its listener hears the other workers
        self.signals: dict[str, Signal] = {}
        self.tables: dict[str, str] = {}  # a watched night's live table -> the night
        self.loop: asyncio.AbstractEventLoop | None = None
        self._poller: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    @contextlib.contextmanager
    def watching(self, night_id: str) -> Iterator[Signal]:
        signal = self.signals.get(night_id)
        if signal is None:
            signal = self.signals[night_id] = Signal()
        signal.watchers += 1
        try:
            yield signal
        finally:
            signal.watchers -= 1
            if signal.watchers == 0 and self.signals.get(night_id) is signal:
                del self.signals[night_id]
                for table_id in [t for t, n in self.tables.items() if n == night_id]:
                    del self.tables[table_id]

    def heard(self, some_id: str, _seq: int) -> None:
        """A night or a live table changed (from any thread)."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._poke, some_id)

    def _poke(self, some_id: str) -> None:
        night_id = some_id if some_id in self.signals else self.tables.get(some_id)
        if night_id is not None:
            self.refresh_soon(night_id)

    def refresh_soon(self, night_id: str) -> None:
        signal = self.signals.get(night_id)
        if signal is None:
            return
        if signal.refreshing:
            signal.again = True
            return
        task = asyncio.get_running_loop().create_task(self.refresh(night_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def refresh(self, night_id: str) -> None:
        """Build the night again (once for all its streams) and wake them if it moved."""
        signal = self.signals.get(night_id)
        if signal is None:
            return
        signal.refreshing = True
        try:
            while True:
                signal.again = False
                try:
                    version, data = await run_in_threadpool(self.nights.night, night_id)
                except Exception as exc:  # gone, or the database away for a moment
                    LOG.warning("nights: refreshing %s failed: %s", night_id,
                                type(exc).__name__)
                    return
                if version > signal.version:
                    self._track(night_id, data)
                    signal.version = version
                    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
                    signal.message = ServerSentEvent(text, event="night", id=str(version)).encode()
                    signal.event.set()
                    signal.event = asyncio.Event()
                if not signal.again:
                    return
        finally:
            signal.refreshing = False

    def _track(self, night_id: str, data: dict[str, Any]) -> None:
        for r in data["rounds"]:
            for table in r["tables"]:
                for game in table.get("games") or ():
                    if game.get("table_id"):
                        self.tables[game["table_id"]] = night_id
                if table.get("table_id"):
                    self.tables[table["table_id"]] = night_id

    def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._poller = self.loop.create_task(self._poll())

    async def stop(self) -> None:
        if self._poller is not None:
            self._poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._poller
            self._poller = None
        self.loop = None

    async def _poll(self) -> None:
        """The changes made by other workers, read from the database."""
        while True:
            await asyncio.sleep(POLL_LISTENING if self.notifier.listening else POLL_SQLITE)
            if not self.signals:
                continue
            try:
                versions = await run_in_threadpool(self.nights.store.versions,
                                                   list(self.signals))
            except Exception as exc:
                LOG.warning("nights: polling failed: %s", type(exc).__name__)
                continue
            for night_id, version in versions.items():
                signal = self.signals.get(night_id)
                if signal is not None and version > signal.version:
                    self.refresh_soon(night_id)


async def messages(watch: NightWatch, night_id: str,
                   after: int | None) -> AsyncIterator[bytes]:
    with watch.watching(night_id) as signal:
        if signal.version < 0:
            await watch.refresh(night_id)
        last = signal.version if after is None else after
        while True:
            event = signal.event  # before the check: a change after it sets this one
            if signal.version > last:
                last = signal.version
                yield signal.message
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), WAIT)


def stream_response(watch: NightWatch, night_id: str, after: int | None) -> EventSourceResponse:
    return EventSourceResponse(messages(watch, night_id, after), ping=PING,
                               headers={"Cache-Control": "no-store",
                                        "X-Accel-Buffering": "no"})
