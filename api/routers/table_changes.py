"""The changes to a live table (docs/cli-api.md, live tables): each needs a token
(``Authorization: Bearer TOKEN``: 401 without one, 403 for one of another table or
seat), is judged on the whole log it would make, and is committed before it is
answered (201), or refused with nothing stored.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from referee.api.deps import Auth, LimitedBodyRoute, TableId, bearer, live_of
from referee.api.errors import responses
from referee.api.live import changes, seats
from referee.api.live_schema import (
    EventIn,
    EventOut,
    HandIn,
    HandOut,
    NextHandIn,
    NextHandOut,
    SeatToken,
    State,
    UndoIn,
    UndoOut,
    UpIn,
    UpOut,
)

router = APIRouter(tags=["live tables"], route_class=LimitedBodyRoute)

CHANGE_ERRORS = (400, 401, 403, 404, 409, 413, 422, 429, 503)


def _answer(status: int, body: object) -> JSONResponse:
    return JSONResponse(body, status_code=status, headers={"Cache-Control": "no-store"})


@router.post("/v1/tables/{table_id}/events", status_code=201, response_model=EventOut,
             summary="Record an event",
             responses={200: {"model": EventOut, "description": "The same key again: the "
                                                                "first answer"},
                        **responses(*CHANGE_ERRORS)})
async def post_event(request: Request, table_id: TableId, body: EventIn, _: Auth) -> JSONResponse:
    """One event line, read by the referee's reader and replayed on the table's log. 201
    with its seq, its line in the log, a call's ruling and the state (as the poster sees
    it). 409 when ``after`` is not the table's seq (with ``seq``), or the game is over; 422
    for a syntax error (``column``, ``hint``, ``context``), a would-be log error
    (``rule``), or a line that is not an event; 429 past 20 changes a second."""
    status, answer = await run_in_threadpool(changes.post_event, live_of(request), table_id,
                                             bearer(request), body.text, body.after, body.key)
    return _answer(status, answer)


@router.put("/v1/tables/{table_id}/hands/{player}", status_code=201, response_model=HandOut,
            summary="Give a player's hand", responses=responses(*CHANGE_ERRORS))
async def put_hand(request: Request, table_id: TableId, player: str, body: HandIn,
                   _: Auth) -> JSONResponse:
    """The player's deal line, with the seat's (or the scribe's) token, before the player's
    first event of the hand: shown only to that seat until the hand ends. 409 a second
    time or after the player's first event; 422 for a wrong count or cards the decks
    cannot supply."""
    status, answer = await run_in_threadpool(changes.put_hand, live_of(request), table_id,
                                             player, bearer(request), body.cards)
    return _answer(status, answer)


@router.put("/v1/tables/{table_id}/up", status_code=201, response_model=UpOut,
            summary="Give the face-up card", responses=responses(*CHANGE_ERRORS))
async def put_up(request: Request, table_id: TableId, body: UpIn, _: Auth) -> JSONResponse:
    """The card turned up to start the pile (a game that turns one up: argentino's
    ``up:`` line), before the hand's first event; any token of the table. 409 a second
    time or after the first event; 422 for a game that turns no card up."""
    status, answer = await run_in_threadpool(changes.put_up, live_of(request), table_id,
                                             bearer(request), body.card)
    return _answer(status, answer)


@router.post("/v1/tables/{table_id}/undo", status_code=201, response_model=UndoOut,
             summary="Undo the last event", responses=responses(*CHANGE_ERRORS))
async def post_undo(request: Request, table_id: TableId, body: UndoIn, _: Auth) -> JSONResponse:
    """Take back change ``seq``: the last event not undone (or a hand given, while its
    player has not played), by the scribe or the seat that posted it (else 403). It
    leaves the log and the state; the trail keeps it, marked undone. 409 for any other
    change, or once the hand is over."""
    status, answer = await run_in_threadpool(changes.undo, live_of(request), table_id,
                                             bearer(request), body.seq)
    return _answer(status, answer)


@router.post("/v1/tables/{table_id}/hands", status_code=201, response_model=NextHandOut,
             summary="Start the next hand of the match", responses=responses(*CHANGE_ERRORS))
async def post_next_hand(request: Request, table_id: TableId, body: NextHandIn,
                         _: Auth) -> JSONResponse:
    """The scribe starts the next hand of the match, the seats in a new order (its ``Hand``
    tag, the same ``Match``). 409 before the hand has ended, once the match is over, or
    for a game played as one game."""
    tags = [(name, str(value)) for name, value in body.tags.items()]
    status, answer = await run_in_threadpool(changes.next_hand, live_of(request), table_id,
                                             bearer(request), list(body.players), tags)
    return _answer(status, answer)


@router.post("/v1/tables/{table_id}/seats/{player}/token", status_code=201,
             response_model=SeatToken, summary="Give a seat a new link",
             responses=responses(*CHANGE_ERRORS))
async def post_seat_token(request: Request, table_id: TableId, player: str,
                          _: Auth) -> JSONResponse:
    """The scribe gives ``player``'s seat a new token (a phone lost, a link shown once and
    gone): 201 with the token and the seat's link, shown only here. The seat's previous
    token is refused (403) from this moment; the trail keeps the change (action
    ``seat``, never the token) and ``seq`` grows by one. 403 for a seat's token, 404 for
    no such player, 409 once the table is over or abandoned."""
    status, answer = await run_in_threadpool(seats.new_seat_token, live_of(request),
                                             table_id, player, bearer(request))
    return _answer(status, answer)


@router.post("/v1/tables/{table_id}/abandon", status_code=200, response_model=State,
             summary="Abandon the table", responses=responses(*CHANGE_ERRORS))
async def post_abandon(request: Request, table_id: TableId, _: Auth) -> JSONResponse:
    """The scribe gives the table up: 200 with the state (``abandoned`` and ``over``
    true). No verdict is stored; every later write is 409; the table is deleted once
    idle, as any other. A change of its own (action ``abandon`` in the trail and the
    stream). 403 for a seat's token, 409 once the table is over or abandoned."""
    status, answer = await run_in_threadpool(seats.abandon, live_of(request), table_id,
                                             bearer(request))
    return _answer(status, answer)
