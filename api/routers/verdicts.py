"""Stored verdicts: ``POST /v1/verdicts``, ``GET /v1/verdicts/{id}``, and the step-through
of a game as JSON: ``GET /v1/verdicts/{id}/timeline`` and ``POST /v1/timeline``.

A verdict's id comes from its content (the log, the knobs and the referee's
version; not the language), so storing the same log twice stores it once: the
first store answers 201, the next ones 200 with the same id. The answer comes
after the commit. Ids are 24 characters from ``a-z`` and ``2-7``: anything
else is 422, an id not stored 404.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import QueryParams

from referee.api.deps import request_lang, settings_of, store_of, verdict_url
from referee.api.errors import ApiError, responses
from referee.api.judge import (
    NoSuchGameError,
    NulInLogError,
    Timeline,
    TooManyGamesError,
    game_timeline,
    store_verdict,
)
from referee.api.requests import (
    check_content_type,
    example_log,
    knob_parameters,
    query_overrides,
    read_body,
)
from referee.api.schema import LARGEST
from referee.api.store.ids import ID_FORMAT, canonical_knobs, is_verdict_id
from referee.api.store.verdicts import Verdict
from referee.knobs import MAX_NUMBER_DIGITS, shown
from referee.notation.reader import LogDecodeError, decode_log
from referee.report.schema import documented_report

if TYPE_CHECKING:
    from referee.report.schema import ReportData
else:
    ReportData = documented_report()  # with every registered game's own fields

router = APIRouter(tags=["verdicts"])

ID_DESCRIPTION = f"A verdict id: {ID_FORMAT}."
GAME_DESCRIPTION = "Which game of the log (1 is the first)."


class VerdictCreated(BaseModel):
    id: str = Field(description=ID_DESCRIPTION)
    url: str = Field(description="The page that shows the verdict: /v/{id}.")
    created: bool = Field(description="True when this request stored it (201); False when "
                                      "the same content was stored before (200).")


class VerdictOut(BaseModel):
    id: str = Field(description=ID_DESCRIPTION)
    url: str
    referee_version: str = Field(description="The referee that gave the verdict.")
    created_at: datetime
    lang: str = Field(description="The language of the report's messages.")
    knobs: dict[str, str] = Field(description="House rules set over the log's tags, in "
                                              "canonical spelling.")
    log: str = Field(description="The log as stored (line ends as \\n).")
    report: ReportData = Field(description="The report of docs/report.md, as it was given.")


def _plain_body_params(extra: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "requestBody": {
            "required": True,
            "description": "The log in .rummy notation, UTF-8.",
            "content": {"text/plain": {"schema": {"type": "string"}, "example": example_log()}},
        },
        "parameters": [*extra, *knob_parameters()],
    }


async def _log_from_body(request: Request) -> str:
    check_content_type(request.headers.get("content-type"))
    data = await read_body(request, settings_of(request).max_body_bytes)
    if not data.strip():
        raise ApiError(400, "empty body: send the log as the request body")
    try:
        return decode_log(data)
    except LogDecodeError as exc:
        raise ApiError(400, str(exc)) from None


def game_number(text: str) -> int:
    """``game`` from the query: 1 to ``LARGEST`` in ASCII digits; 400 otherwise."""
    if not text.isascii() or not text.isdigit():
        raise ApiError(400, f"game must be a whole number (digits 0-9), not {shown(text)}")
    digits = text.lstrip("0") or "0"
    if len(digits) > MAX_NUMBER_DIGITS or int(digits) < 1:
        raise ApiError(400, f"game must be a number from 1 to {LARGEST}, not {shown(text)}")
    return int(digits)


def _fetch(request: Request, verdict_id: str) -> Verdict:
    if not is_verdict_id(verdict_id):
        raise ApiError(422, f"{shown(verdict_id)} is not a verdict id: an id is {ID_FORMAT}")
    verdict = store_of(request).get(verdict_id)
    if verdict is None:
        raise ApiError(404, f"no verdict has the id {verdict_id}")
    return verdict


@router.post(
    "/v1/verdicts",
    status_code=201,
    response_model=VerdictCreated,
    summary="Store a verdict",
    responses={200: {"model": VerdictCreated, "description": "Stored before"},
               **responses(400, 408, 413, 415)},
    openapi_extra=_plain_body_params([]),
)
async def create_verdict(request: Request) -> JSONResponse:
    """Audit the log in the body under the knobs in the query and store the verdict (the
    log, the knobs, the report in every language, the referee's version). 201 with its id
    and link; 200 when the same content was stored before. The same 400, 413 and 415
    answers as ``POST /v1/audit``."""
    overrides = query_overrides(request.query_params)
    text = await _log_from_body(request)
    try:
        verdict_id, created = await run_in_threadpool(
            store_verdict, store_of(request), text, overrides, settings_of(request).max_games)
    except TooManyGamesError as exc:
        raise ApiError(413, str(exc)) from None
    except NulInLogError as exc:
        raise ApiError(400, str(exc)) from None
    url = verdict_url(request, verdict_id)
    body = VerdictCreated(id=verdict_id, url=url, created=created)
    return JSONResponse(body.model_dump(), status_code=201 if created else 200,
                        headers={"Location": f"/v1/verdicts/{verdict_id}"})


@router.get("/v1/verdicts/{verdict_id}", response_model=VerdictOut, summary="A stored verdict",
            responses=responses(400, 404, 422))
def get_verdict(
    request: Request,
    verdict_id: str,
    lang: Annotated[str | None, Query(description="Language of the messages: en or es.")]
    = None,
) -> JSONResponse:
    """The stored verdict: its log, knobs, referee version and report (in ``lang``).
    404 for an id not stored, 422 for a malformed id."""
    code = request_lang(request, lang)
    verdict = _fetch(request, verdict_id)
    body = {
        "id": verdict.id, "url": verdict_url(request, verdict.id),
        "referee_version": verdict.referee_version,
        "created_at": verdict.created_at.isoformat(), "lang": code, "knobs": verdict.knobs,
        "log": verdict.log, "report": verdict.report(code),
    }
    return JSONResponse(body)


@router.get("/v1/verdicts/{verdict_id}/timeline", response_model=Timeline,
            summary="A stored verdict's step-through", responses=responses(400, 404, 422))
def get_timeline(
    request: Request,
    verdict_id: str,
    game: Annotated[int, Query(description=GAME_DESCRIPTION, ge=1, le=LARGEST)] = 1,
    lang: Annotated[str | None, Query(description="Language of the messages: en or es.")]
    = None,
) -> Timeline:
    """The table at the start of the game and after each of its event lines (each step as
    ``referee replay --at LINE --json`` shows it). A game the referee cannot replay yet
    has ``replayable`` false and no steps. 404 for no such verdict or game."""
    code = request_lang(request, lang)
    verdict = _fetch(request, verdict_id)
    try:
        return game_timeline(verdict.log, game, verdict.knobs, code)
    except NoSuchGameError as exc:
        raise ApiError(404, str(exc)) from None


@router.post("/v1/timeline", response_model=Timeline, summary="Step through a log",
             responses=responses(400, 404, 408, 413, 415),
             openapi_extra=_plain_body_params([
                 {"name": "game", "in": "query", "required": False,
                  "schema": {"type": "integer", "default": 1, "minimum": 1,
                             "maximum": LARGEST},
                  "description": GAME_DESCRIPTION}]))
async def post_timeline(
    request: Request,
    lang: Annotated[str | None, Query(description="Language of the messages: en or es.")]
    = None,
) -> Timeline:
    """The step-through of one game of the log in the body (not stored), under the knobs
    in the query: the same answer as ``GET /v1/verdicts/{id}/timeline``."""
    code = request_lang(request, lang)
    params = QueryParams([(k, v) for k, v in request.query_params.multi_items() if k != "game"])
    overrides = query_overrides(params)
    game = game_number(request.query_params.get("game", "1"))
    text = await _log_from_body(request)
    try:
        return await run_in_threadpool(game_timeline, text, game,
                                       canonical_knobs(overrides), code)
    except NoSuchGameError as exc:
        raise ApiError(404, str(exc)) from None
