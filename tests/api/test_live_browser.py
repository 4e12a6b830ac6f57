"""A live table's page in a real browser: Playwright driving Debian's Chromium, each phone a
browser context of its own (390x844), the server a real ``referee serve``.

Two seats play: one enters events with the picker, the other sees them live; a seat
never sees another seat's hand; the page offline and back sends what was entered
once (the trail says so), and so does a resend after an answer lost on the way; a
refusal is shown with the referee's hint; undo; the verdict and the log at the end;
names and tags are text, never markup; the "new table" form hands out links whose QR
codes a decoder reads back as exactly those links.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.api import Server
from tests.api.live import FRIDAY_DEALS, FRIDAY_EVENTS, Table, new_table
from tests.api.test_browser import CHROMIUM

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
expect = sync_api.expect
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")
PHONE = {"width": 390, "height": 844}


class Phones:
    """Phones at the table: each a browser context of its own (its own storage), every
    page error and every URL requested kept."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.problems: list[str] = []
        self.requests: list[Any] = []

    def open(self, url: str, lang: str | None = None) -> Any:
        # No service worker (tests/api/test_live_offline_browser.py has it): requests it
        # handles would escape page.route, which these tests use to cut the network.
        context = self.browser.new_context(viewport=PHONE, device_scale_factor=2,
                                           service_workers="block")
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.problems.append(str(error)))
        page.on("dialog", lambda dialog: (self.problems.append("dialog: " + dialog.message),
                                          dialog.dismiss()))
        page.on("request", lambda request: self.requests.append(request))
        page.goto(url)
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def phones(browser: Any) -> Iterator[Phones]:
    phones = Phones(browser)
    yield phones
    phones.close()
    assert phones.problems == []


def seat_url(server: Server, table: Table, player: str) -> str:
    return f"{server.base}/t/{table.id}#seat={table.seats[player]}"


def joined(page: Any, who: str = "You are") -> None:
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    expect(page.locator("#who")).to_contain_text(who)


def pick_any(page: Any, card: str, where: str = "#picker") -> None:
    """Tap a card on the any-card picker: its rank, then its suit (or the joker)."""
    box = page.locator(f"{where} .any-cards")
    if card == "JK":
        box.locator("button.joker").click()
        return
    box.locator(f"button[data-rank='{card[:-1]}']").click()
    box.locator(f"button[data-suit='{card[-1]}']").click()


def send(page: Any) -> None:
    page.click("#send")
    expect(page.locator("#line-input")).to_have_value("")


def events(page: Any) -> list[str]:
    texts: list[str] = page.locator("#events li[data-seq] code").all_inner_texts()
    return texts


