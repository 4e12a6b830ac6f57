"""axe-core on a club night's pages: the board (phone, TV, a player's view, the
organizer's) and the report, 0 critical and 0 serious violations.

``tests/axe_check.py`` runs axe-core (npm, under ``tests/axe/``) in the page.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests import axe_check
from tests.api import Server
from tests.api.nights import NAMES, make_night, table_log
from tests.api.test_night_browser import PHONE, TV


@pytest.fixture
def night(api: httpx.Client) -> Any:
    made = make_night(api, NAMES[:8], tables={"min": 4, "max": 4})
    tables = made.seated()["tables"]
    made.hand_in(1, 1, table_log("51", tables[0]["players"], 1, 1))
    return made


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    opened: list[Any] = []

    def make(viewport: dict[str, int]) -> Any:
        made = browser.new_context(viewport=viewport, bypass_csp=True)
        opened.append(made)
        return made

    yield make
    for made in opened:
        made.close()


@pytest.mark.parametrize(("path", "viewport"), [
    ("", PHONE), ("?tv=1", TV), ("?lang=es", PHONE), ("/report.html", PHONE),
    ("/report.html?lang=es", TV)])
def test_a_nights_pages_have_no_serious_violation(server: Server, night: Any,
                                                  context: Any, path: str,
                                                  viewport: dict[str, int]) -> None:
    page = context(viewport).new_page()
    page.goto(f"{server.base}/n/{night.id}{path}")
    page.wait_for_load_state("networkidle")
    assert axe_check.serious_violations(page) == []


@pytest.mark.parametrize("who", ["player", "organizer"])
def test_the_players_and_organizers_views_have_no_serious_violation(
        server: Server, night: Any, context: Any, who: str) -> None:
    token = night.passes[NAMES[0]] if who == "player" else night.organizer
    page = context(PHONE).new_page()
    page.goto(f"{server.base}/n/{night.id}#{who}={token}")
    page.locator("#me-panel" if who == "player" else "#organizer-panel").wait_for()
    assert axe_check.serious_violations(page) == []
