"""The page draws a Spanish deck's cards (RULES.md §13): in the step-through a card shows
its number and its suit's mark in the suit's traditional colour (oros gold, copas red,
espadas blue, bastos green), named in the page's language."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.api import ROOT, Server, clean_env, running_server
from tests.api.test_browser import CHROMIUM, audit, browser, page, sync_api  # noqa: F401

LOG = (ROOT / "logs" / "baraja-espanola-40.rummy").read_text(encoding="utf-8")
COLOURS = {"oros": "rgb(166, 124, 0)", "copas": "rgb(198, 40, 40)",
           "espadas": "rgb(31, 79, 163)", "bastos": "rgb(46, 125, 50)"}
pytestmark = pytest.mark.skipif(sync_api is None, reason="playwright is not installed")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("spanish-page")
    env = clean_env(REFEREE_DATABASE_URL=f"sqlite:///{folder / 'verdicts.sqlite3'}",
                    XDG_DATA_HOME=str(folder / "data-home"))
    with running_server(env) as running:
        yield running


@pytest.mark.parametrize(("lang", "name"), [("en", "knight (caballo) of cups"),
                                            ("es", "caballo de copas")])
def test_spanish_cards_show_their_number_and_suit_mark(page: Any, server: Server,  # noqa: F811
                                                       lang: str, name: str) -> None:
    audit(page, server, LOG, lang)
    cards = page.locator("#replay .card.spanish")
    assert cards.count() > 0
    for suit, colour in COLOURS.items():
        card = page.locator(f"#replay .card.spanish.{suit}").first
        assert card.count() == 1, suit
        assert card.evaluate("node => getComputedStyle(node).color") == colour
    labels = page.locator("#replay .card.spanish").evaluate_all(
        "nodes => nodes.map(n => n.getAttribute('aria-label'))")
    assert name in labels  # 11c, in the first hands
    ranks = page.locator("#replay .card.spanish .rank").all_inner_texts()
    assert set(ranks) <= {"1", "2", "3", "4", "5", "6", "7", "10", "11", "12", "JK"}
    assert not {"J", "Q", "K", "A"} & set(ranks)
