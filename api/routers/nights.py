"""Club nights (docs/cli-api.md, nights; NIGHT.md): several tables, rounds, one board.

``POST /v1/nights`` makes a night and gives its tokens (once): the organizer's, which
writes everything, and one pass per player. Reads need no token: the night
(``GET /v1/nights/{id}``), its report, trail and stream. The organizer seats each
round (its tables are live tables), closes it, hands in a table's log, voids a table,
enters a hand's scores, withdraws or adds a player.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from referee.api.deps import (
    Auth,
    NightBodyRoute,
    NightId,
    bearer,
    created_too_fast,
    nights_of,
    settings_of,
)
from referee.api.errors import ApiError, responses
from referee.api.night_schema import (
    LateIn,
    LateOut,
    Night,
    NightCreated,
    NightIn,
    NightReport,
    ReasonIn,
    ScoresIn,
    Seated,
    TrailItem,
    VoidIn,
    Whose,
)
from referee.api.nights import creation, round, tables
from referee.api.nights.stream import stream_response
from referee.knobs import shown
from referee.messages import render

router = APIRouter(tags=["club nights"], route_class=NightBodyRoute)

WRITE_ERRORS = (400, 401, 403, 404, 409, 413, 422, 503)
MAX_VERSION = 10**15


def _answer(body: object, status: int = 200) -> JSONResponse:
    return JSONResponse(body, status_code=status, headers={"Cache-Control": "no-store"})


@router.post("/v1/nights", status_code=201, response_model=NightCreated,
             summary="Make a club night", responses=responses(400, 413, 429))
async def post_night(request: Request, body: NightIn) -> JSONResponse:
    """A night: its id, its board (``/n/ID``), the organizer's token and one pass per
    player, shown only here. 400 for an unknown game, a bad name, tag or knob (as a live
    table says it), sizes outside the game's, or a player count no table sizes within
    ``tables`` can seat (with the sizes that would)."""
    lang = body.lang or settings_of(request).lang
    refused = created_too_fast(request, lang)
    if refused is not None:
        raise refused
    data: dict[str, Any] = body.model_dump()
    if body.tables is not None:
        if body.tables.min > body.tables.max:
            raise ApiError(400, render("night.error.sizes", {
                "low": body.tables.min, "high": body.tables.max, "least": 2, "most": 8},
                lang))
        data["tables"] = (body.tables.min, body.tables.max)
    created = await run_in_threadpool(creation.create_night, nights_of(request), data, lang)
    return JSONResponse(created, status_code=201,
                        headers={"Location": f"/v1/nights/{created['id']}"})


@router.get("/v1/nights/{night_id}", response_model=Night, summary="A night",
            responses=responses(404, 422))
async def get_night(request: Request, night_id: NightId) -> JSONResponse:
    """The night: its players, the round, the standings (rank, player, points, played,
    won, renuncias, byes, best) and every round's tables (players, starter, live table,
    state, verdict, points, flags; a table being played adds what its watchers see).
    ``ETag`` is the night's version (its stream's message ids)."""
    version, data = await run_in_threadpool(nights_of(request).night, night_id)
    return JSONResponse(data, headers={"Cache-Control": "no-store", "ETag": f'"{version}"'})


@router.get("/v1/nights/{night_id}/report", response_model=NightReport,
            summary="A night's report", responses=responses(404, 422))
async def get_report(request: Request, night_id: NightId) -> JSONResponse:
    """The night with its trail: every round and table, each table's verdict id, points
    and flags, every correction with its reason."""
    _, data = await run_in_threadpool(nights_of(request).report, night_id)
    return _answer(data)


@router.get("/v1/nights/{night_id}/trail", response_model=list[TrailItem],
            summary="A night's trail", responses=responses(404, 422))
async def get_trail(request: Request, night_id: NightId) -> JSONResponse:
    """Every change to the night, in order, with its reason."""
    return _answer(await run_in_threadpool(nights_of(request).trail, night_id))


@router.get("/v1/nights/{night_id}/me", response_model=Whose, summary="Whose token this is",
            responses=responses(401, 403, 404, 422))
async def get_me(request: Request, night_id: NightId, _: Auth) -> JSONResponse:
    """``{"role": "organizer", "player": null}`` or ``{"role": "player", "player":
    "Ana"}`` for the token in ``Authorization``; 401 without one, 403 for another's."""
    return _answer(await run_in_threadpool(nights_of(request).me, night_id, bearer(request)))


def _version(value: str | None, lang: str) -> int | None:
    if value is None or value.strip() == "":
        return None
    text = value.strip()
    if not text.isascii() or not text.isdigit() or len(text) > 15:
        raise ApiError(400, render("live.error.last_event_id", {"name": "Last-Event-ID",
                                                               "value": shown(value)}, lang))
    return int(text)


@router.get("/v1/nights/{night_id}/stream", summary="A night's board, live (SSE)",
            responses={200: {"content": {"text/event-stream": {}},
                             "description": "event night, id the night's version, data the "
                                            "night as GET answers it."},
                       **responses(400, 404, 422)})
