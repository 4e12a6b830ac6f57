"""The physical table: hands, stock, discard pile and melds, moved exactly as logged.

Nothing here judges a rule. Each move either happens or reports why the record
is impossible (a log-error id), in which case nothing moved.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field

from referee.cards import JOKER, Card
from referee.engine.melds import TableShape


@dataclass(slots=True)
class Hand:
    """Known cards (card -> copies) plus a count of cards nobody saw (hidden deals, ``??``)."""

    known: dict[Card, int] = field(default_factory=dict)
    hidden: int = 0
    count: int = 0  # known cards, copies included

    @property
    def size(self) -> int:
        return self.count + self.hidden

    def has(self, card: Card) -> int:
        """Known copies of ``card``."""
        return self.known.get(card, 0)

    def add(self, card: Card) -> None:
        known = self.known
        known[card] = known.get(card, 0) + 1
        self.count += 1

    def remove(self, card: Card) -> bool:
        """Take ``card`` out; True when it came from the hidden part."""
        known = self.known
        copies = known.get(card, 0)
        if copies > 1:
            known[card] = copies - 1
        elif copies == 1:
            del known[card]
        else:
            self.hidden -= 1
            return True
        self.count -= 1
        return False

    def cards(self) -> list[Card]:
        return [card for card, copies in self.known.items() for _ in range(copies)]


@dataclass(slots=True)
class TableMeld:
    number: int
    owner: str
    line: int
    turn: int  # serial of the turn it was laid in
    cards: list[Card]  # as laid, jokers with their readings once fixed
    shape: TableShape | None  # None: a meld with a defect (no lay-offs, no pegues)
    strays: list[Card] = field(default_factory=list)  # cards laid off that did not fit

    @property
    def kind(self) -> str:
        return "invalid" if self.shape is None else self.shape.kind

    def text(self) -> str:
        cards = self.shape.readings() if self.shape is not None else self.cards
        return " ".join(str(c) for c in [*cards, *self.strays])


class Supply:
    """How many copies of each card the decks hold and how many have shown up."""

    __slots__ = ("decks", "floating", "jokers", "seen")

    def __init__(self, decks: int, jokers: int) -> None:
        self.decks = decks
        self.jokers = jokers
        self.seen: Counter[Card] = Counter()  # copies whose existence is established
        self.floating: Counter[Card] = Counter()  # seen copies now in unknown places

    def copies(self, card: Card) -> int:
        return self.jokers if card is JOKER else self.decks

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

    def total(self) -> int:
        return 52 * self.decks + self.jokers


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


@dataclass(slots=True)
class Player:
    name: str
    seat: int
    hand: Hand = field(default_factory=Hand)
    down: bool = False  # has gone down (made a bajada)
    bajada: int | None = None  # bajada points
    out: bool = False  # eliminated
    out_cards: int = 0  # cards in hand when eliminated
