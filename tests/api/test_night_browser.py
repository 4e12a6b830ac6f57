"""A club night's board in a real browser (Debian's Chromium through Playwright), the
server a real ``referee serve``: at phone width (390x844) and on a TV (1920x1080,
``?tv=1``), a verdict posted at one table moves the standings without a reload; a
player's pass shows where to sit and opens the seat; the organizer's view acts.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.api import Server
from tests.api.nights import NAMES, make_night, play_live, table_log
from tests.api.test_browser import CHROMIUM

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
expect = sync_api.expect
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")
PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}


class Screens:
    """Browser contexts, each its own storage; every page error kept."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.problems: list[str] = []

    def open(self, url: str, viewport: dict[str, int] = PHONE) -> Any:
        context = self.browser.new_context(viewport=viewport)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.problems.append(str(error)))
        page.on("dialog", lambda dialog: dialog.accept("a spilled drink"))
        page.goto(url)
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def screens(browser: Any) -> Iterator[Screens]:
    opened = Screens(browser)
    yield opened
    opened.close()
    assert opened.problems == []


def overflow(page: Any) -> int:
    width: int = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    return width


def test_a_verdict_moves_the_board_at_phone_and_tv_width(server: Server, api: httpx.Client,
                                                         screens: Screens) -> None:
    night = make_night(api, NAMES[:8], tables={"min": 4, "max": 4})
    table = night.seated()["tables"][0]
    phone = screens.open(f"{server.base}/n/{night.id}")
    tv = screens.open(f"{server.base}/n/{night.id}?tv=1", TV)
    for page in (phone, tv):
        expect(page.locator("#conn")).to_have_attribute("data-state", "live")
        expect(page.locator("#night-round")).to_have_text("Round 1 of 3")
    first_row = phone.locator("#standings tbody tr").first
    expect(first_row.locator("td").nth(1)).to_have_text("0")
    play_live(api, night, table["table_id"], table_log("51", table["players"], 1, 1))
    leader = max(night.get()["standings"], key=lambda r: r["points"])
    expect(phone.locator(".night-table").first).to_have_class("night-table state-finished")
    expect(first_row.locator("th")).to_have_text(leader["player"])
    expect(first_row.locator("td").nth(1)).to_have_text(str(leader["points"]))
    expect(tv.locator("#standings tbody tr").first.locator("th")).to_have_text(leader["player"])
    assert overflow(phone) <= 0
    # the TV: large type, nothing to tap, the standings and the tables in turn
    assert tv.locator("#night-views a, #night-views button").count() == 0
    assert tv.locator("#organizer-panel, #me-panel").count() == 0
    size = tv.evaluate("parseFloat(getComputedStyle(document.querySelector('#night')).fontSize)")
    assert size >= 24
    assert tv.locator("#night-views").get_attribute("data-show") == "standings"


def test_a_players_pass_says_where_to_sit_and_opens_the_seat(server: Server, api: httpx.Client,
                                                            screens: Screens) -> None:
    night = make_night(api, NAMES[:8], tables={"min": 4, "max": 4})
    table = night.seated()["tables"][1]
    starter, other = table["players"][0], table["players"][2]
    page = screens.open(f"{server.base}/n/{night.id}#player={night.passes[starter]}")
    expect(page.locator("#me-seat")).to_have_text("Round 1: table 2, you start")
    assert "#" not in page.url  # the pass left the address bar
    open_seat = page.locator("#me-open")
    expect(open_seat).to_be_visible()
    href = open_seat.get_attribute("href") or ""
    assert href == f"/t/{table['table_id']}#seat={night.passes[starter]}"
    page.goto(f"{server.base}/n/{night.id}")  # kept in the browser's storage
    expect(page.locator("#me-title")).to_have_text(f"You are {starter}")
    theirs = screens.open(f"{server.base}/n/{night.id}?lang=es#player={night.passes[other]}")
    expect(theirs.locator("#me-seat")).to_have_text(f"Ronda 1: mesa 2, empieza {starter}")
    open_seat.click()
    expect(page.locator("#who")).to_contain_text(starter)
    assert overflow(theirs) <= 0


def test_the_organizers_view_seats_closes_and_voids(server: Server, api: httpx.Client,
                                                    screens: Screens) -> None:
    night = make_night(api, NAMES[:8], tables={"min": 4, "max": 4})
    page = screens.open(f"{server.base}/n/{night.id}#organizer={night.organizer}")
    panel = page.locator("#organizer-panel")
    expect(panel).to_be_visible()
    page.locator("#seat-next").click()
    expect(page.locator(".night-table")).to_have_count(2)
    page.locator("#close-round").click()
    expect(page.locator("#org-refusal")).to_contain_text("cannot close")
    for number in (1, 2):
        table = page.locator(f'.night-table[data-table="{number}"]')
        table.locator(".nt-actions button", has_text="Void").click()
        expect(table).to_have_class("night-table state-voided")
    page.locator("#close-round").click()
    expect(page.locator("#close-round")).to_be_hidden()
    expect(page.locator("#org-trail li")).to_have_count(5)  # create, round, 2 voids, close
    assert "a spilled drink" in page.locator("#org-trail").inner_text()
    assert overflow(page) <= 0


def test_the_organizer_enters_the_scores_of_a_hand_that_has_none(
        server: Server, api: httpx.Client, screens: Screens) -> None:
    night = make_night(api, NAMES[:6], game="rummy-argentino", tables={"min": 3, "max": 3})
    first, second = night.seated()["tables"]
    night.hand_in(1, 1, table_log("rummy-argentino", first["players"], 1, 1))
    hidden = "\n".join(line for line in table_log("rummy-argentino", second["players"], 1, 2)
                       .splitlines() if not line.startswith(("deal ", "stock:"))) + "\n"
    assert night.hand_in(1, 2, hidden).status_code == 200
    page = screens.open(f"{server.base}/n/{night.id}#organizer={night.organizer}")
    table = page.locator('.night-table[data-table="2"]')
    form = table.locator("form.nt-scores")
    expect(form).to_have_count(1)
    expect(form).to_contain_text("ended without its scores")
    for player, score in zip(second["players"], (45, -10, 0), strict=True):
        form.get_by_label(player).fill(str(score))
    form.get_by_role("button", name="Send").click()
    expect(table.locator("form.nt-scores")).to_have_count(0)
    points = night.get()["rounds"][0]["tables"][1]["points"]
    assert points[second["players"][0]] == 45 and points[second["players"][1]] == -10
    expect(page.locator("#org-trail")).to_contain_text("scores entered")
    assert overflow(page) <= 0


def test_the_report_opens_offline_with_nothing_from_outside(server: Server, api: httpx.Client,
                                                            browser: Any,
                                                            tmp_path: Path) -> None:
    night = make_night(api, NAMES[:8], tables={"min": 4, "max": 4})
    for table in night.seated()["tables"]:
        night.hand_in(1, table["table"], table_log("51", table["players"], 1, table["table"]))
    html = api.get(f"/n/{night.id}/report.html").text
    assert "<script" not in html.lower()
    saved = tmp_path / "night.html"
    saved.write_text(html, encoding="utf-8")
    context = browser.new_context(viewport={"width": 794, "height": 1123},
                                  java_script_enabled=False, offline=True)
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    try:
        page = context.new_page()
        page.goto(saved.as_uri())
        expect(page.locator("h1")).to_contain_text("Jueves")
        rows = page.locator("table").first.locator("tbody tr")
        expect(rows).to_have_count(8)
        pdf = page.pdf(format="A4")
        assert pdf.startswith(b"%PDF")
    finally:
        context.close()
    assert asked == [saved.as_uri()]
