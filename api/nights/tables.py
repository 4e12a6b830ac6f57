"""The changes to a night's table: a log handed in (or a corrected one), a table voided,
scores entered for a hand without them, the next hand of a match. Each is in the
night's trail, with its reason when it has one.
"""

from __future__ import annotations

from typing import Any

from referee.api.errors import ApiError
from referee.api.judge import judge
from referee.api.live import changes as live_changes
from referee.api.live import tokens
from referee.api.nights.service import ORGANIZER, Nights, change_row
from referee.api.nights.store import NightCommit, NightSnapshot, TableRowN
from referee.knobs import shown
from referee.messages import render
from referee.night.offline import ROUND, TABLE
from referee.night.scoring import VOIDED


def table_of(snap: NightSnapshot, number: int, table: int) -> TableRowN:
    found = snap.table(number, table)
    if found is None:
        raise ApiError(404, render("night.error.no_table", {"round": number, "table": table},
                                   snap.night.lang))
    return found


def hand_in(nights: Nights, night_id: str, token: str | None, number: int, table: int,
            text: str, reason: str | None) -> dict[str, Any]:
    """``PUT .../rounds/{n}/tables/{t}/log``: the table's log, judged as ``referee audit``
    would; its games must be the night's game, its players the table's (422 otherwise,
    or with the referee's errors for a log that does not read)."""

    def plan(snap: NightSnapshot, who: str) -> tuple[NightCommit, dict[str, Any]]:
        lang = snap.night.lang
        nights.organizer(snap, token)
        row = table_of(snap, number, table)
        verdict = judge(text, {}, nights.settings.max_games)
        games = verdict.report(lang)["games"]
        _check_log(games, row, snap, number, table, lang)
        corrected = row.log is not None
        commit = NightCommit(
            snap.night.id, snap.night.seq,
            change_row(snap, who, "corrected-log" if corrected else "log",
                       f"{number}/{table} {verdict.id}", reason),
            table_update=(number, table, {"log": verdict.log, "verdict_id": verdict.id}),
            verdict=verdict)
        return commit, {"round": number, "table": table, "verdict_id": verdict.id,
                        "url": f"/v/{verdict.id}", "games": len(games),
                        "corrected": corrected}

    return nights.change(night_id, token, plan)


def _check_log(games: list[dict[str, Any]], row: TableRowN, snap: NightSnapshot, number: int,
               table: int, lang: str) -> None:
    if not games:
        raise ApiError(422, render("night.error.log_empty", {}, lang))
    problems = [f for g in games for f in g["findings"] if f["kind"] == "syntax-error"]
    if problems:
        raise ApiError(422, render("night.error.log_unread", {
            "line": problems[0]["line"], "message": problems[0]["message"]}, lang),
            details={"findings": problems})
    seats = set(row.players)
    for game in games:
        if game["ruleset"] != snap.night.game:
            raise ApiError(422, render("night.error.log_game", {
                "game": shown(str(game["ruleset"])), "night": snap.night.game}, lang))
        if set(game["players"]) != seats:
            raise ApiError(422, render("night.error.log_players", {
                "players": ", ".join(game["players"]), "seats": ", ".join(row.players)},
                lang))
        tags = game["tags"]
        for tag, value in ((ROUND, number), (TABLE, table)):
            if tag in tags and tags[tag].strip() != str(value):
                raise ApiError(422, render("night.error.log_tag", {
                    "tag": tag, "value": shown(tags[tag]), "expected": value}, lang))


def void(nights: Nights, night_id: str, token: str | None, number: int, table: int,
         reason: str) -> dict[str, Any]:
    """``POST .../tables/{t}/void``: it scores 0 for all and shows as voided."""

    def plan(snap: NightSnapshot, who: str) -> tuple[NightCommit, dict[str, Any]]:
        nights.organizer(snap, token)
        row = table_of(snap, number, table)
        if row.voided:
            raise ApiError(409, render("night.error.voided", {"round": number,
                                                              "table": table},
                                       snap.night.lang))
        commit = NightCommit(snap.night.id, snap.night.seq,
                             change_row(snap, who, "void", f"{number}/{table}", reason),
                             table_update=(number, table, {"voided": True, "reason": reason}))
        return commit, {"round": number, "table": table, "state": VOIDED, "reason": reason}

    return nights.change(night_id, token, plan)


def enter_scores(nights: Nights, night_id: str, token: str | None, number: int, table: int,
                 hand: int, scores: dict[str, int], reason: str | None) -> dict[str, Any]:
    """``PUT .../tables/{t}/scores``: the scores of a hand that has none (hidden cards at
    its end, or it did not finish); they then count."""

    def plan(snap: NightSnapshot, who: str) -> tuple[NightCommit, dict[str, Any]]:
        lang = snap.night.lang
        nights.organizer(snap, token)
        row = table_of(snap, number, table)
        unknown = [p for p in scores if p not in row.players]
        if unknown:
            raise ApiError(422, render("night.error.scores_players", {
                "players": ", ".join(map(shown, unknown)), "seats": ", ".join(row.players)},
                lang))
        view, _ = nights.view(snap)
        result = next(t for r in view.rounds if r.number == number for t in r.tables
                      if t.table == table)
        game = next((g for g in result.games if g.number == hand), None)
        if game is None:
            raise ApiError(409, render("night.error.no_hand", {"hand": hand}, lang))
        if hand not in row.scores and game.points is not None:
            raise ApiError(409, render("night.error.scored", {"hand": hand}, lang))
        entered = {**row.scores, hand: {p: int(v) for p, v in scores.items()}}
        text = f"{number}/{table} hand {hand}: " + ", ".join(f"{p} {v}"
                                                             for p, v in scores.items())
        commit = NightCommit(snap.night.id, snap.night.seq,
                             change_row(snap, who, "scores", text, reason),
                             table_update=(number, table, {"scores": entered}))
        return commit, {"round": number, "table": table, "hand": hand,
                        "scores": entered[hand]}

    return nights.change(night_id, token, plan)


def next_hand(nights: Nights, night_id: str, token: str | None, number: int,
              table: int) -> tuple[int, dict[str, Any]]:
    """``POST .../tables/{t}/next-hand``: the next hand of the table's match (a game whose
    hands form one), the seats turned one place; by the organizer or a player of the
    table. 409 before the hand has ended, once the round's hands are played."""
    snap = nights.snapshot(night_id)
    who = nights.holder(snap, token)
    lang = snap.night.lang
    row = table_of(snap, number, table)
    if who != ORGANIZER and who not in row.players:
        raise ApiError(403, render("night.error.not_your_table", {"player": who}, lang))
    if not nights.series(snap) or not row.games:
        raise ApiError(409, render("live.error.one_game", {}, lang))
    live = nights.live.snapshot(row.games[0])
    if live.table.hand >= snap.night.per_round:
        raise ApiError(409, render("night.error.hands_done", {"hands": snap.night.per_round},
                                   lang))
    order = list(live.table.hand_players)
    order = order[1:] + order[:1]
    return live_changes.next_hand(nights.live, row.games[0], None, order, [],
                                  author=tokens.SCRIBE)
