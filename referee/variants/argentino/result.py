"""Argentino's own result: the hand's place in its match, its scores, the match totals
after it and who entered it en ley (docs/report.md, ARGENTINO.md section 10)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(slots=True, unsafe_hash=True)
class HandScore:
    """One player's score for a hand (docs/argentino.md, scoring). Never changed once
    made; not a frozen dataclass all the same, whose fields are each set through
    ``object.__setattr__`` (several per player of every scored hand: docs/performance.md,
    as the notation's events); ``unsafe_hash`` keeps it hashable and equal by value."""

    player: str
    laid: int
    in_hand: int
    bonus: int
    penalty: int

    @property
    def total(self) -> int:
        return self.laid - self.in_hand + self.bonus - self.penalty


@dataclass(slots=True, unsafe_hash=True)
class MatchInfo:
    """Where a hand stands in its match (never changed once made: not frozen, as
    :class:`HandScore`)."""

    name: str | None  # the Match tag
    hand: int  # the hand's position in its match, from 1
    over: bool  # some total has reached Target
    winner: str | None = None  # the match's winner, once over (None on a tie)
    tied: tuple[str, ...] = ()  # equal highest totals, once over


class ArgentinoResult:
    """What the report adds to an argentino hand (the game's
    :class:`~referee.engine.game.GameExtras`): its match, its scores ([] when the hand
    has no scores), the match totals after it (None: unknown) and who entered it en ley.
    """

    __slots__ = ("en_ley", "match", "scores", "standings")

    def __init__(self, match: MatchInfo, scores: list[HandScore] | None = None,
                 standings: dict[str, int] | None = None, en_ley: tuple[str, ...] = ()) -> None:
        self.match = match
        self.scores = [] if scores is None else scores
        self.standings = standings
        self.en_ley = en_ley

    def report_fields(self) -> dict[str, Any]:
        match = self.match
        return {
            "match": {"name": match.name, "hand": match.hand, "over": match.over,
                      "winner": match.winner, "tied": list(match.tied)},
            "scores": [{"player": s.player, "laid": s.laid, "in_hand": s.in_hand,
                        "bonus": s.bonus, "penalty": s.penalty, "total": s.total}
                       for s in self.scores],
            "standings": None if self.standings is None else dict(self.standings),
            "en_ley": list(self.en_ley),
        }
