"""Every correction of a night, and its trail: a table voided, a log handed in and then a
corrected one, a player withdrawn, a late player, a hand's scores entered."""

from __future__ import annotations

from typing import Any

from tests.api.nights import NAMES, make_night, play_live, table_log


def by_action(trail: list[dict[str, Any]], action: str) -> list[dict[str, Any]]:
    return [item for item in trail if item["action"] == action]


def test_a_log_handed_in_then_corrected(client: Any) -> None:
    night = make_night(client, NAMES[:8], tables={"min": 4, "max": 4})
    table = night.seated()["tables"][0]
    first = table_log("51", table["players"], 1, 1, seed=11)
    answer = night.hand_in(1, 1, first)
    assert answer.status_code == 200 and answer.json()["corrected"] is False
    verdict = answer.json()["verdict_id"]
    assert client.get(f"/v1/verdicts/{verdict}").status_code == 200
    points = night.get()["rounds"][0]["tables"][0]["points"]
    fixed = night.hand_in(1, 1, table_log("51", table["players"], 1, 1, seed=12),
                          reason="the scribe's copy had a line missing")
    assert fixed.json()["corrected"] is True and fixed.json()["verdict_id"] != verdict
    table_now = night.get()["rounds"][0]["tables"][0]
    assert table_now["state"] == "handed-in" and table_now["verdict_id"] != verdict
    assert table_now["points"] != points
    trail = night.trail()
    assert [i["action"] for i in trail[-2:]] == ["log", "corrected-log"]
    assert trail[-1]["reason"] == "the scribe's copy had a line missing"


def test_a_log_that_is_not_the_tables_is_422(client: Any) -> None:
    night = make_night(client, NAMES[:8], tables={"min": 4, "max": 4})
    first, second = night.seated()["tables"]
    others = night.hand_in(1, 1, table_log("51", second["players"], 1, 1))
    assert others.status_code == 422 and "not the table's" in others.json()["error"]["message"]
    wrong_round = night.hand_in(1, 1, table_log("51", first["players"], 2, 1))
    assert wrong_round.status_code == 422 and "Round" in wrong_round.json()["error"]["message"]
    garbage = night.hand_in(1, 1, '[Game "51"]\n[Players "A B C"]\n\nA discard 99x\n')
    assert garbage.status_code == 422 and garbage.json()["error"]["findings"]
    other_game = night.hand_in(1, 1, table_log("rummy-argentino", first["players"], 1, 1))
    assert other_game.status_code == 422
    assert night.hand_in(1, 3, table_log("51", first["players"], 1, 3)).status_code == 404
    assert by_action(night.trail(), "log") == []


def test_a_voided_table_scores_zero_and_says_why(client: Any) -> None:
    night = make_night(client, NAMES[:8], tables={"min": 4, "max": 4})
    table = night.seated()["tables"][0]
    night.hand_in(1, 1, table_log("51", table["players"], 1, 1))
    assert any(night.get()["rounds"][0]["tables"][0]["points"].values())
    path = night.table_path(1, 1) + "/void"
    assert client.post(path, json={"reason": ""}, headers=night.auth()).status_code == 400
    assert client.post(path, json={"reason": "a marked deck"},
                       headers=night.auth()).status_code == 200
    assert client.post(path, json={"reason": "again"}, headers=night.auth()).status_code == 409
    data = night.get()
    table_now = data["rounds"][0]["tables"][0]
    assert table_now["state"] == "voided" and set(table_now["points"].values()) == {0}
    assert all(row["points"] == 0 for row in data["standings"])
    assert by_action(night.trail(), "void")[0]["reason"] == "a marked deck"


def test_a_withdrawn_player_keeps_their_results_and_sits_no_more(client: Any) -> None:
    night = make_night(client, NAMES[:9], tables={"min": 3, "max": 3})
    for table in night.seated()["tables"]:
        night.hand_in(1, table["table"], table_log("51", table["players"], 1, table["table"]))
    before = {r["player"]: r["points"] for r in night.get()["standings"]}
    gone = NAMES[0]
    answer = client.post(f"/v1/nights/{night.id}/players/{gone}/withdraw",
                         json={"reason": "went home"}, headers=night.auth())
    assert answer.status_code == 200 and answer.json()["withdrawn"] == 2
    again = client.post(f"/v1/nights/{night.id}/players/{gone}/withdraw",
                        headers=night.auth())
    assert again.status_code == 409
    nobody = client.post(f"/v1/nights/{night.id}/players/Zoe/withdraw", headers=night.auth())
    assert nobody.status_code == 404
    assert night.close(1).status_code == 200
    seated = night.seated()
    assert all(gone not in t["players"] for t in seated["tables"])
    assert sorted(len(t["players"]) for t in seated["tables"]) == [3, 3] or seated["byes"]
    data = night.get()
    assert {r["player"]: r["points"] for r in data["standings"]}[gone] == before[gone]
    assert data["withdrawn"] == [gone]
    assert by_action(night.trail(), "withdraw")[0]["reason"] == "went home"


