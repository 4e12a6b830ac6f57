"""Cards as they are written in a `.rummy` log: ranks, suits, colours, jokers.

A card prints back as notation (``str(Card.parse("T♦")) == "10d"``). Parsing is
cached: the same text always gives the same (immutable) object.

What a card is worth and which cards are wild belong to a game, not to the
card: :mod:`referee.variants` says so. A card here may only *say* what it stands
for, as written in a log: ``JK=6h`` (a joker) or ``2s=Kh`` (a 2, which Rummy
argentino plays as a wild card).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntEnum
from functools import cache
from typing import cast


class Color(Enum):
    BLACK = "black"
    RED = "red"

    def __str__(self) -> str:
        return self.value


class Suit(Enum):
    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def color(self) -> Color:
        return SUIT_COLOR[self]

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    def __str__(self) -> str:
        return self.value


_SUIT_ORDER = tuple(Suit)
SUIT_COLOR = {Suit.CLUBS: Color.BLACK, Suit.DIAMONDS: Color.RED, Suit.HEARTS: Color.RED,
              Suit.SPADES: Color.BLACK}  # ``Suit.color``, for loops that look it up often
_SUIT_SYMBOL = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
SUIT_BY_TEXT: dict[str, Suit] = {s.value: s for s in Suit} | {v: k for k, v in _SUIT_SYMBOL.items()}
SUIT_BY_TEXT.update({"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES})


class Rank(IntEnum):
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def text(self) -> str:
        return _RANK_TEXT[self]

    def __str__(self) -> str:
        return self.text


_RANK_TEXT = {r: str(int(r)) for r in Rank} | {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
}
RANK_BY_TEXT: dict[str, Rank] = {v: k for k, v in _RANK_TEXT.items()} | {"T": Rank.TEN}

JOKER_TEXT = "JK"


class CardError(ValueError):
    """Text that is not a card."""


@dataclass(frozen=True, slots=True)
class Card:
    """A natural card (rank and suit) or a joker (rank and suit None).

    A joker or a 2 may carry what it stands for (``JK=6h``, ``2s=Kh``);
    ``physical`` drops that, giving the card as it sits in a hand.
    """

    rank: Rank | None = None
    suit: Suit | None = None
    stands_for: Card | None = None
    _hash: int = field(init=False, repr=False, compare=False)
    physical: Card = field(init=False, repr=False, compare=False)
    """The card as it sits in a hand: what it stands for dropped (worked out once)."""

    def __post_init__(self) -> None:
        # Cards key every hand and supply count: a precomputed hash keeps that cheap.
        if self.rank is not None:
            key = int(self.rank) * 4 + "cdhs".index(self.suit.value if self.suit else "c")
        else:
            key = 64 + (0 if self.stands_for is None else hash(self.stands_for))
        object.__setattr__(self, "_hash", key)
        if self.stands_for is None:
            physical = self
        elif self.rank is None:
            physical = JOKER
        else:
            physical = _natural(self.rank, cast(Suit, self.suit))
        object.__setattr__(self, "physical", physical)

    def __hash__(self) -> int:
        return self._hash

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def color(self) -> Color | None:
        card = self.stands_for if self.rank is None else self
        return None if card is None or card.suit is None else card.suit.color

    def format(self, symbols: bool = False) -> str:
        if self.rank is None:
            text = JOKER_TEXT
        else:
            assert self.suit is not None
            text = self.rank.text + (self.suit.symbol if symbols else self.suit.value)
        if self.stands_for is None:
            return text
        return f"{text}={self.stands_for.format(symbols)}"

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Card({self.format()!r})"

    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``7h``, ``10♦``, ``Tc``, ``JK``, ``JK=6h`` or ``2s=Kh``; raise
        :class:`CardError`."""
        return _parse(text)

    @staticmethod
    def natural(rank: Rank, suit: Suit) -> Card:
        return _natural(rank, suit)


@cache
def _natural(rank: Rank, suit: Suit) -> Card:
    return Card(rank, suit)


@cache
def _parse(text: str) -> Card:
    if text == JOKER_TEXT:
        return JOKER
    head, sep, tail = text.partition("=")
    if sep:
        card = _parse(head)
        target = _parse(tail)
        if target.is_joker or target.stands_for is not None:
            raise CardError(f"a card stands for a natural card, not {tail!r}")
        if card.rank not in (None, Rank.TWO) or card.stands_for is not None:
            raise CardError(f"only a joker or a 2 may stand for another card, not {head!r}")
        return Card(card.rank, card.suit, target)
    rank = RANK_BY_TEXT.get(text[:-1])
    suit = SUIT_BY_TEXT.get(text[-1:])
    if rank is None or suit is None:
        raise CardError(f"{text!r} is not a card (examples: 7h, 10d, Qs, JK, JK=6h)")
    return _natural(rank, suit)


JOKER = Card()

ALL_NATURALS: tuple[Card, ...] = tuple(_natural(r, s) for s in Suit for r in Rank)


class Deck:
    """A deck the cards of a game come from: its name, how many cards one copy of it
    holds, jokers aside (the French deck: 52), and those cards."""

    __slots__ = ("cards", "name", "size")

    def __init__(self, name: str, size: int, cards: tuple[Card, ...]) -> None:
        self.name = name
        self.size = size
        self.cards = cards  # one copy of each of its natural cards


FRENCH = Deck("french", 52, ALL_NATURALS)


class Shoe:
    """The cards in play in one game: ``decks`` copies of ``deck`` and ``jokers`` jokers
    (a game's :meth:`~referee.engine.game.Variant.shoe`, from its house rules)."""

    __slots__ = ("deck", "decks", "jokers")

    def __init__(self, deck: Deck, decks: int, jokers: int) -> None:
        self.deck = deck
        self.decks = decks
        self.jokers = jokers

    @property
    def total(self) -> int:
        return self.deck.size * self.decks + self.jokers
