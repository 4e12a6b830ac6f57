"""The scribe's changes to the table itself: a seat's new link (the old token refused at
once, the trail keeping the change but never the token) and abandoning a table (no
verdict, every later write 409, expired as idle tables are)."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime, timedelta

from sqlalchemy import create_engine, text

from referee.api.live_form import qr_svg
from referee.api.store.database import normalize_url
from tests.api.live import FRIDAY_DEALS, TestClient, friday, live_client, new_table


def new_link(client: TestClient, table_id: str, player: str, token: str | None) -> object:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    return client.post(f"/v1/tables/{table_id}/seats/{player}/token", headers=headers)


def test_a_seat_gets_a_new_link_and_the_old_one_is_refused_at_once(client: TestClient) -> None:
    table = friday(client, upto=2)
    old = table.seats["Beto"]
    seq = table.state()["seq"]
    response = client.post(f"/v1/tables/{table.id}/seats/Beto/token",
                           headers=table.auth("scribe"))
    assert response.status_code == 201, response.text
    body = response.json()
    assert set(body) == {"player", "token", "url"} and body["player"] == "Beto"
    assert body["token"] != old and len(body["token"]) >= 32
    assert body["url"] == f"/t/{table.id}#seat={body['token']}"
    assert table.state()["seq"] == seq + 1
    refused = table.post("Beto discard Jh", who="Beto")  # still the old token
    assert refused.status_code == 403
    assert client.get(f"/v1/tables/{table.id}/me", headers=table.auth("Beto")).status_code == 403
    table.seats["Beto"] = body["token"]
    me = client.get(f"/v1/tables/{table.id}/me", headers=table.auth("Beto")).json()
    assert me == {"by": "Beto", "player": "Beto"}
    assert sorted(table.state("Beto")["my_hand"]["cards"]) != []  # the seat's view is back
    table.event("Beto discard Jh", who="Beto")
    change = next(c for c in table.trail() if c["action"] == "seat")
    assert change["seq"] == seq + 1 and change["by"] == "scribe" and change["player"] == "Beto"
    assert change["text"] is None
    everything = json.dumps([table.trail(), table.state(), table.log()])
    assert body["token"] not in everything and old not in everything
    messages = client.app.state.live.messages_after(table.id, seq, 10, "en")  # type: ignore[attr-defined]
    assert messages[0][1] == "seat" and body["token"] not in json.dumps(messages)
    assert messages[0][2]["player"] == "Beto" and messages[0][2]["state"]["seq"] == seq + 1


def test_only_the_scribe_gives_a_new_link(client: TestClient) -> None:
    table = new_table(client)
    assert new_link(client, table.id, "Ana", None).status_code == 401  # type: ignore[attr-defined]
    assert new_link(client, table.id, "Ana", table.seats["Ana"]).status_code == 403  # type: ignore[attr-defined]
    assert new_link(client, table.id, "Beto", table.seats["Ana"]).status_code == 403  # type: ignore[attr-defined]
    assert new_link(client, table.id, "Zed", table.scribe).status_code == 404  # type: ignore[attr-defined]
    assert table.state()["seq"] == 0 and table.trail() == []


def test_the_new_token_is_stored_only_hashed(database_url: str) -> None:
    with live_client(database_url) as client:
        table = new_table(client)
        token = new_link(client, table.id, "Caro", table.scribe).json()["token"]  # type: ignore[attr-defined]
    engine = create_engine(normalize_url(database_url))
    with engine.connect() as conn:
        stored = conn.execute(text("SELECT token_hash FROM live_seats WHERE table_id = :id "
                                   "AND player = 'Caro'"), {"id": table.id}).scalar_one()
        dump = json.dumps([list(r) for r in conn.execute(text("SELECT * FROM live_changes"))],
                          default=str)
    engine.dispose()
    assert stored == hashlib.sha256(token.encode()).hexdigest()
    assert token not in dump


def test_an_abandoned_table_takes_nothing_more_and_gives_no_verdict(
        client: TestClient, database_url: str) -> None:
    table = friday(client, upto=3)
    seq = table.state()["seq"]
    assert client.post(f"/v1/tables/{table.id}/abandon",
                       headers=table.auth("Ana")).status_code == 403
    response = client.post(f"/v1/tables/{table.id}/abandon", headers=table.auth("scribe"))
    assert response.status_code == 200, response.text
    state = response.json()
    assert state["abandoned"] is True and state["over"] is True and state["seq"] == seq + 1
    assert state["verdict_id"] is None and state["finished"] is False
    assert table.state()["abandoned"] is True
    writes = [table.post("Caro meld Jc Jh Js"), table.post("Caro meld Jc Jh Js", who="Caro"),
              table.undo(seq), table.up("7h"),
              client.post(f"/v1/tables/{table.id}/abandon", headers=table.auth("scribe")),
              new_link(client, table.id, "Ana", table.scribe)]
    assert [w.status_code for w in writes] == [409] * 6  # type: ignore[attr-defined]
    assert "abandoned" in writes[0].json()["error"]["message"]
    assert table.state()["seq"] == seq + 1
    assert table.trail()[-1]["action"] == "abandon"
    engine = create_engine(normalize_url(database_url))
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM verdicts")).scalar_one() == 0
    engine.dispose()


def test_an_abandoned_table_speaks_the_tables_language(client: TestClient) -> None:
    table = new_table(client, lang="es")
    client.post(f"/v1/tables/{table.id}/abandon", headers=table.auth("scribe"))
    refused = table.post("Ana discard 7h")
    assert refused.status_code == 409 and "se abandonó" in refused.json()["error"]["message"]


def test_an_abandoned_match_refuses_its_next_hand(client: TestClient) -> None:
    table = new_table(client, game="rummy-argentino", players=("Ana", "Beto"))
    client.post(f"/v1/tables/{table.id}/abandon", headers=table.auth("scribe"))
    assert table.next_hand(["Beto", "Ana"]).status_code == 409


def test_an_abandoned_table_expires_as_idle_tables_do(database_url: str) -> None:
    with live_client(database_url, table_days=1) as client:
        table = new_table(client)
        client.post(f"/v1/tables/{table.id}/abandon", headers=table.auth("scribe"))
        assert client.get(f"/v1/tables/{table.id}").status_code == 200
        engine = create_engine(normalize_url(database_url))
        with engine.begin() as conn:
            conn.execute(text("UPDATE live_tables SET touched_at = :old WHERE id = :id"),
                         {"old": datetime.now(UTC) - timedelta(days=2), "id": table.id})
        engine.dispose()
        assert client.get(f"/v1/tables/{table.id}").status_code == 404


def test_a_finished_table_cannot_be_abandoned(client: TestClient) -> None:
    table = friday(client)  # played to the end: its verdict given
    assert table.state()["verdict_id"]
    response = client.post(f"/v1/tables/{table.id}/abandon", headers=table.auth("scribe"))
    assert response.status_code == 409
    assert table.state()["abandoned"] is False
    assert FRIDAY_DEALS["Ana"] in table.log(None)


def test_the_qr_code_of_a_seats_link_is_drawn_for_the_scribes_page(client: TestClient) -> None:
    table = new_table(client)
    url = f"http://192.168.1.20:8051/t/{table.id}#seat={table.seats['Ana']}"
    answer = client.post(f"/t/{table.id}/qr", json={"url": url})
    assert answer.status_code == 200 and answer.headers["content-type"] == "image/svg+xml"
    assert answer.text == str(qr_svg(url)).replace(
        "<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)  # segno's, as an image
    assert table.seats["Ana"] not in answer.text
    other = new_table(client)
    for body in ({"url": "http://evil.example/anything"}, {"url": 7}, [],
                 {"url": url.replace(table.id, other.id)}):
        refused = client.post(f"/t/{table.id}/qr", json=body)
        assert refused.status_code == 422, body
        assert "seat" in refused.json()["error"]["message"]
