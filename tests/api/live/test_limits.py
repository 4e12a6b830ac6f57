"""What one client may open: tables (and nights) created a minute per client address, and
streams open per table and per client address; each 429 with ``Retry-After`` past it."""

from __future__ import annotations

import time
import warnings

import httpx

from referee.api.app import create_app
from tests.api.live import live_settings, new_table
from tests.api.live.servers import Sse, serving

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

PLAYERS = ["Ana", "Beto", "Caro"]


def _retry_after(response: httpx.Response) -> int:
    wait = int(response.headers["Retry-After"])
    assert 1 <= wait <= 60
    return wait


def test_tables_created_past_the_rate_are_429_with_retry_after(database_url: str) -> None:
    app = create_app(live_settings(database_url, create_rate=3))
    with TestClient(app) as client, TestClient(app, client=("10.0.0.2", 4000)) as other:
        for _ in range(3):
            new_table(client)
        refused = client.post("/v1/tables", json={"game": "51", "players": PLAYERS})
        assert refused.status_code == 429
        _retry_after(refused)
        assert "3" in refused.json()["error"]["message"]
        spanish = client.post("/v1/tables", json={"game": "51", "players": PLAYERS,
                                                  "lang": "es"})
        assert spanish.status_code == 429 and "mesas" in spanish.json()["error"]["message"]
        night = client.post("/v1/nights", json={"name": "Jueves", "game": "51", "seed": 1,
                                                "players": ["A", "B", "C", "D"]})
        assert night.status_code == 429  # a night is a creation too
        form = client.post("/t/new", data={"game": "51", "players": "Ana Beto"})
        assert form.status_code == 429
        _retry_after(form)
        assert "<form" in form.text  # the form again, with the refusal
        new_table(other)  # another address has its own count


def test_the_rate_is_a_minute_window(database_url: str) -> None:
    app = create_app(live_settings(database_url, create_rate=1))
    clock = [1000.0]
    app.state.creation.clock = lambda: clock[0]
    with TestClient(app) as client:
        new_table(client)
        refused = client.post("/v1/tables", json={"game": "51", "players": PLAYERS})
        assert refused.status_code == 429 and _retry_after(refused) == 60
        clock[0] += 45
        again = client.post("/v1/tables", json={"game": "51", "players": PLAYERS})
        assert again.status_code == 429 and _retry_after(again) == 15
        clock[0] += 15
        new_table(client)


def _opened(base: str, table_id: str, timeout: float = 20) -> Sse:
    """A stream of the table, once the server has a slot for it again."""
    deadline = time.monotonic() + timeout
    while True:
        stream = Sse(base, table_id)
        if stream.status == 200 or time.monotonic() > deadline:
            return stream
        stream.close()
        time.sleep(0.1)


def test_streams_past_the_tables_cap_are_429_until_one_closes(database_url: str) -> None:
    with serving(database_url, table_streams=2) as base, httpx.Client(base_url=base) as client:
        table, other = new_table(client), new_table(client)
        streams = [Sse(base, table.id), Sse(base, table.id)]
        try:
            assert [s.status for s in streams] == [200, 200]
            refused = client.get(f"/v1/tables/{table.id}/stream")
            assert refused.status_code == 429
            _retry_after(refused)
            assert "2" in refused.json()["error"]["message"]
            elsewhere = Sse(base, other.id)  # another table has its own cap
            assert elsewhere.status == 200
            elsewhere.close()
            streams.pop().close()
            streams.append(_opened(base, table.id))
            assert streams[-1].status == 200  # the closed stream's slot was given back
        finally:
            for stream in streams:
                stream.close()


def test_streams_past_the_clients_cap_are_429(database_url: str) -> None:
    with serving(database_url, client_streams=2) as base, httpx.Client(base_url=base) as client:
        tables = [new_table(client) for _ in range(3)]
        streams = [Sse(base, tables[0].id), Sse(base, tables[1].id)]
        try:
            assert [s.status for s in streams] == [200, 200]
            refused = client.get(f"/v1/tables/{tables[2].id}/stream")
            assert refused.status_code == 429
            _retry_after(refused)
            streams.pop().close()
            streams.append(_opened(base, tables[2].id))
            assert streams[-1].status == 200
        finally:
            for stream in streams:
                stream.close()
