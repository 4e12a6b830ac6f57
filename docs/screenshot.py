"""Take the README's screenshots of the page: ``docs/page.png`` (desktop) and
``docs/page-phone.png`` (a phone's width), the friday example stepped to its renuncia.

    .venv/bin/python docs/screenshot.py           # needs Chromium at /usr/bin/chromium

It serves the page from a temporary SQLite file, shares the example through the
form and photographs the verdict's page at line 28.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.api import FRIDAY, clean_env, running_server  # noqa: E402
from tests.api.test_browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        env = clean_env(REFEREE_DATABASE_URL=f"sqlite:///{folder}/verdicts.sqlite3",
                        XDG_DATA_HOME=folder)
        with running_server(env) as server, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"{server.base}/?lang=en")
            page.fill("#log", FRIDAY.read_text())
            page.click("#share-button")
            page.wait_for_selector("#share-url")
            link = page.url.split("?")[0] + "?lang=en#L28"
            for name, width in (("page.png", 1280), ("page-phone.png", 390)):
                shot = browser.new_page(viewport={"width": width, "height": 900},
                                        device_scale_factor=1 if width > 600 else 2)
                shot.goto(link)
                shot.wait_for_selector("#replay .seat")
                shot.evaluate("window.scrollTo(0, 0)")
                target = shot.locator(".replay-and-log" if width > 600 else "#replay")
                target.screenshot(path=str(ROOT / "docs" / name))
                print(f"docs/{name}")
            browser.close()


if __name__ == "__main__":
    main()
