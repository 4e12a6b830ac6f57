"""51 under a Spanish deck (RULES.md §13): values, runs in the deck's order, sets without
colours. Each point in pairs: a log or meld that makes it happen, and its legal
neighbour that passes."""

from __future__ import annotations

from itertools import permutations

import pytest

from referee.cards import FRENCH, SPANISH_40, SPANISH_48, SPANISH_SUITS, Card, Deck
from referee.variants.la51.knobs import Rules51
from referee.variants.la51.melds import SetMeld, judge_meld
from tests.variants.la51 import line_of, renuncia
from tests.variants.la51.spanish import check, clean, spanish_log


def meld(text: str, deck: Deck, **knobs: object):  # type: ignore[no-untyped-def]
    cards = [deck.parse(word) for word in text.split()]
    return judge_meld(cards, Rules51(Deck=deck, **knobs))  # type: ignore[arg-type]


def bajada(cards: str, deck: str, min_open: int, **tags: str) -> str:
    return spanish_log(f"Ana discard 3e\nBeto draw\nBeto meld {cards}\nBeto discard 2b",
                       deals={"Ana": "3e", "Beto": cards + " 2b"}, deck=deck,
                       tags={"MinOpen": str(min_open), **tags})


# --- values -------------------------------------------------------------------------------


@pytest.mark.parametrize(("cards", "deck", "points"), [
    ("7o 10o 11o 12o", "spanish-40", 37),  # the figures count 10
    ("9c 10c 11c 12c", "spanish-48", 39),
    ("12b 1b 2b 3b", "spanish-48", 25),  # the as counts 10 wherever it stands
    ("1o 1c 1e", "spanish-40", 30),
    ("5o 6o 7o 10o 11o", "spanish-40", 5 + 6 + 7 + 10 + 10),
])
def test_values_reach_the_minimum(cards: str, deck: str, points: int) -> None:
    clean(bajada(cards, deck, points))


@pytest.mark.parametrize(("cards", "deck", "points"), [
    ("7o 10o 11o 12o", "spanish-40", 37),
    ("9c 10c 11c 12c", "spanish-48", 39),
    ("12b 1b 2b 3b", "spanish-48", 25),
])
def test_values_one_short_of_the_minimum_fire(cards: str, deck: str, points: int) -> None:
    text = bajada(cards, deck, points + 1)
    check(text, [renuncia("bajada-below-minimum", "Beto", line_of(text, f"Beto meld {cards}"))])


def test_a_joker_counts_as_the_card_it_stands_for() -> None:
    assert meld("7o JK 11o 12o", SPANISH_40).points == 37
    assert meld("8c 9c JK 11c", SPANISH_48).points == 8 + 9 + 10 + 10


# --- runs in the deck's order --------------------------------------------------------------


def test_seven_and_ten_are_neighbours_in_the_40_card_deck() -> None:
    text = bajada("6o 7o 10o 11o", "spanish-40", 0)
    clean(text)
    assert meld("6o 7o 10o 11o", SPANISH_40).defect is None


def test_seven_and_ten_are_no_neighbours_in_the_48_card_deck() -> None:
    text = bajada("6o 7o 10o 11o", "spanish-48", 0)
    check(text, [renuncia("run-not-ordered", "Beto", line_of(text, "Beto meld 6o 7o 10o 11o"))])
    assert meld("6o 7o 8o 9o", SPANISH_48).defect is None


def test_a_run_descending_across_the_gap() -> None:
    assert meld("11e 10e 7e 6e", SPANISH_40).defect is None
    assert meld("11e 10e 7e 6e", SPANISH_48).defect == "run-not-ordered"


@pytest.mark.parametrize("deck", [SPANISH_40, SPANISH_48])
def test_the_corner_rey_as_dos_with_run_wrap(deck: Deck) -> None:
    assert meld("11b 12b 1b 2b", deck).defect is None
    assert meld("11b 12b 1b 2b", deck, RunWrap=False).defect == "run-not-ordered"


def test_the_corner_in_a_log() -> None:
    clean(bajada("12b 1b 2b 3b", "spanish-48", 0))
    text = bajada("12b 1b 2b 3b", "spanish-48", 0, RunWrap="no")
    check(text, [renuncia("run-not-ordered", "Beto", line_of(text, "Beto meld 12b 1b 2b 3b"))])