def test_two_seats_one_enters_events_with_the_picker_the_other_sees_them(
        server: Server, api: httpx.Client, phones: Phones) -> None:
    table = new_table(api, tags={"Event": "Viernes"})
    ana = phones.open(seat_url(server, table, "Ana"))
    beto = phones.open(seat_url(server, table, "Beto"))
    joined(ana, "You are Ana")
    joined(beto, "You are Beto")
    assert "#seat=" not in ana.url and ana.url.endswith(f"/t/{table.id}")  # out of sight
    # Ana gives her hand with the picker: a few cards tapped, the rest typed.
    for card in ("2h", "3h", "JK"):
        pick_any(ana, card, "#give-picker")
    expect(ana.locator("#give-input")).to_have_value("2h 3h JK")
    ana.fill("#give-input", FRIDAY_DEALS["Ana"])
    expect(ana.locator("#give-count")).to_have_text("15 of 15 cards")
    ana.click("#give-button")
    expect(ana.locator("#my-hand .card")).to_have_count(15)
    expect(ana.locator("#give-hand-panel")).to_be_hidden()
    expect(beto.locator('.live-seat[data-player="Ana"] .badge.given')).to_be_visible()
    # Ana discards 2s: the action, then the card of her hand.
    ana.click('#action-bar [data-action="discard"]')
    ana.click("#my-hand button[data-card='2s']")
    expect(ana.locator("#line-input")).to_have_value("Ana discard 2s")
    send(ana)
    expect(ana.locator("#my-hand .card")).to_have_count(14)
    # Beto sees it at once: the event, the pile, his turn.
    expect(beto.locator("#events li[data-seq] code")).to_have_text(["Ana discard 2s"])
    expect(beto.locator(".felt .pile-top")).to_have_attribute("title", "2s")
    expect(beto.locator(".live-seat.turn")).to_have_attribute("data-player", "Beto")
    # Beto's hand is hidden: he draws a card he names on the any-card picker.
    beto.click('#action-bar [data-action="draw"]')
    pick_any(beto, "Qd")
    expect(beto.locator("#line-input")).to_have_value("Beto draw Qd")
    send(beto)
    expect(beto.locator("#events li[data-seq] code").first).to_have_text("Beto draw Qd")
    expect(ana.locator("#events li[data-seq] code").first).to_have_text("Beto draw")  # his
    # The scribe plays on (API); Caro melds; the melds are numbered on Ana's phone.
    caro = phones.open(seat_url(server, table, "Caro"))
    joined(caro, "You are Caro")
    assert table.hand("Caro", FRIDAY_DEALS["Caro"]).status_code == 201
    for text in FRIDAY_EVENTS[2:12]:
        table.event(text)
    expect(ana.locator('.meld[data-meld="2"] .card')).to_have_count(4)
    # Caro lays 8d off on meld 2 with the picker: her card, then the meld's number.
    expect(caro.locator("#my-hand .card")).to_have_count(8)
    caro.click('#action-bar [data-action="layoff"]')
    caro.click("#my-hand button[data-card='8d']")
    caro.click('#picker .meld-button[data-meld="2"]')
    expect(caro.locator("#line-input")).to_have_value("Caro layoff 8d on 2")
    send(caro)
    expect(ana.locator('.meld[data-meld="2"] .card')).to_have_count(5)
    # Each seat's page shows its own hand as the replay has it, and nobody else's.
    ana_hand = FRIDAY_DEALS["Ana"].split()
    ana_hand.remove("2s")
    ana_hand.remove("Qs")
    expect(ana.locator("#my-hand .card")).to_have_count(14)
    # Her own read may answer after the stream showed later changes (before: the page
    # then kept the hand from before her draw, 14 cards as well).
    expect(ana.locator("#my-hand .card[title='8h']")).to_have_count(1)
    shown = ana.locator("#my-hand .card").evaluate_all("ns => ns.map(n => n.title)")
    assert sorted(shown) == sorted([*ana_hand, "8h"])
    # Beto gave no hand: his page shows only the cards he drew and named (his alone).
    expect(beto.locator("#my-hand .card")).to_have_count(2)
    assert sorted(beto.locator("#my-hand .card").evaluate_all(
        "ns => ns.map(n => n.title)")) == ["3h", "Qd"]
    # No token is in a URL requested; writes carry it in their Authorization header.
    tokens = [table.scribe, *table.seats.values()]
    for request in phones.requests:
        assert not any(token in request.url for token in tokens), request.url
        if "/stream" in request.url:
            assert "authorization" not in request.headers
    writes = [r for r in phones.requests if r.method in ("POST", "PUT")]
    assert writes and all(r.headers.get("authorization", "").startswith("Bearer ")
                          for r in writes)


