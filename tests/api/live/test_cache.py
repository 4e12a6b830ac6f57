"""A table's snapshot and STATE are kept per process (api/live/cache.py): what a reader gets
is what a fresh read of the whole table gives, after every change (undos and next hands
included, made by this process or another), and many readers of one change compute it
once."""

from __future__ import annotations

import json
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee.api.app import create_app
from referee.api.live import cache, current
from referee.api.live.current import Current
from referee.api.live.judging import judge_log
from referee.api.live.state import table_state
from tests.api.live import FRIDAY_EVENTS, friday, live_settings, play_log

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

MATCH = Path(__file__).parent / "match-3-hands.txt"


@pytest.fixture
def two(database_url: str) -> Iterator[tuple[TestClient, TestClient]]:
    """Two processes' apps on one database: the writer's and a reader's."""
    with TestClient(create_app(live_settings(database_url))) as writer, \
            TestClient(create_app(live_settings(database_url))) as reader:
        yield writer, reader


def fresh(client: TestClient, table_id: str, viewer: str | None, lang: str) -> Any:
    """STATE from the whole table read and judged again, nothing kept."""
    snap = client.app.state.live.store.load(table_id)  # type: ignore[attr-defined]
    now = Current(snap)
    judged = judge_log(snap.table.done_log, now.hand_log().text(private=False))
    return json.loads(json.dumps(table_state(now.facts(), judged, viewer, lang)))


class Checked:
    """A client whose every write is followed by a check of both apps' reads."""

    def __init__(self, writer: TestClient, reader: TestClient) -> None:
        self.writer, self.reader = writer, reader
        self.table_id: str | None = None
        self.seat: tuple[str, str] | None = None
        self.checks = 0

    def get(self, url: str, **options: Any) -> Any:
        return self.writer.get(url, **options)

    def post(self, url: str, **options: Any) -> Any:
        return self._checked(self.writer.post(url, **options))

    def put(self, url: str, **options: Any) -> Any:
        return self._checked(self.writer.put(url, **options))

    def _checked(self, response: Any) -> Any:
        if self.table_id is None and response.status_code == 201 and "seats" in response.json():
            created = response.json()
            self.table_id = created["id"]
            self.seat = (created["seats"][0]["player"], created["seats"][0]["token"])
        if self.table_id is not None:
            self.check()
        return response

    def check(self) -> None:
        assert self.table_id is not None and self.seat is not None
        player, token = self.seat
        for client in (self.writer, self.reader):
            for viewer, headers in ((None, {}), (player, {"Authorization": f"Bearer {token}"})):
                for lang in ("en", "es"):
                    got = client.get(f"/v1/tables/{self.table_id}", params={"lang": lang},
                                     headers=headers)
                    assert got.status_code == 200, got.text
                    assert got.json() == fresh(client, self.table_id, viewer, lang)
            live = client.app.state.live  # type: ignore[attr-defined]
            assert live.snapshot(self.table_id) == live.store.load(self.table_id)
        self.checks += 1


def test_a_match_read_by_another_process_is_as_read_afresh(
        two: tuple[TestClient, TestClient]) -> None:
    checked = Checked(*two)
    table = play_log(checked, MATCH.read_text(encoding="utf-8"))  # type: ignore[arg-type]
    assert checked.checks > 50
    assert table.state()["hand"] == 3  # the next hands were read as they came


def test_undos_read_by_another_process_are_as_read_afresh(
        two: tuple[TestClient, TestClient]) -> None:
    checked = Checked(*two)
    table = friday(checked, upto=6)  # type: ignore[arg-type]
    for _ in range(3):
        last = table.state()["events"][-1]["seq"]
        assert table.undo(last).status_code == 201
        table.event(FRIDAY_EVENTS[5])
    hand = table.trail()[0]
    assert hand["action"] == "hand"
    assert table.undo(table.event(FRIDAY_EVENTS[6])["seq"]).status_code == 201
    assert checked.checks >= 12


def test_many_readers_of_one_change_compute_it_once(client: TestClient,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    table = friday(client, upto=8)
    live = client.app.state.live  # type: ignore[attr-defined]
    live._cache.clear()  # the judged log the commit kept: judged again by the first reader
    counts = {"state": 0, "judge": 0}

    def counted(name: str, real: Any) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            counts[name] += 1
            time.sleep(0.05)  # the readers all arrive while the first computes
            return real(*args, **kwargs)
        return call

    monkeypatch.setattr(cache, "table_state", counted("state", cache.table_state))
    monkeypatch.setattr(current, "judge_log", counted("judge", current.judge_log))
    start = threading.Barrier(30)
    states: list[Any] = []

    def read() -> None:
        start.wait()
        states.append(live.state(table.id, None, "en"))

    readers = [threading.Thread(target=read) for _ in range(30)]
    for thread in readers:
        thread.start()
    for thread in readers:
        thread.join()
    assert len(states) == 30 and all(state is states[0] for state in states)
    assert counts == {"state": 1, "judge": 1}
    assert live.state(table.id, None, "es") is not states[0]  # each language its own
    assert counts == {"state": 2, "judge": 1}


def test_a_snapshot_reads_only_the_changes_it_has_not_seen(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    table = friday(client, upto=4)
    live = client.app.state.live  # type: ignore[attr-defined]
    live.snapshot(table.id)
    asked: list[tuple[int, int]] = []
    real = live.store.load_since

    def load_since(table_id: str, hand: int, after: int) -> Any:
        found = real(table_id, hand, after)
        asked.append((after, len(found.changes)))
        return found

    monkeypatch.setattr(live.store, "load_since", load_since)
    monkeypatch.setattr(live.store, "load", None)  # never the whole hand again
    seq = table.state()["seq"]
    assert asked == []  # nothing moved: the row alone was read
    table.event(FRIDAY_EVENTS[4])
    assert table.state()["seq"] == seq + 1
    assert asked == [(seq, 1)]  # the one change since
