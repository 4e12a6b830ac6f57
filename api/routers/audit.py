"""``POST /v1/audit``: the log as a ``text/plain`` body, knobs as query parameters.

The answer is the report of docs/report.md, the same as ``referee audit FILE --json``
for the same text and source name. A log that does not parse is still a 200,
with ``syntax-error`` findings; the 4xx answers are about the request itself.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from referee.api.deps import request_lang, settings_of
from referee.api.errors import ApiError, responses
from referee.api.requests import (
    DEFAULT_SOURCE,
    check_content_type,
    example_log,
    knob_parameters,
    query_overrides,
    read_body,
)
from referee.api.stream import SpooledAudit, audit_response
from referee.notation.reader import LogDecodeError, decode_log
from referee.report.schema import documented_report

router = APIRouter(tags=["audit"])


@router.post(
    "/v1/audit",
    response_model=documented_report(),
    summary="Audit a log",
    responses=responses(400, 408, 413, 415, 503),
    openapi_extra={
        "requestBody": {
            "required": True,
            "description": "The log in .rummy notation, UTF-8.",
            "content": {"text/plain": {"schema": {"type": "string"}, "example": example_log()}},
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
) -> Response:
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