def test_a_seat_never_sees_another_seats_hand(server: Server, api: httpx.Client,
                                              phones: Phones) -> None:
    table = new_table(api)
    for player, cards in FRIDAY_DEALS.items():
        assert table.hand(player, cards).status_code == 201
    table.event("Ana discard 2s")
    beto = phones.open(seat_url(server, table, "Beto"))
    joined(beto, "You are Beto")
    expect(beto.locator("#my-hand .card")).to_have_count(14)
    seen = sorted(beto.locator("#my-hand .card").evaluate_all("ns => ns.map(n => n.title)"))
    assert seen == sorted(FRIDAY_DEALS["Beto"].split())
    text = beto.locator("main").inner_text()
    for other in ("Ana", "Caro"):
        private = [c for c in FRIDAY_DEALS[other].split() if c not in FRIDAY_DEALS["Beto"]]
        assert not any(re.search(rf"(?<![\w=]){re.escape(c)}(?!\w)", text)
                       for c in private if c != "2s"), other
    watcher = phones.open(f"{server.base}/t/{table.id}")
    joined(watcher, "Watching")
    assert watcher.locator("#my-hand .card").count() == 0
    expect(watcher.locator("#action-panel")).to_be_hidden()


def test_offline_and_back_the_event_is_sent_once(server: Server, api: httpx.Client,
                                                 phones: Phones) -> None:
    table = new_table(api)
    ana = phones.open(seat_url(server, table, "Ana"))
    beto = phones.open(seat_url(server, table, "Beto"))
    joined(ana)
    joined(beto)
    ana.context.set_offline(True)
    expect(ana.locator("#conn")).to_have_attribute("data-state", "offline")
    expect(ana.locator("#offline-note")).to_be_visible()
    ana.click('#action-bar [data-action="discard"]')
    pick_any(ana, "2s")
    send(ana)
    expect(ana.locator("#events li.pending code")).to_have_text(["Ana discard 2s"])
    expect(ana.locator("#pending-count")).to_contain_text("1 waiting to be sent")
    stored = ana.evaluate("Object.keys(localStorage).filter(k => k.endsWith('.pending'))")
    assert stored, "the pending event is kept in the browser's storage"
    assert table.trail() == []
    ana.context.set_offline(False)
    expect(beto.locator("#events li[data-seq] code")).to_have_text(["Ana discard 2s"])
    expect(ana.locator("#events li.pending")).to_have_count(0)
    expect(ana.locator("#conn")).to_have_attribute("data-state", "live")
    # An answer lost on the way: the server recorded it, the page resends with its key.
    lost: list[str] = []

    def lose_the_first_answer(route: Any) -> None:
        if not lost:
            lost.append(route.request.post_data or "")
            route.fetch()  # it reaches the server
            route.abort()  # but its answer never reaches the page
        else:
            route.continue_()

    beto.route("**/events", lose_the_first_answer)
    beto.fill("#line-input", "Beto draw")
    send(beto)
    expect(beto.locator("#events li.pending")).to_have_count(0, timeout=15_000)
    expect(ana.locator("#events li[data-seq] code").first).to_have_text("Beto draw")
    assert lost and '"key"' in lost[0]
    assert [(c["action"], c["text"]) for c in table.trail()] == [
        ("event", "Ana discard 2s"), ("event", "Beto draw")]


