"""A night made of typed logs, validated as a whole (``referee night``, NIGHT.md §5).

Each game's tags say where it belongs: ``Event`` the night, ``Round`` and ``Table``
(NOTATION.md's standard tags). The games are grouped into rounds and tables and
scored as a live night's tables are; what does not hold together is a problem with
its file and line:

- ``no-round``, ``no-table``: a game whose ``Round`` or ``Table`` is missing (or not a
  whole number from 1 up);
- ``mixed-games``: a game of another game than the night's (its first game's);
- ``other-event``: a game whose ``Event`` is not the night's (the most common one);
- ``duplicate``: the same game twice (same players, deals and events);
- ``two-tables``: a player at two tables in one round;
- ``not-in-night``: a table's player who is not one of the night's players (as given:
  without a list, every player seated is one);
- ``missing``: a round a player of the night is missing from without a bye (more
  players missing than the table sizes make sit out).

A game with a problem of the first four kinds is left out of the standings.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.messages import render
from referee.night.scoring import HANDED_IN, TableResult, score_game
from referee.night.sizes import fewest_byes
from referee.night.standings import Row, standings

EVENT, ROUND, TABLE = "Event", "Round", "Table"


@dataclass(slots=True)
class GameFacts:
    """What the night needs of one game read from a log: where it is, its tags, players,
    fingerprint (None: no events) and its report (the JSON of ``referee audit``)."""

    source: str
    line: int
    ruleset: str | None
    tags: dict[str, str]
    players: tuple[str, ...]
    fingerprint: str | None
    report: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Problem:
    """A problem of the night, at a game's file and line."""

    kind: str
    source: str
    line: int
    params: tuple[tuple[str, Any], ...] = ()

    def message(self, lang: str) -> str:
        return render(f"night.problem.{self.kind}", dict(self.params), lang)

    def data(self, lang: str) -> dict[str, Any]:
        return {"kind": self.kind, "source": self.source, "line": self.line,
                "message": self.message(lang)}


