"""Undo: the last event not undone leaves the log and the state; the trail keeps it."""

from __future__ import annotations

import json

from tests.api import DATA
from tests.api.live import FRIDAY_EVENTS, TestClient, friday, new_table, play_log


def test_the_last_event_is_undone_and_the_trail_keeps_it(client: TestClient) -> None:
    table = new_table(client)
    first = table.event("Ana discard 7h", who="Ana")
    wrong = table.event("Beto draw Qd", who="Beto")
    response = table.undo(wrong["seq"], who="Beto")
    assert response.status_code == 201
    answer = response.json()
    assert answer["action"] == "undo" and answer["undone"] == wrong["seq"]
    assert answer["seq"] == 3 and answer["state"]["seq"] == 3
    assert [e["text"] for e in answer["state"]["events"]] == ["Ana discard 7h"]
    assert answer["state"]["turn"] == "Beto" and answer["state"]["stock"] == first["state"][
        "stock"]
    assert "Beto draw Qd" not in table.log()
    trail = table.trail()
    assert [(c["seq"], c["action"], c["undone"]) for c in trail] == [
        (1, "event", False), (2, "event", True), (3, "undo", False)]
    assert trail[1]["text"] == "Beto draw" and trail[1]["undone_by"] == 3  # a private card
    assert "Qd" not in json.dumps(trail)
    assert trail[2]["target"] == 2
    again = table.event("Beto draw 5c", who="Beto")
    assert again["line"] == wrong["line"]  # the line is free again
    assert table.undo(first["seq"], who="Ana").status_code == 409  # no longer the last


def test_who_may_undo(client: TestClient) -> None:
    table = new_table(client)
    mine = table.event("Ana discard 7h", who="Ana")
    assert table.undo(mine["seq"], who="Beto").status_code == 403
    assert table.undo(mine["seq"], who=None).status_code == 401
    assert table.undo(mine["seq"], who="scribe").status_code == 201
    by_scribe = table.event("Ana discard 8h")
    assert table.undo(by_scribe["seq"], who="Ana").status_code == 403  # the scribe posted it
    undo = table.undo(by_scribe["seq"]).json()
    assert table.undo(undo["seq"]).status_code == 409  # an undo is not undone
    assert table.undo(by_scribe["seq"]).status_code == 409  # undone already
    assert table.undo(99).status_code == 409


def test_a_call_undone_brings_the_players_back(client: TestClient) -> None:
    lines = (DATA / "eliminations-4p.rummy").read_text().splitlines()
    cut = next(i for i, line in enumerate(lines) if line.startswith("Nora discard 7c"))
    table = play_log(client, "\n".join(lines[:cut]) + "\n")
    call = table.state()["events"][-1]
    assert table.state()["eliminated"] == ["Rita", "Pablo"]
    state = table.undo(call["seq"]).json()["state"]
    assert state["eliminated"] == [] and state["calls"] == []


def test_nothing_is_undone_once_the_game_is_over(client: TestClient) -> None:
    table = friday(client)
    last = table.state()["events"][-1]
    assert last["text"] == FRIDAY_EVENTS[-1]
    response = table.undo(last["seq"])
    assert response.status_code == 409 and "verdict" in response.json()["error"]["message"]
