"""``POST /v1/tables``: a new table, its tags checked by the referee's reader.

The first hand's header (``Game``, the tags, ``Players``) is read as a log is: a
game the referee does not know, a bad player list (count, a name twice, a name
the notation cannot read) or a bad knob value is a 400 with the reader's message;
the names pass :mod:`.names` first (one word, compared after NFC and case folding,
one script, no card or keyword), so a table's names are told apart as people read
them.
A table of a game whose hands form matches gets a ``Match`` tag when it has none
(its ``Event``, else "Live table DATE"), so its hands are one match.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

from referee.api.errors import ApiError
from referee.api.live import tokens
from referee.api.live.current import HAND_TAG, MATCH_TAG, forms_matches
from referee.api.live.judging import first_syntax_problem, judge_log, log_errors
from referee.api.live.log import HandLog, hand_tags
from referee.api.live.names import check_players
from referee.api.live.service import LiveTables
from referee.api.live.store import TableRow
from referee.engine.audit import syntax_finding
from referee.games import find_game, games
from referee.knobs import shown
from referee.messages import render
from referee.report.model import finding_message

TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
TABLE_TAGS = ("Game", "Players")  # given by the table itself: game and players
EVENT_TAG = "Event"
MAX_TAG_VALUE = 200


def bad(key: str, lang: str, **params: Any) -> ApiError:
    return ApiError(400, render(key, params, lang))


def check_tag_names(tags: Iterable[tuple[str, str]], lang: str,
                    reserved: Sequence[str] = ()) -> None:
    """A tag name the notation reads, not one the table gives itself, a value on one line."""
    for name, value in tags:
        if TAG_NAME.fullmatch(name) is None:
            raise bad("live.error.tag_name", lang, tag=shown(name))
        if name in TABLE_TAGS or name in reserved:
            raise bad("live.error.reserved_tag", lang, tag=name)
        if any(ch in value for ch in "\n\r\x00") or len(value) > MAX_TAG_VALUE:
            raise bad("live.error.tag_value", lang, tag=name, max=MAX_TAG_VALUE)


def table_tags(game_matches: bool, tags: list[tuple[str, str]],
               lang: str) -> list[tuple[str, str]]:
    names = {name for name, _ in tags}
    if not game_matches or MATCH_TAG in names:
        return tags
    event = next((value for name, value in tags if name == EVENT_TAG), None)
    match = event or render("live.match_name", {"date": datetime.now(UTC).date().isoformat()},
                            lang)
    return [*tags, (MATCH_TAG, match)]


def create_table(tables: LiveTables, game: str, players: list[str], tags: dict[str, str],
                 reveal: str, lang: str) -> dict[str, Any]:
    scribe = tokens.new_token()
    seats = {player: tokens.new_token() for player in players}
    table = new_table(game, players, tags, reveal, lang, tokens.token_hash(scribe),
                      {player: tokens.token_hash(token) for player, token in seats.items()})
    tables.sweep_if_due()
    tables.store.create(table)
    url = f"/t/{table.id}"
    return {"id": table.id, "url": url, "seq": 0, "scribe": {"token": scribe},
            "seats": [{"player": player, "token": token, "url": f"{url}#seat={token}"}
                      for player, token in seats.items()]}


def new_table(game: str, players: list[str], tags: dict[str, str], reveal: str, lang: str,
              scribe_hash: str, seat_hashes: dict[str, str],
              hands_first: bool = False) -> TableRow:
    """A table's row, its game, players, tags and knobs checked (400 with the referee's
    message), not stored yet: whose tokens open it is given as their hashes (a club
    night's tables open with its organizer's token and its players' passes)."""
    variant = find_game(game)
    if variant is None:
        raise bad("unknown-game", lang, value=shown(game), known=", ".join(games()))
    check_players(players, lang)
    pairs = list(tags.items())
    matches = forms_matches(variant)
    check_tag_names(pairs, lang, (HAND_TAG,) if matches else ())
    pairs = table_tags(matches, pairs, lang)
    hand = HandLog(tags=hand_tags(variant.name, pairs, players,
                                  HAND_TAG if matches else None, 1),
                   players=tuple(players), deals={}, face_up=variant.face_up_card, up=None,
                   events=(), lang=lang)
    judged = judge_log("", hand.text())
    problem = first_syntax_problem(judged)
    if problem is not None:
        raise ApiError(400, finding_message(syntax_finding(problem), lang))
    errors = log_errors(judged)
    if errors:
        raise ApiError(400, finding_message(errors[0], lang))
    if judged.live.view is None or len(judged.records) != 1:
        raise bad("live.error.not_a_hand", lang)
    now = datetime.now(UTC)
    return TableRow(
        id=tokens.new_table_id(), game=variant.name, lang=lang, reveal=reveal,
        players=list(players), tags=pairs, scribe_hash=scribe_hash, seq=0,
        hand=1, hand_players=list(players), hand_tags=[], finished=False, over=False,
        verdict_id=None, events=0, done_log="", created_at=now, touched_at=now,
        seats=dict(seat_hashes), hands_first=hands_first)