@dataclass(slots=True)
class OfflineNight:
    """The night the logs make: its name and game, players in the first round's draw
    order, its rounds' tables and byes, the games of each table, problems, standings."""

    name: str
    game: str
    players: list[str]
    tables: dict[int, list[TableResult]] = field(default_factory=dict)
    byes: dict[int, list[str]] = field(default_factory=dict)
    reports: dict[tuple[int, int], list[dict[str, Any]]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    standings: list[Row] = field(default_factory=list)


def _number(value: str | None) -> int | None:
    if value is None:
        return None
    text = value.strip()
    return int(text) if text.isascii() and text.isdigit() and int(text) >= 1 else None


def _kept(games: Sequence[GameFacts], problems: list[Problem]) -> list[tuple[int, int,
                                                                             GameFacts]]:
    """The games that can be placed, each with its round and table; a problem for each
    of the others."""
    known = [g.ruleset for g in games if g.ruleset]
    night_game = known[0] if known else None
    events = Counter(g.tags.get(EVENT) for g in games if g.tags.get(EVENT))
    event = events.most_common(1)[0][0] if events else None
    seen: dict[str, GameFacts] = {}
    kept: list[tuple[int, int, GameFacts]] = []
    for game in games:
        where = (game.source, game.line)
        if game.ruleset != night_game:
            problems.append(Problem("mixed-games", *where, (("game", game.ruleset or "?"),
                                                            ("night", night_game or "?"))))
            continue
        own_event = game.tags.get(EVENT)
        if own_event and event and own_event != event:
            problems.append(Problem("other-event", *where, (("event", own_event),
                                                            ("night", event))))
            continue
        round_number, table = _number(game.tags.get(ROUND)), _number(game.tags.get(TABLE))
        if round_number is None or table is None:
            kind = "no-round" if round_number is None else "no-table"
            tag = ROUND if round_number is None else TABLE
            problems.append(Problem(kind, *where, (("value", game.tags.get(tag, "")),)))
            continue
        if game.fingerprint is not None:
            first = seen.get(game.fingerprint)
            if first is not None:
                problems.append(Problem("duplicate", *where, (("source", first.source),
                                                              ("line", first.line))))
                continue
            seen[game.fingerprint] = game
        kept.append((round_number, table, game))
    return kept


def night_of_logs(games: Sequence[GameFacts], roster: Sequence[str] | None = None,
                  sizes: tuple[int, int] | None = None) -> OfflineNight:
    """The night the games make, every problem found, and its standings. ``roster``: the
    night's players (else those of its first round); ``sizes``: the table sizes allowed
    (else the game's), for the byes a round may have."""
    from referee.games import find_game

    problems: list[Problem] = []
    kept = _kept(games, problems)
    night_game = next((g.ruleset for g in games if g.ruleset), None) or "?"
    events = Counter(g.tags[EVENT] for _, _, g in kept if g.tags.get(EVENT))
    name = events.most_common(1)[0][0] if events else ""
    grouped: dict[int, dict[int, list[GameFacts]]] = {}
    for round_number, table, game in kept:
        grouped.setdefault(round_number, {}).setdefault(table, []).append(game)
    draw = _draw(grouped, roster)
    night = OfflineNight(name, night_game, draw, problems=problems)
    roster_set = set(draw)
    variant = find_game(night_game)
    low, high = sizes or (variant.night_table_sizes() if variant else (2, 8))
    for round_number in range(1, max(grouped, default=0) + 1):
        tables = grouped.get(round_number, {})
        seated = _check_round(round_number, tables, roster_set, problems)
        night.tables[round_number] = [
            _table(round_number, number, tables[number], night)
            for number in sorted(tables)]
        missing = [p for p in draw if p not in seated]
        if len(missing) <= fewest_byes(len(draw), low, high):
            night.byes[round_number] = missing
            continue
        where = _first(tables)
        for player in missing:
            problems.append(Problem("missing", where[0], where[1], (
                ("player", player), ("round", round_number))))
        night.byes[round_number] = []
    byes = Counter(p for players in night.byes.values() for p in players)
    every = [t for tables in night.tables.values() for t in tables]
    night.standings = standings(draw, every, byes)
    return night


def _draw(grouped: Mapping[int, Mapping[int, Sequence[GameFacts]]],
          roster: Sequence[str] | None) -> list[str]:
    """The night's players in the order of the first round's draw (its tables in order,
    each in seat order), then as they first sit in later rounds; with a ``roster``, only
    its players, those who never sat last."""
    first: list[str] = []
    for round_number in sorted(grouped):
        tables = grouped[round_number]
        for number in sorted(tables):
            for game in tables[number]:
                first.extend(p for p in game.players if p not in first)
    if roster is None:
        return first
    named = list(dict.fromkeys(roster))
    return [p for p in first if p in named] + [p for p in named if p not in first]


def _first(tables: Mapping[int, Sequence[GameFacts]]) -> tuple[str, int]:
    for number in sorted(tables):
        game = tables[number][0]
        return game.source, game.line
    return "", 0


def _check_round(round_number: int, tables: Mapping[int, Sequence[GameFacts]],
                 roster: set[str], problems: list[Problem]) -> set[str]:
    """The round's players; a problem for a player at two tables or not of the night."""
    at: dict[str, int] = {}
    for number in sorted(tables):
        flagged: set[str] = set()
        for game in tables[number]:
            for player in game.players:
                where = (game.source, game.line)
                other = at.setdefault(player, number)
                if other != number and player not in flagged:
                    problems.append(Problem("two-tables", *where, (
                        ("player", player), ("round", round_number), ("table", other),
                        ("other", number))))
                    flagged.add(player)
                if player not in roster and player not in flagged:
                    problems.append(Problem("not-in-night", *where, (
                        ("player", player), ("round", round_number), ("table", number))))
                    flagged.add(player)
    return set(at)


def _table(round_number: int, number: int, games: Sequence[GameFacts],
           night: OfflineNight) -> TableResult:
    table = TableResult(round_number, number, list(games[0].players), HANDED_IN)
    for place, game in enumerate(games, start=1):
        score = score_game(game.report, place)
        score.source = game.source
        table.games.append(score)
    night.reports[(round_number, number)] = [g.report for g in games]
    return table
