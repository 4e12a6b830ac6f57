"""Whose turn it is, and whether its player has started it (``turn_started``): the public
facts the page asks about before recording a renuncia of turn (RULES.md §2, ARGENTINO.md
§3), and a capitalised card refused with the card it should be."""

from __future__ import annotations

import pytest

from tests.api.live import FRIDAY_DEALS, TestClient, new_table


def turn(state: dict[str, object]) -> tuple[object, object]:
    return state["turn"], state["turn_started"]


def test_51s_starter_starts_started_and_the_next_turn_waits_for_its_draw(
        client: TestClient) -> None:
    table = new_table(client)
    assert turn(table.state()) == ("Ana", True)  # she holds 15 and only discards
    assert turn(table.event("Ana discard 2s")["state"]) == ("Beto", False)
    assert turn(table.event("Beto draw")["state"]) == ("Beto", True)
    # Caro's early draw (EarlyDraw, default yes) starts her coming turn.
    assert turn(table.event("Caro draw")["state"]) == ("Beto", True)
    assert turn(table.event("Beto discard 5c")["state"]) == ("Caro", True)
    assert turn(table.event("Caro discard 7h")["state"]) == ("Ana", False)


def test_argentinos_starter_draws_first(client: TestClient) -> None:
    table = new_table(client, game="rummy-argentino", players=("Ana", "Beto"))
    assert turn(table.state()) == ("Ana", False)
    assert turn(table.event("Ana draw")["state"]) == ("Ana", True)
    assert turn(table.event("Ana discard 5c")["state"]) == ("Beto", False)


def test_a_renuncia_of_turn_moves_no_turn(client: TestClient) -> None:
    table = new_table(client)
    table.event("Ana discard 2s")
    assert turn(table.event("Caro draw")["state"]) == ("Beto", False)  # out of turn


def test_the_end_has_no_turn(client: TestClient) -> None:
    table = new_table(client, players=("Ana", "Beto"))
    table.event("Ana draw")  # a second draw: she held 15
    state = table.event("Beto call Ana")["state"]
    assert state["finished"] and turn(state) == (None, False)


@pytest.mark.parametrize(("lang", "words"), [("en", "write 9s"), ("es", "escriba 9s")])
def test_a_card_in_capitals_is_refused_with_the_card_it_should_be(
        client: TestClient, lang: str, words: str) -> None:
    table = new_table(client, lang=lang)
    answer = table.hand("Ana", FRIDAY_DEALS["Ana"].replace("9s", "9S"))
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert words in error["message"] and error["hint"] == "9s"
    answer = table.post("Ana discard 9S", who="Ana")
    assert answer.status_code == 422 and answer.json()["error"]["hint"] == "9s"


@pytest.mark.parametrize(("lang", "words"), [("en", "write 7o"), ("es", "escriba 7o")])
def test_a_spanish_card_in_capitals_is_refused_with_the_card_it_should_be(
        client: TestClient, lang: str, words: str) -> None:
    table = new_table(client, lang=lang, tags={"Deck": "spanish-48"})
    answer = table.post("Ana discard 7O", who="Ana")
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert words in error["message"] and error["hint"] == "7o"
