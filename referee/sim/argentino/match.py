"""The match across hands (ARGENTINO.md sections 1, 7 and 10): totals, its end, its winner.

Totals carry over from hand to hand; the match ends after the hand in which
some total reaches ``Target``; its winner is the highest total, and equal
highest totals mean no winner (``tied`` lists them). A hand with no ``Match``
tag is a match of one hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from referee.sim.argentino.state import Score


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """The report's ``match`` object for one hand."""

    name: str | None
    hand: int
    over: bool
    winner: str | None
    tied: tuple[str, ...]

    def as_dict(self) -> dict[str, object]:
        return {"name": self.name, "hand": self.hand, "over": self.over,
                "winner": self.winner, "tied": list(self.tied)}


def standings_after(entering: Mapping[str, int], scores: Sequence[Score]) -> dict[str, int]:
    """The match totals after a hand, in the hand's seat order."""
    return {s.player: entering.get(s.player, 0) + s.total for s in scores}


def match_end(
    standings: Mapping[str, int], target: int
) -> tuple[bool, str | None, tuple[str, ...]]:
    """(over, winner, tied): over once a total reaches ``target``."""
    if not standings or max(standings.values()) < target:
        return False, None, ()
    top = max(standings.values())
    leaders = tuple(p for p, total in standings.items() if total == top)
    if len(leaders) == 1:
        return True, leaders[0], ()
    return True, None, leaders


def scores_tag(totals: Mapping[str, int], players: Sequence[str]) -> str:
    """A ``Scores`` tag's value: ``Rosa 120, Juan -35`` in seat order."""
    return ", ".join(f"{p} {totals.get(p, 0)}" for p in players)
