"""The page in a real browser: Playwright driving the system's Chromium (``/usr/bin/chromium``).

``playwright install`` cannot download browsers on these machines, so the tests
launch Debian's ``chromium`` package through ``executable_path`` (``.ci/run``
installs it when it is missing; ``REFEREE_CHROMIUM`` names another binary).
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.api import DATA, FRIDAY, ROOT, Server, clean_env, running_server

CHROMIUM = os.environ.get("REFEREE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("browser")
    env = clean_env(REFEREE_DATABASE_URL=f"sqlite:///{folder / 'verdicts.sqlite3'}",
                    XDG_DATA_HOME=str(folder / "data-home"))
    with running_server(env) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium with a fresh profile (Playwright gives each launch a new user-data-dir)."""
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("dialog", lambda dialog: (problems.append("dialog: " + dialog.message),
                                      dialog.dismiss()))
    page.problems = problems
    yield page
    context.close()
    assert problems == []


def audit(page: Any, server: Server, text: str, lang: str = "en") -> None:
    page.goto(f"{server.base}/?lang={lang}")
    page.fill("#log", text)
    page.click("#audit-button")
    page.wait_for_selector("#replay .seat")


def position(page: Any) -> str:
    text: str = page.inner_text("#step-position")
    return text


def seat(page: Any, name: str) -> Any:
    return page.locator(f'.seat[data-player="{name}"]')


def check_table_at_line_28(page: Any, turn_word: str = "to play") -> None:
    """Ana has just discarded 9d, which fits Caro's meld 2: Beto is to play."""
    assert re.search(r"\b28\b", position(page))
    assert page.get_attribute(".felt .pile-top", "title") == "9d"
    assert "red" in (page.get_attribute(".felt .pile-top", "class") or "")
    assert page.inner_text(".felt .turn-name") == "Beto"
    assert turn_word in seat(page, "Beto").locator(".badge.turn").inner_text()
    assert seat(page, "Ana").locator(".hand-cards .card").count() == 14
    assert seat(page, "Caro").locator(".badge.down").inner_text().endswith("52")
    meld = page.locator('.meld[data-meld="2"] .card')
    assert [meld.nth(i).get_attribute("title") for i in range(meld.count())] == \
        ["4d", "5d", "6d", "7d", "8d"]
    assert "9d" in page.inner_text(".alert.open")
    assert "discard-pegue" in page.inner_text(".alert.here")
    assert page.get_attribute("#L28", "class") and "current" in page.get_attribute("#L28", "class")
    assert "here" in (page.locator('.finding[data-line="28"]').get_attribute("class") or "")
    assert "Ana discard 9d" in page.inner_text("#step-event")


def test_paste_audit_step_share_reopen_and_switch_to_spanish(page: Any, browser: Any,
                                                             server: Server) -> None:
    audit(page, server, FRIDAY.read_text())
    assert "discard-pegue" in page.inner_text(".verdict")
    assert "Winner: Caro" in page.inner_text(".verdict")
    assert "Caro pays" not in page.inner_text(".verdict")  # Ana and Beto pay Caro
    assert "Ana pays Caro 1400" in page.inner_text(".verdict")
    # The start: the table as dealt, the first step.
    assert position(page).startswith("As dealt")
    assert seat(page, "Ana").locator(".hand-cards .card").count() == 15
    # By keyboard: End, Home, then → line by line to the renuncia (line 28).
    page.locator("body").press("End")
    assert re.search(r"\b32\b", position(page))
    page.locator("body").press("Home")
    for _ in range(16):
        page.keyboard.press("ArrowRight")
    check_table_at_line_28(page)
    # The buttons and the slider move too.
    page.click("#step-next")
    assert re.search(r"\b29\b", position(page))
    page.click("#step-prev")
    check_table_at_line_28(page)
    page.eval_on_selector("#step-slider", "s => { s.value = '0'; "
                          "s.dispatchEvent(new Event('input', {bubbles: true})); }")
    assert position(page).startswith("As dealt")
    # A finding's line link steps there.
    page.click('.finding[data-line="30"] .line-link')
    assert re.search(r"\b30\b", position(page))
    page.click('.finding[data-line="28"] .line-link')
    check_table_at_line_28(page)

    # Share: stored, and the link reopens the same page in a fresh browser context.
    page.click("#share-button")
    page.wait_for_url(re.compile(r"/v/[a-z2-7]{24}\?lang=en$"))
    link = page.input_value("#share-url")
    assert re.fullmatch(rf"{re.escape(server.base)}/v/[a-z2-7]{{24}}", link)
    fresh = browser.new_context(viewport={"width": 390, "height": 844})
    other = fresh.new_page()
    errors: list[str] = []
    other.on("pageerror", lambda error: errors.append(str(error)))
    other.goto(link + "#L28")
    other.wait_for_selector("#replay .seat")
    check_table_at_line_28(other)
    assert other.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")

    # Switch to Spanish: the same verdict and the same line, in Spanish.
    other.click('.langs a[lang="es"]')
    other.wait_for_url(re.compile(r"\?lang=es#L28$"))
    other.wait_for_selector("#replay .seat")
    assert other.get_attribute("html", "lang") == "es"
    assert other.inner_text("#verdict-title") == "Veredicto"
    assert "Ana descartó 9d" in other.inner_text(".verdict")
    assert "Ganador: Caro" in other.inner_text(".verdict")
    check_table_at_line_28(other, turn_word="juega")
    assert position(other).startswith("Línea 28")
    fresh.close()
    assert errors == []


