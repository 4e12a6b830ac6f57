"""Seating a night's next round, and closing a round.

The next round is seated (:func:`referee.night.seating.seat_round`) with the night's
method and seed, from the rounds before it; each table becomes one live table (a game
whose hands form a match: the round's games are its hands) or one per game (the
starter moving a seat each game), made by the live tables' own
:func:`~referee.api.live.creation.new_table` with the night's game, tags, reveal and
language, and ``Event``, ``Round`` and ``Table`` tags: their logs are a night's logs
(``referee night``). Their scribe's token is the organizer's, their seats' the
players' passes. The round, its tables and live tables are one transaction.
"""

from __future__ import annotations

from typing import Any

from referee.api.errors import ApiError
from referee.api.live.creation import new_table
from referee.api.live.current import MATCH_TAG, variant_of
from referee.api.live.store import TableRow
from referee.api.nights.service import Nights, change_row
from referee.api.nights.store import NightCommit, NightSnapshot, RoundRow, TableRowN
from referee.messages import render
from referee.night.scoring import FINISHED, HANDED_IN, VOIDED, seat_order
from referee.night.seating import History, SeatingError, seat_round


def night_tags(tags: dict[str, str], name: str, round_number: int, table: int,
               match: bool | None) -> dict[str, str]:
    """A night's table's tags: the night's, then ``Event``, ``Round``, ``Table`` (and a
    match name of its own for a game whose hands form one)."""
    found = {**tags, "Event": name, "Round": str(round_number), "Table": str(table)}
    if match:
        found[MATCH_TAG] = f"{name} · R{round_number} · T{table}"
    return found


def history(snap: NightSnapshot) -> History:
    """The rounds seated so far: who met whom, who started, who had a bye."""
    past = History()
    for r in snap.rounds:
        tables = [t.players for t in snap.tables_of(r.round)]
        past.seat(tables, r.byes, [t[0] for t in tables if t])
    return past


def present(snap: NightSnapshot, round_number: int) -> list[str]:
    return [p.player for p in snap.players if p.joined <= round_number
            and (p.withdrawn is None or p.withdrawn > round_number)]


def seat_next(nights: Nights, night_id: str, token: str | None) -> dict[str, Any]:
    """``POST /v1/nights/{id}/rounds``: the next round, seated."""

    def plan(snap: NightSnapshot, who: str) -> tuple[NightCommit, dict[str, Any]]:
        night = snap.night
        lang = night.lang
        nights.organizer(snap, token)
        if snap.rounds and not snap.rounds[-1].closed:
            raise ApiError(409, render("night.error.round_open",
                                       {"round": snap.rounds[-1].round}, lang))
        number = len(snap.rounds) + 1
        if number > night.rounds:
            raise ApiError(409, render("night.error.rounds_over", {"rounds": night.rounds},
                                       lang))
        view, _ = nights.view(snap)
        ranking = [row.player for row in view.standings]
        try:
            seated = seat_round(present(snap, number), night.sizes, night.seating, night.seed,
                                number, history(snap), ranking)
        except SeatingError:
            raise ApiError(409, render("night.error.nobody", {"round": number}, lang)) from None
        if len(seated.tables) > nights.settings.night_max_tables:
            raise ApiError(409, render("night.error.tables", {
                "tables": len(seated.tables), "most": nights.settings.night_max_tables}, lang))
        tables, live = _tables(snap, number, seated.tables)
        commit = NightCommit(night.id, night.seq, change_row(snap, who, "round", str(number)),
                             round=RoundRow(number, False, seated.byes, seated.repeats),
                             tables=tables, live=live)
        return commit, round_answer(number, tables, seated.byes, seated.repeats)

    return nights.change(night_id, token, plan)


def _tables(snap: NightSnapshot, number: int,
            seats: list[list[str]]) -> tuple[list[TableRowN], list[TableRow]]:
    night = snap.night
    variant = variant_of(night.game)
    match = MATCH_TAG in variant.match_tags and variant.series_tag == MATCH_TAG
    passes = {p.player: p.token_hash for p in snap.players}
    tables: list[TableRowN] = []
    live: list[TableRow] = []
    for table_number, players in enumerate(seats, start=1):
        tags = night_tags(dict(night.tags), night.name, number, table_number, match)
        games = 1 if match else night.per_round
        row = TableRowN(number, table_number, list(players))
        for game in range(games):
            order = seat_order(players, players[game % len(players)])
            made = new_table(night.game, order, tags, night.reveal, night.lang,
                             night.organizer_hash, {p: passes[p] for p in order},
                             hands_first=variant.night_hands_first)
            live.append(made)
            row.games.append(made.id)
        tables.append(row)
    return tables, live


def round_answer(number: int, tables: list[TableRowN], byes: list[str],
                 repeats: int) -> dict[str, Any]:
    return {"round": number, "byes": list(byes), "repeats": repeats, "tables": [
        {"table": t.number, "players": list(t.players), "starter": t.players[0],
         "table_id": t.games[0], "url": f"/t/{t.games[0]}",
         "games": [{"game": g, "table_id": tid, "url": f"/t/{tid}"}
                   for g, tid in enumerate(t.games, start=1)]}
        for t in tables]}


def close_round(nights: Nights, night_id: str, token: str | None,
                number: int) -> dict[str, Any]:
    """``POST /v1/nights/{id}/rounds/{n}/close``: every table finished, handed in or
    voided (409 listing those that are not)."""

    def plan(snap: NightSnapshot, who: str) -> tuple[NightCommit, dict[str, Any]]:
        lang = snap.night.lang
        nights.organizer(snap, token)
        found = next((r for r in snap.rounds if r.round == number), None)
        if found is None:
            raise ApiError(404, render("night.error.no_round", {"round": number}, lang))
        if found.closed:
            raise ApiError(409, render("night.error.closed", {"round": number}, lang))
        view, _ = nights.view(snap)
        tables = next(r.tables for r in view.rounds if r.number == number)
        open_tables = [t.table for t in tables if t.state not in (FINISHED, HANDED_IN, VOIDED)]
        if open_tables:
            raise ApiError(409, render("night.error.not_done", {
                "round": number, "tables": ", ".join(map(str, open_tables))}, lang),
                beside={"tables": open_tables})
        commit = NightCommit(snap.night.id, snap.night.seq,
                             change_row(snap, who, "close", str(number)), close=number)
        return commit, {"round": number, "closed": True}

    return nights.change(night_id, token, plan)