@pytest.mark.parametrize("deck", [SPANISH_40, SPANISH_48])
def test_without_wrap_the_as_is_low_or_high(deck: Deck) -> None:
    assert meld("1c 2c 3c 4c", deck, RunWrap=False).defect is None
    assert meld("10c 11c 12c 1c", deck, RunWrap=False).defect is None
    assert meld("12c 1c 2c 3c", deck, RunWrap=False).defect == "run-not-ordered"


def test_a_high_as_after_the_rey_is_worth_ten() -> None:
    assert meld("10c 11c 12c 1c", SPANISH_40, RunWrap=False).points == 40


@pytest.mark.parametrize(("deck", "ranks"), [(SPANISH_40, 10), (SPANISH_48, 12), (FRENCH, 13)])
def test_a_run_holds_at_most_the_decks_ranks(deck: Deck, ranks: int) -> None:
    suit = "o" if deck.spanish else "h"
    order = [f"{int(r)}{suit}" if deck.spanish else f"{r.text}{suit}" for r in deck.ranks]
    whole = " ".join(order)
    assert meld(whole, deck).defect is None
    longer = meld(whole + " " + order[0], deck)
    assert (longer.defect, longer.reason) == ("meld-invalid", f"a run of {ranks + 1} cards")


def test_a_run_grows_across_the_gap_by_a_layoff() -> None:
    text = spanish_log("""\
        Ana discard 3e
        Beto draw
        Beto meld 4o 5o 6o 7o
        Beto meld 1c 1e 1b
        Beto discard 2b
        Caro draw
        Caro discard 3b
        Ana draw
        Ana discard 4c
        Beto draw
        Beto layoff 10o on 1
        Beto discard 5e
        """, deals={"Ana": "3e 4c", "Beto": "4o 5o 6o 7o 1c 1e 1b 2b 10o 5e",
                 "Caro": "3b"}, deck="spanish-40")
    clean(text)


def test_an_eight_would_be_the_layoff_in_the_48_card_deck() -> None:
    text = spanish_log("""\
        Ana discard 3e
        Beto draw
        Beto meld 4o 5o 6o 7o
        Beto meld 1c 1e 1b
        Beto discard 2b
        Caro draw
        Caro discard 3b
        Ana draw
        Ana discard 4c
        Beto draw
        Beto layoff 10o on 1
        Beto discard 5e
        """, deals={"Ana": "3e 4c", "Beto": "4o 5o 6o 7o 1c 1e 1b 2b 10o 5e",
                 "Caro": "3b"}, deck="spanish-48")
    check(text, [renuncia("layoff-mismatch", "Beto", line_of(text, "Beto layoff 10o on 1"))])


# --- sets without colours --------------------------------------------------------------------


@pytest.mark.parametrize("suits", list(permutations(SPANISH_SUITS, 4)))
def test_set_colors_never_fires_under_a_spanish_deck(suits) -> None:  # type: ignore[no-untyped-def]
    cards = [Card.natural(SPANISH_48.ranks[8], suit) for suit in suits]
    verdict = judge_meld(cards, Rules51(Deck=SPANISH_48, AlternateColors=True))
    assert verdict.defect is None


def test_set_colors_neighbour_fires_under_the_french_deck() -> None:
    assert meld("9s 9c 9h 9d", FRENCH).defect == "set-colors"


def test_set_repeated_suit_fires_under_a_spanish_deck() -> None:
    text = bajada("9o 9o 9c", "spanish-48", 0)
    check(text, [renuncia("set-repeated-suit", "Beto", line_of(text, "Beto meld 9o 9o 9c"))])


def test_set_repeated_suit_legal_neighbour() -> None:
    clean(bajada("9o 9e 9c", "spanish-48", 0))
    clean(bajada("10c 10e 10o 10b", "spanish-40", 0))


def test_a_bare_joker_in_a_set_is_open_for_any_missing_suit() -> None:
    verdict = meld("5o 5c JK", SPANISH_40)
    shape = verdict.shape
    assert isinstance(shape, SetMeld)
    assert shape.takes(SPANISH_40.parse("5e")) and shape.takes(SPANISH_40.parse("5b"))
    assert not shape.takes(SPANISH_40.parse("5o"))
    shape.lay_off(SPANISH_40.parse("5e"))
    assert [str(c) for c in shape.readings()] == ["5o", "5c", "JK=5b", "5e"]


def test_a_set_of_five_is_invalid() -> None:
    verdict = meld("5o 5c 5e 5b JK", SPANISH_40)
    assert verdict.defect == "meld-invalid"
