"""Sealed and open tables, and calls ruled the moment they are made: the renuncia they
concern and everyone the cascade puts out, in either reveal mode."""

from __future__ import annotations

import json
from typing import Any

from tests.api import DATA
from tests.api.live import FRIDAY_EVENTS, PEGUE_AT, TestClient, friday, new_table, play_log

SECRET_WORDS = ("discard-pegue", "fits meld", "missed-call", "renuncia")


def _everything(table: Any, answers: list[dict[str, Any]]) -> str:
    """Every answer a watcher, a seat or the scribe can get while the hand is played."""
    parts = [json.dumps(answers), table.log(), json.dumps(table.trail())]
    parts += [json.dumps(table.state(who)) for who in (None, "scribe", "Ana", "Beto", "Caro")]
    return "\n".join(parts)


def test_a_sealed_renuncia_is_invisible_until_a_call_concerns_it(client: TestClient) -> None:
    table = friday(client, upto=0)
    answers = [table.event(line) for line in FRIDAY_EVENTS[:-1]]
    seen = _everything(table, answers)
    for word in SECRET_WORDS:
        assert word not in seen, word
    assert table.state()["findings"] == [] and table.state()["calls"] == []
    call = table.event("Caro call Ana", who="Caro")
    pegue_line = answers[PEGUE_AT]["line"]
    ruling = call["ruling"]
    assert ruling["outcome"] == "upheld" and ruling["accused"] == "Ana"
    assert ruling["caller"] == "Caro" and ruling["seq"] == call["seq"]
    assert [(r["rule"], r["player"], r["line"]) for r in ruling["renuncias"]] == [
        ("discard-pegue", "Ana", pegue_line),
        ("missed-call", "Beto", answers[PEGUE_AT + 2]["line"])]
    assert ruling["eliminated"] == ["Ana", "Beto"]
    assert "upheld" in ruling["message"] and "Beto" in ruling["message"]
    state = call["state"]
    assert state["calls"] == [ruling] and state["eliminated"] == ["Ana", "Beto"]
    assert state["finished"] and state["winner"] == "Caro" and state["verdict_id"]
    assert [f["rule"] for f in state["findings"]] == ["discard-pegue", "missed-call"]


def test_an_open_table_lists_a_renuncia_at_once(client: TestClient) -> None:
    table = friday(client, reveal="open", upto=PEGUE_AT + 1)
    findings = table.state()["findings"]
    assert [(f["rule"], f["player"]) for f in findings] == [("discard-pegue", "Ana")]
    ruling = friday(client, reveal="open")  # the call is ruled the same way
    assert ruling.state()["calls"][0]["eliminated"] == ["Ana", "Beto"]


def test_a_call_is_ruled_in_the_tables_language(client: TestClient) -> None:
    table = friday(client, lang="es")
    ruling = table.state()["calls"][0]
    assert ruling["message"].startswith("Se confirma el canto de Caro a Ana")
    assert "9d" in ruling["renuncias"][0]["message"]
    english = client.get(f"/v1/tables/{table.id}", params={"lang": "en"}).json()
    assert english["calls"][0]["message"].startswith("Caro's call on Ana is upheld")


def test_a_void_call_and_an_unfounded_call(client: TestClient) -> None:
    text = (DATA / "amnesty-3p.rummy").read_text()
    lines = text.splitlines()
    cut = next(i for i, line in enumerate(lines) if line.startswith("Hugo call Marta")) + 1
    table = play_log(client, "\n".join(lines[:cut]) + "\n")
    ruling = table.state()["calls"][0]
    assert ruling["outcome"] == "void" and ruling["eliminated"] == []
    assert [r["rule"] for r in ruling["renuncias"]] == ["discard-pegue"]
    assert "lapsed" in ruling["message"]
    unfounded = table.event("Vero call Hugo")["ruling"]
    assert unfounded["outcome"] == "unfounded" and unfounded["renuncias"] == []
    assert "no open renuncia" in unfounded["message"]


def test_a_sealed_table_does_not_tell_a_faulty_meld(client: TestClient) -> None:
    for reveal, kinds, cards in (("sealed", [None], ["5h", "JK", "7h", "9c"]),
                                 ("open", ["invalid"], ["5h", "JK", "7h", "9c"])):
        table = new_table(client, players=("Ana", "Beto"), reveal=reveal)
        table.event("Ana discard 2s")
        table.event("Beto draw")
        state = table.event("Beto meld 5h JK 7h 9c")["state"]
        assert [m["kind"] for m in state["melds"]] == kinds
        assert state["melds"][0]["cards"] == cards
    table = new_table(client, players=("Ana", "Beto"), reveal="sealed")
    table.event("Ana discard 2s")
    table.event("Beto draw")
    state = table.event("Beto meld 5h JK 7h 8h")["state"]
    assert state["melds"][0]["cards"] == ["5h", "JK", "7h", "8h"]  # the reading is not said
    table = new_table(client, players=("Ana", "Beto"), reveal="open")
    table.event("Ana discard 2s")
    table.event("Beto draw")
    state = table.event("Beto meld 5h JK 7h 8h")["state"]
    assert state["melds"][0]["cards"] == ["5h", "JK=6h", "7h", "8h"]
    assert state["melds"][0]["kind"] == "run"


def test_a_first_lay_down_still_being_laid_is_not_judged_yet(client: TestClient) -> None:
    table = friday(client, reveal="open", upto=5)  # Caro has laid her 30-point terna
    assert table.state()["findings"] == []
    table.event(FRIDAY_EVENTS[5])  # 22 more: 52
    table.event(FRIDAY_EVENTS[6])  # her discard ends the turn
    assert table.state()["findings"] == []
    short = new_table(client, players=("Ana", "Beto"), reveal="open")
    for line in ("Ana discard 2s", "Beto draw", "Beto meld Jc Jh Js"):
        short.event(line)
    assert short.state()["findings"] == []
    answer = short.event("Beto discard 4c")
    assert [f["rule"] for f in answer["state"]["findings"]] == ["bajada-below-minimum"]
