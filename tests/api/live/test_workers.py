"""``referee serve --workers 2``: a stream held by one worker sees the changes posted to the
other; two phones posting at once (each through its own worker) get one 201 and one
409; the access log never shows a token."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import httpx
import pytest

from tests.api import clean_env
from tests.api.live import FRIDAY_EVENTS, Table, new_table, public
from tests.api.live.servers import Serve, Sse, client_on_worker, worker_of

BACKENDS = ["sqlite", "postgresql"]
LATE = 3.0  # seconds: the streams rest up to 15 s when nothing wakes them


def _database(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / 'verdicts.sqlite3'}"
    url: str = request.getfixturevalue("database_url_postgresql")
    return url


@pytest.fixture(params=BACKENDS)
def two_workers(request: pytest.FixtureRequest, tmp_path: Path) -> Serve:
    url = _database(request.param, tmp_path, request)
    env = clean_env(REFEREE_DATABASE_URL=url, XDG_DATA_HOME=str(tmp_path),
                    REFEREE_TABLE_RATE="1000")
    server = Serve(env, "--workers", "2")
    server.wait_up()
    request.addfinalizer(server.stop)
    return server


def test_a_stream_on_one_worker_sees_changes_posted_to_the_other(two_workers: Serve) -> None:
    first, _ = client_on_worker(two_workers)
    table = new_table(first)
    stream = Sse(two_workers.base, table.id)
    try:
        assert stream.client_port is not None
        stream_worker = worker_of(two_workers.process.pid, two_workers.port, stream.client_port)
        other, poster = client_on_worker(two_workers, other_than=stream_worker)
        table.client = other
        answers = []
        for number, line in enumerate(FRIDAY_EVENTS[:5], start=1):
            answers.append(table.event(line))
            start = time.monotonic()
            got = stream.wait_for(number, timeout=20)
            assert time.monotonic() - start < LATE, "the other worker's stream was late"
        other.close()
    finally:
        stream.close()
        first.close()
    assert poster != stream_worker
    assert [m.id for m in got] == [a["seq"] for a in answers]
    assert [m.data for m in got] == answers


def _race(table: Table, clients: list[httpx.Client], line: str, seen: int,
          tag: str) -> list[httpx.Response]:
    """The same line posted at once through each client, all having seen ``seen``."""
    start = threading.Barrier(len(clients))
    results: list[httpx.Response] = []

    def post(number: int, client: httpx.Client) -> None:
        start.wait()
        results.append(client.post(f"/v1/tables/{table.id}/events",
                                   json={"text": line, "after": seen,
                                         "key": f"{tag}-{number}"},
                                   headers=table.auth("scribe")))

    threads = [threading.Thread(target=post, args=(n, c)) for n, c in enumerate(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_two_phones_posting_at_once_through_two_workers(two_workers: Serve) -> None:
    one, worker = client_on_worker(two_workers)
    two, _ = client_on_worker(two_workers, other_than=worker)
    table = new_table(one)
    try:
        for round_ in range(4):
            seq = table.state()["seq"]
            results = _race(table, [one, two], FRIDAY_EVENTS[2 * round_], seq, str(round_))
            assert sorted(r.status_code for r in results) == [201, 409], \
                [r.text for r in results]
            loser = next(r for r in results if r.status_code == 409)
            assert loser.json()["seq"] == seq + 1
            table.event(FRIDAY_EVENTS[2 * round_ + 1])
        assert [e["text"] for e in table.state()["events"]] == public(FRIDAY_EVENTS[:8])
        assert len(table.trail()) == 8  # nothing lost, nothing doubled
    finally:
        one.close()
        two.close()


def test_the_access_log_shows_no_token(tmp_path: Path) -> None:
    env = clean_env(REFEREE_DATABASE_URL=f"sqlite:///{tmp_path / 'v.sqlite3'}",
                    XDG_DATA_HOME=str(tmp_path))
    server = Serve(env, log_level="info")
    try:
        server.wait_up()
        with httpx.Client(base_url=server.base) as client:
            table = new_table(client)
            table.event("Ana discard 7h", who="Ana")
            table.state("Beto")
            client.get(f"/v1/tables/{table.id}/log")
            assert table.post("Ana discard 7h", who="Beto").status_code == 403
    finally:
        server.process.terminate()
        server.process.wait(timeout=30)
        output = server.output()
        server.stop()
    assert f"/v1/tables/{table.id}/events" in output  # the access log is on
    for token in (table.scribe, *table.seats.values()):
        assert token not in output
