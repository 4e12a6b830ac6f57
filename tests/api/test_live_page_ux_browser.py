"""A live table's page as a family meets it (issue 36), in Chromium at phone width
(390x844), in both languages: a play out of turn is asked about first; cards typed in
capitals are read; a hand given shows as cards and can be taken back; no refusal, however
long, makes the page wider than the phone (320 to 430 px); the step-through's empty pile,
the end's banner and the Send button after a choice; a seat's link opened in a tab that
already shows the table takes the seat.
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from referee.messages import catalog, render
from tests.api import Server
from tests.api.live import FRIDAY_DEALS, FRIDAY_EVENTS, PEGUE_AT, Table, new_table
from tests.api.test_browser import CHROMIUM

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
expect = sync_api.expect
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")
PHONE = {"width": 390, "height": 844}
LANGS = ("en", "es")
FRIDAY_LOG = Path(__file__).resolve().parents[1] / "data" / "friday.rummy"
YOU = {"en": "You are {}", "es": "Usted es {}"}
WATCHING = {"en": "Watching", "es": "Mirando"}
DRAW = {"en": "draw", "es": "roba"}
DISCARD = {"en": "discard", "es": "descarta"}  # the keyword, and the question's word


class Phones:
    """Phones at the table, each a browser context of its own; every page error and every
    native dialog (the page asks in its own words, never with one) is a problem."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.problems: list[str] = []

    def open(self, url: str) -> Any:
        context = self.browser.new_context(viewport=PHONE, device_scale_factor=2,
                                           service_workers="block")
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.problems.append(str(error)))
        page.on("dialog", lambda dialog: (self.problems.append("dialog: " + dialog.message),
                                          dialog.dismiss()))
        page.goto(url)
        return page


@pytest.fixture
def phones(browser: Any) -> Iterator[Phones]:
    phones = Phones(browser)
    yield phones
    for context in phones.contexts:
        context.close()
    assert phones.problems == []


def seat_url(server: Server, table: Table, player: str) -> str:
    return f"{server.base}/t/{table.id}#seat={table.seats[player]}"


def scribe_url(server: Server, table: Table) -> str:
    return f"{server.base}/t/{table.id}#scribe={table.scribe}"


def joined(page: Any, who: str) -> None:
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    expect(page.locator("#who")).to_contain_text(who)


def sent(page: Any, recorded: str) -> None:
    """Send the line, asked nothing: the table records it as ``recorded`` (the event's
    text as stored; the list shows it in the viewer's words, the text as its title)."""
    page.click("#send")
    expect(page.locator("#line-input")).to_have_value("")
    expect(page.locator("#turn-dialog")).to_be_hidden()
    expect(page.locator("#events li[data-seq] code").first).to_have_attribute("title", recorded)


def asked(page: Any, question: str) -> None:
    page.click("#send")
    expect(page.locator("#turn-dialog")).to_be_visible()
    expect(page.locator("#turn-question")).to_have_text(question)
    assert in_view(page, "#turn-yes") and in_view(page, "#turn-no")


def in_view(page: Any, selector: str) -> bool:
    """The element is wholly inside the viewport."""
    inside: bool = page.locator(selector).evaluate(
        "n => { const r = n.getBoundingClientRect();"
        " return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }")
    return inside


def all_in_view(page: Any, selector: str) -> bool:
    """Every element ``selector`` finds is inside the viewport at once."""
    inside: bool = page.evaluate(
        "s => [...document.querySelectorAll(s)].every(n => { const r = n.getBoundingClientRect();"
        " return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; })",
        selector)
    return inside


def events(table: Table) -> list[str]:
    return [c["text"] for c in table.trail() if c["action"] == "event" and not c["undone"]]


QUESTIONS = {
    "not_turn": {"en": "It is {turn}'s turn. Record {who}'s {what} anyway? At the table that "
                       "is a renuncia.",  # what: the English noun, the Spanish verb
                 "es": "Es el turno de {turn}. ¿Anotar igual que {who} {what}? En la mesa eso "
                       "es una renuncia."},
    "first": {"en": "Ana starts with 15 cards and only discards in the first turn. Record "
                    "Ana's draw anyway? At the table that is a renuncia.",
              "es": "Ana empieza con 15 cartas y en su primer turno solo descarta. ¿Anotar "
                    "igual que Ana roba? En la mesa eso es una renuncia."},
}


