"""Cards as they are written in a `.rummy` log: ranks, suits, colours, jokers, decks.

A card prints back as notation (``str(Card.parse("T♦")) == "10d"``). Parsing is
cached: the same text always gives the same (immutable) object.

Three decks (:data:`DECKS`, RULES.md §13): the French 52 (:data:`FRENCH`, the
default) and the Spanish 48 and 40 (:data:`SPANISH_48`, :data:`SPANISH_40`: oros,
copas, espadas, bastos; ranks 1 to 12, the 40-card deck without 8 and 9). A
Spanish card's suit is one of the four Spanish suits, so a card always knows how it
is written (``1o``, ``12b``: its rank as a number) whichever deck is in play; the
text ``10c`` is read under a deck (:meth:`Deck.parse`): the ten of clubs, or the
sota de copas. A deck gives its suits, its ranks in run order, its colours (none
for the Spanish suits) and the names of its cards in English and Spanish.

What a card is worth and which cards are wild belong to a game, not to the
card: :mod:`referee.variants` says so. A card here may only *say* what it stands
for, as written in a log: ``JK=6h`` (a joker) or ``2s=Kh`` (a 2, which Rummy
argentino plays as a wild card).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntEnum
from functools import cache


class Color(Enum):
    BLACK = "black"
    RED = "red"

    def __str__(self) -> str:
        return self.value


class Suit(Enum):
    """A suit: the French four (their value is their letter) and the Spanish four
    (their value is their name: ``c`` is the letter of both clubs and copas)."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"
    OROS = "oros"
    COPAS = "copas"
    ESPADAS = "espadas"
    BASTOS = "bastos"

    # A suit is one object: hashed by identity, a C slot, where Enum's ``__hash__`` is
    # a Python method (a suit keys the colour, letter and index tables; sets of suits
    # are only counted, and Enum's hash of the name was as arbitrary an order).
    __hash__ = object.__hash__

    @property
    def color(self) -> Color | None:
        """Red or black (French); None for a Spanish suit, which has no colour."""
        return SUIT_COLOR.get(self)

    @property
    def symbol(self) -> str:
        """The French suit's symbol (``♦``); a Spanish suit has none: its letter."""
        return _SUIT_SYMBOL[self]

    @property
    def letter(self) -> str:
        """How the suit is written in a log (``d``, ``o``)."""
        return _SUIT_LETTER[self]

    @property
    def spanish(self) -> bool:
        return self in SPANISH_SUITS

    def __str__(self) -> str:
        return _SUIT_LETTER[self]


FRENCH_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
SPANISH_SUITS = (Suit.OROS, Suit.COPAS, Suit.ESPADAS, Suit.BASTOS)
_SUIT_LETTER = {s: s.value for s in FRENCH_SUITS} | {s: s.value[0] for s in SPANISH_SUITS}
SUIT_INDEX = {s: i for i, s in enumerate(FRENCH_SUITS)} | {
    s: i for i, s in enumerate(SPANISH_SUITS)}
SUIT_COLOR = {Suit.CLUBS: Color.BLACK, Suit.DIAMONDS: Color.RED, Suit.HEARTS: Color.RED,
              Suit.SPADES: Color.BLACK}  # ``Suit.color``, for loops that look it up often
_SUIT_SYMBOL = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
SUIT_BY_TEXT: dict[str, Suit] = {s.value: s for s in FRENCH_SUITS} | {
    v: k for k, v in _SUIT_SYMBOL.items()}
