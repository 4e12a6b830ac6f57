"""The cards out of sight: the decks' supply (which copies have shown up) and the stock.

Part of the physical table (:mod:`referee.engine.table`), which is the only one to
change them.
"""

from __future__ import annotations

import collections
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from referee.cards import JOKER, Card

count_into: Callable[[dict[Any, int], Iterable[Any]], None] = (
    collections._count_elements)  # type: ignore[attr-defined]
"""Add one to ``counts[item]`` for each item (Counter.update's core, in C; Counter.update
itself is Python, with an isinstance on an ABC: docs/performance.md)."""


class Supply:
    """How many copies of each card the decks hold and how many have shown up."""

    __slots__ = ("decks", "floating", "jokers", "seen", "size")

    def __init__(self, decks: int, jokers: int, size: int = 52) -> None:
        self.decks = decks
        self.jokers = jokers
        self.size = size  # cards in one deck, jokers aside
        # Plain dicts, not Counters: a Counter's init is Python, two per game
        # (docs/performance.md); counted in C by count_into.
        self.seen: dict[Card, int] = {}  # copies whose existence is established
        self.floating: dict[Card, int] = {}  # seen copies now in unknown places

    def copies(self, card: Card) -> int:
        return self.jokers if card is JOKER else self.decks

    def can_appear(self, card: Card, count: int = 1) -> bool:
        """Whether ``count`` more copies of ``card`` can come out of the unknown (what
        :meth:`appear` that many times would allow), changing nothing."""
        left = self.floating.get(card, 0) + (self.jokers if card.rank is None else self.decks)
        return self.seen.get(card, 0) + count <= left

    def appear(self, card: Card) -> bool:
        """A card comes out of the unknown; False when the decks hold no copy left for it."""
        floating = self.floating.get(card, 0)
        if floating:
            self.floating[card] = floating - 1
            return True
        seen = self.seen.get(card, 0)
        if seen >= (self.jokers if card.rank is None else self.decks):
            return False
        self.seen[card] = seen + 1
        return True

    def appear_all(self, cards: Sequence[Card]) -> bool:
        """All of ``cards`` come out of the unknown at once (a deal, a ``stock:`` line), as
        :meth:`appear` one by one would let them; False, changing nothing, when one of them
        has no copy left or some copy is floating (then :meth:`appear` them one by one)."""
        if self.floating:
            return False
        seen = self.seen
        # Counted in C (a card hashes by its identity), then the highest counts checked:
        # a per-card loop was a third of a game's setup (docs/performance.md).
        count_into(seen, cards)
        jokers = seen.get(JOKER, 0)
        if jokers:
            seen[JOKER] = 0  # the naturals' highest count, without the jokers'
        top = max(seen.values(), default=0)
        if jokers:
            seen[JOKER] = jokers
        if top <= self.decks and jokers <= self.jokers:
            return True
        for card in cards:  # the rare refusal: undo, changing nothing
            left = seen[card] - 1
            if left:
                seen[card] = left
            else:
                del seen[card]
        return False

    def total(self) -> int:
        return self.size * self.decks + self.jokers


class Stock:
    """The face-down stock: a recorded order on top (``stock:``), then cards in no known order.

    When the stock runs dry the discard pile (but its top) is turned over; those
    cards were seen, but their order is lost, so they join the unordered part and
    the supply counts them as floating (seen copies somewhere unknown).
    """

    __slots__ = ("order", "unknown")

    def __init__(self, order: list[Card], unknown: int) -> None:
        self.order: deque[Card] = deque(order)
        self.unknown = unknown

    @property
    def size(self) -> int:
        return len(self.order) + self.unknown
