"""Which tables moved: the streams of one server process wake when a table they watch
gets a change, whichever worker made it.

A change made by this process wakes its streams at once (:meth:`Notifier.moved`,
called after the commit). Changes made by other workers are seen through the
database: with SQLite one poller per process reads the ``seq`` of every table
watched, every ``POLL_SQLITE`` seconds (one cheap query, whatever the number of
streams); with PostgreSQL a listener thread receives the ``NOTIFY`` each commit
sends (``LISTEN referee_live``, psycopg 3), and the poller still runs, slower, in
case a notification is missed while the listener reconnects.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from sqlalchemy.engine import make_url
from starlette.concurrency import run_in_threadpool

from referee.api.live.store import CHANNEL, LiveStore

LOG = logging.getLogger("uvicorn.error")
POLL_SQLITE = 0.1
POLL_LISTENING = 1.0
RECONNECT = 1.0
STOP_WAIT = 3.0  # how long stop() waits for the listener thread to end


@dataclass(slots=True)
class Signal:
    """What a process knows of one watched table: its latest ``seq`` and an event set
    whenever it grows."""

    seq: int
    event: asyncio.Event = field(default_factory=asyncio.Event)
    watchers: int = 0


class Notifier:
    """The watched tables of one process and what wakes their streams."""

    def __init__(self, store: LiveStore) -> None:
        self.store = store
        self.signals: dict[str, Signal] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.listening = False
        self._poller: asyncio.Task[None] | None = None
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None
        # told of every notification heard, whatever it names (a club night's watch
        # hears its own changes, and its tables', on the same channel)
        self.also: list[Callable[[str, int], None]] = []

    # -- the process's streams ---------------------------------------------------------

    @contextlib.contextmanager
    def watching(self, table_id: str, seq: int) -> Iterator[Signal]:
        signal = self.signals.get(table_id)
        if signal is None:
            signal = self.signals[table_id] = Signal(seq)
        signal.watchers += 1
        try:
            yield signal
        finally:
            signal.watchers -= 1
            if signal.watchers == 0 and self.signals.get(table_id) is signal:
                del self.signals[table_id]

    async def wait(self, signal: Signal, seen: int, timeout: float) -> None:
        """Until the table is past ``seen``, or ``timeout`` seconds."""
        if signal.seq > seen:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(signal.event.wait(), timeout)

    def _moved(self, table_id: str, seq: int) -> None:
        signal = self.signals.get(table_id)
        if signal is None or seq <= signal.seq:
            return
        signal.seq = seq
        signal.event.set()
        signal.event = asyncio.Event()

    def moved(self, table_id: str, seq: int) -> None:
        """``table_id`` reached ``seq`` (from any thread)."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._moved, table_id, seq)

    # -- watching the other workers ----------------------------------------------------

    def start(self) -> None:
        """In the server's event loop: start the poller (and, for PostgreSQL, the
        listener)."""
        self.loop = asyncio.get_running_loop()
        self._stop.clear()
        if self.store.postgresql:
            self._listener = threading.Thread(target=self._listen, name="referee-live-listen",
                                              daemon=True)
            self._listener.start()
        self._poller = self.loop.create_task(self._poll())

    async def stop(self) -> None:
        self._stop.set()
        if self._poller is not None:
            self._poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._poller
            self._poller = None
        if self._listener is not None:
            with contextlib.suppress(Exception):  # the database away: the join waits instead
                await run_in_threadpool(self.store.wake_listeners)
            await run_in_threadpool(self._listener.join, STOP_WAIT)
            self._listener = None
        self.loop = None

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(POLL_LISTENING if self.listening else POLL_SQLITE)
            if not self.signals:
                continue
            try:
                seqs = await run_in_threadpool(self.store.seqs, list(self.signals))
            except Exception as exc:  # the database is away for a moment: poll again
                LOG.warning("live tables: polling failed: %s", type(exc).__name__)
                continue
            for table_id, seq in seqs.items():
                self._moved(table_id, seq)

    def _listen(self) -> None:
        """The listener thread: ``LISTEN`` on its own connection, reconnecting."""
        import psycopg

        url = make_url(self.store.verdicts.url).set(drivername="postgresql")
        conninfo = url.render_as_string(hide_password=False)
        while not self._stop.is_set():
            try:
                with psycopg.connect(conninfo, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening = True
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=RECONNECT):
                            if self._stop.is_set():  # woken by stop()
                                break
                            self._heard(note.payload)
            except Exception as exc:
                LOG.warning("live tables: LISTEN failed (%s): polling instead",
                            type(exc).__name__)
            finally:
                self.listening = False
            self._stop.wait(RECONNECT)

    def _heard(self, payload: str) -> None:
        table_id, _, seq = payload.rpartition(":")
        if not seq.isdigit():
            return
        if table_id in self.signals:
            self.moved(table_id, int(seq))
        for hear in self.also:
            hear(table_id, int(seq))
