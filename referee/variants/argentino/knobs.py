"""The knobs of Rummy argentino (docs/argentino.md, "House rules"), with their defaults
and readers."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from referee.knobs import Choice, Whole, knob, yes_no


class SetWilds(Enum):
    """The wild cards a set may hold."""

    ONE = "one"  # at most one wild
    DISTINCT = "distinct"  # one joker and one mono at most, never two of a kind


class HandPenalty(Enum):
    """Which cards left in hand count against a player."""

    ALL = "all"
    WILDS = "wilds"


@dataclass(frozen=True, slots=True)
class RulesArgentino:
    """Every house-rule knob of Rummy argentino; a field's name is its tag.

    ``Decks`` and ``Jokers`` left as None are worked out for the player count
    (:meth:`referee.variants.argentino.Argentino.complete`).
    """

    Decks: int | None = knob(None, Whole(1, 8))
    Jokers: int | None = knob(None, Whole(0, 32))
    RunMin: int = knob(3, Whole(3, 13))
    RunWrap: bool = knob(True, yes_no)
    SetWilds: SetWilds = knob(SetWilds.ONE, Choice(SetWilds))
    LawAt: int = knob(700, Whole(0))
    LawMin: int = knob(100, Whole(0))
    Target: int = knob(1000, Whole(0))
    HandPenalty: HandPenalty = knob(HandPenalty.ALL, Choice(HandPenalty))