# -- 1. a play out of turn is asked about first --------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_play_out_of_turn_is_asked_about_before_it_is_sent(
        server: Server, api: httpx.Client, phones: Phones, lang: str) -> None:
    table = new_table(api, lang=lang)
    ana = phones.open(seat_url(server, table, "Ana"))
    beto = phones.open(seat_url(server, table, "Beto"))
    joined(ana, YOU[lang].format("Ana"))
    joined(beto, YOU[lang].format("Beto"))
    # Beto's discard in Ana's turn: asked; Cancel sends nothing and keeps the line.
    not_turn = QUESTIONS["not_turn"][lang]
    beto.fill("#line-input", f"Beto {DISCARD[lang]} 5c")
    asked(beto, not_turn.format(turn="Ana", who="Beto", what=DISCARD[lang]))
    beto.click("#turn-no")
    expect(beto.locator("#turn-dialog")).to_be_hidden()
    expect(beto.locator("#line-input")).to_have_value(f"Beto {DISCARD[lang]} 5c")
    # Caro taps Draw in Ana's turn (only Beto, next, may draw early).
    caro = phones.open(seat_url(server, table, "Caro"))
    joined(caro, YOU[lang].format("Caro"))
    caro.click('#action-bar [data-action="draw"]')
    expect(caro.locator("#line-input")).to_have_value(f"Caro {DRAW[lang]}")
    what = {"en": "draw", "es": "roba"}[lang]
    asked(caro, not_turn.format(turn="Ana", who="Caro", what=what))
    caro.keyboard.press("Escape")  # as Cancel
    expect(caro.locator("#turn-dialog")).to_be_hidden()
    # Ana's draw in her first turn of 51: she holds 15 and only discards.
    ana.fill("#line-input", f"Ana {DRAW[lang]}")
    asked(ana, QUESTIONS["first"][lang])
    ana.click("#turn-no")
    assert events(table) == []
    # Her discard is her turn: sent at once.
    ana.fill("#line-input", f"Ana {DISCARD[lang]} 2s")
    sent(ana, f"Ana {DISCARD[lang]} 2s")
    # The scribe writes Caro's draw while Beto has not drawn: asked, recorded when told.
    scribe = phones.open(scribe_url(server, table))
    joined(scribe, {"en": "scribe", "es": "anotador"}[lang])
    expect(scribe.locator(".live-seat.turn")).to_have_attribute("data-player", "Beto")
    scribe.fill("#line-input", "Caro draw")
    asked(scribe, not_turn.format(turn="Beto", who="Caro", what=what))
    scribe.click("#turn-yes")
    expect(scribe.locator("#turn-dialog")).to_be_hidden()
    expect(scribe.locator("#line-input")).to_have_value("")
    # A meld before Beto's draw is asked about too; his draw is not.
    scribe.fill("#line-input", "Beto discard 5c")
    asked(scribe, {"en": "Beto has not drawn or taken yet this turn. Record Beto's discard "
                         "anyway? At the table that is a renuncia.",
                   "es": "Beto todavía no robó ni tomó en este turno. ¿Anotar igual que Beto "
                         "descarta? En la mesa eso es una renuncia."}[lang])
    scribe.click("#turn-no")
    expect(beto.locator(".live-seat.turn")).to_have_attribute("data-player", "Beto")
    beto.fill("#line-input", f"Beto {DRAW[lang]}")
    sent(beto, f"Beto {DRAW[lang]}")
    # Once Beto has drawn, Caro's early draw is hers to make (EarlyDraw): not asked.
    expect(scribe.locator("#events li[data-seq]")).to_have_count(3)
    scribe.fill("#line-input", "Caro draw")
    sent(scribe, "Caro draw")
    assert events(table) == [f"Ana {DISCARD[lang]} 2s", "Caro draw", f"Beto {DRAW[lang]}",
                             "Caro draw"]


@pytest.mark.parametrize("lang", LANGS)
def test_nothing_else_is_hinted_and_argentinos_starter_draws_unasked(
        server: Server, api: httpx.Client, phones: Phones, lang: str) -> None:
    table = new_table(api, lang=lang)
    for player, cards in FRIDAY_DEALS.items():
        assert table.hand(player, cards).status_code == 201
    for text in FRIDAY_EVENTS[:PEGUE_AT]:
        table.event(text)
    ana = phones.open(seat_url(server, table, "Ana"))
    joined(ana, YOU[lang].format("Ana"))
    ana.fill("#line-input", f"Ana {DISCARD[lang]} 9d")  # a pegue: the players' to notice
    sent(ana, f"Ana {DISCARD[lang]} 9d")
    assert events(table)[-1] == f"Ana {DISCARD[lang]} 9d"
    hand = new_table(api, game="rummy-argentino", players=("Ana", "Beto"), lang=lang)
    starter = phones.open(seat_url(server, hand, "Ana"))
    joined(starter, YOU[lang].format("Ana"))
    starter.click('#action-bar [data-action="draw"]')
    sent(starter, f"Ana {DRAW[lang]}")
    assert events(hand) == [f"Ana {DRAW[lang]}"]


