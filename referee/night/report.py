"""The night's report: one model for ``GET /v1/nights/{id}`` (and its ``/report``),
``referee night --json``, the CSV of the standings and the HTML report.

A night, live or made of logs, is seen as a :class:`NightView`: its rounds, each
with its tables (:class:`~referee.night.scoring.TableResult`) and byes, and its
standings. :func:`night_data` is the night's JSON (NIGHT.md §3), :func:`report_data`
the report's (the same, with the trail, and for logs the problems),
:func:`standings_csv` the standings as CSV.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.night.scoring import TableResult
from referee.night.standings import Row

CSV_COLUMNS = ("rank", "player", "points", "played", "won", "renuncias", "byes", "best")


@dataclass(slots=True)
class RoundView:
    """A round: its tables, its byes, whether it is closed, its repeated pairs."""

    number: int
    tables: list[TableResult]
    byes: list[str] = field(default_factory=list)
    closed: bool = False
    repeats: int | None = None


@dataclass(slots=True)
class NightView:
    """A night as its report shows it."""

    name: str
    game: str
    players: list[str]
    rounds: list[RoundView]
    standings: list[Row]
    id: str | None = None
    planned: int | None = None  # the rounds the night was made with
    seating: str | None = None
    seed: int | None = None
    withdrawn: list[str] = field(default_factory=list)
    trail: list[dict[str, Any]] = field(default_factory=list)
    problems: list[dict[str, Any]] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    lang: str | None = None  # the tables' language (a live night's)

    @property
    def round(self) -> int:
        return self.rounds[-1].number if self.rounds else 0


def table_data(table: TableResult) -> dict[str, Any]:
    """A table as ``GET /v1/nights/{id}`` lists it (NIGHT.md §3, with its games added)."""
    data: dict[str, Any] = {
        "table": table.table, "players": list(table.players), "starter": table.starter,
        "table_id": table.table_id,
        "url": f"/t/{table.table_id}" if table.table_id else None,
        "state": table.state, "verdict_id": table.verdict_id, "points": table.points,
        "flags": [flag.data() for flag in table.flags],
        "games": [{"game": g.number, "players": list(g.players), "points": g.points,
                   "winner": g.winner, "table_id": g.table_id, "verdict_id": g.verdict_id,
                   "source": g.source, "line": g.line}
                  for g in table.games],
    }
    if table.reason is not None:
        data["reason"] = table.reason
    return data


def round_data(view: RoundView) -> dict[str, Any]:
    return {"round": view.number, "closed": view.closed,
            "tables": [table_data(t) for t in view.tables], "byes": list(view.byes),
            "repeats": view.repeats}


def night_data(view: NightView) -> dict[str, Any]:
    """The night: ``GET /v1/nights/{id}``'s answer."""
    return {"id": view.id, "name": view.name, "game": view.game,
            "players": list(view.players), "withdrawn": list(view.withdrawn),
            "round": view.round, "rounds_planned": view.planned, "seating": view.seating,
            "seed": view.seed, "lang": view.lang,
            "url": f"/n/{view.id}" if view.id else None,
            "standings": [row.data() for row in view.standings],
            "rounds": [round_data(r) for r in view.rounds]}


def report_data(view: NightView) -> dict[str, Any]:
    """The night's report: the night, its trail, and (a night of logs) its sources and
    problems."""
    data = night_data(view)
    data["trail"] = list(view.trail)
    if view.sources or view.problems:
        data["sources"] = list(view.sources)
        data["problems"] = list(view.problems)
    return data


def standings_csv(rows: Sequence[Row]) -> str:
    """The standings as CSV, one row per player, in rank order."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        writer.writerow([row.rank, row.player, row.points, row.played, row.won,
                         row.renuncias, row.byes, "" if row.best is None else row.best])
    return out.getvalue()
