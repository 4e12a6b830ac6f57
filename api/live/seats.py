"""The scribe's changes to the table itself: a seat's new link, abandoning the table.

``POST /v1/tables/{id}/seats/{player}/token`` gives a seat a new token (a phone
lost, a link shown once and gone): the seat's old token opens nothing from the
moment the change is committed, the trail keeps the change (never the token) and
``seq`` grows by one. ``POST /v1/tables/{id}/abandon`` ends a table with no
verdict: every later write is 409, and the table is deleted once idle as any
other. Both are the scribe's only (403 for a seat's token).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from referee.api.live import tokens
from referee.api.live.changes import refuse, writable
from referee.api.live.service import LiveTables, Planned
from referee.api.live.store import Snapshot

SEAT, ABANDON = "seat", "abandon"
Answer = dict[str, Any]


def seat_url(table_id: str, token: str) -> str:
    """A seat's page: the token in the fragment, which never reaches the server."""
    return f"/t/{table_id}#seat={token}"


def new_seat_token(tables: LiveTables, table_id: str, player: str,
                   token: str | None) -> tuple[int, Answer]:
    """``POST /v1/tables/{id}/seats/{player}/token``: 201 ``{player, token, url}``."""
    made = tokens.new_token()
    digest = tokens.token_hash(made)

    def plan(snap: Snapshot, author: str) -> Planned:
        lang = snap.table.lang
        if author != tokens.SCRIBE:
            raise refuse(403, "live.error.scribe_only_seat", lang)
        if player not in snap.table.players:
            raise refuse(404, "live.error.no_player", lang, player=player)
        writable(snap.table)

        def answer(state: Answer, lang: str) -> Answer:
            return {"seq": state["seq"], "action": SEAT, "player": player, "by": author,
                    "state": state}

        planned = tables.planned(snap, author, {}, {"action": SEAT, "player": player},
                                 tables.judged(snap), answer, None)
        after = planned.snapshot.table
        planned.snapshot.table = dataclasses.replace(after, seats={**after.seats,
                                                                   player: digest})
        planned.commit.seat = (player, digest)
        planned.reply = {"player": player, "token": made,
                         "url": seat_url(snap.table.id, made)}
        return planned

    return tables.change(table_id, token, None, plan)


def abandon(tables: LiveTables, table_id: str, token: str | None) -> tuple[int, Answer]:
    """``POST /v1/tables/{id}/abandon``: 200 with the state (``abandoned``: true)."""

    def plan(snap: Snapshot, author: str) -> Planned:
        if author != tokens.SCRIBE:
            raise refuse(403, "live.error.scribe_only_abandon", snap.table.lang)
        writable(snap.table)

        def answer(state: Answer, lang: str) -> Answer:
            return {"seq": state["seq"], "action": ABANDON, "by": author, "state": state}

        return tables.planned(snap, author, {"abandoned": True}, {"action": ABANDON},
                              tables.judged(snap), answer, None)

    _, answer = tables.change(table_id, token, None, plan)
    state: Answer = answer["state"]
    return 200, state
