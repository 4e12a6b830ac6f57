"""Cards as small integers, for both simulated games.

A card id is ``suit * 13 + rank - 1`` for the 52 naturals (suits in the order
clubs, diamonds, hearts, spades; ranks 1 for the ace to 13 for the king) and
:data:`JK` (52) for a joker. A hand is a list of 53 counts, one per id, so two
copies of a card (two decks) are a count of 2. Only the log writer needs
:class:`referee.cards.Card`: :data:`CARDS` maps an id to it.

Run positions are *values*: consecutive integers whose rank is
:func:`rank_at` (1 and 14 are both aces, 15 is a 2 again after a corner).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from referee.cards import FRENCH, JOKER, Card, Deck, Rank, Suit

JK = 52
"""The id of a joker."""

IDS = 53
"""How many ids there are (the length of a hand's counts)."""

SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
RED: tuple[bool, ...] = (False, True, True, False)  # by suit index

CARDS: tuple[Card, ...] = (
    *(Card.natural(Rank(r), s) for s in SUITS for r in range(1, 14)),
    JOKER,
)
ID: dict[Card, int] = {card: i for i, card in enumerate(CARDS)}

NAMES: tuple[str, ...] = (
    "Ana", "Beto", "Caro", "José", "María", "Sofía", "Andrés", "Camila", "Julián",
    "Valentina", "Simón", "Lucía", "Martín", "Ramón", "Inés", "Óscar", "Tomás",
    "Mónica", "Hernán", "Íngrid", "Nicolás", "Ximena", "Wilson", "Lalo", "Nora",
    "Teo", "Hugo", "Karen", "Pablo", "Irene", "Jaime", "Rita", "Vero", "Marta",
    "Álvaro", "Nubia", "Fabián", "Yolanda", "Germán", "Consuelo",
)
"""Player names the simulator picks from (Spanish and Colombian first names)."""


def cid(rank: int, suit: int) -> int:
    """The id of a natural card (rank 1..13, suit index 0..3)."""
    return suit * 13 + rank - 1


def rank_of(card: int) -> int:
    return card % 13 + 1


def suit_of(card: int) -> int:
    return card // 13


def rank_at(value: int, ranks: int = 13) -> int:
    """The rank at a run value: values are consecutive integers, 1 and 14 are aces
    (``ranks``: how many ranks the deck has; a Spanish deck's "rank" here is its position
    in the deck's order, :class:`SimDeck`)."""
    return (value - 1) % ranks + 1


class SimDeck:
    """A deck as the simulator plays it (RULES.md §13): a card id's "rank" is the
    position of its rank in the deck's run order (1 to ``ranks``), so runs are
    consecutive positions whatever the deck (the 40-card Spanish deck's 7 and 10 are
    positions 7 and 8). ``cards`` maps an id to its card, ``ids`` a card to its id,
    ``points`` a position to its value in 51."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.ranks = len(deck.ranks)
        cards = [JOKER] * IDS
        for s, suit in enumerate(deck.suits):
            for p, rank in enumerate(deck.ranks, 1):
                cards[cid(p, s)] = Card.natural(rank, suit)
        self.naturals = tuple(cid(p, s) for s in range(4) for p in range(1, self.ranks + 1))
        self.cards: tuple[Card, ...] = tuple(cards)
        self.ids: dict[Card, int] = {self.cards[c]: c for c in self.naturals}
        # 51's values, read the simulator's own way: the as and the figures 10, else the number
        self.points = (0, *(10 if rank == 1 or rank >= 10 else int(rank) for rank in deck.ranks))

    def physical_id(self, card: Card) -> int:
        return JK if card.is_joker else self.ids[card.physical]

    def full_deck(self, decks: int, jokers: int) -> list[Card]:
        """Every card in play, in a fixed order (the caller shuffles)."""
        return [self.cards[c] for c in self.naturals for _ in range(decks)] + [JOKER] * jokers

    def counts_of(self, cards: Iterable[Card]) -> list[int]:
        counts = [0] * IDS
        for card in cards:
            counts[self.physical_id(card)] += 1
        return counts

    def cards_of(self, counts: Sequence[int]) -> tuple[Card, ...]:
        return tuple(self.cards[c] for c in range(IDS) for _ in range(counts[c]))


@cache
def sim_deck(deck: Deck = FRENCH) -> SimDeck:
    """The simulator's view of ``deck`` (one per deck)."""
    return SimDeck(deck)


def physical_id(card: Card) -> int:
    """The id of a card as it sits in a hand (what it stands for dropped)."""
    return JK if card.is_joker else ID[card.physical]


def full_deck(decks: int, jokers: int) -> list[Card]:
    """Every card in play, in a fixed order (the caller shuffles)."""
    return [c for c in CARDS[:52] for _ in range(decks)] + [JOKER] * jokers


def counts_of(cards: Iterable[Card]) -> list[int]:
    """A hand's counts from its cards."""
    counts = [0] * IDS
    for card in cards:
        counts[physical_id(card)] += 1
    return counts


def cards_of(counts: Sequence[int]) -> tuple[Card, ...]:
    """A hand's cards from its counts, in id order."""
    return tuple(CARDS[c] for c in range(IDS) for _ in range(counts[c]))


def stands(physical: int, stands_for: int | None) -> Card:
    """A wild card as written with its reading (``JK=6h``, ``2s=Kh``), or bare."""
    card = CARDS[physical]
    if stands_for is None:
        return card
    return Card(card.rank, card.suit, CARDS[stands_for])
