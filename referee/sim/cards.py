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

from referee.cards import JOKER, Card, Rank, Suit

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


def rank_at(value: int) -> int:
    """The rank at a run value: values are consecutive integers, 1 and 14 are aces."""
    return (value - 1) % 13 + 1


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