_SUIT_SYMBOL.update({s: _SUIT_LETTER[s] for s in SPANISH_SUITS})
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


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Card:
    """A natural card (rank and suit) or a joker (rank and suit None).

    A joker or a 2 may carry what it stands for (``JK=6h``, ``2s=Kh``);
    ``physical`` drops that, giving the card as it sits in a hand.

    There is one object per card (``Card(rank, suit)`` gives the one already made), so
    a card is equal only to itself and hashes by its identity: both are then the C
    slots of ``object``, not Python methods. Cards key every hand and supply count,
    and a Python ``__hash__`` was a call on each lookup, 8 per 51 event
    (docs/performance.md). A pickled card comes back as that one object
    (:meth:`__reduce__`).
    """

    rank: Rank | None
    suit: Suit | None
    stands_for: Card | None
    physical: Card = field(repr=False)
    """The card as it sits in a hand: what it stands for dropped (worked out once)."""
    text: str = field(repr=False)  # ``format()``: how a log writes it (worked out once)

    def __new__(cls, rank: Rank | None = None, suit: Suit | None = None,
                stands_for: Card | None = None) -> Card:
        card = _CARDS.get((rank, suit, stands_for))
        if card is None:  # a card not made before (a few hundred at most)
            card = _CARDS.setdefault((rank, suit, stands_for),
                                     _make(cls, rank, suit, stands_for))
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[Rank | None, Suit | None, Card | None]]:
        return Card, (self.rank, self.suit, self.stands_for)

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def color(self) -> Color | None:
        card = self.stands_for if self.rank is None else self
        return None if card is None or card.suit is None else card.suit.color

    def format(self, symbols: bool = False) -> str:
        if not symbols:
            return self.text
        return _format(self, True)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``7h``, ``10♦``, ``Tc``, ``JK``, ``JK=6h`` or ``2s=Kh``; raise
        :class:`CardError`."""
        return _parse(text)

    @staticmethod
    def natural(rank: Rank, suit: Suit) -> Card:
        return Card(rank, suit)


_CARDS: dict[tuple[Rank | None, Suit | None, Card | None], Card] = {}
"""Every card made, by its rank, suit and what it stands for: one object per card."""


def _make(cls: type[Card], rank: Rank | None, suit: Suit | None,
          stands_for: Card | None) -> Card:
    """A new card object (only :meth:`Card.__new__` calls this)."""
    card = object.__new__(cls)
    setattr_ = object.__setattr__
    setattr_(card, "rank", rank)
    setattr_(card, "suit", suit)
    setattr_(card, "stands_for", stands_for)
    if stands_for is None:
        physical = card
    elif rank is None:
        physical = Card()
    else:
        physical = Card(rank, suit)
    setattr_(card, "physical", physical)
    setattr_(card, "text", _format(card, False))
    return card


def _format(card: Card, symbols: bool) -> str:
    if card.rank is None:
        text = JOKER_TEXT
    else:
        suit = card.suit
        assert suit is not None
        if suit.value[1:]:  # a Spanish suit: the rank as its number, no symbol
            text = str(int(card.rank)) + _SUIT_LETTER[suit]
        else:
            text = card.rank.text + (_SUIT_SYMBOL[suit] if symbols else suit.value)
    if card.stands_for is None:
        return text
    return f"{text}={card.stands_for.format(symbols)}"


def _standing(card: Card, target: Card, head: str, tail: str) -> Card:
    """``head=tail`` read under any deck: a joker or a 2 standing for a natural card;
    :class:`CardError` otherwise."""
    if target.is_joker or target.stands_for is not None:
        raise CardError(f"a card stands for a natural card, not {tail!r}")
    if card.rank not in (None, Rank.TWO) or card.stands_for is not None:
        raise CardError(f"only a joker or a 2 may stand for another card, not {head!r}")
    return Card(card.rank, card.suit, target)


@cache
def _parse(text: str) -> Card:
    if text == JOKER_TEXT:
        return JOKER
    head, sep, tail = text.partition("=")
    if sep:
        return _standing(_parse(head), _parse(tail), head, tail)
    rank = RANK_BY_TEXT.get(text[:-1])
    suit = SUIT_BY_TEXT.get(text[-1:])
    if rank is None or suit is None:
        raise CardError(f"{text!r} is not a card (examples: 7h, 10d, Qs, JK, JK=6h)")
    return Card(rank, suit)


JOKER = Card()

ALL_NATURALS: tuple[Card, ...] = tuple(Card(r, s) for s in FRENCH_SUITS for r in Rank)
"""The French deck's 52 cards."""


class Deck:
    """A deck the cards of a game come from: its name, its suits, its ranks in run
    order (the as first), how many cards one copy of it holds, jokers aside (the
    French deck: 52), and those cards; how its cards are written (:meth:`parse`)."""

    __slots__ = ("cards", "name", "position", "ranks", "size", "spanish", "suits")

    def __init__(self, name: str, suits: tuple[Suit, ...], ranks: tuple[Rank, ...]) -> None:
        self.name = name
        self.suits = suits
        self.ranks = ranks  # in run order: each is its neighbours' neighbour
        self.position = {rank: at for at, rank in enumerate(ranks, 1)}  # 1 for the as
        self.cards = tuple(Card(r, s) for s in suits for r in ranks)  # one copy of each
        self.size = len(self.cards)
        self.spanish = suits[0].spanish

    @property
    def colored(self) -> bool:
        """Whether its suits have colours (red and black): the French deck's do."""
        return not self.spanish

    def parse(self, text: str) -> Card:
        """A card written under this deck (``10c``: the ten of clubs under the French
        deck, the sota de copas under a Spanish one); :class:`CardError` otherwise."""
        return _parse(text) if not self.spanish else _parse_spanish(text, self)

    def __repr__(self) -> str:
        return f"Deck({self.name!r})"

    def __reduce__(self) -> str:
        return _DECK_NAMES[self.name]  # one object per deck, also across processes