def test_a_refusal_with_its_hint_and_undo(server: Server, api: httpx.Client,
                                          phones: Phones) -> None:
    table = new_table(api, lang="es")
    assert table.hand("Beto", FRIDAY_DEALS["Beto"]).status_code == 201
    table.event("Ana discard 2s")
    beto = phones.open(seat_url(server, table, "Beto"))
    ana = phones.open(seat_url(server, table, "Ana").replace("#", "?lang=en#"))
    joined(beto, "Usted es Beto")
    joined(ana, "You are Ana")
    # A syntax error: the reader's words, the caret, the suggestion put in place.
    beto.fill("#line-input", "Beto drwa Qd")
    beto.click("#send")
    refusal = beto.locator("#refusal")
    expect(refusal).to_be_visible()
    expect(refusal).to_contain_text("drwa")
    expect(refusal.locator(".hint-line")).to_contain_text("draw")
    expect(refusal.locator(".context")).to_contain_text("^")
    expect(beto.locator("#line-input")).to_have_value("Beto drwa Qd")  # kept to fix
    beto.click("#refusal .use-hint")
    expect(beto.locator("#line-input")).to_have_value("Beto draw Qd")
    send(beto)
    expect(refusal).to_be_hidden()
    # A would-be log error: a card Beto's given hand does not hold.
    beto.fill("#line-input", "Beto discard Kc")
    beto.click("#send")
    expect(refusal.locator(".rule")).to_have_text("not-in-hand")
    expect(refusal).to_contain_text("Kc")
    # Another player's event: a seat writes only its own (403).
    beto.fill("#line-input", "Caro draw")
    beto.click("#send")
    expect(refusal).to_contain_text("Caro")
    assert [c["text"] for c in table.trail() if c["action"] == "event"] == [
        "Ana discard 2s", "Beto draw"]  # the card Beto named is his until the hand ends
    # Undo: only the seat that posted the last event sees the button.
    expect(ana.locator("#events li[data-seq] code").first).to_have_text("Beto draw")
    expect(ana.locator("#undo")).to_be_hidden()
    expect(beto.locator("#undo")).to_have_text("Deshacer: Beto roba Qd")  # his words, his card
    beto.click("#undo")
    expect(beto.locator("#notice")).to_contain_text("Deshecho: Beto roba Qd")
    expect(ana.locator("#events li[data-seq] code")).to_have_text(["Ana discard 2s"])
    expect(beto.locator("#my-hand .card")).to_have_count(14)
    trail = table.trail()
    assert [(c["action"], c["undone"]) for c in trail] == [
        ("hand", False), ("event", False), ("event", True), ("undo", False)]


def test_the_call_is_ruled_and_the_verdict_is_there_at_the_end(
        server: Server, api: httpx.Client, phones: Phones) -> None:
    table = new_table(api, tags={"Event": "Viernes", "Stake": "100"})
    for player, cards in FRIDAY_DEALS.items():
        assert table.hand(player, cards).status_code == 201
    for text in FRIDAY_EVENTS[:-1]:
        table.event(text)
    caro = phones.open(seat_url(server, table, "Caro"))
    ana = phones.open(seat_url(server, table, "Ana"))
    joined(caro, "You are Caro")
    joined(ana, "You are Ana")
    assert "discard-pegue" not in ana.locator("main").inner_text()  # sealed until called
    caro.click('#action-bar [data-action="call"]')
    expect(caro.locator("#picker .player-button")).to_have_count(2)
    caro.click('#picker .player-button[data-player="Ana"]')
    expect(caro.locator("#line-input")).to_have_value("Caro call Ana")
    send(caro)
    for page in (caro, ana):
        banner = page.locator("#ruling-banner")
        expect(banner).to_be_visible()
        expect(banner.locator(".ruling")).to_have_class(re.compile("outcome-upheld"))
        expect(banner).to_contain_text("9d")
        expect(banner).to_contain_text("Beto")  # the cascade
        expect(page.locator("#end-panel")).to_be_visible()
        expect(page.locator("#end")).to_contain_text("Caro wins")
        expect(page.locator("#action-panel")).to_be_hidden()
    expect(ana.locator("#findings .finding")).to_have_count(2)  # revealed at the end
    log = ana.locator("#log-link")
    assert log.get_attribute("href") == f"/v1/tables/{table.id}/log"
    assert log.get_attribute("download") == f"table-{table.id}.rummy"
    with ana.expect_download() as download:
        log.click()
    assert Path(download.value.path()).read_text() == table.log()
    verdict = table.state()["verdict_id"]
    ana.click("#verdict-link")
    ana.wait_for_url(re.compile(rf"/v/{verdict}\?lang=en$"))
    assert "discard-pegue" in ana.inner_text(".verdict")
    assert "Winner: Caro" in ana.inner_text(".verdict")


