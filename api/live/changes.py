"""The changes to a live table: an event, a hand given, the face-up card, an undo, the next
hand. Each is planned on a snapshot (:meth:`LiveTables.change`) and judged on the
whole log it would make (:mod:`.judging`): refused with nothing stored, or committed.
"""

from __future__ import annotations

import json
from typing import Any

from referee.api.errors import ApiError
from referee.api.judge import judge
from referee.api.live import tokens
from referee.api.live.creation import check_tag_names
from referee.api.live.current import EVENT, HAND, HAND_TAG, MATCH_TAG, NEXT_HAND, UP, Current
from referee.api.live.judging import (
    UNPROCESSABLE,
    Judged,
    first_syntax_problem,
    judge_log,
    log_error_refusal,
    log_errors,
    syntax_refusal,
)
from referee.api.live.log import HandLog, hand_tags, joined
from referee.api.live.privacy import blind_hand
from referee.api.live.rulings import ruling
from referee.api.live.service import LiveTables, Planned, Replayed
from referee.api.live.state import own_fields
from referee.api.live.store import Snapshot, TableRow
from referee.api.store.verdicts import Verdict
from referee.engine.findings import LOG_ERROR
from referee.messages import render
from referee.notation.events import Call

Answer = dict[str, Any]
PRIVATE_CARD = "private-card"  # a refusal only another player's named draw explains


def refuse(status: int, key: str, lang: str, **params: Any) -> ApiError:
    return ApiError(status, render(key, params, lang))


def writable(table: TableRow) -> None:
    """409 for a table that takes no more changes (abandoned, or its game over)."""
    if table.abandoned:
        raise refuse(409, "live.error.abandoned", table.lang)
    if table.over:
        raise refuse(409, "live.error.over", table.lang, verdict=table.verdict_id)


def open_hand(current: Current) -> None:
    """409 once the game (or this hand) is over, or the table abandoned."""
    table = current.table
    writable(table)
    if table.finished:
        raise refuse(409, "live.error.hand_over", table.lang, verdict=table.verdict_id)


def check_syntax(judged: Judged, lang: str, shift: int = 0, shown: str | None = None) -> None:
    """422 for a log the reader finds a syntax error in (nothing is stored)."""
    problem = first_syntax_problem(judged)
    if problem is not None:
        raise syntax_refusal(problem, lang, shift, shown)


def check_possible(judged: Judged, lang: str, current: Current | None = None,
                   hand: HandLog | None = None, actor: str | None = None) -> None:
    """422 for a log the replay finds impossible (a log error; nothing is stored). With
    the ``current`` hand, the ``hand`` judged and whose change it is (``actor``: the
    event's player, whose hand is given, or the scribe): a refusal that only another
    player's named draw explains does not name the card (:mod:`.privacy`)."""
    errors = log_errors(judged)
    if not errors:
        return
    refusal = log_error_refusal(errors[0], lang)
    if current is None or hand is None or actor is None:
        raise refusal
    blind = blind_hand(hand, actor)
    if blind is not None:
        seen = log_errors(current.judge(blind))
        if not seen or log_error_refusal(seen[0], lang).message != refusal.message:
            raise ApiError(UNPROCESSABLE, render("live.error.private_card", {}, lang),
                           details={"kind": LOG_ERROR, "rule": PRIVATE_CARD})
    raise refusal


def ending(current: Current, judged: Judged,
           hand: HandLog) -> tuple[dict[str, Any], Verdict | None]:
    """The table's new values after a change, and the verdict when the change ends the
    hand: judged on the log as ``GET .../log`` shows it then, stored with the change."""
    result = judged.current
    if not result.finished:
        return {"finished": False}, None
    verdict = judge(joined(current.table.done_log, hand.text(private=False)), {})
    match = own_fields(result).get("match")
    over = not current.matches or (match is not None and bool(match["over"]))
    return {"finished": True, "over": over, "verdict_id": verdict.id}, verdict


def seat_of(author: str) -> str | None:
    return None if author == tokens.SCRIBE else author


# -- an event ------------------------------------------------------------------------------


def event_line(text: str, lang: str) -> str:
    """The one event line of a request (422 for an empty text, two lines or a tag)."""
    line = text.strip()
    if not line:
        raise refuse(422, "live.error.empty_line", lang)
    if "\n" in line or "\r" in line:
        raise refuse(422, "live.error.two_lines", lang)
    if line.startswith("["):
        raise refuse(422, "live.error.not_event", lang)
    return line


