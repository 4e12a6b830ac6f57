"""Argentino's state between events: the turn in progress."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.engine.table import TableMeld
from referee.variants.argentino.melds import Slot


@dataclass(slots=True)
class Turn:
    """What happened so far in the current player's turn."""

    player: str
    serial: int
    started: bool = False  # drew or took the pile
    law_line: int | None = None  # en ley: the first meld of the first lay-down, this turn
    law_melds: list[TableMeld] = field(default_factory=list)  # melds laid in that turn
    law_slots: list[tuple[TableMeld, Slot]] = field(default_factory=list)  # its lay-offs
