"""A live table's page opened again with no connection at all (api/static/live-sw.js):
Playwright driving Debian's Chromium against a ``referee serve`` of this test's own,
which the test stops to take the network away (the service worker's own requests fail
then, as on a phone that lost it).

The first visit is served by the network (the worker starts after the page loaded, and
is sent the page's and its files' addresses to keep); with the server gone, a reload
shows the table as that phone last saw it, its own hand included, and keeps what was
entered offline, pending. The API and the stream are never answered from the copy.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.api import Server, clean_env, running_server
from tests.api.live import FRIDAY_DEALS, new_table
from tests.api.test_browser import CHROMIUM, CHROMIUM_ARGS
from tests.api.test_live_browser import PHONE, joined, seat_url

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
expect = sync_api.expect
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    env = clean_env(REFEREE_DATABASE_URL=f"sqlite:///{tmp_path / 'verdicts.sqlite3'}",
                    XDG_DATA_HOME=str(tmp_path / "data-home"), REFEREE_TABLE_RATE="1000")
    with running_server(env) as running:
        yield running


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=PHONE, device_scale_factor=2)
        yield context
        context.close()
        browser.close()


KEPT = """async () => {
  // Polled here, not by wait_for_function: the page's Content-Security-Policy forbids
  // the eval that one uses.
  for (let tries = 0; tries < 300; tries++) {
    if (navigator.serviceWorker.controller !== null) {
      const cache = await caches.open("referee-live-1");
      const kept = (await cache.keys()).map(r => new URL(r.url).pathname);
      if (kept.includes(location.pathname) &&
          ["live.js", "live-net.js", "live-view.js", "live-picker.js", "live.css"]
            .every(f => kept.includes("/static/" + f))) { return true; }
    }
    await new Promise(done => setTimeout(done, 50));
  }
  return false;
}"""


def controlled(page: Any) -> None:
    """Wait until the worker controls the page and has kept the page and its files."""
    assert page.evaluate(KEPT), "no service worker kept the page and its files"


def test_a_seats_page_opens_again_with_no_connection(server: Server, phone: Any) -> None:
    with httpx.Client(base_url=server.base, timeout=30) as api:
        table = new_table(api)
        page = phone.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.goto(seat_url(server, table, "Ana"))
        joined(page, "You are Ana")
        controlled(page)
        assert table.hand("Ana", FRIDAY_DEALS["Ana"]).status_code == 201
        expect(page.locator("#my-hand .card")).to_have_count(15)
        table.event("Ana discard 2s")  # after the page's copy was kept: newer than it
        expect(page.locator("#events li[data-seq] code")).to_have_text(["Ana discard 2s"])
        expect(page.locator("#my-hand .card")).to_have_count(14)

    server.stop()  # the network is gone: the page's requests and the worker's fail
    page.fill("#line-input", "Ana call Beto")  # in Beto's turn: a call, asked nothing
    page.click("#send")
    expect(page.locator("#events li.pending code")).to_have_text(["Ana call Beto"])

    page.reload()  # without the worker: the browser's "This site can't be reached"
    expect(page.locator("#live-title")).to_be_visible()
    expect(page.locator("#events li[data-seq] code")).to_have_text(["Ana discard 2s"])
    expect(page.locator("#my-hand .card")).to_have_count(14)  # the seat's own hand
    expect(page.locator("#events li.pending code")).to_have_text(["Ana call Beto"])
    expect(page.locator("#who")).to_contain_text("You are Ana")
    api_read = page.evaluate("fetch(location.pathname.replace('/t/', '/v1/tables/'))"
                             ".then(() => 'answered', () => 'failed')")
    assert api_read == "failed"  # the API is never answered from the copy
    assert problems == []


def test_the_worker_is_served_at_the_tables_path(server: Server) -> None:
    worker = httpx.get(server.base + "/t/live-sw.js")
    assert worker.status_code == 200
    assert worker.headers["content-type"].startswith("text/javascript")
    assert worker.headers["cache-control"] == "no-cache"  # a new worker at the next visit
    assert worker.content == (Path(__file__).parents[2] / "api/static/live-sw.js").read_bytes()
    assert httpx.get(server.base + "/t/live-sw.jsx").status_code == 422  # read as a table id
