"""The knobs of 51 (docs/rules.md, "House rules"), with their defaults and readers."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from referee.cards import DECKS, FRENCH, Deck
from referee.knobs import Choice, DeckChoice, OptionalWhole, Whole, knob, yes_no


class DiscardPegue(Enum):
    """Whose discards are judged for ``discard-pegue``."""

    ALL = "all"
    DOWN = "down"
    OFF = "off"


class RenunciaPays(Enum):
    """What an eliminated player pays."""

    MAX = "max"  # Stake x PenaltyCards
    HAND = "hand"  # Stake x the cards in hand when eliminated


@dataclass(frozen=True, slots=True)
class Rules51:
    """Every house-rule knob of 51; a field's name is its tag."""

    Decks: int = knob(2, Whole(1, 8))
    Jokers: int = knob(4, Whole(0, 32))
    MinOpen: int = knob(51, Whole(0))
    OpenExact: bool = knob(False, yes_no)
    BeatPrevious: bool = knob(True, yes_no)
    RunMin: int = knob(4, Whole(3, 13))
    RunWrap: bool = knob(True, yes_no)
    AlternateColors: bool = knob(True, yes_no)
    MaxJokers: int | None = knob(None, OptionalWhole(0))
    EarlyDraw: bool = knob(True, yes_no)
    LayoffsCount: bool = knob(True, yes_no)
    DiscardPegue: DiscardPegue = knob(DiscardPegue.ALL, Choice(DiscardPegue))
    RequireFinalDiscard: bool = knob(True, yes_no)
    CallsRequired: bool = knob(True, yes_no)
    MissedCallCascade: bool = knob(True, yes_no)
    RenunciaPays: RenunciaPays = knob(RenunciaPays.MAX, Choice(RenunciaPays))
    PenaltyCards: int = knob(14, Whole(0))
    Stake: int = knob(0, Whole(0))
    Deck: Deck = knob(FRENCH, DeckChoice(tuple(DECKS)))  # RULES.md §13

    @property
    def alternate_colors(self) -> bool:
        """``AlternateColors`` as applied: only a deck whose suits have colours has it."""
        return self.AlternateColors and self.Deck.colored

    @property
    def beat_previous(self) -> bool:
        """``BeatPrevious`` as applied: ``OpenExact`` switches it off (every bajada
        equals MinOpen, so none could beat the one before)."""
        return self.BeatPrevious and not self.OpenExact