async def get_stream(
    request: Request, night_id: NightId,
    after: Annotated[int | None, Query(ge=0, le=MAX_VERSION,
                                       description="Resume after this version.")] = None,
    last_event_id: Annotated[str | None, Header(alias="Last-Event-ID")] = None,
) -> Response:
    """Server-Sent Events: the night each time it changes (a verdict, a round seated, an
    event at one of its tables). ``Last-Event-ID: N`` (or ``?after=N``) resumes: the night
    as it is now if it has changed since N; with neither, the changes from now on."""
    await run_in_threadpool(nights_of(request).version, night_id)
    resume = _version(last_event_id, settings_of(request).lang)
    return stream_response(request.app.state.night_watch, night_id,
                           after if resume is None else resume)


@router.post("/v1/nights/{night_id}/rounds", status_code=201, response_model=Seated,
             summary="Seat the next round", responses=responses(*WRITE_ERRORS))
async def post_round(request: Request, night_id: NightId, _: Auth) -> JSONResponse:
    """The organizer seats the next round: its tables, each a live table with its starter
    first, the byes and the repeated pairs. 409 while the previous round is open."""
    seated = await run_in_threadpool(round.seat_next, nights_of(request), night_id,
                                     bearer(request))
    return _answer(seated, 201)


@router.post("/v1/nights/{night_id}/rounds/{number}/close", summary="Close a round",
             responses=responses(*WRITE_ERRORS))
async def post_close(request: Request, night_id: NightId, number: int, _: Auth) -> JSONResponse:
    """Every table finished, handed in or voided (409 with the others' numbers)."""
    return _answer(await run_in_threadpool(round.close_round, nights_of(request), night_id,
                                           bearer(request), number))


@router.put("/v1/nights/{night_id}/rounds/{number}/tables/{table}/log",
            summary="Hand in a table's log",
            openapi_extra={"requestBody": {"content": {"text/plain": {"schema": {
                "type": "string"}}}, "required": True}},
            responses=responses(*WRITE_ERRORS))
async def put_log(request: Request, night_id: NightId, number: int, table: int, _: Auth,
                  reason: Annotated[str, Query(max_length=500)] = "") -> JSONResponse:
    """The table's ``.rummy`` log (``text/plain``), judged as ``referee audit`` would; it
    counts like a live table's verdict, and again replaces an earlier one (a corrected
    log, in the trail). 422 for a log that does not read (the referee's errors), of
    another game, or whose players are not the table's."""
    text = (await request.body()).decode("utf-8", errors="replace")
    return _answer(await run_in_threadpool(tables.hand_in, nights_of(request), night_id,
                                           bearer(request), number, table, text,
                                           reason or None))


@router.post("/v1/nights/{night_id}/rounds/{number}/tables/{table}/void",
             summary="Void a table", responses=responses(*WRITE_ERRORS))
async def post_void(request: Request, night_id: NightId, number: int, table: int, body: VoidIn,
                    _: Auth) -> JSONResponse:
    """It scores 0 for all and shows as voided; the reason is in the trail."""
    return _answer(await run_in_threadpool(tables.void, nights_of(request), night_id,
                                           bearer(request), number, table, body.reason))


@router.put("/v1/nights/{night_id}/rounds/{number}/tables/{table}/scores",
            summary="Enter a hand's scores", responses=responses(*WRITE_ERRORS))
async def put_scores(request: Request, night_id: NightId, number: int, table: int,
                     body: ScoresIn, _: Auth) -> JSONResponse:
    """The scores of a hand that ended without them (hidden cards at its end): they count
    from now on, in the trail. 409 for a hand with scores of its own."""
    return _answer(await run_in_threadpool(tables.enter_scores, nights_of(request), night_id,
                                           bearer(request), number, table, body.hand,
                                           dict(body.scores), body.reason or None))


@router.post("/v1/nights/{night_id}/rounds/{number}/tables/{table}/next-hand",
             status_code=201, summary="Start the table's next hand",
             responses=responses(*WRITE_ERRORS))
async def post_next_hand(request: Request, night_id: NightId, number: int, table: int,
                         _: Auth) -> JSONResponse:
    """The next hand of the table's match (a game whose round is one match of several
    hands), the seats turned one place: by the organizer or a player of the table."""
    status, answer = await run_in_threadpool(tables.next_hand, nights_of(request), night_id,
                                             bearer(request), number, table)
    return _answer(answer, status)


@router.post("/v1/nights/{night_id}/players", status_code=201, response_model=LateOut,
             summary="Add a late player", responses=responses(*WRITE_ERRORS))
async def post_player(request: Request, night_id: NightId, body: LateIn,
                      _: Auth) -> JSONResponse:
    """A player seated from the next round: their pass, shown only here."""
    return _answer(await run_in_threadpool(creation.add_player, nights_of(request), night_id,
                                           bearer(request), body.name), 201)


@router.post("/v1/nights/{night_id}/players/{player}/withdraw",
             summary="Withdraw a player", responses=responses(*WRITE_ERRORS))
async def post_withdraw(request: Request, night_id: NightId, player: str, _: Auth,
                        body: ReasonIn | None = None) -> JSONResponse:
    """No seat from the next round; their results are kept."""
    reason = body.reason if body is not None else ""
    return _answer(await run_in_threadpool(creation.withdraw, nights_of(request), night_id,
                                           bearer(request), player, reason or None))

