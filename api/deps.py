"""Small helpers the routers share: settings, the verdict store, the language, the live
tables, a bearer token and a request body of limited size."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import Depends, Path, Request, Response
from fastapi.routing import APIRoute
from fastapi.security import HTTPBearer

from referee.api.errors import ApiError
from referee.api.limits import CreationRate, client_address
from referee.api.live.service import LiveTables
from referee.api.live.tokens import bearer_token
from referee.api.nights.service import Nights
from referee.api.settings import Settings
from referee.api.store.verdicts import VerdictStore
from referee.knobs import shown
from referee.messages import LANGS, render

MAX_LENGTH_DIGITS = 18  # a Content-Length longer than this is not a size
TOKEN = HTTPBearer(auto_error=False, description="A live table's token: the scribe's, or a "
                                                 "seat's.")
Auth = Annotated[object, Depends(TOKEN)]  # documents the header in the schema; see bearer()
TableId = Annotated[str, Path(description="A table's id: 24 characters from a-z and 2-7 "
                                          "(anything else is 422).",
                              json_schema_extra={"pattern": "^[a-z2-7]{24}$"})]


def settings_of(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def request_lang(request: Request, lang: str | None) -> str:
    """``lang`` from the query (en or es), else the server's default; 400 otherwise."""
    if lang is None or lang == "":
        return settings_of(request).lang
    code = lang.lower()
    if code not in LANGS:
        raise ApiError(400, f"lang must be one of {', '.join(LANGS)}, not {shown(lang)}")
    return code


def store_of(request: Request) -> VerdictStore:
    store: VerdictStore = request.app.state.store
    return store


DEFAULT_PORTS = {"http": 80, "https": 443}


def public_base(request: Request) -> str:
    """Where links in answers point, without a final ``/``: ``REFEREE_PUBLIC_URL`` when set,
    else the address the server was started on (the socket the request came in on),
    never the request's ``Host`` header."""
    configured = settings_of(request).public_url
    if configured is not None:
        return configured
    scheme = request.url.scheme if request.url.scheme in DEFAULT_PORTS else "http"
    server = request.scope.get("server")
    if not server:
        return f"{scheme}://127.0.0.1"
    host, port = str(server[0]), server[1]
    if ":" in host:  # IPv6
        host = f"[{host}]"
    if port is None or DEFAULT_PORTS[scheme] == port:
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"


def verdict_url(request: Request, verdict_id: str) -> str:
    """The absolute link of a verdict's page."""
    return f"{public_base(request)}/v/{verdict_id}"


SAME_SITE = ("same-origin", "none")  # Sec-Fetch-Site: this site's page, or the user


def same_site(request: Request) -> bool:
    """A form post sent by this site's own pages: refused (False) when ``Sec-Fetch-Site``
    says another site (or a sibling) sent it, or when ``Origin`` is another origin than
    the one the browser sent it to or the public address. A client that sends neither
    (not a browser) is not refused."""
    site = request.headers.get("sec-fetch-site")
    if site is not None and site.strip().lower() not in SAME_SITE:
        return False
    origin = request.headers.get("origin")
    if origin is None:
        return True
    theirs = urlsplit(origin.strip().lower())
    if not theirs.scheme or not theirs.netloc:
        return False  # "null": a sandboxed page or a redirect from elsewhere
    ours = {_origin(str(request.base_url)), _origin(public_base(request))}
    return (theirs.scheme, theirs.netloc) in ours


def _origin(url: str) -> tuple[str, str]:
    parts = urlsplit(url.lower())
    netloc = parts.netloc
    if parts.port is not None and DEFAULT_PORTS.get(parts.scheme) == parts.port:
        netloc = netloc.rsplit(":", 1)[0]
    return parts.scheme, netloc


def created_too_fast(request: Request, lang: str) -> ApiError | None:
    """Count one creation (a table, a night) by the request's client address: None, or
    429 with ``Retry-After`` past ``REFEREE_CREATE_RATE`` a minute."""
    rate: CreationRate = request.app.state.creation
    wait = rate.take(client_address(request))
    if wait is None:
        return None
    return ApiError(429, render("live.error.create_rate", {
        "rate": settings_of(request).create_rate, "seconds": wait}, lang),
        {"Retry-After": str(wait)})


def live_of(request: Request) -> LiveTables:
    live: LiveTables = request.app.state.live
    return live


def bearer(request: Request) -> str | None:
    """The token of ``Authorization: Bearer TOKEN`` (None: no such header)."""
    return bearer_token(request.headers.get("authorization"))


async def read_limited(request: Request, limit: int) -> bytes:
    """The body, refusing more than ``limit`` bytes by Content-Length or as it arrives
    (413), and a body that takes longer than ``REFEREE_REQUEST_TIMEOUT`` to arrive (408)."""
    lang = settings_of(request).lang
    declared = request.headers.get("content-length")
    if declared is not None and declared.isascii() and declared.isdigit() \
            and len(declared) < MAX_LENGTH_DIGITS and int(declared) > limit:
        raise ApiError(413, render("live.error.body_too_large",
                                   {"size": int(declared), "limit": limit}, lang))
    timeout = settings_of(request).request_timeout
    body = bytearray()
    try:
        async with asyncio.timeout(timeout):
            async for chunk in request.stream():
                body += chunk
                if len(body) > limit:
                    raise ApiError(413, render("live.error.body_too_large",
                                               {"size": f"> {limit}", "limit": limit}, lang))
    except TimeoutError:
        raise ApiError(408, f"the body did not arrive within {timeout:g} seconds",
                       {"Connection": "close"}) from None
    return bytes(body)


class LimitedBodyRoute(APIRoute):
    """A route whose request body is refused past ``REFEREE_TABLE_BODY_BYTES`` (413)
    before FastAPI reads it as JSON."""

    limit_setting = "table_body_bytes"

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        setting = self.limit_setting

        async def limited(request: Request) -> Response:
            if request.method in ("POST", "PUT", "PATCH"):
                limit = int(getattr(settings_of(request), setting))
                request._body = await read_limited(request, limit)
            return await handler(request)

        return limited


class NightBodyRoute(LimitedBodyRoute):
    """A club night's route: its body refused past ``REFEREE_NIGHT_BODY_BYTES`` (413)."""

    limit_setting = "night_body_bytes"


NightId = Annotated[str, Path(description="A night's id: 24 characters from a-z and 2-7 "
                                          "(anything else is 422).",
                              json_schema_extra={"pattern": "^[a-z2-7]{24}$"})]


def nights_of(request: Request) -> Nights:
    """The club nights of this process."""
    nights: Nights = request.app.state.nights
    return nights
