"""Live tables (docs/cli-api.md, live tables): create one, watch it.

``POST /v1/tables`` creates a table and gives its tokens (once). Reads need no
token: ``GET /v1/tables/{id}`` (the state; a seat's token adds its own hand),
``.../log`` (the ``.rummy`` so far), ``.../trail`` (every change) and
``.../stream`` (Server-Sent Events); ``.../me`` says whose token a request carries
(the page ``/t/{id}`` asks it). The changes are in
:mod:`referee.api.routers.table_changes`.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from starlette.concurrency import run_in_threadpool

from referee.api.deps import (
    Auth,
    LimitedBodyRoute,
    TableId,
    bearer,
    created_too_fast,
    live_of,
    request_lang,
    settings_of,
)
from referee.api.errors import ApiError, responses
from referee.api.limits import StreamSlots, client_address
from referee.api.live.cache import read
from referee.api.live.creation import create_table
from referee.api.live.stream import stream_response
from referee.api.live.tokens import SCRIBE
from referee.api.live_schema import Me, State, TableCreated, TableIn, TrailItem
from referee.knobs import shown
from referee.messages import render

router = APIRouter(tags=["live tables"], route_class=LimitedBodyRoute)

MAX_SEQ = 10**12
STREAM_RETRY = 30  # seconds a client refused a stream waits before it asks again
LANG = Query(description="Language of the messages: en or es (default: the table's).")


def _lang(request: Request, lang: str | None) -> str | None:
    return None if lang is None or lang == "" else request_lang(request, lang)


@router.post("/v1/tables", status_code=201, response_model=TableCreated,
             summary="Create a live table", responses=responses(400, 413, 429))
async def post_table(request: Request, body: TableIn) -> JSONResponse:
    """A table for a game (or, where hands form matches, a match): its id, its page and its
    tokens, shown only here: the scribe's (writes for everyone) and one per seat (writes
    that player's events, calls and hand). 400 for an unknown game, a bad player list,
    tag or knob value, with the referee's message; 429 (``Retry-After``) past
    ``REFEREE_CREATE_RATE`` tables a minute from one client address."""
    lang = body.lang or settings_of(request).lang
    refused = created_too_fast(request, lang)
    if refused is not None:
        raise refused
    tags = {name: str(value) for name, value in body.tags.items()}
    created = await run_in_threadpool(create_table, live_of(request), body.game,
                                      list(body.players), tags, body.reveal, lang)
    return JSONResponse(created, status_code=201,
                        headers={"Location": f"/v1/tables/{created['id']}"})


@router.get("/v1/tables/{table_id}", response_model=State, summary="A live table's state",
            responses=responses(400, 403, 404, 422))
async def get_table(request: Request, table_id: TableId, _: Auth,
                    lang: Annotated[str | None, LANG] = None) -> JSONResponse:
    """The table as the public sees it; with a seat's token, ``my_hand`` too (403 for a
    token of another table). 404 for no such table, 422 for a malformed id."""
    tables = live_of(request)
    state = await read(tables, table_id, tables.state, table_id, bearer(request),
                       _lang(request, lang))
    return JSONResponse(state, headers={"Cache-Control": "no-store"})


def _whose(request: Request, table_id: str) -> dict[str, str | None]:
    tables = live_of(request)
    who = tables.author(tables.snapshot(table_id), bearer(request))
    return {"by": who, "player": None if who == SCRIBE else who}


@router.get("/v1/tables/{table_id}/me", response_model=Me, summary="Whose token this is",
            responses=responses(401, 403, 404, 422))
async def get_me(request: Request, table_id: TableId, _: Auth) -> JSONResponse:
    """The seat (or the scribe) the token in ``Authorization`` opens at this table:
    ``{"by": "Ana", "player": "Ana"}``, or ``{"by": "scribe", "player": null}``. 401
    without a token, 403 for one that opens nothing here. The page ``/t/{id}`` asks it
    whose link it was opened with."""
    who = await run_in_threadpool(_whose, request, table_id)
    return JSONResponse(who, headers={"Cache-Control": "no-store"})


@router.get("/v1/tables/{table_id}/log", summary="A live table's log",
            responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}},
                             "description": "The log, .rummy notation"},
                       **responses(403, 404, 422)})
async def get_log(request: Request, table_id: TableId, _: Auth) -> Response:
    """The ``.rummy`` so far: the tags, the hands given (each once its hand has ended), the
    events not undone (a named draw as ``Beto draw`` until its hand has ended). Once a
    game has ended, ``referee audit`` on it gives its verdict. A ``sealed`` table's log is
    for the scribe's token only while its game (in a match, its hand) is played: 403 to
    anyone else (the referee does not do the noticing for anyone); public once it has
    ended."""
    text = await run_in_threadpool(live_of(request).log, table_id, bearer(request))
    return PlainTextResponse(text, media_type="text/plain; charset=utf-8",
                             headers={"Cache-Control": "no-store"})


@router.get("/v1/tables/{table_id}/trail", response_model=list[TrailItem],
            summary="A live table's trail", responses=responses(400, 404, 422))
async def get_trail(
    request: Request, table_id: TableId,
    after: Annotated[int, Query(ge=0, le=MAX_SEQ,
                                description="Only the changes after this seq.")] = 0,
) -> JSONResponse:
    """Every change, in order (1,000 at most per answer: ask again with ``after``), undone
    ones marked; a hand's cards only once its hand has ended."""
    trail = await run_in_threadpool(live_of(request).trail, table_id, after)
    return JSONResponse(trail, headers={"Cache-Control": "no-store"})


