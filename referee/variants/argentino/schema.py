"""Argentino's own report fields as typed dicts: how the API documents them (the game's
:meth:`~referee.engine.game.Variant.report_schema`; docs/report.md)."""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict


class ScoreData(TypedDict):
    """A player's score for a hand of Rummy argentino."""

    player: str
    laid: int
    in_hand: int
    bonus: int
    penalty: int
    total: int


class MatchData(TypedDict):
    """Where a hand of Rummy argentino stands in its match."""

    name: str | None
    hand: int
    over: bool
    winner: str | None
    tied: list[str]


class ArgentinoFields(TypedDict):
    """What a hand of Rummy argentino adds to its game's report."""

    match: NotRequired[MatchData]
    scores: NotRequired[list[ScoreData]]
    standings: NotRequired[dict[str, int] | None]
    en_ley: NotRequired[list[str]]
