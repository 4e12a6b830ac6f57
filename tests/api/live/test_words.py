"""Words, not ids, in a live table's state: each event's line in the viewer's language
(``shown``, from the parsed event), each finding's rule title and event; the game's
title in the page's language."""

from __future__ import annotations

import json
import re
import warnings
from typing import Any

from tests.api.live import FRIDAY_EVENTS, PEGUE_AT, Table, friday, new_table

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def state_in(table: Table, lang: str) -> dict[str, Any]:
    response = table.client.get(f"/v1/tables/{table.id}", params={"lang": lang})
    assert response.status_code == 200, response.text
    state: dict[str, Any] = response.json()
    return state


def test_events_are_shown_with_the_viewers_keywords(client: TestClient) -> None:
    table = new_table(client)
    table.event("Ana discard 7h")
    table.event("Beto roba", who="Beto")  # Spanish keywords, an unseen card
    table.event("Beto descarta 10h")
    table.event("Caro call Ana")
    sent = ["Ana discard 7h", "Beto roba", "Beto descarta 10h", "Caro call Ana"]
    spanish, english = state_in(table, "es"), state_in(table, "en")
    assert [e["text"] for e in spanish["events"]] == sent  # as each sender wrote it
    assert [e["shown"] for e in spanish["events"]] == [
        "Ana descarta 7h", "Beto roba", "Beto descarta 10h", "Caro canta Ana"]
    assert [e["shown"] for e in english["events"]] == [
        "Ana discard 7h", "Beto draw", "Beto discard 10h", "Caro call Ana"]


def test_a_finding_carries_its_rules_title_and_its_event(client: TestClient) -> None:
    table = friday(client, reveal="open", upto=PEGUE_AT + 1)
    pegue_line = table.state()["events"][-1]["line"]
    for lang, title, event in (("en", "Discarded a pegue", "Ana discard 9d"),
                               ("es", "Descartó un pegue", "Ana descarta 9d")):
        found = [f for f in state_in(table, lang)["findings"] if f["rule"] == "discard-pegue"]
        assert len(found) == 1
        finding = found[0]
        assert (finding["title"], finding["event"]) == (title, event)
        assert finding["line"] == pegue_line  # the id and the line stay in the JSON
    assert FRIDAY_EVENTS[PEGUE_AT] == "Ana discard 9d"


def test_a_sealed_table_still_shows_no_finding(client: TestClient) -> None:
    table = friday(client, reveal="sealed", upto=PEGUE_AT + 1)
    assert state_in(table, "es")["findings"] == []


def _page_data(client: TestClient, path: str) -> dict[str, Any]:
    page = client.get(path)
    assert page.status_code == 200, page.text
    found = re.search(r'<script[^>]*id="live-data"[^>]*>(.*?)</script>', page.text, re.S)
    assert found is not None, page.text[:2000]
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def test_a_spanish_table_names_its_game_in_spanish(client: TestClient) -> None:
    table = new_table(client)
    spanish = _page_data(client, f"/t/{table.id}?lang=es")
    assert spanish["game"]["title"] == "51 (La 51), rummy colombiano"
    assert _page_data(client, f"/t/{table.id}?lang=en")["game"]["title"] == \
        "51 (La 51), Colombian rummy"
    form = client.get("/t/new", params={"lang": "es"})  # the games by their titles
    assert form.status_code == 200
    assert "rummy colombiano" in form.text and "Colombian rummy" not in form.text


def test_a_draw_shows_its_card_only_when_this_reader_sees_it() -> None:
    from referee.api.live.words import shown_line
    from referee.cards import Card
    from referee.notation.events import Draw

    named = Draw("Beto", 12, 1, Card.parse("7h"))
    assert shown_line("Beto draw 7h", named, "es") == "Beto roba 7h"
    assert shown_line("Beto draw", named, "es") == "Beto roba"  # a draw kept private
    assert shown_line("Beto draw ??", Draw("Beto", 12, 1, None), "en") == "Beto draw"
    assert shown_line("a line the reader did not parse", None, "es") == \
        "a line the reader did not parse"


def test_spanish_cards_keep_their_spelling() -> None:
    from referee.api.live.words import shown_lines
    from referee.notation.reader import read_games

    log = ('[Game "51"]\n[Players "Ana Beto"]\n[Deck "spanish-48"]\n\n'
           "Ana roba 7o\nAna discard 12e\nBeto canta Ana\n")
    (record,) = read_games(log)
    rows = [{"line": event.line, "text": text} for event, text in
            zip(record.events, ["Ana roba 7o", "Ana discard 12e", "Beto canta Ana"],
                strict=True)]
    assert list(shown_lines(rows, record.events, "en").values()) == [
        "Ana draw 7o", "Ana discard 12e", "Beto call Ana"]
    assert list(shown_lines(rows, record.events, "es").values()) == [
        "Ana roba 7o", "Ana descarta 12e", "Beto canta Ana"]
