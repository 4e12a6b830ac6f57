"""A live table's page at phone width (390x844), in both languages: a finding shows its
rule's title and the event it is about, not the rule id and a line number; events are
shown with the viewer's keywords, whoever sent them and in whichever language."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.api import Server
from tests.api.live import FRIDAY_DEALS, FRIDAY_EVENTS, PEGUE_AT, new_table
from tests.api.test_live_browser import (  # noqa: F401  (its fixture and marks, shared)
    Phones,
    expect,
    phones,
    pytestmark,
)

WORDS = {
    "en": {"title": "Discarded a pegue", "event": "Ana discard 9d", "sent": "Beto draw",
           "line": "line"},
    "es": {"title": "Descartó un pegue", "event": "Ana descarta 9d", "sent": "Beto roba",
           "line": "línea"},
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_finding_shows_its_title_and_event_in_the_pages_language(
        server: Server, api: httpx.Client, phones: Phones, lang: str) -> None:  # noqa: F811
    table = new_table(api, reveal="open", tags={"Event": "Viernes", "Stake": "100"})
    for player, cards in FRIDAY_DEALS.items():
        assert table.hand(player, cards).status_code == 201
    for text in FRIDAY_EVENTS[:PEGUE_AT + 1]:
        table.event(text)
    table.event("Beto roba" if lang == "en" else "Beto draw")  # the other language
    page: Any = phones.open(f"{server.base}/t/{table.id}?lang={lang}")
    words = WORDS[lang]
    finding = page.locator('#findings .finding[data-rule="discard-pegue"]')
    expect(finding).to_have_count(1)
    expect(finding.locator(".title")).to_have_text(words["title"])
    expect(finding.locator(".event")).to_have_text(words["event"])
    shown = finding.inner_text()
    assert "discard-pegue" not in shown and words["line"] not in shown.lower()
    expect(page.locator("#events li[data-seq] code").first).to_have_text(words["sent"])
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
