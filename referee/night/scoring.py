"""A game's (hand's) points and flags for the night, and a table's result.

A game's points come from its game through the seam
(:meth:`referee.engine.game.Variant.night_points`: 51's settlement in cards,
argentino's hand totals); the flags every game has come from its report here: a
renuncia (each, with its player and rule), a call, and the game's own flag (a game
that did not finish, a hand without scores). A table's points are the sum of its
games'; a voided table scores 0 for all.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.games import find_game

PLAYING, FINISHED, HANDED_IN, VOIDED = "playing", "finished", "handed-in", "voided"
STATES = (PLAYING, FINISHED, HANDED_IN, VOIDED)
RENUNCIA, CALL, ENTERED = "renuncia", "call", "entered"


@dataclass(frozen=True, slots=True)
class Flag:
    """Something the board shows on a table: ``kind`` (``renuncia``, ``call``, the game's
    own flag such as ``unfinished`` or ``no-scores``, or ``entered``: scores the organiser
    entered), the game (hand) at the table, the player (a call's: the accused) and the
    rule when it has them, a call's outcome."""

    kind: str
    game: int
    player: str | None = None
    rule: str | None = None
    outcome: str | None = None  # a call's: upheld, unfounded, void

    def data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "game": self.game, "player": self.player,
                                "rule": self.rule}
        if self.outcome is not None:
            data["outcome"] = self.outcome
        return data


@dataclass(slots=True)
class GameScore:
    """One game (hand) of a table as the night counts it: its points (None: it does not
    count, 0 for all), its winner, each player's renuncias, its flags."""

    number: int  # the game's (hand's) place at its table: 1, 2, ...
    players: tuple[str, ...]
    points: dict[str, int] | None
    winner: str | None
    renuncias: dict[str, int]
    flags: list[Flag]
    line: int = 0
    source: str | None = None
    table_id: str | None = None  # the live table it was played at
    verdict_id: str | None = None


def score_game(game: Mapping[str, Any], number: int,
               entered: Mapping[str, int] | None = None) -> GameScore:
    """The night's view of one game's report (``entered``: the scores the organiser gave
    a hand that has none, which then count)."""
    variant = find_game(game.get("ruleset"))
    flags: list[Flag] = []
    renuncias: dict[str, int] = {}
    for finding in game.get("findings", ()):
        if finding["kind"] == "renuncia" and finding.get("player"):
            player = finding["player"]
            renuncias[player] = renuncias.get(player, 0) + 1
            flags.append(Flag(RENUNCIA, number, player, finding["rule"]))
    for call in game.get("calls", ()):
        flags.append(Flag(CALL, number, call["accused"], None, call["outcome"]))
    points: dict[str, int] | None = None
    if variant is not None:
        counted = variant.night_points(game)
        points = counted.points
        if counted.flag is not None:
            flags.append(Flag(counted.flag, number))
    if entered is not None:
        points = {name: 0 for name in game.get("players", ())} | dict(entered)
        flags.append(Flag(ENTERED, number))
    return GameScore(number, tuple(game.get("players", ())), points,
                     game.get("winner") if points is not None else None, renuncias, flags,
                     int(game.get("line") or 0), None)


@dataclass(slots=True)
class TableResult:
    """A table of a round: its seats (the starter first), its state and games."""

    round: int
    table: int
    players: list[str]
    state: str = PLAYING
    games: list[GameScore] = field(default_factory=list)
    table_id: str | None = None
    verdict_id: str | None = None
    reason: str | None = None  # why it was voided

    @property
    def starter(self) -> str:
        return self.players[0] if self.players else ""

    @property
    def counts(self) -> bool:
        """Its games count in the standings (those that have ended: a table being played
        counts its games already over), unless it was voided."""
        return self.state != VOIDED

    @property
    def points(self) -> dict[str, int]:
        totals = {player: 0 for player in self.players}
        if not self.counts:
            return totals
        for game in self.games:
            for player, value in (game.points or {}).items():
                totals[player] = totals.get(player, 0) + value
        return totals

    @property
    def flags(self) -> list[Flag]:
        return [flag for game in self.games for flag in game.flags]


def table_points(tables: Iterable[TableResult]) -> dict[str, int]:
    totals: dict[str, int] = {}
    for table in tables:
        for player, value in table.points.items():
            totals[player] = totals.get(player, 0) + value
    return totals


def seat_order(players: Sequence[str], starter: str) -> list[str]:
    """``players`` turned so that ``starter`` sits first."""
    if starter not in players:
        return list(players)
    at = list(players).index(starter)
    return [*players[at:], *players[:at]]
