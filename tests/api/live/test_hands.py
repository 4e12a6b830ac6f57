"""A seat's own hand: given before the player's first event, known to the referee at once,
shown only to that seat until the hand ends, then in the log and the trail."""

from __future__ import annotations

from tests.api.live import FRIDAY_DEALS, FRIDAY_EVENTS, TestClient, friday, new_table

ANA = FRIDAY_DEALS["Ana"]


def test_a_hand_given_is_shown_only_to_its_seat(client: TestClient) -> None:
    table = new_table(client)
    response = table.hand("Ana", ANA)
    assert response.status_code == 201
    answer = response.json()
    assert answer["seq"] == 1 and answer["action"] == "hand" and answer["player"] == "Ana"
    assert sorted(answer["state"]["my_hand"]["cards"]) == sorted(ANA.split())
    assert answer["state"]["my_hand"]["hidden"] == 0
    public = table.state()
    assert public["my_hand"] is None and public["hands_given"] == ["Ana"]
    assert table.state("Beto")["my_hand"] is None and table.state("scribe")["my_hand"] is None
    assert table.state("Ana")["my_hand"] == answer["state"]["my_hand"]
    for card in ("Kc", "JK", "10d"):
        assert card not in table.log() and card not in str(table.trail())
        assert card not in str(public)
    assert table.trail()[0]["text"] is None and table.trail()[0]["action"] == "hand"


def test_my_hand_follows_the_cards(client: TestClient) -> None:
    table = new_table(client, players=("Ana", "Beto"))
    table.hand("Ana", ANA)
    table.hand("Beto", FRIDAY_DEALS["Beto"])
    table.event("Ana discard 2s", who="Ana")
    table.event("Beto draw", who="Beto")  # a card nobody saw
    table.event("Beto discard 10c", who="Beto")
    table.event("Ana draw 8h", who="Ana")
    mine = table.state("Ana")["my_hand"]
    assert "2s" not in mine["cards"] and "8h" in mine["cards"] and len(mine["cards"]) == 15
    beto = table.state("Beto")["my_hand"]
    assert beto["hidden"] == 1 and "10c" not in beto["cards"] and len(beto["cards"]) == 13


def test_the_scribe_may_give_a_hand_and_a_seat_only_its_own(client: TestClient) -> None:
    table = new_table(client)
    assert table.hand("Ana", ANA, who="Beto").status_code == 403
    assert table.hand("Zed", ANA, who="scribe").status_code == 404
    response = table.hand("Beto", FRIDAY_DEALS["Beto"], who="scribe")
    assert response.status_code == 201 and response.json()["state"]["my_hand"] is not None
    assert table.hand("Ana", ANA, who=None).status_code == 401


def test_a_second_hand_or_one_after_the_first_event_is_409(client: TestClient) -> None:
    table = new_table(client)
    assert table.hand("Ana", ANA).status_code == 201
    assert table.hand("Ana", ANA).status_code == 409
    table.event("Ana discard 2s")
    table.event("Beto draw Qd")
    response = table.hand("Beto", FRIDAY_DEALS["Beto"])
    assert response.status_code == 409 and "first event" in response.json()["error"]["message"]
    assert table.hand("Caro", FRIDAY_DEALS["Caro"]).status_code == 201  # Caro has not played


def test_a_wrong_hand_is_422_and_nothing_is_stored(client: TestClient) -> None:
    table = new_table(client)
    response = table.hand("Ana", "2h 3h 4h")
    assert response.status_code == 422 and response.json()["error"]["rule"] == "deal-size"
    response = table.hand("Ana", "2h 3h 4x")
    error = response.json()["error"]
    assert response.status_code == 422 and error["column"] == 7
    assert error["context"] == "2h 3h 4x\n      ^"
    assert table.hand("Ana", "JK JK JK 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh").status_code == 201
    response = table.hand("Beto", "JK JK 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc")
    assert response.status_code == 422 and response.json()["error"]["rule"] == "card-supply"
    assert table.hand("Beto", "2c 3c\n4c").status_code == 422
    assert [c["action"] for c in table.trail()] == ["hand"]


def test_once_the_hand_ends_the_hands_are_in_the_log_and_the_trail(client: TestClient) -> None:
    table = friday(client)
    log = table.log()
    for player, cards in FRIDAY_DEALS.items():
        assert f"deal {player}: {cards}" in log
    hands = [c for c in table.trail() if c["action"] == "hand"]
    assert [h["text"] for h in hands] == list(FRIDAY_DEALS.values())


def test_a_hand_given_may_be_undone_before_its_player_plays(client: TestClient) -> None:
    table = new_table(client)
    seq = table.hand("Beto", FRIDAY_DEALS["Caro"]).json()["seq"]
    response = table.undo(seq, who="Beto")
    assert response.status_code == 201 and response.json()["state"]["hands_given"] == []
    assert table.hand("Beto", FRIDAY_DEALS["Beto"]).status_code == 201
    table.event(FRIDAY_EVENTS[0])
    table.event(FRIDAY_EVENTS[1])
    last_hand = [c for c in table.trail() if c["action"] == "hand"][-1]["seq"]
    response = table.undo(last_hand)
    assert response.status_code == 409  # Beto has played: undo his events first
