"""``POST /v1/audit``: the log as a ``text/plain`` body, knobs as query parameters.

The answer is the report of docs/report.md, the same as ``referee audit FILE --json``
for the same text and source name. A log that does not parse is still a 200,
with ``syntax-error`` findings; the 4xx answers are about the request itself.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import StreamingResponse
from starlette.datastructures import QueryParams

from referee.api.deps import request_lang, settings_of
from referee.api.errors import ApiError, responses
from referee.api.schema import KNOB_SCHEMAS
from referee.api.stream import SpooledAudit, audit_response
from referee.messages import render
from referee.notation.reader import LogDecodeError, decode_log
from referee.report.schema import ReportData
from referee.variants import REGISTRY
from referee.variants.knobs import KNOBS, KnobError, knob_name, parse_knob, shown
from referee.variants.la51.knobs import Rules51

router = APIRouter(tags=["audit"])

RESERVED = ("lang", "source")
DEFAULT_SOURCE = "<body>"
UTF8 = ("utf-8", "utf8")
MAX_LENGTH_DIGITS = 18  # a Content-Length longer than this is not a size

EXAMPLE_LOG = """[Game "51"]
[Players "Ana Beto Caro"]
[Stake "100"]

Ana discard 2s
Beto draw Qd
Beto discard Jh
"""


def knob_parameters() -> list[dict[str, Any]]:
    defaults = REGISTRY["51"].config_json(Rules51())
    return [
        {
            "name": name,
            "in": "query",
            "required": False,
            "schema": KNOB_SCHEMAS[name],
            "description": f"House rule: {render(f'report.knob.{name}')} "
                           f"(default {defaults.get(name)!r}; overrides the log's tag)",
        }
        for name in KNOBS
    ]


def query_overrides(params: QueryParams) -> dict[str, str]:
    """Knobs from the query string (names case-insensitive); 400 for anything unknown."""
    overrides: dict[str, str] = {}
    for name, value in params.multi_items():
        if name in RESERVED:
            continue
        canonical = knob_name(name)
        if canonical is None:
            raise ApiError(400, f"unknown query parameter {shown(name)}: expected lang, source "
                                f"or a house-rule knob ({', '.join(KNOBS)})")
        try:
            parse_knob(canonical, value)
        except KnobError as exc:
            raise ApiError(400, f"bad value for {canonical}: {exc}") from None
        overrides[canonical] = value.strip()
    return overrides


def check_content_type(header: str | None) -> None:
    """``text/plain``, with ``charset=utf-8`` or no charset; 415 otherwise."""
    if not header:
        raise ApiError(415, "send the log with Content-Type: text/plain")
    media, _, params = header.partition(";")
    if media.strip().lower() != "text/plain":
        raise ApiError(415, f"expected Content-Type text/plain, got {shown(media.strip())}")
    for param in params.split(";"):
        key, _, value = param.partition("=")
        if key.strip().lower() == "charset" and value.strip().strip('"').lower() not in UTF8:
            raise ApiError(415, f"charset {shown(value.strip())} is not supported: send UTF-8 text")


async def read_body(request: Request, limit: int) -> bytes:
    """The body, refusing more than ``limit`` bytes by Content-Length or as it arrives
    (413), and a body that takes longer than ``REFEREE_REQUEST_TIMEOUT`` to arrive (408)."""
    declared = request.headers.get("content-length")
    if declared is not None:
        if not (declared.isascii() and declared.isdigit()) or len(declared) > MAX_LENGTH_DIGITS:
            raise ApiError(400, f"bad Content-Length {shown(declared)}")
        size = int(declared)
        if size > limit:
            raise ApiError(413, f"the log is {size} bytes; the limit is {limit} bytes")
    timeout = settings_of(request).request_timeout
    body = bytearray()
    try:
        async with asyncio.timeout(timeout):
            async for chunk in request.stream():
                body += chunk
                if len(body) > limit:
                    raise ApiError(413, f"the log is over the limit of {limit} bytes")
    except TimeoutError:
        raise ApiError(408, f"the body did not arrive within {timeout:g} seconds",
                       {"Connection": "close"}) from None
    return bytes(body)


@router.post(
    "/v1/audit",
    response_model=ReportData,
    summary="Audit a log",
    responses=responses(400, 408, 413, 415, 503),
    openapi_extra={
        "requestBody": {
            "required": True,
            "description": "The log in .rummy notation, UTF-8.",
            "content": {"text/plain": {"schema": {"type": "string"}, "example": EXAMPLE_LOG}},
        },
        "parameters": knob_parameters(),
    },
)
async def audit(
    request: Request,
    lang: Annotated[str | None, Query(description="Language of the messages: en or es.")]
    = None,
    source: Annotated[str, Query(description="Name of the log in the report's source field.")]
    = DEFAULT_SOURCE,
) -> StreamingResponse:
    """Audit the log in the body. Status 200 with the report (also for a log with syntax
    errors: they are findings), written game by game and streamed; 400 for an empty body,
    text that is not UTF-8, an unknown query parameter or a bad knob value; 408 when the
    body does not arrive in time; 413 for a body over the size limit, more games than
    the limit or a report over its limit; 415 when the body is not ``text/plain``; 503
    when the audit takes longer than its time limit."""
    code = request_lang(request, lang)
    overrides = query_overrides(request.query_params)
    check_content_type(request.headers.get("content-type"))
    settings = settings_of(request)
    data = await read_body(request, settings.max_body_bytes)
    if not data.strip():
        raise ApiError(400, "empty body: send the log as the request body")
    try:
        text = decode_log(data, code)
    except LogDecodeError as exc:
        raise ApiError(400, str(exc)) from None
    del data
    spooled = SpooledAudit(text, source, overrides, code, settings)
    return await audit_response(request, spooled, request.app.state.audit_stats)