def post_event(tables: LiveTables, table_id: str, token: str | None, text: str,
               after: int | None, key: str | None) -> tuple[int, Answer]:
    """``POST /v1/tables/{id}/events``: one event line."""

    def plan(snap: Snapshot, author: str) -> Planned | Replayed:
        lang = snap.table.lang
        replayed = tables.replayed(table_id, author, key, text.strip())
        if replayed is not None:
            return replayed
        if after is not None and after != snap.table.seq:
            raise tables.stale(table_id, after)
        current = Current(snap)
        open_hand(current)
        limit = tables.settings.table_max_events
        if snap.table.events >= limit:
            raise refuse(409, "live.error.too_many_events", lang, limit=limit)
        line_text = event_line(text, lang)
        events = [c.text or "" for c in current.events]
        hand = current.hand_log(events=[*events, line_text])
        line = current.next_event_line(hand) - 1
        judged = current.judge(hand)
        check_syntax(judged, lang)
        record = judged.record
        if (len(judged.records) != snap.table.hand or len(record.events) != len(events) + 1
                or record.events[-1].line != line):
            raise refuse(422, "live.error.not_event", lang)
        event = record.events[-1]
        if author != tokens.SCRIBE and event.player != author:
            raise refuse(403, "live.error.not_your_event", lang, player=event.player,
                         seat=author)
        if snap.table.hands_first and event.player not in current.hands:
            raise refuse(409, "live.error.hand_first", lang, player=event.player)
        check_possible(judged, lang, current, hand, event.player)
        updates, verdict = ending(current, judged, hand)
        updates["events"] = snap.table.events + 1
        called = next((c for c in judged.current.calls if c.line == line), None) \
            if isinstance(event, Call) else None

        def answer(state: Answer, lang: str) -> Answer:
            said = None if called is None else ruling(judged.current, called,
                                                      {line: state["seq"]}, lang)
            shown = next((e["text"] for e in state["events"] if e["seq"] == state["seq"]),
                         line_text)  # a named draw as this state's viewer sees it
            return {"seq": state["seq"], "action": EVENT, "line": line, "text": shown,
                    "by": author, "player": event.player, "ruling": said, "state": state}

        return tables.planned(snap, author, updates,
                              {"action": EVENT, "player": event.player, "text": line_text,
                               "line": line}, judged, answer, seat_of(author),
                              verdict=verdict, key=key)

    return tables.change(table_id, token, after, plan)


# -- a hand given --------------------------------------------------------------------------


def one_line(text: str, lang: str) -> str:
    value = text.strip()
    if "\n" in value or "\r" in value or "#" in value:
        raise refuse(422, "live.error.one_line_cards", lang)
    return value


def put_hand(tables: LiveTables, table_id: str, player: str, token: str | None,
             cards: str) -> tuple[int, Answer]:
    """``PUT /v1/tables/{id}/hands/{player}``: a player's hand, before their first event."""

    def plan(snap: Snapshot, author: str) -> Planned:
        lang = snap.table.lang
        current = Current(snap)
        if player not in current.players:
            raise refuse(404, "live.error.no_seat", lang, player=player)
        if author not in (tokens.SCRIBE, player):
            raise refuse(403, "live.error.not_your_hand", lang, player=player, seat=author)
        open_hand(current)
        given = current.hands.get(player)
        if given is not None:
            raise refuse(409, "live.error.hand_given", lang, player=player, seq=given.seq)
        if current.played(player):
            raise refuse(409, "live.error.hand_after_event", lang, player=player)
        text = one_line(cards, lang)
        hand = current.hand_log(deals={**current.deals, player: text})
        line = current.start + hand.deal_offset(player)
        judged = current.judge(hand)
        check_syntax(judged, lang, shift=len(f"deal {player}: "), shown=text)
        dealt = judged.record.deals.get(player)
        if dealt is None or dealt.line != line:
            raise refuse(422, "live.error.one_line_cards", lang)
        check_possible(judged, lang, current, hand, player)

        def answer(state: Answer, lang: str) -> Answer:
            return {"seq": state["seq"], "action": HAND, "player": player, "by": author,
                    "state": state}

        return tables.planned(snap, author, {}, {"action": HAND, "player": player,
                                                 "text": text, "line": line},
                              judged, answer, player)

    return tables.change(table_id, token, None, plan)


# -- the face-up card ----------------------------------------------------------------------


def put_up(tables: LiveTables, table_id: str, token: str | None,
           card: str) -> tuple[int, Answer]:
    """``PUT /v1/tables/{id}/up``: the card turned up to start the pile (argentino's
    ``up:`` line), before the hand's first event; any token of the table."""

    def plan(snap: Snapshot, author: str) -> Planned:
        lang = snap.table.lang
        current = Current(snap)
        open_hand(current)
        if not current.variant.face_up_card:
            raise refuse(422, "live.error.no_up", lang)
        if current.up is not None:
            raise refuse(409, "live.error.up_given", lang, card=current.up)
        if current.events:
            raise refuse(409, "live.error.up_after_event", lang)
        text = one_line(card, lang)
        hand = current.hand_log(up=text)
        line = current.start + hand.up_offset()
        judged = current.judge(hand)
        check_syntax(judged, lang, shift=len("up: "), shown=text)
        if judged.record.up_line != line or judged.record.up is None:
            raise refuse(422, "live.error.one_card", lang)
        check_possible(judged, lang, current, hand, author)

        def answer(state: Answer, lang: str) -> Answer:
            return {"seq": state["seq"], "action": UP, "card": text, "by": author,
                    "state": state}

        return tables.planned(snap, author, {}, {"action": UP, "text": text, "line": line},
                              judged, answer, seat_of(author))

    return tables.change(table_id, token, None, plan)