def test_sharing_the_same_log_gives_the_same_link(page: Any, server: Server) -> None:
    links = []
    for _ in range(2):
        page.goto(f"{server.base}/?lang=en")
        page.fill("#log", FRIDAY.read_text())
        page.click("details.knobs summary")  # the house rules open on a click
        page.select_option("#knob-DiscardPegue", "down")
        page.click("#share-button")
        page.wait_for_selector("#share-url")
        links.append(page.input_value("#share-url"))
    assert links[0] == links[1]
    assert "DiscardPegue=down" in page.inner_text(".share")


def test_text_from_the_log_is_never_markup(page: Any, server: Server) -> None:
    hostile = FRIDAY.read_text().replace(
        "Viernes en casa de Ana", "<script>alert('event')</script><b>bold</b>").replace(
        "# Friday night", "# <img src=x onerror=alert('comment')> Friday night")
    audit(page, server, hostile)
    assert "<script>alert('event')</script><b>bold</b>" in page.inner_text(".verdict h3")
    assert page.locator(".verdict b").count() == 0 and page.locator("main img").count() == 0
    assert "<img src=x" in page.inner_text("#L1")
    page.click("#share-button")
    page.wait_for_selector("#share-url")
    assert "<script>alert('event')</script>" in page.title()
    page.keyboard.press("End")
    sync_api.expect(page.locator(".seat")).to_have_count(3)  # the step-through still works


def test_a_file_is_read_into_the_box_and_errors_are_shown(page: Any, server: Server) -> None:
    page.goto(f"{server.base}/?lang=es")
    page.set_input_files("#file", str(FRIDAY))
    sync_api.expect(page.locator("#log")).to_have_value(re.compile(r"\[Game"))
    assert "friday.rummy" in page.inner_text("#file-status")
    page.click("details.knobs summary")
    page.fill("#knob-MinOpen", "muchos")
    page.click("#audit-button")
    assert "MinOpen" in page.inner_text("#form-error")
    assert "[Game" in page.input_value("#log")  # what was sent is kept
    page.fill("#knob-MinOpen", "")
    page.click("#audit-button")
    page.wait_for_selector("#replay .seat")
    assert page.inner_text("#verdict-title") == "Veredicto"
    page.click('.langs button[lang="en"]')  # not shared: the switch sends the form again
    page.wait_for_selector("#replay .seat")
    assert page.inner_text("#verdict-title") == "Verdict"
    assert page.get_attribute("html", "lang") == "en"


def test_a_night_of_games_and_an_argentino_hand(page: Any, server: Server) -> None:
    night = (ROOT / "logs" / "noche-completa.rummy").read_text()
    audit(page, server, night)
    games = page.locator("#game-select option").count()
    assert games > 1
    page.select_option("#game-select", "2")
    sync_api.expect(page.locator("#step-position")).to_contain_text("As dealt")
    first_line = page.locator("#game-2 .meta .line-link").get_attribute("data-line")
    assert page.url.endswith(f"#L{first_line}")
    assert "current" in (page.get_attribute(f"#L{first_line}", "class") or "")
    page.keyboard.press("ArrowRight")
    assert re.search(rf"\b{int(first_line or 0) + 1}\b|step 2 of", position(page))
    # An argentino hand: its scores, the match table, and a step-through.
    page.goto(f"{server.base}/?lang=en")
    page.fill("#log", (DATA / "argentino-worked-hand-2p.rummy").read_text())
    page.click("#audit-button")
    sync_api.expect(page.locator("#step-position")).to_contain_text("As dealt")
    scores = page.inner_text("table.scores")
    assert "Ana" in scores and "170" in scores and "-105" in scores
    assert "170" in page.inner_text("table.standings")
    assert page.locator(".controls").is_visible()
    page.keyboard.press("End")
    assert "Ana" in page.inner_text("#replay")


def test_unknown_and_malformed_links(page: Any, server: Server) -> None:
    response = page.goto(f"{server.base}/v/{'a' * 24}")
    assert response.status == 404 and "a" * 24 in page.inner_text(".error")
    response = page.goto(f"{server.base}/v/not-an-id")
    assert response.status == 422
