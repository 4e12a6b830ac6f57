"""The board's stream: a verdict at one table moves the standings in every open stream,
across workers; ``Last-Event-ID`` resumes with the night as it is now."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.api import clean_env
from tests.api.live.servers import Serve, client_on_worker, serving, worker_of
from tests.api.nights import NAMES, make_night, play_live, table_log
from tests.api.nights.sse import NightStream

LATE = 3.0


def finished(night: dict[str, Any]) -> bool:
    return bool(night["rounds"]) and night["rounds"][0]["tables"][0]["state"] == "finished"


def test_a_verdict_moves_the_standings_in_the_stream(database_url: str) -> None:
    with serving(database_url) as base, httpx.Client(base_url=base, timeout=30) as client:
        night = make_night(client, NAMES[:8], tables={"min": 4, "max": 4})
        table = night.seated()["tables"][0]
        stream = NightStream(base, night.id)
        try:
            time.sleep(0.5)
            assert stream.messages == []  # no Last-Event-ID: the changes from now on
            play_live(client, night, table["table_id"], table_log("51", table["players"], 1, 1))
            start = time.monotonic()
            moved = stream.wait_until(finished)
            assert moved is not None and time.monotonic() - start < LATE
            assert any(row["points"] for row in moved["standings"])
            assert moved["standings"] == night.get()["standings"]
            ids = [m[0] for m in stream.messages]
            assert ids == sorted(set(ids))  # versions only grow, none twice
        finally:
            stream.close()
        resumed = NightStream(base, night.id, headers={"Last-Event-ID": "1"})
        try:
            now = resumed.wait_until(finished, timeout=10)
            assert now is not None and now["standings"] == night.get()["standings"]
        finally:
            resumed.close()


def test_an_event_at_a_table_shows_whose_turn_it_is(database_url: str) -> None:
    with serving(database_url) as base, httpx.Client(base_url=base, timeout=30) as client:
        night = make_night(client, NAMES[:8], tables={"min": 4, "max": 4})
        table = night.seated()["tables"][0]
        text = table_log("51", table["players"], 1, 1)
        first = text.split("\n\n")[-1].splitlines()[0]
        stream = NightStream(base, night.id)
        try:
            answer = client.post(f"/v1/tables/{table['table_id']}/events",
                                 json={"text": first}, headers=night.auth(table["players"][0]))
            assert answer.status_code == 201
            moved = stream.wait_until(
                lambda n: (n["rounds"][0]["tables"][0]["live"] or {}).get("turn")
                == table["players"][1])
            assert moved is not None
            live = moved["rounds"][0]["tables"][0]["live"]
            assert live["hands"][table["players"][0]] == 14  # 15 dealt, one discarded
            assert "findings" not in repr(live)
        finally:
            stream.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def two_workers(request: pytest.FixtureRequest, tmp_path: Path) -> Serve:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'verdicts.sqlite3'}"
    else:
        url = request.getfixturevalue("database_url_postgresql")
    env = clean_env(REFEREE_DATABASE_URL=url, XDG_DATA_HOME=str(tmp_path),
                    REFEREE_TABLE_RATE="1000")
    server = Serve(env, "--workers", "2")
    server.wait_up()
    request.addfinalizer(server.stop)
    return server


def test_a_board_on_one_worker_sees_a_verdict_posted_to_the_other(two_workers: Serve) -> None:
    first, _ = client_on_worker(two_workers)
    night = make_night(first, NAMES[:8], tables={"min": 4, "max": 4})
    table = night.seated()["tables"][0]
    stream = NightStream(two_workers.base, night.id)
    try:
        assert stream.client_port is not None
        held = worker_of(two_workers.process.pid, two_workers.port, stream.client_port)
        other, poster = client_on_worker(two_workers, other_than=held)
        night.client = other
        play_live(other, night, table["table_id"], table_log("51", table["players"], 1, 1))
        start = time.monotonic()
        assert stream.wait_until(finished) is not None
        assert time.monotonic() - start < LATE
        assert poster != held
        other.close()
    finally:
        stream.close()
        first.close()
