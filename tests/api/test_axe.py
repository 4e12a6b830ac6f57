"""axe-core on every page (``tests/axe_check.py``, axe from npm under ``tests/axe/``), at
phone width (390x844) and desktop width, in English and Spanish: the home page fresh and
after an audit, a verdict page, a live table watched, from a seat and as the scribe, and
the page with a new table's links: 0 critical and 0 serious violations. Every page has
one ``h1`` and its headings go down one level at a time (axe's ``page-has-heading-one``
and ``heading-order``, moderate to axe, held here too).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests import axe_check
from tests.api import FRIDAY, Server
from tests.api.live import FRIDAY_DEALS, FRIDAY_EVENTS, Table, new_table
from tests.api.test_live_browser import (
    joined,
)
from tests.axe_check import describe, serious_violations, violations

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
WIDTHS = [pytest.param(PHONE, id="phone"), pytest.param(DESKTOP, id="desktop")]
LANGS = ["en", "es"]
HEADINGS = ("page-has-heading-one", "heading-order")


@pytest.fixture
def open_page(browser: Any) -> Iterator[Any]:
    """Open a URL in a fresh browser context of the given size; each page's errors kept."""
    opened: list[tuple[Any, list[str]]] = []

    def open_(url: str, viewport: dict[str, int]) -> Any:
        context = browser.new_context(viewport=viewport, service_workers="block")
        problems: list[str] = []
        page = context.new_page()
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.goto(url)
        opened.append((context, problems))
        return page

    yield open_
    for context, problems in opened:
        context.close()
        assert problems == []


@pytest.fixture(scope="module")
def table(api: httpx.Client) -> Table:
    """A sealed game of 51 under way: the hands given, Caro's turn to draw."""
    made = new_table(api, reveal="sealed", tags={"Event": "Viernes"})
    for player, cards in FRIDAY_DEALS.items():
        assert made.hand(player, cards).status_code == 201
    for text in FRIDAY_EVENTS[:-2]:  # Caro to draw
        made.event(text)
    return made


@pytest.fixture(scope="module")
def ended(api: httpx.Client) -> Table:
    """The same game to its end: Caro's call rules Ana out, Caro wins."""
    made = new_table(api, reveal="sealed", tags={"Event": "Viernes"})
    for player, cards in FRIDAY_DEALS.items():
        assert made.hand(player, cards).status_code == 201
    for text in FRIDAY_EVENTS:
        made.event(text)
    assert made.state()["finished"]
    return made


@pytest.fixture(scope="module")
def verdict(api: httpx.Client) -> str:
    response = api.post("/v1/verdicts", content=FRIDAY.read_text(),
                        headers={"Content-Type": "text/plain"})
    assert response.status_code in (200, 201), response.text
    verdict_id: str = response.json()["id"]
    return verdict_id


def check(page: Any) -> None:
    """0 critical, 0 serious; one h1 and headings in order."""
    found = serious_violations(page) + [describe(violation) for violation in violations(page)
                                        if violation["id"] in HEADINGS]
    assert found == [], "\n".join([page.url, *found])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("viewport", WIDTHS)
def test_the_home_page_fresh(server: Server, open_page: Any, viewport: dict[str, int],
                             lang: str) -> None:
    page = open_page(f"{server.base}/?lang={lang}", viewport)
    check(page)
    page.click("#new-table summary")  # the new table's form, open
    check(page)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("viewport", WIDTHS)
def test_the_home_page_after_an_audit(server: Server, open_page: Any,
                                      viewport: dict[str, int], lang: str) -> None:
    page = open_page(f"{server.base}/?lang={lang}", viewport)
    page.fill("#log", FRIDAY.read_text())
    page.click("#audit-button")
    page.wait_for_selector("#replay .seat")
    check(page)
    page.click('.finding[data-line="28"] .line-link')  # the table stepped to the renuncia
    check(page)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("viewport", WIDTHS)
def test_a_verdict_page(server: Server, verdict: str, open_page: Any,
                        viewport: dict[str, int], lang: str) -> None:
    page = open_page(f"{server.base}/v/{verdict}?lang={lang}#L28", viewport)
    page.wait_for_selector("#replay .seat")
    check(page)
    page.locator("body").press("End")  # the end: Ana and Beto out
    page.locator("#replay .seat.out").first.wait_for()
    check(page)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("viewport", WIDTHS)
@pytest.mark.parametrize("who", ["watcher", "seat", "scribe"])
def test_a_live_table(server: Server, table: Table, open_page: Any,
                      viewport: dict[str, int], lang: str, who: str) -> None:
    fragment = {"watcher": "", "seat": f"#seat={table.seats['Caro']}",
                "scribe": f"#scribe={table.scribe}"}[who]
    page = open_page(f"{server.base}/t/{table.id}?lang={lang}{fragment}", viewport)
    if who == "watcher":
        page.wait_for_selector("#events li[data-seq]")
    else:
        joined(page, "You are" if lang == "en" else "Usted es")
    check(page)
    if who == "seat":
        page.click('#action-bar [data-action="draw"]')  # the any-card picker, its joker
        page.locator("#picker .any-cards button.joker").wait_for()
        check(page)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("viewport", WIDTHS)
def test_a_finished_table(server: Server, ended: Table, open_page: Any,
                          viewport: dict[str, int], lang: str) -> None:
    page = open_page(f"{server.base}/t/{ended.id}?lang={lang}#scribe={ended.scribe}", viewport)
    page.locator("#end-panel #verdict-link").wait_for()
    check(page)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("viewport", WIDTHS)
def test_the_links_of_a_new_table(server: Server, open_page: Any,
                                  viewport: dict[str, int], lang: str) -> None:
    page = open_page(f"{server.base}/?lang={lang}", viewport)
    page.click("#new-table summary")
    page.fill("#nt-players", "Ana\nBeto\nCaro")
    page.click("#new-table-button")
    page.wait_for_selector(".seat-link figure svg, .seat-link figure img")
    check(page)


@pytest.mark.parametrize("ci", ["", "1"])
def test_without_axe_the_tests_skip_and_fail_under_ci(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path, ci: str) -> None:
    monkeypatch.setattr(axe_check, "AXE", tmp_path / "axe.min.js")
    monkeypatch.setenv("REFEREE_CI", ci)
    outcome = pytest.fail.Exception if ci else pytest.skip.Exception
    with pytest.raises(outcome, match="npm ci --prefix tests/axe"):
        axe_check.axe_source()