@pytest.mark.parametrize("lang", LANGS)
def test_events_waiting_to_be_sent_are_never_asked_about_wrongly(
        server: Server, api: httpx.Client, phones: Phones, lang: str) -> None:
    table = new_table(api, lang=lang)
    table.event("Ana discard 2s")
    beto = phones.open(seat_url(server, table, "Beto"))
    joined(beto, YOU[lang].format("Beto"))
    beto.context.set_offline(True)
    expect(beto.locator("#conn")).to_have_attribute("data-state", "offline")
    for line in (f"Beto {DRAW[lang]}", f"Beto {DISCARD[lang]} 5c"):  # his turn, offline
        beto.fill("#line-input", line)
        beto.click("#send")
        expect(beto.locator("#line-input")).to_have_value("")
        expect(beto.locator("#turn-dialog")).to_be_hidden()
    expect(beto.locator("#events li.pending")).to_have_count(2)
    beto.context.set_offline(False)
    expect(beto.locator("#events li.pending")).to_have_count(0, timeout=15_000)
    assert events(table) == ["Ana discard 2s", f"Beto {DRAW[lang]}", f"Beto {DISCARD[lang]} 5c"]


# -- 7. cards typed in capitals ------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_cards_typed_in_capitals_are_read(server: Server, api: httpx.Client, phones: Phones,
                                          lang: str) -> None:
    table = new_table(api, lang=lang)
    ana = phones.open(seat_url(server, table, "Ana"))
    joined(ana, YOU[lang].format("Ana"))
    ana.fill("#give-input", FRIDAY_DEALS["Ana"].upper().replace("JK", "jk"))
    titles = ana.locator("#give-cards .card").evaluate_all("ns => ns.map(n => n.title)")
    assert titles == FRIDAY_DEALS["Ana"].split()
    ana.click("#give-button")
    expect(ana.locator("#my-hand .card")).to_have_count(15)
    assert sorted(table.state("Ana")["my_hand"]["cards"]) == sorted(FRIDAY_DEALS["Ana"].split())
    ana.fill("#line-input", f"Ana {DISCARD[lang].upper()} 2S")
    sent(ana, f"Ana {DISCARD[lang].upper()} 2s")
    assert events(table) == [f"Ana {DISCARD[lang].upper()} 2s"]
    # Beto names the card he draws, in capitals too.
    beto = phones.open(seat_url(server, table, "Beto"))
    joined(beto, YOU[lang].format("Beto"))
    beto.fill("#line-input", "Beto draw 10H")
    sent(beto, "Beto draw 10h")
    assert table.state("Beto")["events"][-1]["text"] == "Beto draw 10h"
    assert events(table)[-1] == "Beto draw"  # his card is his until the hand ends


@pytest.mark.parametrize("lang", LANGS)
def test_a_spanish_decks_cards_in_capitals_are_read(server: Server, api: httpx.Client,
                                                    phones: Phones, lang: str) -> None:
    table = new_table(api, lang=lang, tags={"Deck": "spanish-48"})
    ana = phones.open(seat_url(server, table, "Ana"))
    joined(ana, YOU[lang].format("Ana"))
    cards = "1O 2O 3O 4O 5O 6O 7O 8O 9O 10O 11O 12O 1C 2C 3E"
    ana.fill("#give-input", cards)
    ana.click("#give-button")
    expect(ana.locator("#my-hand .card")).to_have_count(15)
    ana.fill("#line-input", "Ana discard 12O")
    sent(ana, "Ana discard 12o")
    assert events(table) == ["Ana discard 12o"]


