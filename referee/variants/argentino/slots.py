"""Argentino's cards on the table and their values: a wild card (a joker, the morrucho,
or a 2, the mono), a card's value when laid and in hand, and :class:`Slot`, a card on a
meld with who laid it and what it stands for (docs/argentino.md). :mod:`.melds` judges
a laid meld with :mod:`.sets` and :mod:`.runs`, which read it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from referee.cards import Card, Rank, Suit

MAX_RUN = 13
JOKER_VALUE = 50


def rank_value(rank: Rank) -> int:
    """A natural card's value: 2 (a natural 2) to 7 count 5; 8 to K count 10; an ace 15."""
    return _RANK_VALUE[rank]


def mono_value(rank: Rank) -> int:
    """A mono (a wild 2) counts 5 standing for a 2 to 7, 20 for an 8 or higher or an ace."""
    return _MONO_VALUE[rank]


def hand_value(card: Card) -> int:
    """What a card left in hand counts against: a 2 is a mono (20), a joker 50."""
    rank = card.rank
    return JOKER_VALUE if rank is None else _HAND_VALUE[rank]


# The values above by rank (a rank is an int: a tuple lookup, no call).
_RANK_VALUE = (0, 15, *(5 for _ in range(2, 8)), *(10 for _ in range(8, 14)))
_MONO_VALUE = (0, 20, *(5 for _ in range(2, 8)), *(20 for _ in range(8, 14)))
_HAND_VALUE = (0, 15, 20, *_RANK_VALUE[3:])


def is_wild_card(card: Card) -> bool:
    """A joker or a 2: wild unless it stands as a natural 2."""
    return card.rank is None or card.rank == Rank.TWO


RANKS = tuple(Rank(value) for value in range(1, 14))  # rank_at's table (no enum call)


def rank_at(value: int) -> Rank:
    """The rank at a run position: values are consecutive integers, 1 and 14 are aces."""
    return RANKS[(value - 1) % 13]


def natural(rank: Rank, suit: Suit) -> Card:
    """The natural card of ``rank`` and ``suit``: a run's wilds stand for them."""
    return Card(rank, suit)


@dataclass(slots=True)
class Slot:
    """A card on a meld: as laid, who laid it, and what it stands for when wild."""

    card: Card  # the physical card
    by: str  # the player who laid it
    wild: bool
    stands: Card | None = None  # a wild's natural card (None: a set's wild, open)
    fixed: bool = False  # a set's wild whose reading was written (JK=6h)

    def value(self, set_rank: Rank | None = None) -> int:
        if self.card.rank is None:
            return JOKER_VALUE
        if not self.wild:
            return _RANK_VALUE[self.card.rank]
        rank = self.stands.rank if self.stands is not None else set_rank
        assert rank is not None
        return _MONO_VALUE[rank]

    def text(self) -> str:
        if self.wild and self.stands is not None:
            return f"{self.card}={self.stands}"
        return str(self.card)


def add_values(slots: Iterable[Slot], set_rank: Rank | None, totals: dict[str, int]) -> None:
    """Add each slot's :meth:`Slot.value` (``set_rank``: its set's rank, None on a run) to
    the total of the player who laid it: a hand's scoring, over every card on the table."""
    get = totals.get
    for slot in slots:
        totals[slot.by] = get(slot.by, 0) + slot.value(set_rank)


def readings(slots: Iterable[Slot]) -> list[Card]:
    """The card each slot reads as: a wild with what it stands for written (``JK=6h``,
    one object per card), else the card as laid (one comprehension, no call per slot: a
    meld's readings are listed again at each lay-off onto it, issue 23)."""
    return [Card(slot.card.rank, slot.card.suit, slot.stands)
            if slot.wild and slot.stands is not None else slot.card for slot in slots]

