"""Recording events: one line per request, read and replayed on the table's log; the
refusals (syntax errors and would-be log errors, 422, nothing stored), stale writes
(409), idempotent resends by key, the end of the game and the limits."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.api import DATA
from tests.api.live import (
    FRIDAY_DEALS,
    FRIDAY_EVENTS,
    TestClient,
    friday,
    live_client,
    new_table,
    play_log,
    public,
)


def refused(response: object, status: int = 422) -> dict[str, object]:
    assert getattr(response, "status_code") == status, getattr(response, "text")  # noqa: B009
    error: dict[str, object] = getattr(response, "json")()["error"]  # noqa: B009
    assert error["status"] == status
    return error


def test_an_event_is_answered_with_its_seq_line_and_the_state(client: TestClient) -> None:
    table = new_table(client, tags={"Stake": "100"})
    answer = table.event("Ana discard 7h", key="c0ffee-1", after=0)
    assert answer["seq"] == 1 and answer["text"] == "Ana discard 7h" and answer["by"] == "scribe"
    assert answer["ruling"] is None and answer["action"] == "event"
    log = table.log().splitlines()
    assert log[answer["line"] - 1] == "Ana discard 7h"
    state = answer["state"]
    assert state["seq"] == 1 and state["turn"] == "Beto" and state["pile_top"] == "7h"
    assert state["events"] == [{"seq": 1, "line": answer["line"], "text": "Ana discard 7h",
                                "by": "scribe", "shown": "Ana discard 7h"}]
    assert state["hands"] == {"Ana": 14, "Beto": 14, "Caro": 14}
    second = table.event("Beto roba", who="Beto")  # Spanish keywords, by the seat itself
    assert second["line"] == answer["line"] + 1 and second["by"] == "Beto"
    assert table.state() == second["state"] | {"my_hand": None}


def test_a_syntax_error_is_refused_with_the_clis_words_column_and_hint(
        client: TestClient) -> None:
    table = new_table(client)
    error = refused(table.post("Ana discrad 7h"))
    assert error["rule"] == "syntax-error" and error["column"] == 5
    assert error["hint"] == "discard" and "did you mean 'discard'" in str(error["message"])
    assert error["context"] == "Ana discrad 7h\n    ^"
    error = refused(table.post("Ana discard 7x"))
    assert "'7x' is not a card" in str(error["message"]) and error["column"] == 13
    error = refused(table.post("Ana discard 7H"))
    assert error["hint"] == "7h"
    spanish = new_table(client, lang="es")
    error = refused(spanish.post("Ana descarta 7x"))
    assert "no es una carta" in str(error["message"])
    assert table.state()["seq"] == 0 and table.trail() == []  # nothing stored


@pytest.mark.parametrize("line", ['[Event "x"]', "deal Ana: 7h", "stock: 7h 8h", "up: 7h",
                                  "# a comment", "", "   ", "Ana discard 7h\nBeto draw"])
def test_what_is_not_one_event_line_is_refused(client: TestClient, line: str) -> None:
    table = new_table(client)
    refused(table.post(line))
    assert table.state()["seq"] == 0


def test_would_be_log_errors_are_refused_with_their_rule(client: TestClient) -> None:
    table = friday(client, upto=1)  # the hands are given: the referee knows them
    cases = [("Beto take 7h", "take-mismatch"), ("Zed draw", "unknown-player"),
             ("Beto draw Qd", None), ("Beto discard 9c", "not-in-hand"),
             ("Beto layoff Qd on 3", "no-such-meld")]
    for line, rule in cases:
        if rule is None:
            table.event(line)
            continue
        error = refused(table.post(line))
        assert error["rule"] == rule and error["kind"] == "log-error", line
        assert error["line"] == table.state()["events"][-1]["line"] + 1
        assert error["hint"] is None  # nothing to suggest
    error = refused(table.post("Ama call Beto"))
    assert error["rule"] == "unknown-player" and error["hint"] == "Ana"
    hidden = new_table(client, players=("Ana", "Beto"))
    error = refused(hidden.post("Ana meld JK JK JK JK JK"))
    assert error["rule"] == "card-supply"
    assert [e["text"] for e in table.state()["events"]] == ["Ana discard 2s", "Beto draw"]


def test_an_event_by_a_player_out_is_refused(client: TestClient) -> None:
    text = (DATA / "eliminations-4p.rummy").read_text()
    lines = text.splitlines()
    cut = next(i for i, line in enumerate(lines) if line.startswith("Nora discard 7c"))
    table = play_log(client, "\n".join(lines[:cut]) + "\n")
    assert table.state()["eliminated"] == ["Rita", "Pablo"]
    error = refused(table.post("Rita draw"))
    assert error["rule"] == "player-out" and error["player"] == "Rita"


def test_argentino_has_no_calls(client: TestClient) -> None:
    table = new_table(client, game="rummy-argentino", players=("Ana", "Beto"))
    assert refused(table.post("Ana call Beto"))["rule"] == "no-calls"


def test_a_renuncia_is_accepted(client: TestClient) -> None:
    table = new_table(client, players=("Ana", "Beto"), reveal="open")
    table.event("Ana discard 7h")
    answer = table.event("Beto discard 8h")  # before drawing: play-before-draw
    assert [f["rule"] for f in answer["state"]["findings"]] == ["play-before-draw"]


def test_two_phones_posting_at_once_one_wins_the_other_refreshes(client: TestClient) -> None:
    table = new_table(client)
    first = table.post("Ana discard 7h", after=0)
    second = table.post("Ana discard 8h", after=0)
    assert first.status_code == 201
    assert second.status_code == 409 and second.json()["seq"] == 1
    assert [e["text"] for e in table.state()["events"]] == ["Ana discard 7h"]


def test_a_resend_with_its_key_gives_the_first_answer_and_stores_nothing_twice(
        client: TestClient) -> None:
    table = new_table(client)
    first = table.post("Ana discard 7h", key="k-1", after=0)
    table.event("Beto draw")
    again = table.post("Ana discard 7h", key="k-1", after=0)  # a lost answer, sent again
    assert first.status_code == 201 and again.status_code == 200
    assert again.json() == first.json()
    assert len(table.trail()) == 2
    error = refused(table.post("Ana discard 9h", key="k-1"))
    assert "k-1" in str(error["message"])
    assert table.post("Ana discard 7h", key="k-1", who="Ana").status_code == 201  # Ana's own


def test_the_game_over_takes_no_more_events(client: TestClient) -> None:
    table = friday(client)
    state = table.state()
    assert state["finished"] and state["over"] and state["winner"] == "Caro"
    response = table.post("Caro discard 10h")
    assert response.status_code == 409 and "over" in response.json()["error"]["message"]


def test_limits_events_rate_and_body(database_url: str) -> None:
    with live_client(database_url, table_max_events=3) as client:
        table = new_table(client)
        for line in FRIDAY_EVENTS[:3]:
            table.event(line)
        error = refused(table.post(FRIDAY_EVENTS[3]), 409)
        assert "3 events" in str(error["message"])
    with live_client(database_url, table_rate=3) as client:
        table = new_table(client)
        statuses = [table.post(line).status_code for line in FRIDAY_EVENTS[:6]]
        assert statuses[:3] == [201, 201, 201] and 429 in statuses[3:]
        response = table.post(FRIDAY_EVENTS[len(table.state()["events"])])
        if response.status_code == 429:
            assert response.headers["retry-after"] == "1"
    with live_client(database_url) as client:
        table = new_table(client)
        response = table.post("Ana discard 7h # " + "x" * 5000)
        assert response.status_code == 413
        assert table.state()["seq"] == 0


def test_a_played_log_matches_the_files_order(client: TestClient, tmp_path: Path) -> None:
    table = friday(client, upto=5)
    lines = table.log().splitlines()
    assert lines[lines.index("Ana discard 2s"):] == public(FRIDAY_EVENTS[:5])
    for player, cards in FRIDAY_DEALS.items():
        assert f"deal {player}: {cards}" not in lines  # private until the hand ends