FRENCH = Deck("french", FRENCH_SUITS, tuple(Rank))
SPANISH_48 = Deck("spanish-48", SPANISH_SUITS, tuple(Rank)[:12])
SPANISH_40 = Deck("spanish-40", SPANISH_SUITS, (*tuple(Rank)[:7], *tuple(Rank)[9:12]))
DECKS: dict[str, Deck] = {deck.name: deck for deck in (FRENCH, SPANISH_48, SPANISH_40)}
"""The decks by their ``Deck`` tag value."""
_DECK_NAMES = {"french": "FRENCH", "spanish-48": "SPANISH_48", "spanish-40": "SPANISH_40"}

SPANISH_SUIT_BY_TEXT = {_SUIT_LETTER[s]: s for s in SPANISH_SUITS}
SPANISH_RANK_BY_TEXT: dict[str, Rank] = {str(int(r)): r for r in tuple(Rank)[:12]} | {
    "A": Rank.ACE}


@cache
def _parse_spanish(text: str, deck: Deck) -> Card:
    if text == JOKER_TEXT:
        return JOKER
    head, sep, tail = text.partition("=")
    if sep:
        return _standing(_parse_spanish(head, deck), _parse_spanish(tail, deck), head, tail)
    rank = SPANISH_RANK_BY_TEXT.get(text[:-1])
    suit = SPANISH_SUIT_BY_TEXT.get(text[-1:])
    if rank is None or suit is None or rank not in deck.position:
        raise CardError(f"{text!r} is not a card of the {deck.name} deck "
                        "(examples: 7o, 10c, 12e, JK, JK=1b)")
    return Card(rank, suit)


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


# --------------------------------------------------------------------------- names

SUIT_NAMES: dict[Suit, tuple[str, str]] = {
    Suit.CLUBS: ("clubs", "tréboles"), Suit.DIAMONDS: ("diamonds", "diamantes"),
    Suit.HEARTS: ("hearts", "corazones"), Suit.SPADES: ("spades", "picas"),
    Suit.OROS: ("coins", "oros"), Suit.COPAS: ("cups", "copas"),
    Suit.ESPADAS: ("swords", "espadas"), Suit.BASTOS: ("clubs", "bastos"),
}
"""Each suit's name in English and Spanish."""

_FRENCH_FACES = {Rank.ACE: ("ace", "as"), Rank.JACK: ("jack", "jota"),
                 Rank.QUEEN: ("queen", "reina"), Rank.KING: ("king", "rey")}
_SPANISH_FACES = {Rank.ACE: ("ace", "as"), Rank.TEN: ("jack (sota)", "sota"),
                  Rank.JACK: ("knight (caballo)", "caballo"), Rank.QUEEN: ("king (rey)", "rey")}


def rank_name(rank: Rank, spanish: bool, lang: str = "en") -> str:
    """A rank's name in ``lang`` (``en`` or ``es``): the figures and the as by name, the
    others by number (a Spanish deck's 10, 11 and 12 are the sota, caballo and rey)."""
    names = (_SPANISH_FACES if spanish else _FRENCH_FACES).get(rank)
    if names is None:
        return str(int(rank))
    return names[1] if lang == "es" else names[0]


def card_name(card: Card, lang: str = "en") -> str:
    """A card in words (``seven of coins``, ``sota de copas``, ``joker``)."""
    if card.rank is None or card.suit is None:
        joker = "comodín" if lang == "es" else "joker"
        if card.stands_for is None:
            return joker
        return f"{joker} = {card_name(card.stands_for, lang)}"
    suit = SUIT_NAMES[card.suit][1 if lang == "es" else 0]
    rank = rank_name(card.rank, card.suit.spanish, lang)
    return f"{rank} de {suit}" if lang == "es" else f"{rank} of {suit}"