# -- 3. the hand given, as cards, taken back -----------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_hand_shows_as_cards_and_can_be_taken_back(
        server: Server, api: httpx.Client, phones: Phones, lang: str) -> None:
    table = new_table(api, lang=lang)
    ana = phones.open(seat_url(server, table, "Ana"))
    joined(ana, YOU[lang].format("Ana"))
    ana.fill("#give-input", FRIDAY_DEALS["Ana"].replace("2s", "2c"))  # one card wrong
    chips = ana.locator("#give-cards .card")
    expect(chips).to_have_count(15)
    ana.locator("#give-cards").evaluate("n => n.scrollIntoView({block: 'center'})")
    assert all_in_view(ana, "#give-cards .card")  # all 15 at 390 px, none scrolled off
    ana.click("#give-button")
    expect(ana.locator("#my-hand .card")).to_have_count(15)
    ana.locator("#my-hand").evaluate("n => n.scrollIntoView({block: 'center'})")
    assert all_in_view(ana, "#my-hand .card")
    # The wrong card: taken back, fixed in the box, given again.
    take_back = ana.locator("#take-back")
    expect(take_back).to_have_text({"en": "Take back this hand",
                                    "es": "Retirar esta mano"}[lang])
    take_back.click()
    expect(ana.locator("#give-hand-panel")).to_be_visible()
    expect(ana.locator("#notice")).to_contain_text(
        {"en": "taken back", "es": "retirada"}[lang])
    assert "Ana" not in table.state()["hands_given"]
    expect(chips).to_have_count(15)
    ana.locator('#give-cards .card[title="2c"]').click()  # tapped out
    expect(chips).to_have_count(14)
    expect(ana.locator("#give-count")).to_contain_text("14")
    ana.fill("#give-input", ana.input_value("#give-input") + " 2s")
    ana.click("#give-button")
    expect(ana.locator("#my-hand .card[title='2s']")).to_have_count(1)
    assert sorted(table.state("Ana")["my_hand"]["cards"]) == sorted(FRIDAY_DEALS["Ana"].split())
    trail = [(c["action"], c["undone"]) for c in table.trail()]
    assert trail == [("hand", True), ("undo", False), ("hand", False)]
    # Once she has played, the hand stays.
    ana.fill("#line-input", f"Ana {DISCARD[lang]} 2s")
    sent(ana, f"Ana {DISCARD[lang]} 2s")
    expect(take_back).to_be_hidden()


# -- 6. layout -----------------------------------------------------------------------------

LONG_NAME = ("Abuela_María_de_los_Ángeles_" * 3)[:64]  # a name's longest (64 characters)
LONG_LINE = f"{LONG_NAME} meld " + " ".join(["JK=10h"] * 15)
SAMPLES: dict[str, str] = {
    "after": "99999", "seq": "99999", "last": "99999", "limit": "99999", "max": "99999",
    "size": "99999", "rate": "99999", "by": LONG_NAME, "player": LONG_NAME, "seat": LONG_NAME,
    "name": LONG_NAME, "tag": LONG_NAME, "key": "k" * 64, "id": "x" * 64,
    "verdict": "abcdefghijklmnopqrstuvwx", "card": "JK=10h", "format": "x" * 64,
    "detail": LONG_LINE, "text": LONG_LINE, "value": LONG_LINE,
}


def refusals(lang: str) -> list[str]:
    """Every refusal of the live catalog in ``lang``, with its longest sample parameters."""
    found = []
    for key, texts in catalog().items():
        if not key.startswith("live.error."):
            continue
        names = [f for _, f, _, _ in string.Formatter().parse(texts[lang]) if f]
        found.append(render(key, {name: SAMPLES.get(name, LONG_LINE) for name in names}, lang))
    return found


