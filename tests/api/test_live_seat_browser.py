"""A live table's seat and scribe controls in a real browser (390x844, English and
Spanish): leaving a seat asks first, in the table's language; the scribe gives a seat a
new link (shown, copyable, with a QR code a decoder reads back; the old link opens
nothing from then on) and abandons a
table, which every phone then shows as abandoned."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.api import Server
from tests.api.live import Table, new_table
from tests.api.test_browser import CHROMIUM
from tests.api.test_live_browser import qr_link

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
expect = sync_api.expect
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")
PHONE = {"width": 390, "height": 844}
WORDS = {
    "en": {"you": "You are Beto", "watching": "Watching", "leave": "Leave the seat of Beto",
           "new": "Give Beto a new link", "abandon": "Abandon this table",
           "abandoned": "This table was abandoned", "button": "New link for Beto"},
    "es": {"you": "Usted es Beto", "watching": "Mirando", "leave": "¿Dejar el puesto de Beto",
           "new": "¿Dar a Beto un enlace nuevo", "abandon": "¿Abandonar esta mesa",
           "abandoned": "Esta mesa se abandonó", "button": "Enlace nuevo para Beto"},
}


class Phones:
    """Phones, each a browser context of its own; every dialog is answered as the test
    says (``answers``, in order) and kept, every page error too."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.problems: list[str] = []
        self.dialogs: list[str] = []
        self.answers: list[bool] = []

    def answer(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        if self.answers and self.answers.pop(0):
            dialog.accept()
        else:
            dialog.dismiss()

    def open(self, url: str) -> Any:
        context = self.browser.new_context(viewport=PHONE, device_scale_factor=2,
                                           service_workers="block")
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.problems.append(str(error)))
        page.on("dialog", self.answer)
        page.goto(url)
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def phones(browser: Any) -> Iterator[Phones]:
    phones = Phones(browser)
    yield phones
    phones.close()
    assert phones.problems == []


def live(page: Any) -> None:
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")


def no_overflow(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width


def scribe_url(server: Server, table: Table) -> str:
    return f"{server.base}/t/{table.id}#scribe={table.scribe}"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_leaving_a_seat_asks_first(server: Server, api: httpx.Client, phones: Phones,
                                   lang: str) -> None:
    words = WORDS[lang]
    table = new_table(api, lang=lang)
    page = phones.open(f"{server.base}/t/{table.id}#seat={table.seats['Beto']}")
    live(page)
    expect(page.locator("#who")).to_contain_text(words["you"])
    phones.answers = [False]
    page.click("#forget")
    assert phones.dialogs and phones.dialogs[-1].startswith(words["leave"])
    expect(page.locator("#who")).to_contain_text(words["you"])  # "no": still Beto's
    phones.answers = [True]
    page.click("#forget")
    expect(page.locator("#who")).to_contain_text(words["watching"])
    assert len(phones.dialogs) == 2
    expect(page.locator("#seats-panel")).to_have_count(0)  # a seat has no scribe's panel


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_scribe_gives_a_seat_a_new_link(server: Server, api: httpx.Client,
                                            phones: Phones, lang: str) -> None:
    words = WORDS[lang]
    table = new_table(api, lang=lang)
    old = table.seats["Beto"]
    scribe = phones.open(scribe_url(server, table))
    live(scribe)
    button = scribe.locator("#seat-buttons button[data-player='Beto']")
    expect(button).to_have_text(words["button"])
    phones.answers = [False]
    button.click()
    assert phones.dialogs[-1].startswith(words["new"])
    expect(scribe.locator("#new-link")).to_be_hidden()  # "no": nothing changed
    assert api.get(f"/v1/tables/{table.id}/me",
                   headers={"Authorization": f"Bearer {old}"}).status_code == 200
    phones.answers = [True]
    button.click()
    field = scribe.locator("#new-link-url")
    expect(field).to_have_value(re.compile(rf"^{re.escape(server.base)}/t/{table.id}#seat=\S+$"))
    url = field.input_value()
    assert old not in url
    no_overflow(scribe)
    assert api.get(f"/v1/tables/{table.id}/me",
                   headers={"Authorization": f"Bearer {old}"}).status_code == 403
    beto = phones.open(url)
    live(beto)
    expect(beto.locator("#who")).to_contain_text(words["you"])
    scribe.click("#new-link-copy")
    expect(scribe.locator("#new-link .copy-status")).not_to_be_empty()
    code = scribe.locator("#new-link-qr")
    expect(code).to_be_visible()
    assert qr_link(scribe, code) == url  # a phone's camera reads the new link
    no_overflow(scribe)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_scribe_abandons_the_table(server: Server, api: httpx.Client, phones: Phones,
                                       lang: str) -> None:
    words = WORDS[lang]
    table = new_table(api, lang=lang)
    table.event("Ana discard 7h")
    watcher = phones.open(f"{server.base}/t/{table.id}")
    scribe = phones.open(scribe_url(server, table))
    live(watcher)
    live(scribe)
    expect(scribe.locator("#abandoned-note")).to_be_hidden()
    phones.answers = [False]
    scribe.click("#abandon")
    assert phones.dialogs[-1].startswith(words["abandon"])
    expect(scribe.locator("#action-panel")).to_be_visible()
    phones.answers = [True]
    scribe.click("#abandon")
    for page in (scribe, watcher):
        expect(page.locator("#abandoned-note")).to_be_visible()
        expect(page.locator("#abandoned-note")).to_contain_text(words["abandoned"])
        no_overflow(page)
    expect(scribe.locator("#action-panel")).to_be_hidden()
    expect(scribe.locator("#seats-panel")).to_be_hidden()
    assert api.get(f"/v1/tables/{table.id}").json()["abandoned"] is True


@pytest.mark.parametrize(("lang", "words"), [("en", "one word"), ("es", "una sola palabra")])
def test_the_form_takes_one_player_per_line(server: Server, phones: Phones, lang: str,
                                            words: str) -> None:
    page = phones.open(f"{server.base}/t/new?lang={lang}")
    page.fill("#nt-players", "Abuela María, Beto, Caro")
    page.click("#new-table-button")
    error = page.locator("#new-table-error")
    expect(error).to_contain_text("Abuela_María")  # a name of two words: not two players
    expect(error).to_contain_text(words)
    expect(page.locator(".seat-link")).to_have_count(0)
    no_overflow(page)
    page.fill("#nt-players", "Abuela_María\nBeto\nCaro")
    page.click("#new-table-button")
    expect(page.locator(".seat-link[data-player]")).to_have_count(4)  # three seats, the scribe
    assert page.locator(".seat-link[data-player]").first.get_attribute(
        "data-player") == "Abuela_María"
