"""The knobs of Rummy argentino (docs/argentino.md, "House rules"), with their defaults."""

from __future__ import annotations

from dataclasses import dataclass

from referee.variants.knobs import HandPenalty, SetWilds


@dataclass(frozen=True, slots=True)
class RulesArgentino:
    """Every house-rule knob of Rummy argentino; a field's name is its tag.

    ``Decks`` and ``Jokers`` left as None are worked out for the player count
    (:meth:`referee.variants.argentino.Argentino.complete`).
    """

    Decks: int | None = None
    Jokers: int | None = None
    RunMin: int = 3
    RunWrap: bool = True
    SetWilds: SetWilds = SetWilds.ONE
    LawAt: int = 700
    LawMin: int = 100
    Target: int = 1000
    HandPenalty: HandPenalty = HandPenalty.ALL
