"""Cards as notation: parsing and printing both ways, points and colours (RULES.md §1)."""

from __future__ import annotations

import pytest

from referee.cards import (
    ALL_NATURALS,
    JOKER,
    Card,
    CardError,
    Color,
    Rank,
    Suit,
)
from referee.variants.la51.melds import card_value


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def total(text: str) -> int:
    return sum(card_value(card) for card in cards(text))


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("7h", Rank.SEVEN, Suit.HEARTS),
        ("Ac", Rank.ACE, Suit.CLUBS),
        ("2d", Rank.TWO, Suit.DIAMONDS),
        ("10s", Rank.TEN, Suit.SPADES),
        ("Tc", Rank.TEN, Suit.CLUBS),
        ("Jd", Rank.JACK, Suit.DIAMONDS),
        ("Qs", Rank.QUEEN, Suit.SPADES),
        ("Kh", Rank.KING, Suit.HEARTS),
        ("10♦", Rank.TEN, Suit.DIAMONDS),
        ("T♥", Rank.TEN, Suit.HEARTS),
        ("A♠", Rank.ACE, Suit.SPADES),
        ("3♣", Rank.THREE, Suit.CLUBS),
        ("9♢", Rank.NINE, Suit.DIAMONDS),
    ],
)
def test_parse_natural_cards(text: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit, card.is_joker, card.stands_for) == (rank, suit, False, None)


@pytest.mark.parametrize(
    ("text", "letters", "symbols"),
    [
        ("7h", "7h", "7♥"),
        ("10♦", "10d", "10♦"),
        ("Tc", "10c", "10♣"),
        ("Qs", "Qs", "Q♠"),
        ("JK", "JK", "JK"),
        ("JK=6h", "JK=6h", "JK=6♥"),
        ("JK=T♠", "JK=10s", "JK=10♠"),
    ],
)
def test_print_letters_and_symbols(text: str, letters: str, symbols: str) -> None:
    card = Card.parse(text)
    assert str(card) == card.format() == letters
    assert card.format(symbols=True) == symbols


def test_every_card_reads_back_from_both_spellings() -> None:
    for card in ALL_NATURALS:
        assert Card.parse(card.format()) is card
        assert Card.parse(card.format(symbols=True)) is card


def test_ten_is_written_10_or_t() -> None:
    assert Card.parse("Tc") is Card.parse("10c")
    assert Card.parse("T♣") is Card.parse("10c")


def test_parsing_is_cached() -> None:
    assert Card.parse("JK=6h") is Card.parse("JK=6h")
    assert Card.natural(Rank.SIX, Suit.HEARTS) is Card.parse("6h")


def test_joker() -> None:
    assert Card.parse("JK") is JOKER
    assert JOKER.is_joker and JOKER.stands_for is None
    assert card_value(JOKER) == 0 and JOKER.color is None


def test_joker_standing_for_a_card() -> None:
    joker = Card.parse("JK=6h")
    assert joker.is_joker
    assert joker.stands_for is Card.parse("6h")
    assert joker.physical is JOKER
    assert card_value(joker) == 6
    assert joker.color is Color.RED


@pytest.mark.parametrize(
    ("text", "points"),
    [("2c", 2), ("5d", 5), ("9h", 9), ("10s", 10), ("Jc", 10), ("Qd", 10), ("Kh", 10), ("As", 10)],
)
def test_points(text: str, points: int) -> None:
    assert card_value(Card.parse(text)) == points


def test_seed_point_checks() -> None:
    """RULES.md §1: 8-9-10-J-Q = 47; 3-3-3 = 9; the ace counts 10, also in A-2-3."""
    assert total("8h 9h 10h Jh Qh") == 47
    assert total("3c 3d 3s") == 9
    assert total("Ah 2h 3h") == 15
    assert card_value(Card.parse("JK=3h")) == 3  # in A-2-JK-4 the joker counts 3
    assert card_value(Card.parse("JK=Jc")) == 10  # in JK-J-Q-K it counts 10


@pytest.mark.parametrize(
    ("text", "color"),
    [
        ("7c", Color.BLACK),
        ("7s", Color.BLACK),
        ("7d", Color.RED),
        ("7h", Color.RED),
        ("7♣", Color.BLACK),
        ("7♠", Color.BLACK),
        ("7♦", Color.RED),
        ("7♥", Color.RED),
        ("JK=Qs", Color.BLACK),
        ("JK=Qd", Color.RED),
    ],
)
def test_colours(text: str, color: Color) -> None:
    assert Card.parse(text).color is color


@pytest.mark.parametrize(
    "text",
    ["", "7", "h", "h7", "1h", "11h", "0c", "7x", "7hh", "7H", "jk", "Jk", "JK=", "JK=JK",
     "JK6h", "JK=7", "7h ", " 7h", "10", "Q", "??", "XX"],
)
def test_bad_texts_are_not_cards(text: str) -> None:
    with pytest.raises(CardError):
        Card.parse(text)
