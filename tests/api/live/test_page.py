"""A live table's pages as HTML (no browser): ``/t/{id}``, the "new table" form on ``/`` and
``/t/new``, the page that hands out the links and their QR codes, and
``GET /v1/tables/{id}/me``, the route the page asks whose link it was opened with."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import segno
from markupsafe import escape

from referee.api.live_form import QR_ERROR, QR_SVG, local_host, qr_svg
from referee.messages import catalog
from tests.api.live import FRIDAY_DEALS, TestClient, friday, live_client, new_table

ID = re.compile(r"^[a-z2-7]{24}$")


@pytest.fixture
def page_client(tmp_path: Path) -> Iterator[TestClient]:
    """One store is enough for the pages (the API's own tests run on both)."""
    with live_client(f"sqlite:///{tmp_path / 'v.db'}") as client:
        yield client


def page_data(text: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="live-data">(.*?)</script>', text,
                      re.S)
    assert found, text[:500]
    data: dict[str, Any] = json.loads(found.group(1))
    return data


# ----------------------------------------------------------------------------- /t/{id}


def test_the_page_of_a_table_in_its_language_and_the_other(page_client: TestClient) -> None:
    table = new_table(page_client, lang="es", tags={"Event": "Viernes"})
    page = page_client.get(f"/t/{table.id}")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["cache-control"] == "no-store"
    assert '<html lang="es">' in page.text and "Anote una jugada" in page.text
    data = page_data(page.text)
    assert data["id"] == table.id and data["lang"] == "es" and data["table_lang"] == "es"
    assert data["keywords"]["discard"] == "descarta" and data["labels"]["send"] == "Enviar"
    assert data["state"]["seq"] == 0 and data["state"]["players"] == ["Ana", "Beto", "Caro"]
    assert data["game"]["calls"] and not data["game"]["take_whole_pile"]
    assert data["urls"]["stream"] == f"/v1/tables/{table.id}/stream"
    english = page_client.get(f"/t/{table.id}?lang=en")
    assert '<html lang="en">' in english.text and page_data(english.text)["lang"] == "en"
    assert f'href="/t/{table.id}?lang=es"' in english.text  # the switch


def test_the_page_holds_no_token_and_no_private_hand(page_client: TestClient) -> None:
    table = friday(page_client, upto=3)
    text = page_client.get(f"/t/{table.id}").text
    for token in [table.scribe, *table.seats.values()]:
        assert token not in text
    assert page_data(text)["state"]["my_hand"] is None
    for cards in FRIDAY_DEALS.values():
        assert cards not in text
    assert "Qs 10d" not in text  # a piece of Ana's hand


def test_every_label_is_in_both_languages() -> None:
    keys = [key for key in catalog() if key.startswith(("live.page.", "live.form.",
                                                       "live.created."))]
    assert len(keys) > 100
    for key in keys:
        assert catalog()[key]["en"] and catalog()[key]["es"], key


def test_unknown_and_malformed_table_ids(page_client: TestClient) -> None:
    unknown = page_client.get(f"/t/{'a' * 24}")
    assert unknown.status_code == 404 and "a" * 24 in unknown.text
    assert '<html lang="en">' in unknown.text
    malformed = page_client.get("/t/not-an-id?lang=es")
    assert malformed.status_code == 422 and "no es un identificador de mesa" in malformed.text
    hostile = page_client.get("/t/%3Cimg%20src=x%20onerror=alert(1)%3E")
    assert hostile.status_code == 422 and "<img" not in hostile.text


def test_names_tags_and_events_are_escaped_in_the_page(page_client: TestClient) -> None:
    event = "</script><script>alert('event')</script><b>bold</b>"
    table = new_table(page_client, players=("Zoë", "José"), tags={"Event": event})
    table.event("Zoë discard 2s")
    text = page_client.get(f"/t/{table.id}").text
    assert "<script>alert" not in text and "<b>bold</b>" not in text
    assert str(escape(event)) in text  # the title and the heading
    assert page_data(text)["event"] == event  # the script gets it as text, whole


# ----------------------------------------------------------------------------- GET .../me


def test_me_says_whose_token_it_is(page_client: TestClient) -> None:
    table = new_table(page_client)
    url = f"/v1/tables/{table.id}/me"
    assert page_client.get(url, headers=table.auth("Beto")).json() == {"by": "Beto",
                                                                        "player": "Beto"}
    assert page_client.get(url, headers=table.auth("scribe")).json() == {"by": "scribe",
                                                                          "player": None}
    none = page_client.get(url)
    assert none.status_code == 401 and none.headers["www-authenticate"] == "Bearer"
    other = new_table(page_client)
    wrong = page_client.get(url, headers=other.auth("Ana"))
    assert wrong.status_code == 403 and wrong.json()["error"]["status"] == 403
    assert page_client.get(f"/v1/tables/{'b' * 24}/me",
                           headers=table.auth("Ana")).status_code == 404
    assert page_client.get("/v1/tables/nope/me", headers=table.auth("Ana")).status_code == 422
    assert page_client.get(url, headers=table.auth("Ana")).headers["cache-control"] == \
        "no-store"


def test_me_is_in_the_schema(page_client: TestClient) -> None:
    schema = page_client.get("/openapi.json").json()
    operation = schema["paths"]["/v1/tables/{table_id}/me"]["get"]
    assert set(operation["responses"]) >= {"200", "401", "403", "404", "422"}
    assert operation["security"]
    me = schema["components"]["schemas"]["Me"]
    assert set(me["properties"]) == {"by", "player"}
    assert not any(path.startswith("/t/") for path in schema["paths"])  # pages: no schema


# ----------------------------------------------------------------------------- the form


def test_the_form_is_on_the_home_page_in_both_languages(page_client: TestClient) -> None:
    en = page_client.get("/")
    assert 'id="new-table-form"' in en.text and 'action="/t/new?lang=en"' in en.text
    assert 'name="players"' in en.text and 'value="sealed"' in en.text
    assert 'id="nt-knob-MinOpen"' in en.text and 'id="knob-MinOpen"' in en.text
    assert '<option value="rummy-argentino"' in en.text
    es = page_client.get("/?lang=es")
    assert "Jugar en vivo: abra una mesa" in es.text
    alone = page_client.get("/t/new?lang=es")
    assert alone.status_code == 200 and "Abrir la mesa" in alone.text
    assert "<details class=\"nt-details\" open>" in alone.text
    shared = page_client.post("/v1/verdicts", content="[Game \"51\"]\n[Players \"A B\"]\n",
                              headers={"Content-Type": "text/plain"})
    verdict = page_client.get(f"/v/{shared.json()['id']}")
    assert verdict.status_code == 200 and "new-table-form" not in verdict.text


def links(text: str) -> dict[str, str]:
    """Each seat's link on the page that hands them out, by player ("" for the scribe)."""
    found = re.findall(r'<(?:li|div) class="seat-link[^"]*" data-player="([^"]*)">.*?'
                       r'class="seat-url" value="([^"]+)"', text, re.S)
    return {html.unescape(player): html.unescape(url) for player, url in found}


def qr_codes(text: str) -> list[str]:
    return [html.unescape(svg) for svg in re.findall(r"<svg.*?</svg>", text, re.S)]


def test_opening_a_table_hands_out_each_seats_link_and_qr_code(
        page_client: TestClient) -> None:
    answer = page_client.post("/t/new", data={
        "players": "Ana\n Beto, \r\nCaro\n", "game": "51", "event": "Viernes", "reveal": "open",
        "table_lang": "es", "page_lang": "en", "MinOpen": "71", "LawAt": "900"})
    assert answer.status_code == 201 and answer.headers["cache-control"] == "no-store"
    seats = links(answer.text)
    assert list(seats) == ["Ana", "Beto", "Caro", ""]
    base = "http://testserver"
    table_id = seats["Ana"].split("/t/")[1].split("#")[0]
    assert ID.match(table_id)
    for player, url in seats.items():
        kind = "seat" if player else "scribe"
        assert re.fullmatch(rf"{base}/t/{table_id}#{kind}=[A-Za-z0-9_-]{{32}}", url)
        token = url.split("=", 1)[1]
        me = page_client.get(f"/v1/tables/{table_id}/me",
                             headers={"Authorization": f"Bearer {token}"}).json()
        assert me["by"] == (player or "scribe")
    # Each QR code is segno's drawing of exactly that link.
    expected = [segno.make(url, error="m", micro=False).svg_inline(
        scale=1, border=4, dark="#000", light="#fff", omitsize=True, svgclass="qr",
        lineclass=None) for url in seats.values()]
    assert qr_codes(answer.text) == expected
    assert QR_ERROR == "m" and QR_SVG["border"] == 4
    assert "127.0.0.1" not in answer.text and 'id="local-host"' not in answer.text
    # The table as asked: its language, its reveal mode, its tags (only the game's knobs).
    state = page_client.get(f"/v1/tables/{table_id}").json()
    assert state["reveal"] == "open" and state["players"] == ["Ana", "Beto", "Caro"]
    log = page_client.get(f"/v1/tables/{table_id}/log").text
    assert '[Event "Viernes"]' in log and '[MinOpen "71"]' in log and "LawAt" not in log
    assert re.search(r'\[Date "\d{4}-\d\d-\d\d"\]', log)
    assert 'lang="es"' in page_client.get(f"/t/{table_id}").text


def test_a_qr_code_holds_only_its_link() -> None:
    svg = qr_svg("http://192.168.1.20:8051/t/abcdefghijklmnopqrstuvwx#seat=secret")
    assert svg.startswith("<svg") and "secret" not in svg and "192.168" not in svg
    assert 'class="qr"' in svg and "viewBox" in svg


def test_links_to_the_loopback_are_flagged() -> None:
    assert local_host("http://127.0.0.1:8051/") == "127.0.0.1"
    assert local_host("http://localhost:8051/") == "localhost"
    assert local_host("http://[::1]:8051/") == "::1"
    assert local_host("http://192.168.1.20:8051/") is None
    assert local_host("http://mesa.local:8051/") is None


@pytest.mark.parametrize(("fields", "status", "words"), [
    ({"players": ""}, 400, "Write the players' names"),
    ({"players": "Ana"}, 400, "Players"),
    ({"players": "Ana\nAna\nBeto"}, 400, "Ana"),
    ({"players": "Ana\nBeto", "MinOpen": "lots"}, 400, "MinOpen"),
    ({"players": "Ana\nBeto", "game": "poker"}, 400, "Choose a game"),
    ({"players": "Ana\nscribe"}, 400, "scribe"),
    ({"players": "Abuela María, Beto, Caro"}, 400, "Abuela_María"),
    ({"players": "Ana Beto Caro"}, 400, "one word"),
    ({"players": "Ana\n<b>Beto</b>"}, 400, "<b>Beto</b>"),
])
def test_a_table_that_cannot_be_opened_is_the_form_again(
        page_client: TestClient, fields: dict[str, str], status: int, words: str) -> None:
    body = {"game": "51", "event": "Mi <i>mesa</i>", "page_lang": "en", **fields}
    answer = page_client.post("/t/new", data=body)
    assert answer.status_code == status, answer.text[:300]
    error = re.search(r'<p class="error" role="alert" id="new-table-error">(.*?)</p>',
                      answer.text, re.S)
    assert error and words in html.unescape(error.group(1)), answer.text[:2000]
    assert 'value="Mi &lt;i&gt;mesa&lt;/i&gt;"' in answer.text  # kept, escaped
    assert "<svg" not in answer.text and "<i>mesa" not in answer.text
    assert "<b>Beto" not in answer.text


def test_the_form_refuses_a_body_too_large(page_client: TestClient) -> None:
    answer = page_client.post("/t/new", data={"players": "Ana Beto", "event": "x" * 20_000})
    assert answer.status_code == 413 and 'id="new-table-error"' in answer.text


def test_the_local_address_is_flagged_on_the_links_page(tmp_path: Path) -> None:
    with live_client(f"sqlite:///{tmp_path / 'v.db'}") as client:
        client.base_url = client.base_url.copy_with(host="127.0.0.1")  # type: ignore[misc]
        answer = client.post("/t/new", data={"players": "Ana\nBeto"})
    assert answer.status_code == 201
    assert 'id="local-host"' in answer.text and "127.0.0.1" in answer.text
