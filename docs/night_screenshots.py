"""Take docs/tutorials/club-night.md's screenshots: a club night's board on a phone and on
a TV, a player's view, the sheet of passes and the printed report.

    .venv/bin/python docs/night_screenshots.py      # needs Chromium at /usr/bin/chromium

It serves the page from a temporary SQLite file, makes a night of twelve players at
tables of 3 to 4 (seed 7), seats round 1, plays table 1's game through the live
tables' API (each player with their pass), hands in table 3's log (with a renuncia
that a call settled) and leaves table 2 at its tenth event: one table finished, one
handed in, one being played.
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

from referee.notation.reader import read_games  # noqa: E402
from tests.api import clean_env, running_server  # noqa: E402
from tests.api.nights import make_night, play_live, table_log  # noqa: E402
from tests.api.test_browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}
A4 = {"width": 794, "height": 1123}
DOCS = ROOT / "docs" / "tutorials"
PLAYERS = ("Ana", "Beto", "Caro", "Dani", "Eva", "Fede", "Gabi", "Hugo", "Ines", "Juan",
           "Lola", "Mia")


def shot(page: Any, name: str, full: bool = False) -> None:
    page.screenshot(path=str(DOCS / name), full_page=full)
    print(f"docs/tutorials/{name}")


def with_a_call(text: str) -> str:
    """The log with its last event's player calling the one before (an unfounded call:
    the log keeps its winner, the night's flags show the call)."""
    lines = text.rstrip("\n").splitlines()
    record = read_games(text)[0]
    caller, accused = record.events[-1].player, record.events[-2].player
    return "\n".join([*lines[:-1], f"{caller} call {accused}", lines[-1]]) + "\n"


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        env = clean_env(REFEREE_DATABASE_URL=f"sqlite:///{folder}/verdicts.sqlite3",
                        XDG_DATA_HOME=folder, REFEREE_TABLE_RATE="1000")
        with running_server(env) as server, sync_playwright() as playwright, \
                httpx.Client(base_url=server.base, timeout=30) as api:
            night = make_night(api, PLAYERS, name="Jueves de rummy",
                               tables={"min": 3, "max": 4}, tags={"Stake": "100"})
            tables = night.seated()["tables"]
            play_live(api, night, tables[0]["table_id"],
                      table_log("51", tables[0]["players"], 1, 1, event="Jueves de rummy"))
            night.hand_in(1, 3, with_a_call(table_log("51", tables[2]["players"], 1, 3,
                                                      event="Jueves de rummy")))
            second = table_log("51", tables[1]["players"], 1, 2, event="Jueves de rummy")
            first_ten = second.split("\n[Game")[0]
            record = read_games(first_ten)[0]
            record.events = record.events[:10]
            for player, deal in record.deals.items():
                api.put(f"/v1/tables/{tables[1]['table_id']}/hands/{player}",
                        json={"cards": " ".join(str(c) for c in deal.cards)},
                        headers=night.auth(player))
            for event in record.events:
                api.post(f"/v1/tables/{tables[1]['table_id']}/events",
                         json={"text": str(event)}, headers=night.auth(event.player))
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            board = f"{server.base}/n/{night.id}"
            page = browser.new_context(viewport=PHONE, device_scale_factor=2).new_page()
            page.goto(board)
            expect(page.locator("#conn")).to_have_attribute("data-state", "live")
            shot(page, "night-board-phone.png")
            seat = tables[1]["players"][1]
            page = browser.new_context(viewport=PHONE, device_scale_factor=2).new_page()
            page.goto(f"{board}?lang=es#player={night.passes[seat]}")
            expect(page.locator("#me-seat")).not_to_be_empty()
            shot(page, "night-player-phone.png")
            tv = browser.new_context(viewport=TV).new_page()
            tv.goto(f"{board}?tv=1")
            expect(tv.locator("#conn")).to_have_attribute("data-state", "live")
            shot(tv, "night-board-tv.png")
            tv.evaluate("document.getElementById('night-views').dataset.show = 'tables'")
            shot(tv, "night-board-tv-tables.png")
            organizer = browser.new_context(viewport=PHONE, device_scale_factor=2).new_page()
            organizer.goto(f"{board}#organizer={night.organizer}")
            expect(organizer.locator("#organizer-panel")).to_be_visible()
            organizer.locator("#organizer-panel").screenshot(
                path=str(DOCS / "night-organizer.png"))
            print("docs/tutorials/night-organizer.png")
            report = browser.new_context(viewport=A4).new_page()
            report.goto(f"{board}/report.html")
            report.emulate_media(media="print")
            shot(report, "night-report.png")
            browser.close()


if __name__ == "__main__":
    main()
