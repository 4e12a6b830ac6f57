"""What a mutator needs to know of cards and melds, read from the spec, not the engine.

Is a card wild (a joker or a 2), what is it worth at most and at least, what a
written meld surely is (two natural cards of one rank: a set; of one suit: a
run), whether a natural card can fit a meld on the table (ARGENTINO.md 4-5), and
a meld's value from its readings.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from referee.cards import Card, Rank, Suit
from referee.engine.views import MeldView


def wild(card: Card) -> bool:
    """A joker or a 2: a card that may stand for another (a 2 may also be natural)."""
    return card.rank is None or card.rank == Rank.TWO


def natural_value(rank: Rank) -> int:
    """ARGENTINO.md 4: 2 to 7 count 5, 8 to K 10, an ace 15."""
    if rank == Rank.ACE:
        return 15
    return 5 if rank <= Rank.SEVEN else 10


def most_worth(card: Card) -> int:
    """The most a card can be worth on the table: a joker 50, a 2 20 (a mono for an 8 or
    higher), a natural card its value."""
    if card.rank is None:
        return 50
    return 20 if card.rank == Rank.TWO else natural_value(card.rank)


def least_worth(card: Card) -> int:
    """The least a card can be worth on the table: a joker 50, a 2 5."""
    if card.rank is None:
        return 50
    return 5 if card.rank == Rank.TWO else natural_value(card.rank)


def plain(card: Card) -> bool:
    """A natural card that can never be wild (neither a joker nor a 2)."""
    return not wild(card)


@dataclass(frozen=True)
class Written:
    """What a meld's written cards say for sure: ``set`` of ``rank`` (two plain cards of
    one rank), ``run`` in ``suit`` (two plain cards of one suit, different ranks), or
    ``None`` when the plain cards alone do not tell."""

    kind: str | None
    rank: Rank | None = None
    suit: Suit | None = None


def written_shape(cards: Sequence[Card]) -> Written:
    plains = [c for c in cards if plain(c)]
    ranks = {c.rank for c in plains}
    suits = {c.suit for c in plains}
    if len(plains) >= 2 and len(ranks) == 1:
        return Written("set", rank=plains[0].rank)
    if len(ranks) >= 2 and len(suits) == 1:
        return Written("run", suit=plains[0].suit)
    return Written(None)


def cannot_fit(cards: Sequence[Card], card: Card) -> bool:
    """A plain card that cannot be laid off onto a meld written ``cards``, whatever the
    meld's state: a set of another rank, or a run of another suit."""
    if not plain(card):
        return False
    shape = written_shape(cards)
    if shape.kind == "set":
        return shape.rank != card.rank
    if shape.kind == "run":
        return shape.suit != card.suit
    return False


def _reading(card: Card) -> Card:
    return card.stands_for if card.stands_for is not None else card


def fits(meld: MeldView, card: Card, wrap: bool = True) -> bool:
    """Does a plain ``card`` fit this table meld: complete a set to 4, extend a run at an
    end, or take the place of a run's end wild (which moves to the other end)?

    Read from the table view, where a run's wilds carry their readings.
    """
    if not plain(card):
        return False
    if meld.kind == "set":
        naturals = [c for c in meld.cards if plain(c)]
        if len(meld.cards) != 3 or not naturals or card.rank != naturals[0].rank:
            return False
        taken = {c.suit for c in meld.cards if plain(c)} | {
            c.stands_for.suit for c in meld.cards if c.stands_for is not None}
        return card.suit not in taken
    if meld.kind != "run" or not 2 <= len(meld.cards) < 13:
        return False
    cards = low_to_high(meld.cards)
    if cards is None or any(_reading(c).suit != card.suit for c in cards):
        return False
    low, high = int(_reading(cards[0]).rank or 0), int(_reading(cards[-1]).rank or 0)
    above = None if not wrap and high == 1 else high % 13 + 1
    below = None if not wrap and low == 1 else (low - 2) % 13 + 1
    if card.rank not in {_reading(c).rank for c in cards}:
        return int(card.rank or 0) in (above, below)
    high_wild, low_wild = cards[-1].stands_for, cards[0].stands_for
    return ((high_wild == card and low_wild is None and below is not None)
            or (low_wild == card and high_wild is None and above is not None))


def low_to_high(cards: Sequence[Card]) -> list[Card] | None:
    """A run's cards (as the table reads them) from its low end up, or None when they are
    not consecutive."""
    ranks = [int(_reading(c).rank or 0) for c in cards]
    ordered = _ascending(ranks)
    if ordered is None:
        return None
    return list(cards) if ordered == ranks else list(cards)[::-1]


def natural_meld(cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """Three or more natural cards (no joker, no 2) that make a meld by themselves, in an
    order they can be laid in: a set (one rank, no suit twice, at most 4) or a run."""
    if len(cards) < 3 or not all(map(plain, cards)):
        return None
    if len({c.rank for c in cards}) == 1:
        suits = [c.suit for c in cards]
        return tuple(cards) if len(cards) <= 4 and len(set(suits)) == len(suits) else None
    if len({c.suit for c in cards}) > 1:
        return None
    ordered = sorted(cards, key=lambda c: int(c.rank or 0))
    for turn in range(len(ordered)):
        rotated = ordered[turn:] + ordered[:turn]
        if _ascending([int(c.rank or 0) for c in rotated]) == [int(c.rank or 0)
                                                               for c in rotated]:
            return tuple(rotated)
    return None


def consecutive(cards: Sequence[Card]) -> bool:
    """Natural cards of one suit at consecutive ranks in the order given (up or down)."""
    return len({c.suit for c in cards}) == 1 and _ascending(
        [int(c.rank or 0) for c in cards]) is not None


def _ascending(ranks: list[int]) -> list[int] | None:
    """A run's ranks from its low end up (laid ascending or descending; K A 2 comes
    round), or None when they are not consecutive."""
    def up(seq: list[int]) -> bool:
        return all(b == a % 13 + 1 for a, b in itertools.pairwise(seq))

    if up(ranks):
        return ranks
    return ranks[::-1] if up(ranks[::-1]) else None


def mono_value(rank: Rank) -> int:
    return 5 if Rank.TWO <= rank <= Rank.SEVEN else 20


def meld_value(cards: Sequence[Card], kind: str) -> int:
    """A valid meld's value from its readings on the table (ARGENTINO.md 4, values)."""
    plains = [c for c in cards if plain(c)]
    set_rank = plains[0].rank if kind == "set" and plains else None
    total = 0
    for card in cards:
        if card.rank is None:
            total += 50
        elif card.rank == Rank.TWO and card.stands_for is not None:
            assert card.stands_for.rank is not None
            total += mono_value(card.stands_for.rank)
        elif card.rank == Rank.TWO and set_rank is not None:
            total += mono_value(set_rank)
        elif card.rank == Rank.TWO:
            total += 5  # a natural 2 in a run
        else:
            total += 15 if card.rank == Rank.ACE else (5 if card.rank <= Rank.SEVEN else 10)
    return total
