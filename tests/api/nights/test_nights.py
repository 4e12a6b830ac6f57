"""A night through the API: making it, seating rounds, closing them, the limits."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.nights import NAMES, make_night, play_live, table_log


def test_a_night_gives_its_tokens_once(client: Any) -> None:
    night = make_night(client)
    created = night.created
    assert created["url"] == f"/n/{night.id}"
    assert created["organizer"]["url"] == f"/n/{night.id}#organizer={night.organizer}"
    assert [p["name"] for p in created["players"]] == list(NAMES[:14])
    assert all(p["url"] == f"/n/{night.id}#player={p['token']}" for p in created["players"])
    assert len({night.organizer, *night.passes.values()}) == 15
    data = night.get()
    text = repr(data)
    assert night.organizer not in text and not any(t in text for t in night.passes.values())
    assert data["round"] == 0 and data["rounds"] == [] and data["seed"] == 7
    assert [r["player"] for r in data["standings"]] == list(NAMES[:14])


@pytest.mark.parametrize(("body", "words"), [
    ({"game": "chess"}, "chess"),
    ({"players": ["Ana", "Beto", "Caro"]}, "4 to 120"),
    ({"players": list(NAMES[:7]), "tables": {"min": 4, "max": 4}}, "tables of 3 to 4 would"),
    ({"players": [*NAMES[:5], "Ana"]}, "already"),
    ({"players": [*NAMES[:5], "draw"]}, "draw"),
    ({"players": [*NAMES[:5], "Ana Maria"]}, "Ana Maria"),
    ({"tags": {"MinOpen": "lots"}}, "MinOpen"),
    ({"tables": {"min": 2, "max": 9}}, "max"),
    ({"rounds": 21}, "rounds"),
])
def test_a_night_that_cannot_be_is_400(client: Any, body: dict[str, Any], words: str) -> None:
    values = {"game": "51", "players": list(NAMES[:8]), **body}
    response = client.post("/v1/nights", json=values)
    assert response.status_code == 400, response.text
    assert words in response.json()["error"]["message"]


def test_the_limits_are_settings(database_url: str) -> None:
    from tests.api.live import live_client

    with live_client(database_url, night_max_players=8, night_max_tables=2) as c:
        too_many = c.post("/v1/nights", json={"game": "51", "players": list(NAMES[:9])})
        assert too_many.status_code == 400 and "4 to 8" in too_many.json()["error"]["message"]
        tables = c.post("/v1/nights", json={"game": "51", "players": list(NAMES[:8]),
                                            "tables": {"min": 3, "max": 3}})
        assert tables.status_code == 400


def test_a_round_is_seated_as_live_tables(client: Any) -> None:
    night = make_night(client, tags={"Stake": "100"}, lang="es", reveal="open",
                       tables={"min": 3, "max": 4})
    seated = night.seated()
    assert [len(t["players"]) for t in seated["tables"]] == [4, 4, 3, 3]
    assert seated["byes"] == [] and seated["repeats"] == 0
    for table in seated["tables"]:
        assert table["starter"] == table["players"][0]
        state = client.get(f"/v1/tables/{table['table_id']}").json()
        assert state["players"] == table["players"] and state["game"] == "51"
        log = client.get(f"/v1/tables/{table['table_id']}/log",
                         headers=night.auth()).text  # sealed: the organizer is its scribe
        assert '[Stake "100"]' in log and '[Event "Jueves"]' in log
        assert '[Round "1"]' in log and f'[Table "{table["table"]}"]' in log
        seat = table["players"][1]  # a player's pass opens their seat
        me = client.get(f"/v1/tables/{table['table_id']}/me", headers=night.auth(seat))
        assert me.json() == {"by": seat, "player": seat}
        scribe = client.get(f"/v1/tables/{table['table_id']}/me", headers=night.auth())
        assert scribe.json()["by"] == "scribe"
    assert night.seat().status_code == 409  # round 1 is open
    again = make_night(client, tags={"Stake": "100"}, lang="es", reveal="open",
                       tables={"min": 3, "max": 4})
    assert [t["players"] for t in again.seated()["tables"]] == \
        [t["players"] for t in seated["tables"]]  # the seed makes the same draw


def test_a_round_closes_when_every_table_is_done(client: Any) -> None:
    night = make_night(client, NAMES[:8], tables={"min": 4, "max": 4})
    seated = night.seated()
    refused = night.close(1)
    assert refused.status_code == 409 and refused.json()["tables"] == [1, 2]
    first = seated["tables"][0]
    play_live(client, night, first["table_id"], table_log("51", first["players"], 1, 1))
    assert night.close(1).json()["tables"] == [2]
    void = client.post(night.table_path(1, 2) + "/void", json={"reason": "fire alarm"},
                       headers=night.auth())
    assert void.status_code == 200
    assert night.close(1).status_code == 200
    assert night.close(1).status_code == 409  # closed already
    data = night.get()
    states = [t["state"] for t in data["rounds"][0]["tables"]]
    assert states == ["finished", "voided"]
    assert data["rounds"][0]["closed"] is True
    assert set(data["rounds"][0]["tables"][1]["points"].values()) == {0}
    assert data["rounds"][0]["tables"][1]["reason"] == "fire alarm"


def test_the_rounds_planned_are_the_last(client: Any) -> None:
    night = make_night(client, NAMES[:8], tables={"min": 4, "max": 4}, rounds=1)
    for table in night.seated()["tables"]:
        night.hand_in(1, table["table"], table_log("51", table["players"], 1, table["table"]))
    assert night.close(1).status_code == 200
    assert night.seat().status_code == 409


def test_a_player_at_a_night_table_plays_with_the_pass(client: Any) -> None:
    night = make_night(client, NAMES[:8], tables={"min": 4, "max": 4})
    table = night.seated()["tables"][0]
    text = table_log("51", table["players"], 1, 1)
    starter, other = table["players"][0], table["players"][1]
    first = text.split("\n\n")[-1].splitlines()[0]
    assert first.startswith(starter)
    wrong = client.post(f"/v1/tables/{table['table_id']}/events", json={"text": first},
                        headers=night.auth(other))
    assert wrong.status_code == 403
    mine = client.post(f"/v1/tables/{table['table_id']}/events", json={"text": first},
                       headers=night.auth(starter))
    assert mine.status_code == 201


def test_the_board_and_the_report_pages(client: Any) -> None:
    night = make_night(client, NAMES[:8], tables={"min": 4, "max": 4})
    seated = night.seated()
    for table in seated["tables"]:
        night.hand_in(1, table["table"], table_log("51", table["players"], 1, table["table"]))
    board = client.get(f"/n/{night.id}")
    assert board.status_code == 200 and "night.js" in board.text
    assert night.organizer not in board.text
    assert client.get(f"/n/{night.id}?tv=1&lang=es").status_code == 200
    report = client.get(f"/n/{night.id}/report.html")
    assert report.status_code == 200 and "<script" not in report.text.lower()
    assert "default-src 'none'" in report.headers["content-security-policy"]
    verdict = night.get()["rounds"][0]["tables"][0]["verdict_id"]
    assert f"/v/{verdict}" in report.text
    csv = client.get(f"/n/{night.id}/standings.csv")
    assert csv.status_code == 200 and csv.text.startswith("rank,player,points")
    assert client.get("/n/not-an-id").status_code == 422
    assert client.get(f"/n/{'a' * 24}").status_code == 404
    assert client.get(f"/v1/nights/{'a' * 24}").status_code == 404
    assert client.get("/v1/nights/nope").status_code == 422
