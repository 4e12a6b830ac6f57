"""51's state between events: the turn in progress and each player's standing."""

from __future__ import annotations

from dataclasses import dataclass

from referee.cards import Card


@dataclass(slots=True)
class Turn:
    """What happened so far in the current player's turn."""

    player: str
    serial: int
    started: bool = False  # drew or took (the starter's first turn starts started)
    first: bool = False  # the starter's first turn
    early: str | None = None  # the next player, after a legal early draw
    took: Card | None = None  # the discard taken this turn
    took_resolved: bool = True
    melds: int = 0
    layoffs: int = 0
    bajada_line: int | None = None  # line of the first meld of a bajada in this turn
    bajada_points: int = 0  # melds and (LayoffsCount) lay-offs onto others' melds
    bajada_layoffs: int = 0  # the part of bajada_points laid off onto others' melds

    def begin(self, player: str) -> None:
        """``player``'s turn begins, in this object: as ``Turn(player, serial + 1,
        started=...)`` at a third of its cost (nothing keeps a past turn). It starts
        started when they drew early."""
        self.started = self.early == player
        self.player = player
        self.serial += 1
        self.first = False
        self.early = None
        self.took = None
        self.took_resolved = True
        self.melds = 0
        self.layoffs = 0
        self.bajada_line = None
        self.bajada_points = 0
        self.bajada_layoffs = 0


@dataclass(slots=True)
class Standing:
    """A player of 51: gone down (with the bajada's points), the cards in hand when
    eliminated (who is out: :attr:`~referee.variants.la51.referee.La51Referee.out`)."""

    down: bool = False
    bajada: int | None = None
    out_cards: int = 0  # cards in hand when eliminated
