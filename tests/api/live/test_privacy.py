"""Private named draws (``Beto draw Qd``: judged with its card, shown as ``Beto draw`` to
all but Beto until the hand ends, in the state, the stream, the trail and the log; a
refusal only the card explains names no card to anyone else) and a sealed table's log
(the scribe's only while it is played, public once the game or hand has ended)."""

from __future__ import annotations

import json
from typing import Any

from tests.api import DATA
from tests.api.live import FRIDAY_EVENTS, TestClient, friday, new_table, play_log


def texts(state: dict[str, Any]) -> list[str]:
    return [e["text"] for e in state["events"]]


def stream(client: TestClient, table_id: str, lang: str = "en") -> list[Any]:
    """The stream's messages of every change (what ``GET .../stream`` sends)."""
    live = client.app.state.live  # type: ignore[attr-defined]
    return [data for _, _, data in live.messages_after(table_id, 0, 1000, lang)]


def test_a_named_draw_is_shown_only_to_its_drawer(client: TestClient) -> None:
    table = friday(client, upto=1)
    answer = table.event("Beto draw Qd", who="Beto")
    assert answer["text"] == "Beto draw Qd"  # the drawer's own answer
    assert texts(answer["state"])[-1] == "Beto draw Qd" and "Qd" in answer["state"]["my_hand"][
        "cards"]
    assert texts(table.state("Beto"))[-1] == "Beto draw Qd"
    for who in (None, "Ana", "Caro", "scribe"):
        assert texts(table.state(who))[-1] == "Beto draw", who
    assert [c["text"] for c in table.trail()][-1] == "Beto draw"
    assert "Beto draw\n" in table.log() and "Qd" not in table.log()
    for lang in ("en", "es"):
        messages = stream(client, table.id, lang)
        assert messages[-1]["text"] == "Beto draw" and "Qd" not in json.dumps(messages)


def test_the_scribes_named_draw_is_private_too_and_a_comment_with_it(client: TestClient) -> None:
    table = new_table(client, reveal="open", lang="es")
    table.event("Ana descarta 7h")
    answer = table.event("Beto roba Qd # la reina")
    assert answer["text"] == "Beto roba"  # the scribe sees what the public sees
    assert texts(table.state())[-1] == "Beto roba" and texts(answer["state"])[-1] == "Beto roba"
    assert texts(table.state("Beto"))[-1] == "Beto roba Qd # la reina"
    assert table.state("Beto")["my_hand"] == {"cards": ["Qd"], "hidden": 14}
    assert table.state("Ana")["my_hand"] is None
    assert "Qd" not in json.dumps([table.trail(), table.log(None), stream(client, table.id)])


def test_an_unseen_draw_is_shown_as_written(client: TestClient) -> None:
    table = new_table(client)
    table.event("Ana discard 7h")
    table.event("Beto draw ??")
    table.event("Beto discard 9c")
    table.event("Caro draw")
    assert texts(table.state())[-3:] == ["Beto draw ??", "Beto discard 9c", "Caro draw"]


def test_the_referee_judges_with_the_card_and_the_end_shows_it(client: TestClient) -> None:
    table = friday(client, upto=1)
    table.event("Beto draw Qd", who="Beto")
    refused = table.post("Beto discard 9c", who="Beto")  # the known hand holds no 9c
    assert refused.status_code == 422 and refused.json()["error"]["rule"] == "not-in-hand"
    table.undo(table.state()["seq"], who="Beto")
    undo = table.trail()[-1]
    assert undo["action"] == "undo" and undo["text"] == "Beto draw"
    for line in FRIDAY_EVENTS[1:]:
        table.event(line)
    state = table.state()
    assert state["finished"] and "Beto draw Qd" in texts(state)
    assert "Beto draw Qd" in table.log(None).splitlines()
    assert "Beto draw Qd" in [c["text"] for c in table.trail()]


def test_a_refusal_only_the_card_explains_names_no_card(client: TestClient) -> None:
    table = new_table(client, players=("Ana", "Beto"))
    table.event("Ana discard 7h", who="Ana")
    table.event("Beto draw JK", who="Beto")  # four jokers in 51's decks: this is one
    table.event("Beto discard 9c", who="Beto")
    table.event("Ana draw", who="Ana")
    for who in ("Ana", "scribe"):
        refused = table.post("Ana meld JK JK JK JK", who=who)
        assert refused.status_code == 422, refused.text
        error = refused.json()["error"]
        assert error["rule"] == "private-card" and "JK" not in json.dumps(error), who
    spanish = new_table(client, players=("Ana", "Beto"), lang="es")
    for line in ("Ana discard 7h", "Beto draw JK", "Beto discard 9c", "Ana draw"):
        spanish.event(line)
    assert "en privado" in spanish.post("Ana meld JK JK JK JK").json()["error"]["message"]
    seen = table.post("Ana meld JK JK JK JK JK", who="Ana")  # five: too many for anyone
    assert seen.json()["error"]["rule"] == "card-supply"
    table.event("Ana meld JK JK JK", who="Ana")
    table.event("Ana discard 4c", who="Ana")
    table.event("Beto draw", who="Beto")
    own = table.post("Beto meld JK JK 5h", who="Beto")  # his own card explains it: told
    assert own.json()["error"]["rule"] == "card-supply"


def test_a_sealed_tables_log_is_the_scribes_while_it_is_played(client: TestClient) -> None:
    table = friday(client, upto=3)
    url = f"/v1/tables/{table.id}/log"
    for who in (None, "Ana", "Beto"):
        refused = client.get(url, headers=table.auth(who))
        assert refused.status_code == 403, who
        assert "scribe" in refused.json()["error"]["message"]
    assert client.get(url, headers={"Authorization": "Bearer " + "x" * 32}).status_code == 403
    assert client.get(url, headers=table.auth("scribe")).status_code == 200
    spanish = new_table(client, lang="es")
    assert "anotador" in client.get(f"/v1/tables/{spanish.id}/log").json()["error"]["message"]
    for line in FRIDAY_EVENTS[3:]:
        table.event(line)
    assert table.state()["finished"]
    assert client.get(url).status_code == 200  # public once the game has ended


def test_an_open_tables_log_is_public(client: TestClient) -> None:
    table = friday(client, reveal="open", upto=3)
    assert client.get(f"/v1/tables/{table.id}/log").status_code == 200


def test_a_sealed_matchs_log_is_public_between_hands(client: TestClient) -> None:
    text = (DATA / "argentino-worked-hand-2p.rummy").read_text()
    table = play_log(client, text.replace('[Players "Ana Beto"]',
                                          '[Players "Ana Beto"]\n[Match "Domingo"]'))
    url = f"/v1/tables/{table.id}/log"
    assert table.state()["finished"] and client.get(url).status_code == 200
    assert table.next_hand(["Beto", "Ana"]).status_code == 201
    assert client.get(url).status_code == 403  # the next hand is played
    assert client.get(url, headers=table.auth("scribe")).status_code == 200