def test_names_and_tags_are_text_never_markup(server: Server, api: httpx.Client,
                                              phones: Phones) -> None:
    event = "<img src=x onerror=alert('event')><script>alert('tag')</script><b>bold</b>"
    table = new_table(api, players=("Zoë", "José"), tags={"Event": event})
    zoe = phones.open(f"{server.base}/t/{table.id}#seat={table.seats['Zoë']}")
    joined(zoe, "You are Zoë")
    expect(zoe.locator("#live-title")).to_have_text(event)
    assert event in zoe.title()
    zoe.fill("#line-input", "Zoë discard <b>2s</b>")
    zoe.click("#send")
    expect(zoe.locator("#refusal")).to_contain_text("<b>2s</b>")
    table.event("Zoë discard 2s")
    expect(zoe.locator("#events li[data-seq] code")).to_have_text(["Zoë discard 2s"])
    assert zoe.locator("main img").count() == 0 and zoe.locator("main b").count() == 0
    assert zoe.locator("main script").count() == 0


def qr_link(page: Any, figure: Any) -> str:
    """The text a QR decoder reads in a screenshot of ``figure``.

    The page's fonts loaded first (a late font moves the seats, and a screenshot clipped
    to where the figure was may take in the next seat's code: seen on a loaded machine);
    a screenshot that still holds no code or two is taken again, twice at most (a figure
    that really shows two codes, or none, fails every time)."""
    zxingcpp = pytest.importorskip("zxingcpp")
    image = pytest.importorskip("PIL.Image")
    page.evaluate("document.fonts.ready.then(() => true)")
    found: list[Any] = []
    for _ in range(3):
        figure.scroll_into_view_if_needed()
        shot = image.open(io.BytesIO(figure.screenshot(animations="disabled")))
        found = zxingcpp.read_barcodes(shot)
        if len(found) == 1:
            break
        page.wait_for_timeout(200)
    assert len(found) == 1, found
    text: str = found[0].text
    return text