# -- undo ----------------------------------------------------------------------------------


def _undoable(current: Current, seq: int, lang: str) -> Any:
    """The change ``seq`` names, if it may be undone now (409 otherwise): the last event
    not undone, or a hand given while its player has not played."""
    target = next((c for c in current.snap.changes if c.seq == seq), None)
    events = current.events
    last = events[-1].seq if events else None
    if target is None or target.action not in (EVENT, HAND):
        if target is None and last is None:
            raise refuse(409, "live.error.undo_nothing", lang)
        raise refuse(409, "live.error.undo_kind", lang, seq=seq, last=last)
    if target.undone_by is not None:
        raise refuse(409, "live.error.undone", lang, seq=seq, by=target.undone_by)
    if target.action == EVENT and target.seq != last:
        raise refuse(409, "live.error.undo_last", lang, seq=seq, last=last)
    if target.action == HAND and target.player is not None and current.played(target.player):
        raise refuse(409, "live.error.undo_hand_played", lang, player=target.player)
    return target


def undo(tables: LiveTables, table_id: str, token: str | None,
         seq: int) -> tuple[int, Answer]:
    """``POST /v1/tables/{id}/undo``: take back the last event (or a hand given)."""

    def plan(snap: Snapshot, author: str) -> Planned:
        lang = snap.table.lang
        current = Current(snap)
        open_hand(current)
        target = _undoable(current, seq, lang)
        if author not in (tokens.SCRIBE, target.by):
            raise refuse(403, "live.error.not_your_undo", lang, seq=seq, by=target.by)
        kept = [c for c in current.snap.changes if c.seq != target.seq]
        without = Current(Snapshot(snap.table, kept))
        hand = without.hand_log()
        judged = without.judge(hand)
        check_syntax(judged, lang)  # taking back a line never spoils the log
        updates, verdict = ending(without, judged, hand)
        text = target.text if target.action == EVENT else None

        def answer(state: Answer, lang: str) -> Answer:
            return {"seq": state["seq"], "action": "undo", "undone": seq, "by": author,
                    "state": state}

        return tables.planned(snap, author, updates,
                              {"action": "undo", "player": target.player, "text": text,
                               "target": seq, "line": target.line},
                              judged, answer, seat_of(author), undo=seq, verdict=verdict)

    return tables.change(table_id, token, None, plan)


# -- the next hand of a match ----------------------------------------------------------------


def next_hand(tables: LiveTables, table_id: str, token: str | None, players: list[str],
              tags: list[tuple[str, str]], author: str | None = None) -> tuple[int, Answer]:
    """``POST /v1/tables/{id}/hands``: the next hand of the match, seats in a new order
    (``author``: the scribe, when a club night has checked who asks)."""
    def plan(snap: Snapshot, author: str) -> Planned:
        table = snap.table
        lang = table.lang
        current = Current(snap)
        if author != tokens.SCRIBE:
            raise refuse(403, "live.error.scribe_only", lang)
        if table.abandoned:
            raise refuse(409, "live.error.abandoned", lang)
        if not current.matches:
            raise refuse(409, "live.error.one_game", lang)
        if table.over:
            raise refuse(409, "live.error.match_over", lang, verdict=table.verdict_id)
        if not table.finished:
            raise refuse(409, "live.error.hand_not_over", lang)
        check_tag_names(tags, lang, (HAND_TAG, MATCH_TAG))
        done = current.public()
        number = table.hand + 1
        hand = HandLog(tags=hand_tags(table.game, table.tags, players, HAND_TAG, number, tags,
                                      current.variant.hand_only_tags),
                   players=tuple(players), deals={}, face_up=current.variant.face_up_card,
                   up=None, events=(), lang=lang)
        judged = judge_log(done, hand.text())
        problem = first_syntax_problem(judged)
        if problem is not None or len(judged.records) != number:
            refusal = syntax_refusal(problem, lang) if problem is not None \
                else refuse(400, "live.error.not_a_hand", lang)
            refusal.status = 400
            raise refusal
        check_possible(judged, lang)
        updates = {"hand": number, "hand_players": list(players), "hand_tags": list(tags),
                   "finished": False, "over": False, "done_log": done}

        def answer(state: Answer, lang: str) -> Answer:
            return {"seq": state["seq"], "action": NEXT_HAND, "hand": number,
                    "players": list(players), "by": author, "state": state}

        return tables.planned(snap, author, updates,
                              {"action": NEXT_HAND, "hand": number,
                               "text": json.dumps({"players": players, "tags": tags},
                                                  ensure_ascii=False)},
                              judged, answer, None)

    return tables.change(table_id, token, None, plan, author)
