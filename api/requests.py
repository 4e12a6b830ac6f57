"""What the routers that take a log in the body share (not a router itself: no router
imports another): the body read with its limits, its content type, the knobs of the
query string, and how the OpenAPI schema documents them (from the registered games)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import Request
from starlette.datastructures import QueryParams

from referee.api.deps import settings_of
from referee.api.errors import ApiError
from referee.api.schema import knob_schemas
from referee.knobs import KnobError, all_knobs, knob_name, parse_knob, shown
from referee.messages import noted

RESERVED = ("lang", "source")
DEFAULT_SOURCE = "<body>"
UTF8 = ("utf-8", "utf8")
MAX_LENGTH_DIGITS = 18  # a Content-Length longer than this is not a size


def example_log() -> str:
    """The documented example of a log body: the first registered game's."""
    from referee.games import games

    return next((g.example_log for g in games().values() if g.example_log), "")


def knob_parameters() -> list[dict[str, Any]]:
    """Each knob as an OpenAPI query parameter: its values, its help and its default (each
    game's, where the games that have it differ)."""
    from referee.games import games

    every = games()
    schemas = knob_schemas()
    parameters = []
    for name, knob in all_knobs().items():
        defaults = {g: every[g].defaults_json()[name] for g in knob.games}
        if len(set(map(repr, defaults.values()))) == 1:
            default = repr(next(iter(defaults.values())))
        else:
            default = ", ".join(f"{value!r} in {game}" for game, value in defaults.items())
        parameters.append({
            "name": name,
            "in": "query",
            "required": False,
            "schema": schemas[name],
            "description": f"House rule: {noted(f'report.knob.{name}')} "
                           f"(default {default}; overrides the log's tag)",
        })
    return parameters


def query_overrides(params: QueryParams) -> dict[str, str]:
    """Knobs from the query string (names case-insensitive); 400 for anything unknown."""
    overrides: dict[str, str] = {}
    for name, value in params.multi_items():
        if name in RESERVED:
            continue
        canonical = knob_name(name)
        if canonical is None:
            raise ApiError(400, f"unknown query parameter {shown(name)}: expected lang, source "
                                f"or a house-rule knob ({', '.join(all_knobs())})")
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
