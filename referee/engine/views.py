"""The table as a replay shows it after a line (``referee replay``, the web page's
timeline): plain frozen dataclasses made by the engine's ``view()``.

Apart from :mod:`referee.engine.findings` because an audit does not need them: a one-game
audit does not pay for their classes at start-up (docs/performance.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.cards import Card
from referee.engine.findings import Finding


@dataclass(frozen=True, slots=True)
class HandView:
    """A player's hand: the cards the log shows, and how many it does not."""

    known: tuple[Card, ...]
    hidden: int

    @property
    def size(self) -> int:
        return len(self.known) + self.hidden


@dataclass(frozen=True, slots=True)
class MeldView:
    """A meld on the table: its number, owner, cards and kind, and the line that laid it."""

    number: int
    owner: str
    cards: tuple[Card, ...]  # jokers carry their reading where one is fixed
    kind: str  # "set", "run" or "invalid"
    line: int


@dataclass(frozen=True, slots=True)
class TableView:
    """The table as it stood after a given line (``referee replay``)."""

    line: int
    hands: dict[str, HandView]
    melds: tuple[MeldView, ...]
    discard_top: Card | None  # None also when the top card is one nobody saw
    discard_size: int
    stock_size: int
    down: tuple[str, ...]  # players who have gone down, with their bajada points
    bajadas: dict[str, int]
    out: tuple[str, ...]
    turn: str | None
    open_renuncias: tuple[Finding, ...]
    finished: bool
    winner: str | None
