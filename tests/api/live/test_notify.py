"""The notifier: a stream's table moved by another process wakes it, by PostgreSQL's
LISTEN/NOTIFY at once, or by SQLite's poll."""

from __future__ import annotations

import asyncio
import time

import pytest

from referee.api.live import changes
from referee.api.live.creation import create_table
from referee.api.live.notify import Notifier
from referee.api.live.service import LiveTables
from referee.api.live.store import LiveStore
from referee.api.store.verdicts import VerdictStore
from tests.api.live import live_settings


def _other_worker(url: str) -> tuple[LiveTables, str, str]:
    """A table made by another "worker": its own store and service, no notifier."""
    tables = LiveTables(LiveStore(VerdictStore(url)), live_settings(url))
    created = create_table(tables, "51", ["Ana", "Beto"], {}, "sealed", "en")
    return tables, created["id"], created["scribe"]["token"]


async def _woken(url: str, listening: bool) -> float:
    other, table_id, scribe = _other_worker(url)
    notifier = Notifier(LiveStore(VerdictStore(url)))
    notifier.start()
    try:
        deadline = time.monotonic() + 10
        while listening and not notifier.listening and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert notifier.listening == listening
        with notifier.watching(table_id, 0) as signal:
            await asyncio.sleep(0.2)
            start = time.monotonic()
            await asyncio.to_thread(changes.post_event, other, table_id, scribe,
                                    "Ana discard 7h", None, None)
            await notifier.wait(signal, 0, 5)
            assert signal.seq == 1
            return time.monotonic() - start
    finally:
        await notifier.stop()
        other.store.verdicts.close()
        notifier.store.verdicts.close()


def test_postgresql_wakes_a_stream_at_once(database_url_postgresql: str,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("referee.api.live.notify.POLL_LISTENING", 60.0)  # no poll in time
    took = asyncio.run(_woken(database_url_postgresql, listening=True))
    assert took < 4


def test_sqlite_is_polled(tmp_path: object) -> None:
    took = asyncio.run(_woken(f"sqlite:///{tmp_path}/v.sqlite3", listening=False))
    assert took < 2



def test_stopping_wakes_the_listener(database_url_postgresql: str,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A server stopping (or a test's app closing) does not wait out the listener's
    timeout: stop() wakes it with an empty NOTIFY, which names no table. The listener
    here would wait an hour; stop() waits 5 seconds for it."""
    heard: list[tuple[str, int]] = []
    notifier = Notifier(LiveStore(VerdictStore(database_url_postgresql)))
    notifier.also.append(lambda table, seq: heard.append((table, seq)))
    notifier._heard("")
    assert heard == []
    notifier.store.verdicts.close()
    monkeypatch.setattr("referee.api.live.notify.RECONNECT", 3600.0)
    monkeypatch.setattr("referee.api.live.notify.STOP_WAIT", 5.0)
    assert asyncio.run(_stopped(database_url_postgresql))


async def _stopped(url: str) -> bool:
    """Whether the listener thread has ended once ``stop()`` returns."""
    notifier = Notifier(LiveStore(VerdictStore(url)))
    notifier.start()
    try:
        deadline = time.monotonic() + 10
        while not notifier.listening and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert notifier.listening
        listener = notifier._listener
        assert listener is not None
        await notifier.stop()
        return not listener.is_alive()
    finally:
        notifier.store.verdicts.close()
