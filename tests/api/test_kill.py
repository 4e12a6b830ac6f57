"""SIGKILL during a burst of stores loses no acknowledged verdict and leaves no torn row.

A real ``referee serve`` process stores verdicts from several threads; once
enough are acknowledged it is killed with SIGKILL while requests are still in
flight. A new server on the same database must then give back every verdict
acknowledged (201 or 200) whole: its log, its report, its content hash.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, text

from referee import __version__
from referee.api.store.ids import content_hash, normalize_log, verdict_id
from referee.api.store.verdicts import VerdictStore
from tests.api import FRIDAY, TEXT, Server, clean_env, running_server

THREADS = 6
ACKNOWLEDGED_BEFORE_KILL = 40


def burst(base: str, stop: threading.Event, acked: dict[str, str], lock: threading.Lock,
          worker: int, failures: list[str]) -> None:
    template = FRIDAY.read_text()
    with httpx.Client(timeout=20) as client:
        for i in range(10_000):
            if stop.is_set():
                return
            log = template.replace("Viernes en casa de Ana", f"Ráfaga {worker}-{i}")
            try:
                response = client.post(base + "/v1/verdicts", content=log.encode(),
                                       headers=TEXT)
            except httpx.TransportError as exc:  # the server is gone: in flight, not acked
                failures.append(type(exc).__name__)
                return
            if response.status_code in (200, 201):
                with lock:
                    acked[response.json()["id"]] = log


def check_whole(database_url: str, base: str, acked: dict[str, str]) -> None:
    with httpx.Client(timeout=20) as client:
        for vid, log in acked.items():
            response = client.get(f"{base}/v1/verdicts/{vid}")
            assert response.status_code == 200, (vid, response.text)
            body = response.json()
            assert body["log"] == normalize_log(log)
            assert verdict_id(content_hash(body["log"], body["knobs"], __version__)) == vid
            assert body["report"]["games"][0]["findings"][0]["rule"] == "discard-pegue"
    store = VerdictStore(database_url)  # every row, acknowledged or not, is whole
    try:
        for vid in store.ids():
            verdict = store.get(vid)  # raises DamagedVerdictError for a torn row
            assert verdict is not None
            assert json.loads(json.dumps(verdict.reports))["es"]["games"]
    finally:
        store.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_sigkill_during_a_burst_loses_no_acknowledged_verdict(
        backend: str, tmp_path: Path, postgres_url: str | None,
        request: pytest.FixtureRequest) -> None:
    if backend == "sqlite":
        database_url = f"sqlite:///{tmp_path / 'verdicts.sqlite3'}"
    else:
        database_url = request.getfixturevalue("database_url_postgresql")
    env = clean_env(REFEREE_DATABASE_URL=database_url, XDG_DATA_HOME=str(tmp_path))
    server = Server(env)
    server.wait_up()
    stop = threading.Event()
    lock = threading.Lock()
    acked: dict[str, str] = {}
    failures: list[str] = []
    workers = [threading.Thread(target=burst, args=(server.base, stop, acked, lock, n, failures))
               for n in range(THREADS)]
    for worker in workers:
        worker.start()
    deadline = time.monotonic() + 120
    while len(acked) < ACKNOWLEDGED_BEFORE_KILL and time.monotonic() < deadline:
        time.sleep(0.01)
    server.kill()  # mid-burst: the threads are still sending
    stop.set()
    for worker in workers:
        worker.join(timeout=60)
    server.stop()
    assert len(acked) >= ACKNOWLEDGED_BEFORE_KILL
    assert failures, "the kill should have cut requests in flight"

    with running_server(env) as again:
        check_whole(database_url, again.base, acked)
    if backend == "sqlite":
        engine = create_engine(database_url)
        with engine.connect() as conn:
            assert conn.execute(text("PRAGMA integrity_check")).scalar_one() == "ok"
        engine.dispose()
