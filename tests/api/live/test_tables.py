"""Creating a table: its answer, its tokens (random, hashed, never shown again), the 400s of
a bad game, player list, tag or knob, and the 401/403/404/422 of the other requests."""

from __future__ import annotations

import hashlib
import json

import pytest
from sqlalchemy import create_engine, text

from referee.api.store.database import normalize_url
from referee.api.store.ids import is_verdict_id
from tests.api.live import TestClient, live_client, new_table


def test_a_table_is_created_with_its_link_and_tokens(client: TestClient) -> None:
    response = client.post("/v1/tables", json={
        "game": "51", "players": ["Ana", "Beto", "Caro"],
        "tags": {"Event": "Viernes", "Stake": "100", "MinOpen": "71"}, "reveal": "sealed",
        "lang": "es"})
    assert response.status_code == 201
    body = response.json()
    assert set(body) == {"id", "url", "seq", "scribe", "seats"}
    assert is_verdict_id(body["id"]) and body["url"] == f"/t/{body['id']}" and body["seq"] == 0
    assert response.headers["location"] == f"/v1/tables/{body['id']}"
    seats = body["seats"]
    assert [seat["player"] for seat in seats] == ["Ana", "Beto", "Caro"]
    tokens = [body["scribe"]["token"], *(seat["token"] for seat in seats)]
    assert len(set(tokens)) == 4 and all(len(token) >= 32 for token in tokens)  # 192 bits
    for seat in seats:
        assert seat["url"] == f"/t/{body['id']}#seat={seat['token']}"
    state = client.get(f"/v1/tables/{body['id']}").json()
    assert state["game"] == "51" and state["players"] == ["Ana", "Beto", "Caro"]
    assert state["seq"] == 0 and state["turn"] == "Ana" and state["reveal"] == "sealed"
    assert state["hands"] == {"Ana": 15, "Beto": 14, "Caro": 14}
    log = client.get(f"/v1/tables/{body['id']}/log",
                     headers={"Authorization": f"Bearer {body['scribe']['token']}"}).text
    assert '[MinOpen "71"]' in log and '[Players "Ana Beto Caro"]' in log
    assert "# Ana: mano no dada" in log  # the table's language


def test_ids_are_unguessable_and_tokens_are_stored_only_hashed(database_url: str) -> None:
    with live_client(database_url) as client:
        tables = [new_table(client) for _ in range(5)]
        assert len({t.id for t in tables}) == 5
        for table in tables:
            for answer in (client.get(f"/v1/tables/{table.id}").text,
                           client.get(f"/v1/tables/{table.id}/log").text,
                           client.get(f"/v1/tables/{table.id}/trail").text,
                           client.get(f"/v1/tables/{table.id}",
                                      headers=table.auth("Ana")).text):
                assert table.scribe not in answer
                assert not any(token in answer for token in table.seats.values())
    engine = create_engine(normalize_url(database_url))
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT t.scribe_hash, s.token_hash FROM live_tables t "
                                 "JOIN live_seats s ON s.table_id = t.id "
                                 "WHERE t.id = :id AND s.player = 'Ana'"),
                            {"id": tables[0].id}).one()
        dump = json.dumps([list(r) for r in conn.execute(text("SELECT * FROM live_tables"))],
                          default=str)
    engine.dispose()
    assert rows[0] == hashlib.sha256(tables[0].scribe.encode()).hexdigest()
    assert rows[1] == hashlib.sha256(tables[0].seats["Ana"].encode()).hexdigest()
    assert tables[0].scribe not in dump


@pytest.mark.parametrize(("body", "words"), [
    ({"game": "52", "players": ["Ana", "Beto"]}, "52"),
    ({"game": "51", "players": ["Ana"]}, "2 to 6"),
    ({"game": "51", "players": ["Ana", "Ana"]}, "twice"),
    ({"game": "51", "players": ["Ana", "draw"]}, "draw"),
    ({"game": "51", "players": ["Ana", "Beto Caro"]}, "one word"),
    ({"game": "51", "players": ["Ana", "scribe"]}, "scribe"),
    ({"game": "51", "players": ["Ana", "Beto"], "tags": {"MinOpen": "many"}}, "MinOpen"),
    ({"game": "51", "players": ["Ana", "Beto"], "tags": {"Players": "Ana Beto"}}, "Players"),
    ({"game": "51", "players": ["Ana", "Beto"], "tags": {"bad tag": "x"}}, "bad tag"),
    ({"game": "51", "players": ["Ana", "Beto"], "tags": {"Event": "a\nb"}}, "Event"),
    ({"game": "rummy-argentino", "players": ["Ana", "Beto"], "tags": {"Hand": "3"}}, "Hand"),
    ({"game": "51", "players": ["Ana", "Beto"], "reveal": "peek"}, "reveal"),
    ({"game": "51"}, "players"),
])
def test_a_bad_table_is_400_with_the_referees_message(client: TestClient, body: dict[str, object],
                                                      words: str) -> None:
    response = client.post("/v1/tables", json=body)
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert error["status"] == 400 and words in error["message"]


def test_unknown_and_malformed_ids(client: TestClient) -> None:
    assert client.get("/v1/tables/" + "a" * 24).status_code == 404
    for path in ("", "/log", "/trail", "/stream"):
        response = client.get(f"/v1/tables/not-an-id{path}")
        assert response.status_code == 422, path
        assert "not a table id" in response.json()["error"]["message"]


def test_writes_need_a_token_of_this_table(client: TestClient) -> None:
    table = new_table(client)
    other = new_table(client)
    response = table.post("Ana discard 7h", who=None)
    assert response.status_code == 401 and response.headers["www-authenticate"] == "Bearer"
    response = client.post(f"/v1/tables/{table.id}/events", json={"text": "Ana discard 7h"},
                           headers={"Authorization": f"Bearer {other.scribe}"})
    assert response.status_code == 403
    response = client.post(f"/v1/tables/{table.id}/events", json={"text": "Ana discard 7h"},
                           headers={"Authorization": "Basic abc"})
    assert response.status_code == 401
    assert table.post("Ana discard 7h", who="Beto").status_code == 403  # not Beto's event
    assert table.post("Ana discard 7h", who="Ana").status_code == 201
    response = client.get(f"/v1/tables/{table.id}",
                          headers={"Authorization": f"Bearer {other.seats['Ana']}"})
    assert response.status_code == 403  # a read with a wrong token says so
    assert table.state()["seq"] == 1  # nothing else was stored
