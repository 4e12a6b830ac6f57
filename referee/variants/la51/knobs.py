"""The knobs of 51 (docs/rules.md, "House rules"), with their defaults."""

from __future__ import annotations

from dataclasses import dataclass

from referee.variants.knobs import DiscardPegue, RenunciaPays


@dataclass(frozen=True, slots=True)
class Rules51:
    """Every house-rule knob of 51; a field's name is its tag."""

    Decks: int = 2
    Jokers: int = 4
    MinOpen: int = 51
    OpenExact: bool = False
    BeatPrevious: bool = True
    RunMin: int = 4
    RunWrap: bool = True
    AlternateColors: bool = True
    MaxJokers: int | None = None
    EarlyDraw: bool = True
    LayoffsCount: bool = True
    DiscardPegue: DiscardPegue = DiscardPegue.ALL
    RequireFinalDiscard: bool = True
    CallsRequired: bool = True
    MissedCallCascade: bool = True
    RenunciaPays: RenunciaPays = RenunciaPays.MAX
    PenaltyCards: int = 14
    Stake: int = 0

    @property
    def beat_previous(self) -> bool:
        """``BeatPrevious`` as applied: ``OpenExact`` switches it off (every bajada
        equals MinOpen, so none could beat the one before)."""
        return self.BeatPrevious and not self.OpenExact
