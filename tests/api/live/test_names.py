"""Players' names: compared after NFC and case folding, in one script, never a card or a
keyword of either language, one word (a space says so, with the joined name as a hint);
the same checks at a club night's creation and for its late players."""

from __future__ import annotations

from typing import Any

import pytest

from referee.api.errors import ApiError
from referee.api.live.names import check_players, folded, mixes_scripts, reads_as_card
from tests.api.live import TestClient, new_table

DECOMPOSED_JOSE = "Jose\u0301"  # "José" typed with a combining accent
CYRILLIC_A = "\u0410"  # looks like a Latin A


def create(client: TestClient, players: list[str], lang: str = "en") -> Any:
    return client.post("/v1/tables", json={"game": "51", "players": players, "lang": lang})


@pytest.mark.parametrize(("players", "words"), [
    (["Ana", "ana", "Beto"], "twice"),
    (["José", DECOMPOSED_JOSE, "Beto"], "twice"),
    (["ANA", "Beto", "ana"], "twice"),
    (["Ana", f"{CYRILLIC_A}na", "Beto"], "alphabets"),
    ([f"B{CYRILLIC_A}to", "Ana"], "Cyrillic"),
    (["Ana", "7h"], "card"),
    (["Ana", "JK"], "card"),
    (["Ana", "jk"], "card"),
    (["Ana", "Qs"], "card"),
    (["Ana", "10o"], "card"),  # a Spanish deck's card
    (["Ana", "12B"], "card"),
    (["Ana", "draw"], "word of the notation"),
    (["Ana", "Roba"], "word of the notation"),  # Spanish
    (["Ana", "DESCARTA"], "word of the notation"),
    (["Ana", "Scribe"], "scribe"),
])
def test_a_name_no_table_takes_is_400_with_a_hint(client: TestClient, players: list[str],
                                                   words: str) -> None:
    response = create(client, players)
    assert response.status_code == 400, response.text
    assert words in response.json()["error"]["message"]


def test_a_name_with_a_space_says_so_with_the_joined_name(client: TestClient) -> None:
    response = create(client, ["Abuela María", "Beto", "Caro"])
    assert response.status_code == 400
    error = response.json()["error"]
    assert "Abuela María" in error["message"] and "one word" in error["message"]
    assert "Abuela_María" in error["message"] and error["hint"] == "Abuela_María"
    spanish = create(client, ["Abuela María", "Beto"], lang="es")
    assert "una sola palabra" in spanish.json()["error"]["message"]
    assert spanish.json()["error"]["hint"] == "Abuela_María"


def test_refusals_speak_the_tables_language(client: TestClient) -> None:
    for players, words in ((["Ana", "ana"], "dos veces"), (["Ana", "7h"], "carta"),
                           (["Ana", "roba"], "notación"),
                           (["Ana", f"{CYRILLIC_A}na"], "alfabetos")):
        response = create(client, players, lang="es")
        assert words in response.json()["error"]["message"], response.text


@pytest.mark.parametrize("players", [
    ["Ana", "Beto"], ["Abuela_María", "José", "Zoë"], ["Ana-Luz", "Beto2"],
    ["Дмитрий", "Ана"], ["山田", "たなか"], ["Seven", "Drawn", "Jack"], ["Ah_", "Up2"],
])
def test_names_people_use_are_taken(client: TestClient, players: list[str]) -> None:
    table = new_table(client, players=tuple(players))
    assert table.state()["players"] == players


def test_the_checks_stand_alone() -> None:
    assert folded(DECOMPOSED_JOSE) == folded("JOSÉ")
    assert mixes_scripts(f"{CYRILLIC_A}na") and not mixes_scripts("Ana")
    assert not mixes_scripts("山田たなか") and not mixes_scripts("Zoë")
    assert reads_as_card("9S") and reads_as_card("1e") and not reads_as_card("Ana")
    with pytest.raises(ApiError) as raised:
        check_players(["Zoe"], "en", taken=["zoe"])
    assert raised.value.status == 400


def test_a_club_night_checks_names_the_same_way(client: TestClient) -> None:
    names = ["Ana", "Beto", "Caro", "Dani", "Eva"]
    for players, words in (([*names, "ana"], "already"), ([*names, "7h"], "card"),
                           ([*names, "Abuela María"], "Abuela_María")):
        response = client.post("/v1/nights", json={"game": "51", "players": players})
        assert response.status_code == 400, response.text
        assert words in response.json()["error"]["message"]
    night = client.post("/v1/nights", json={"game": "51", "players": names}).json()
    auth = {"Authorization": f"Bearer {night['organizer']['token']}"}
    late = client.post(f"/v1/nights/{night['id']}/players", json={"name": "EVA"}, headers=auth)
    assert late.status_code == 400 and "already" in late.json()["error"]["message"]
    fine = client.post(f"/v1/nights/{night['id']}/players", json={"name": "Zoe"}, headers=auth)
    assert fine.status_code == 201, fine.text