def test_a_late_player_is_seated_from_the_next_round(client: Any) -> None:
    night = make_night(client, NAMES[:8], tables={"min": 3, "max": 4})
    for table in night.seated()["tables"]:
        night.hand_in(1, table["table"], table_log("51", table["players"], 1, table["table"]))
    late = client.post(f"/v1/nights/{night.id}/players", json={"name": "Zoe"},
                       headers=night.auth())
    assert late.status_code == 201, late.text
    body = late.json()
    assert body["round"] == 2 and body["url"] == f"/n/{night.id}#player={body['token']}"
    me = client.get(f"/v1/nights/{night.id}/me",
                    headers={"Authorization": f"Bearer {body['token']}"})
    assert me.json() == {"role": "player", "player": "Zoe"}
    twice = client.post(f"/v1/nights/{night.id}/players", json={"name": "Zoe"},
                        headers=night.auth())
    assert twice.status_code == 400
    assert night.close(1).status_code == 200
    seated = night.seated()
    assert any("Zoe" in t["players"] for t in seated["tables"])
    assert sorted(len(t["players"]) for t in seated["tables"]) == [3, 3, 3]
    assert by_action(night.trail(), "player")[0]["text"] == "Zoe"


def test_an_argentino_night_asks_for_hands_and_takes_entered_scores(client: Any) -> None:
    night = make_night(client, NAMES[:6], game="rummy-argentino",
                       tables={"min": 3, "max": 3}, per_round=2)
    first, second = night.seated()["tables"]
    text = table_log("rummy-argentino", first["players"], 1, 1, per_round=2)
    starter = first["players"][0]
    event = next(line for line in text.splitlines() if line.startswith(f"{starter} "))
    early = client.post(f"/v1/tables/{first['table_id']}/events", json={"text": event},
                        headers=night.auth(starter))
    assert early.status_code == 409 and "hand" in early.json()["error"]["message"]
    play_live(client, night, first["table_id"], text)
    played = night.get()["rounds"][0]["tables"][0]
    assert played["state"] == "finished" and len(played["games"]) == 2
    hidden = "\n".join(line for line in table_log("rummy-argentino", second["players"], 1, 2,
                                                  per_round=2).splitlines()
                       if not line.startswith(("deal ", "stock:"))) + "\n"
    assert night.hand_in(1, 2, hidden).status_code == 200
    table = night.get()["rounds"][0]["tables"][1]
    assert [f["kind"] for f in table["flags"] if f["kind"] == "no-scores"] == \
        ["no-scores", "no-scores"]
    assert set(table["points"].values()) == {0}
    path = night.table_path(1, 2) + "/scores"
    scores = {second["players"][0]: 45, second["players"][1]: -10}
    answer = client.put(path, json={"hand": 1, "scores": scores, "reason": "counted by hand"},
                        headers=night.auth())
    assert answer.status_code == 200, answer.text
    table = night.get()["rounds"][0]["tables"][1]
    assert table["points"][second["players"][0]] == 45
    assert "entered" in [f["kind"] for f in table["flags"]]
    stranger = client.put(path, json={"hand": 2, "scores": {"Zoe": 3}}, headers=night.auth())
    assert stranger.status_code == 422
    scored = client.put(night.table_path(1, 1) + "/scores",
                        json={"hand": 1, "scores": {first["players"][0]: 1}},
                        headers=night.auth())
    assert scored.status_code == 409
    assert by_action(night.trail(), "scores")[0]["reason"] == "counted by hand"


def test_a_player_starts_the_next_hand_of_their_table(client: Any) -> None:
    night = make_night(client, NAMES[:6], game="rummy-argentino",
                       tables={"min": 3, "max": 3}, per_round=2)
    first, second = night.seated()["tables"]
    text = table_log("rummy-argentino", first["players"], 1, 1, per_round=2)
    one_hand = text.split("\n[Game")[0]
    play_live(client, night, first["table_id"], one_hand)
    path = night.table_path(1, 1) + "/next-hand"
    outsider = second["players"][0]
    assert client.post(path, headers=night.auth(outsider)).status_code == 403
    answer = client.post(path, headers=night.auth(first["players"][1]))
    assert answer.status_code == 201, answer.text
    assert answer.json()["players"] == [*first["players"][1:], first["players"][0]]
    assert client.post(path, headers=night.auth()).status_code == 409  # hand 2 is on