MEASURE = """([messages, context, line]) => {
  const labels = JSON.parse(document.getElementById("live-data").textContent).labels;
  const wide = [];
  for (const message of messages) {
    for (const [box, shown] of [["refusal", context], ["give-refusal", null]]) {
      const answer = {status: 422, body: {error: {message: message, hint: "JK=10h",
        column: 1, context: shown, rule: "x".repeat(40)}}};
      window.LiveNotice.refusal(box, answer, line, labels, () => {});
      const button = document.getElementById("give-button").getBoundingClientRect();
      if (document.documentElement.scrollWidth > innerWidth || button.right > innerWidth) {
        wide.push(innerWidth + " " + box + ": " + message);
      }
      window.LiveNotice.hide(box);
    }
  }
  return wide;
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_no_refusal_makes_the_page_wider_than_the_phone(
        server: Server, api: httpx.Client, phones: Phones, lang: str) -> None:
    table = new_table(api, lang=lang, players=(LONG_NAME, "Beto"))
    # The refusal of a hand typed in capitals by the API (the page reads such a hand).
    answer = table.hand(LONG_NAME, FRIDAY_DEALS["Ana"].upper() + " 9S 10H")
    assert answer.status_code == 422
    context = answer.json()["error"]["context"]
    page = phones.open(seat_url(server, table, LONG_NAME))
    joined(page, YOU[lang].format(LONG_NAME))
    expect(page.locator("#give-hand-panel")).to_be_visible()
    messages = refusals(lang)
    assert len(messages) > 30
    for width in (320, 360, 390, 430):
        page.set_viewport_size({"width": width, "height": 844})
        assert page.evaluate(MEASURE, [messages, context, LONG_LINE]) == []
    # And the refusal the page meets: a card no deck has, on a 15-card line in capitals.
    page.set_viewport_size({"width": 390, "height": 844})
    page.fill("#give-input", "2H 3H 4H 5H 9C 9D 9S KC KH JK QS 10D 7C 7H XX")
    page.click("#give-button")
    expect(page.locator("#give-refusal")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert page.locator("#give-button").evaluate(
        "b => b.getBoundingClientRect().right <= innerWidth")


# The box of an element's text as drawn (it may spill out of the element's own box).
TEXT_BOX = """n => { const range = document.createRange(); range.selectNodeContents(n);
  const r = range.getBoundingClientRect();
  return {x: r.left, y: r.top, width: r.width, height: r.height}; }"""


@pytest.mark.parametrize("lang", LANGS)
def test_the_step_throughs_empty_pile_is_clear_of_its_label(server: Server, phones: Phones,
                                                             lang: str) -> None:
    page = phones.open(f"{server.base}/?lang={lang}")
    page.fill("#log", FRIDAY_LOG.read_text())
    page.click("#audit-button")
    page.wait_for_selector("#replay .seat")
    for width in (320, 390):
        page.set_viewport_size({"width": width, "height": 844})
        empty = page.locator(".felt .pile .card.none").evaluate(TEXT_BOX)  # its word's box
        label = page.locator(".felt .pile .label").evaluate(TEXT_BOX)
        assert empty and label
        clear = (empty["x"] + empty["width"] <= label["x"]
                 or label["y"] + label["height"] <= empty["y"]
                 or empty["y"] + empty["height"] <= label["y"])
        assert clear, (width, empty, label)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_shows_who_won_not_whose_turn(server: Server, api: httpx.Client,
                                              phones: Phones, lang: str) -> None:
    table = new_table(api, lang=lang)
    for player, cards in FRIDAY_DEALS.items():
        assert table.hand(player, cards).status_code == 201
    for text in FRIDAY_EVENTS:
        table.event(text)
    page = phones.open(f"{server.base}/t/{table.id}")
    joined(page, WATCHING[lang])
    felt = page.locator(".felt-turn")
    expect(felt.locator(".turn-name")).to_have_text({"en": "Caro wins.", "es": "Gana Caro."}[lang])
    expect(felt.locator(".label")).to_have_text(
        {"en": "The game is over", "es": "La partida terminó"}[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_send_is_in_view_after_a_choice_in_a_15_card_hand(
        server: Server, api: httpx.Client, phones: Phones, lang: str) -> None:
    table = new_table(api, lang=lang)
    assert table.hand("Ana", FRIDAY_DEALS["Ana"]).status_code == 201
    ana = phones.open(seat_url(server, table, "Ana"))
    joined(ana, YOU[lang].format("Ana"))
    expect(ana.locator("#my-hand .card")).to_have_count(15)
    ana.click('#action-bar [data-action="discard"]')
    ana.evaluate("window.scrollTo(0, 0)")
    ana.locator("#my-hand .card").last.click()
    expect(ana.locator("#line-input")).not_to_have_value("")
    assert in_view(ana, "#send")
    assert in_view(ana, "#my-hand .card[aria-pressed='true']")


# -- 11. a seat's link in a tab that shows the table ---------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_seat_link_opened_in_a_tab_showing_the_table_takes_the_seat(
        server: Server, api: httpx.Client, phones: Phones, lang: str) -> None:
    table = new_table(api, lang=lang)
    page = phones.open(f"{server.base}/t/{table.id}")
    joined(page, WATCHING[lang])
    page.goto(seat_url(server, table, "Beto"))  # the same page: only its fragment changes
    joined(page, YOU[lang].format("Beto"))
    assert page.url.endswith(f"/t/{table.id}")
    page.goto(seat_url(server, table, "Caro"))  # another seat's link, in Beto's tab
    joined(page, YOU[lang].format("Caro"))
    expect(page.locator("#action-panel")).to_be_visible()
    assert page.url.endswith(f"/t/{table.id}")
