"""A SIGKILL of ``referee serve`` while tables are being played loses no answered change and
leaves none half written; a restarted server goes on with each table, and a change sent
again with its key after the dropped connection is recorded exactly once."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, text

from referee.api.store.database import normalize_url
from referee.sim import simulate_games
from tests.api import clean_env
from tests.api.live import new_table, public
from tests.api.live.servers import Serve, Sse

TABLES = 4
ANSWERED_BEFORE_KILL = 40


def _game_lines() -> tuple[list[str], dict[str, str]]:
    record = next(iter(simulate_games(1, players=(3, 3), seed=5))).record
    deals = {p: " ".join(str(c) for c in d.cards) for p, d in record.deals.items()}
    return [str(event) for event in record.events], deals


def _play(base: str, stop: threading.Event, answered: dict[str, list[tuple[int, str]]],
          lines: list[str], deals: dict[str, str], inflight: dict[str, tuple[str, str]],
          tables: dict[str, object], lock: threading.Lock) -> None:
    with httpx.Client(base_url=base, timeout=20) as client:
        table = new_table(client, players=tuple(deals))
        with lock:
            tables[table.id] = table
            answered[table.id] = []
        try:
            for player, cards in deals.items():
                table.hand(player, cards, who="scribe")
        except httpx.TransportError:
            return  # killed while the hands were given: no event was in flight
        for number, line in enumerate(lines):
            if stop.is_set():
                return
            key = f"{table.id}-{number}"
            inflight[table.id] = (line, key)
            try:
                response = table.post(line, key=key)
            except httpx.TransportError:
                return  # the server is gone: this one was in flight, not answered
            assert response.status_code == 201, response.text
            with lock:
                answered[table.id].append((response.json()["seq"], line))


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_sigkill_between_changes_loses_nothing_answered(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    if backend == "sqlite":
        url = f"sqlite:///{tmp_path / 'verdicts.sqlite3'}"
    else:
        url = request.getfixturevalue("database_url_postgresql")
    env = clean_env(REFEREE_DATABASE_URL=url, XDG_DATA_HOME=str(tmp_path),
                    REFEREE_TABLE_RATE="1000")
    lines, deals = _game_lines()
    server = Serve(env)
    server.wait_up()
    stop, lock = threading.Event(), threading.Lock()
    answered: dict[str, list[tuple[int, str]]] = {}
    inflight: dict[str, tuple[str, str]] = {}
    tables: dict[str, object] = {}
    threads = [threading.Thread(target=_play, args=(server.base, stop, answered, lines, deals,
                                                    inflight, tables, lock))
               for _ in range(TABLES)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 120
    while sum(len(a) for a in answered.values()) < ANSWERED_BEFORE_KILL \
            and time.monotonic() < deadline:
        time.sleep(0.01)
    server.kill()
    stop.set()
    for thread in threads:
        thread.join(timeout=60)
    server.stop()
    assert sum(len(a) for a in answered.values()) >= ANSWERED_BEFORE_KILL

    again = Serve(env)
    again.wait_up()
    try:
        with httpx.Client(base_url=again.base, timeout=20) as client:
            for table_id, table in tables.items():
                table.client = client  # type: ignore[attr-defined]
                trail = client.get(f"/v1/tables/{table_id}/trail").json()
                state = client.get(f"/v1/tables/{table_id}").json()
                assert [c["seq"] for c in trail] == list(range(1, state["seq"] + 1))
                events = {c["seq"]: c["text"] for c in trail if c["action"] == "event"}
                for seq, line in answered[table_id]:
                    assert events[seq] == public([line])[0]  # every answered change is there
                assert list(events.values()) == public(lines[:len(events)])  # nothing else
                stream = Sse(again.base, table_id, params={"after": "0"})
                try:
                    assert [m.id for m in stream.wait_for(state["seq"])] == \
                        list(range(1, state["seq"] + 1))
                finally:
                    stream.close()
                if table_id not in inflight:  # killed before its first event was sent
                    continue
                line, key = inflight[table_id]
                resent = table.post(line, key=key)  # type: ignore[attr-defined]
                assert resent.status_code in (200, 201), resent.text
                after = client.get(f"/v1/tables/{table_id}/trail").json()
                assert [c["text"] for c in after if c["action"] == "event"] == \
                    public(lines[:len([c for c in after if c["action"] == "event"])])
                nxt = lines[len([c for c in after if c["action"] == "event"])]
                assert table.post(nxt).status_code == 201  # type: ignore[attr-defined]
    finally:
        again.stop()
    engine = create_engine(normalize_url(url))
    with engine.connect() as conn:
        if backend == "sqlite":
            assert conn.execute(text("PRAGMA integrity_check")).scalar_one() == "ok"
        for seq, message in conn.execute(text("SELECT seq, public FROM live_changes")):
            import zlib

            assert set(json.loads(zlib.decompress(message))) == {"en", "es"}, seq
    engine.dispose()
