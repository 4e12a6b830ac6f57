"""Take docs/live.md's screenshots: a family's live game of 51 on phone-sized pages.

    .venv/bin/python docs/live_screenshots.py      # needs Chromium at /usr/bin/chromium

It serves the page from a temporary SQLite file and plays the NOTATION.md example
(friday.rummy) at a table opened with the "new table" form: Ana, Beto and Caro each
on a phone of their own (390x844), the scribe's helper posting the events nobody
photographs. Chromium reaches the server as ``ana-laptop.local`` (a host rule), so the
links and QR codes read as they would on a home network.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
from playwright.sync_api import expect, sync_playwright  # noqa: E402

from tests.api import clean_env, running_server  # noqa: E402
from tests.api.live import FRIDAY_DEALS, FRIDAY_EVENTS, PEGUE_AT, Table  # noqa: E402
from tests.api.test_browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

HOST = "ana-laptop.local"
PHONE = {"width": 390, "height": 844}
DOCS = ROOT / "docs"


def shot(page: Any, name: str, target: str | None = None) -> None:
    path = DOCS / name
    if target is None:
        page.screenshot(path=str(path))
    else:
        page.locator(target).screenshot(path=str(path))
    print(f"docs/{name}")


def phone(browser: Any) -> Any:
    return browser.new_context(viewport=PHONE, device_scale_factor=2).new_page()


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        env = clean_env(REFEREE_DATABASE_URL=f"sqlite:///{folder}/verdicts.sqlite3",
                        XDG_DATA_HOME=folder)
        with running_server(env) as server, sync_playwright() as playwright:
            base = f"http://{HOST}:{server.port}"
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM,
                args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {HOST} 127.0.0.1"])
            play(browser, base, server.base)
            browser.close()


def open_table(browser: Any, base: str) -> dict[str, str]:
    """The form on /, filled in; the page of links. The links, by player (scribe too)."""
    page = phone(browser)
    page.goto(f"{base}/?lang=en")
    page.click("#new-table summary")
    page.fill("#nt-players", "Ana Beto Caro")
    page.fill("#nt-event", "Friday at Ana's")
    page.click("#new-table .nt-knobs summary")
    page.fill("#nt-knob-Stake", "100")
    page.locator("#new-table").scroll_into_view_if_needed()
    page.evaluate("document.getElementById('new-table').scrollIntoView()")
    shot(page, "live-form.png")
    page.click("#new-table-button")
    expect(page.locator(".seat-link")).to_have_count(4)
    links = {page.locator(".seat-link").nth(i).get_attribute("data-player") or "scribe":
             page.locator(".seat-url").nth(i).input_value() for i in range(4)}
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "live-links.png")
    return links


def joined(page: Any) -> None:
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")


def play(browser: Any, base: str, direct: str) -> None:
    links = open_table(browser, base)
    table_id = links["Ana"].split("/t/")[1].split("#")[0]
    api = httpx.Client(base_url=direct, timeout=30)
    scribe = Table(api, table_id, links["scribe"].split("=", 1)[1], {})
    seats = {name: phone(browser) for name in ("Ana", "Beto", "Caro")}
    for name, page in seats.items():
        page.goto(links[name])
        joined(page)
    ana, beto, caro = seats["Ana"], seats["Beto"], seats["Caro"]
    # Each gives the hand dealt: Ana taps a few cards, types the rest.
    for card in ("2h", "3h", "4h"):
        box = ana.locator("#give-picker .any-cards")
        box.locator(f"button[data-rank='{card[:-1]}']").click()
        box.locator(f"button[data-suit='{card[-1]}']").click()
    ana.locator("#give-hand-panel").scroll_into_view_if_needed()
    shot(ana, "live-give-hand.png", "#give-hand-panel")
    for name, page in seats.items():
        page.fill("#give-input", FRIDAY_DEALS[name])
        page.click("#give-button")
        expect(page.locator("#my-hand .card")).not_to_have_count(0)
    # The game: the scribe posts up to Beto's turn; Beto's phone picks his discard.
    for text in FRIDAY_EVENTS[:10]:
        scribe.event(text)
    expect(beto.locator("#events li[data-seq]")).to_have_count(10)
    beto.click('#action-bar [data-action="discard"]')
    beto.click("#my-hand button[data-card='8s']")
    beto.evaluate("window.scrollTo(0, 0)")
    shot(beto, "live-seat.png")
    beto.click("#send")
    # A mistyped line: the referee's words and its hint, next to the input.
    caro.fill("#line-input", "Caro drwa 5c")
    caro.click("#send")
    expect(caro.locator("#refusal")).to_be_visible()
    shot(caro, "live-refusal.png", "#action-panel")
    caro.click("#refusal .use-hint")
    caro.click("#send")
    expect(ana.locator("#events li[data-seq]")).to_have_count(12)
    for text in FRIDAY_EVENTS[12:-1]:
        scribe.event(text)
    assert FRIDAY_EVENTS[PEGUE_AT] == "Ana discard 9d"
    # Caro calls Ana: ruled at once, on every phone.
    expect(caro.locator("#events li[data-seq]")).to_have_count(len(FRIDAY_EVENTS) - 1)
    caro.click('#action-bar [data-action="call"]')
    caro.click('#picker .player-button[data-player="Ana"]')
    caro.click("#send")
    expect(ana.locator("#ruling-banner")).to_be_visible()
    ana.evaluate("window.scrollTo(0, 0)")
    shot(ana, "live-call.png")
    verdict = ana.locator("#verdict-link")
    expect(verdict).to_be_visible()
    ana.click("#verdict-link")
    ana.wait_for_selector("#replay .seat")
    ana.evaluate("window.scrollTo(0, 0)")
    shot(ana, "live-verdict.png")
    api.close()


if __name__ == "__main__":
    main()