def test_the_new_table_form_hands_out_links_and_qr_codes(server: Server,
                                                         phones: Phones) -> None:
    page = phones.open(f"{server.base}/?lang=en")
    page.click("#new-table summary")
    page.fill("#nt-players", "Ana\nBeto\nCaro")  # one player per line
    page.fill("#nt-event", "Viernes")
    page.check('input[name="reveal"][value="open"]')
    page.select_option("#nt-lang", "es")
    page.click("#new-table .nt-knobs summary")
    page.fill("#nt-knob-MinOpen", "71")
    page.click("#new-table-button")
    expect(page.locator("h1")).to_have_text("The table is open")
    seats = page.locator(".seat-link")
    expect(seats).to_have_count(4)
    links = {}
    for index in range(4):
        seat = seats.nth(index)
        url = seat.locator(".seat-url").input_value()
        assert qr_link(page, seat.locator("figure")) == url
        links[seat.get_attribute("data-player") or "scribe"] = url
    assert list(links) == ["Ana", "Beto", "Caro", "scribe"]
    assert re.fullmatch(rf"{re.escape(server.base)}/t/[a-z2-7]{{24}}#seat=\S+", links["Ana"])
    assert "#scribe=" in links["scribe"]
    expect(page.locator("#local-host")).to_be_visible()  # 127.0.0.1: phones cannot reach it
    # The scribe's button opens the table here, in the table's language.
    page.click("#open-scribe")
    joined(page, "Usted es el anotador")
    expect(page.locator("#as-row")).to_be_visible()
    page.fill("#line-input", "Ana descarta 2s")
    send(page)
    expect(page.locator("#events li[data-seq] code")).to_have_text(["Ana descarta 2s"])
    # A seat's phone joins by its link, keeps its seat across the language switch.
    beto = phones.open(links["Beto"])
    joined(beto, "Usted es Beto")
    beto.click('.langs a[lang="en"]')
    joined(beto, "You are Beto")
    beto.click('#action-bar [data-action="take"]')
    expect(beto.locator("#line-input")).to_have_value("Beto take 2s")
    assert beto.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_an_argentino_hand_the_face_up_card_and_the_next_hand(
        server: Server, api: httpx.Client, phones: Phones) -> None:
    table = new_table(api, game="rummy-argentino", players=("Ana", "Beto"))
    scribe = phones.open(f"{server.base}/t/{table.id}#scribe={table.scribe}")
    ana = phones.open(seat_url(server, table, "Ana"))
    joined(scribe, "You are the scribe")
    joined(ana, "You are Ana")
    expect(scribe.locator('#action-bar [data-action="call"]')).to_be_hidden()  # no calls
    pick_any(ana, "10c", "#up-picker")
    expect(ana.locator("#up-input")).to_have_value("10c")
    ana.click("#up-button")
    expect(scribe.locator(".felt-up .card")).to_have_attribute("title", "10c")
    ana.fill("#give-input", "3h 4h 5h 7c 7d 7s Kc Kd 2s")
    ana.click("#give-button")
    expect(ana.locator("#my-hand .card")).to_have_count(9)
    assert table.hand("Beto", "Ac Ad 9h 9s 6c Qh Jh 4c 8d").status_code == 201
    table.event("Ana draw Qs")
    table.event("Ana discard Qs")
    scribe.click('#action-bar [data-action="take"]')  # the whole pile, for Beto (his turn)
    expect(scribe.locator("#as-player")).to_have_value("Beto")
    expect(scribe.locator("#line-input")).to_have_value("Beto take")
    send(scribe)
    # Answered before the API's events go on: the page clears its line when it sends, so
    # on a busy machine "Beto take" could reach the server after them (the hand then ends
    # without it, and Beto's score misses the pile's two cards: -85 for -105).
    expect(scribe.locator("#events li[data-seq] code").first).to_have_text("Beto take")
    for text in ("Beto discard 6c", "Ana draw 5d", "Ana meld 3h 4h 5h", "Ana meld 7c 7d 7s",
                 "Ana meld Kc Kd 2s", "Ana discard 5d"):
        table.event(text)
    expect(ana.locator("#end")).to_contain_text("Hand 1 is over")
    expect(ana.locator("#next-hand")).to_be_hidden()  # the scribe starts it
    expect(scribe.locator("#next-players")).to_have_value("Beto Ana")
    expect(scribe.locator("#match")).to_contain_text("170")
    scribe.click("#next-button")
    expect(scribe.locator("#live-game")).to_contain_text("hand 2")
    expect(ana.locator("#give-hand-panel")).to_be_visible()  # a new hand to give
    expect(ana.locator("#my-hand .card")).to_have_count(0)
    standings = ana.locator("#match table").last.inner_text()
    assert "Ana" in standings and "170" in standings and "-105" in standings


def test_a_table_that_moved_on_refuses_and_refreshes(server: Server, api: httpx.Client,
                                                     phones: Phones) -> None:
    table = new_table(api)
    ana = phones.browser.new_context(viewport=PHONE, service_workers="block").new_page()
    phones.contexts.append(ana.context)
    ana.route("**/stream*", lambda route: route.abort())  # she hears nothing of the table
    ana.goto(seat_url(server, table, "Ana"))
    expect(ana.locator("#who")).to_contain_text("You are Ana")
    table.event("Ana discard 2s")  # the scribe was quicker
    ana.fill("#line-input", "Ana discard 2s")
    ana.click("#send")
    expect(ana.locator("#refusal")).to_contain_text("moved on")
    expect(ana.locator("#events li[data-seq] code")).to_have_text(["Ana discard 2s"])
    expect(ana.locator("#line-input")).to_have_value("Ana discard 2s")  # hers to resend
    assert [c["text"] for c in table.trail()] == ["Ana discard 2s"]
