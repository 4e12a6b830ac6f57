"""The night's standings: points, then games (hands) won, then fewer renuncias committed,
then the best single game (hand), then the order of the first round's draw.

The games that have ended are added up, but those of a voided table; a bye scores 0
and is counted as a bye.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.night.scoring import TableResult


@dataclass(slots=True)
class Row:
    """One player's line of the standings."""

    player: str
    points: int = 0
    played: int = 0
    won: int = 0
    renuncias: int = 0
    byes: int = 0
    best: int | None = None
    rank: int = 0

    def data(self) -> dict[str, Any]:
        return {"rank": self.rank, "player": self.player, "points": self.points,
                "played": self.played, "won": self.won, "renuncias": self.renuncias,
                "byes": self.byes, "best": self.best}


def standings(draw: Sequence[str], tables: Iterable[TableResult],
              byes: Mapping[str, int]) -> list[Row]:
    """Every player of the night (``draw``: in the order of the first round's draw, late
    players after), ranked; a player found at a table but not in ``draw`` comes last."""
    rows = {player: Row(player, byes=byes.get(player, 0)) for player in draw}
    for table in tables:
        if not table.counts:
            continue
        for game in table.games:
            for player in game.players:
                row = rows.setdefault(player, Row(player, byes=byes.get(player, 0)))
                row.played += 1
                row.renuncias += game.renuncias.get(player, 0)
                if game.points is None:
                    continue
                value = game.points.get(player, 0)
                row.points += value
                row.best = value if row.best is None else max(row.best, value)
                if game.winner == player:
                    row.won += 1
    place = {player: i for i, player in enumerate(rows)}
    ranked = sorted(rows.values(), key=lambda r: (
        -r.points, -r.won, r.renuncias, -(r.best if r.best is not None else -(10 ** 9)),
        place[r.player]))
    for rank, row in enumerate(ranked, start=1):
        row.rank = rank
    return ranked
