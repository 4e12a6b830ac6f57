"""Argentino's state between events: the turn in progress."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.engine.table import TableMeld
from referee.variants.argentino.slots import Slot


@dataclass(slots=True)
class Turn:
    """What happened so far in the current player's turn."""

    player: str
    serial: int
    started: bool = False  # drew or took the pile
    law_line: int | None = None  # en ley: the first meld of the first lay-down, this turn
    # ...and every card the player laid in that turn, on its meld: the cards of their new
    # melds and their lay-offs onto any meld, each once (the slots are live: a wild that
    # moves later in the turn is read where it ends up)
    law_cards: list[tuple[TableMeld, Slot]] = field(default_factory=list)
