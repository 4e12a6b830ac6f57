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
    """Known cards plus a count of cards nobody saw (hidden deals, ``??`` draws)."""

    known: Counter[Card] = field(default_factory=Counter)
    hidden: int = 0

    @property
    def size(self) -> int:
        return self.known.total() + self.hidden

    def holds(self, card: Card) -> bool:
        return self.known[card] > 0 or self.hidden > 0

    def remove(self, card: Card) -> bool:
        """Take ``card`` out; True when it came from the hidden part."""
        if self.known[card] > 0:
            self.known[card] -= 1
            if not self.known[card]:
                del self.known[card]
            return False
        self.hidden -= 1
        return True


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

    __slots__ = ("decks", "jokers", "seen", "floating")

    def __init__(self, decks: int, jokers: int) -> None:
        self.decks = decks
        self.jokers = jokers
        self.seen: Counter[Card] = Counter()  # copies whose existence is established
        self.floating: Counter[Card] = Counter()  # seen copies now in unknown places

    def copies(self, card: Card) -> int:
        return self.jokers if card is JOKER else self.decks

    def appear(self, card: Card) -> bool:
        """A card comes out of the unknown; False when the decks hold no copy left for it."""
        if self.floating[card] > 0:
            self.floating[card] -= 1
            return True
        if self.seen[card] >= self.copies(card):
            return False
        self.seen[card] += 1
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