def _seq(name: str, value: str | None, lang: str) -> int | None:
    if value is None or value.strip() == "":
        return None
    text = value.strip()
    if not text.isascii() or not text.isdigit() or len(text) > 12:
        raise ApiError(400, render("live.error.last_event_id", {"name": name,
                                                               "value": shown(value)}, lang))
    return int(text)


@router.get("/v1/tables/{table_id}/stream", summary="A live table's changes (SSE)",
            responses={200: {"content": {"text/event-stream": {}},
                             "description": "One message per change: id SEQ, event table "
                                            "or undo, data the change's answer."},
                       **responses(400, 404, 422, 429)})
async def get_stream(
    request: Request, table_id: TableId,
    after: Annotated[int | None, Query(ge=0, le=MAX_SEQ,
                                       description="Resume after this seq (as "
                                                   "Last-Event-ID).")] = None,
    last_event_id: Annotated[str | None, Header(
        alias="Last-Event-ID", description="Resume after this seq (sent by EventSource).",
        json_schema_extra={"pattern": "^[0-9]{1,12}$"})] = None,
    lang: Annotated[str | None, LANG] = None,
) -> Response:
    """Server-Sent Events: each change as it is made. ``Last-Event-ID: N`` (or
    ``?after=N``) resumes after change N, with no gap and no repeat; with neither, the
    changes from now on. Public: nothing private or sealed is in it. 429 past
    ``REFEREE_TABLE_STREAMS`` streams open on the table or ``REFEREE_CLIENT_STREAMS``
    from one client address."""
    tables = live_of(request)
    code = settings_of(request).lang
    snap = await run_in_threadpool(tables.snapshot, table_id)
    resume = _seq("Last-Event-ID", last_event_id, code)
    if resume is None:
        resume = after
    start = snap.table.seq if resume is None else resume
    chosen = _lang(request, lang) or snap.table.lang
    slots: StreamSlots = request.app.state.stream_slots
    address = client_address(request)
    full = slots.take(table_id, address)
    if full is not None:
        settings = settings_of(request)
        limit = settings.table_streams if full == "table" else settings.client_streams
        raise ApiError(429, render(f"live.error.{full}_streams", {"limit": limit},
                                   snap.table.lang), {"Retry-After": str(STREAM_RETRY)})
    return stream_response(tables, request.app.state.notifier, table_id, start, chosen,
                           lambda: slots.give_back(table_id, address))
