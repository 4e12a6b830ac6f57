"""mini-rummy's melds: a set or a run, read from the cards as laid.

A **set** is 3 or 4 cards of one rank, no suit twice. A **run** is ``RunMin`` or more
cards of one suit in a row; the ace is low (A 2 3) and, with ``AceHigh``, also high
(Q K A), never both (no K A 2). There are no wild cards: a meld reads as it is laid.

:class:`MiniMeld` is what the engine keeps of a valid meld (the seam's
:class:`~referee.engine.game.MeldShape`): its kind, its cards, where a card would go
and its points.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.cards import Card, Rank

from mini_rummy.knobs import MiniRules

SET, RUN = "set", "run"
LOW, HIGH = "low", "high"  # where a card goes on a run
ACE_HIGH = 14  # the ace's place above the king


def card_points(card: Card) -> int:
    """What a card counts in hand: an ace 1, 2 to 10 their number, a face card 10."""
    return min(int(card.rank or 0), 10)


class MiniMeld:
    """A valid set or run on the table (:class:`~referee.engine.game.MeldShape`).

    A run keeps its cards low to high and ``low``, its lowest card's place (an ace
    below the 2 is 1; above the king, 14).
    """

    __slots__ = ("ace_high", "cards", "kind", "low")

    def __init__(self, kind: str, cards: list[Card], low: int, ace_high: bool) -> None:
        self.kind = kind
        self.cards = cards  # a run low to high; a set as laid
        self.low = low
        self.ace_high = ace_high

    def readings(self) -> list[Card]:
        return list(self.cards)

    def placement(self, card: Card) -> object | None:
        """Where ``card`` goes: a set takes its rank in a suit it lacks; a run, its suit
        just below its lowest card or just above its highest."""
        first = self.cards[0]
        if card.rank is None or card.suit is None:
            return None
        if self.kind == SET:
            fits = card.rank == first.rank and all(c.suit != card.suit for c in self.cards)
            return HIGH if fits else None
        if card.suit != first.suit:
            return None
        if int(card.rank) == self.low - 1:
            return LOW
        high = self.low + len(self.cards) - 1
        place = ACE_HIGH if card.rank == Rank.ACE else int(card.rank)
        if place == high + 1 and (place != ACE_HIGH or self.ace_high):
            return HIGH
        return None

    def lay_off(self, card: Card, by: str) -> object:
        """Take a card that fits (the engine asked :meth:`placement` first)."""
        place = self.placement(card)
        if place == LOW:
            self.cards.insert(0, card)
            self.low -= 1
        else:
            self.cards.append(card)
        return place

    def points(self) -> int:
        return sum(card_points(card) for card in self.cards)


def read_meld(cards: Sequence[Card], rules: MiniRules) -> MiniMeld | None:
    """The meld these cards make, or None when they make neither a set nor a run."""
    if len(cards) < 3 or any(c.rank is None or c.suit is None for c in cards):
        return None
    if len({c.rank for c in cards}) == 1:
        if len({c.suit for c in cards}) == len(cards):
            return MiniMeld(SET, list(cards), int(cards[0].rank or 0), rules.AceHigh)
        return None
    if len(cards) < rules.RunMin or len({c.suit for c in cards}) != 1:
        return None
    for ace in (1, ACE_HIGH) if rules.AceHigh else (1,):
        places = sorted(((ace if c.rank == Rank.ACE else int(c.rank or 0), c) for c in cards),
                        key=lambda pair: pair[0])
        low = places[0][0]
        if [place for place, _ in places] == list(range(low, low + len(places))):
            return MiniMeld(RUN, [card for _, card in places], low, rules.AceHigh)
    return None
