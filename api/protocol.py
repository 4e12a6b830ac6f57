"""uvicorn's h11 protocol with a time limit on a new connection's request line and headers.

uvicorn times out an idle kept-alive connection, and the app times out a body that
stops arriving (408, :func:`referee.api.routers.audit.read_body`), but nothing times
out a connection that is opened and then sends no request, or only part of its
headers: each would hold a socket for ever. Here such a connection is answered 408
(the JSON error body) and closed once ``REFEREE_REQUEST_TIMEOUT`` has passed without
a whole request head. ``referee serve`` runs uvicorn with this class (``http=``).
"""

from __future__ import annotations

import asyncio
import json
from functools import cache
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol


@cache
def request_timeout() -> float:
    """``REFEREE_REQUEST_TIMEOUT`` of this process (each worker reads its environment)."""
    from referee.api.settings import Settings

    return Settings().request_timeout


def timeout_answer(seconds: float) -> bytes:
    body = json.dumps({"error": {"status": 408, "message": f"no request arrived within "
                                                           f"{seconds:g} seconds"}}).encode()
    head = (f"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n")
    return head.encode("ascii") + body


class TimedH11Protocol(H11Protocol):
    """:class:`H11Protocol`, closing a connection whose first request head is late."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.head_timer = self.loop.call_later(request_timeout(), self.head_timed_out)

    def connection_lost(self, exc: Exception | None) -> None:
        self.cancel_head_timer()
        super().connection_lost(exc)

    def handle_events(self) -> None:
        super().handle_events()
        if self.cycle is not None:  # a whole request head arrived
            self.cancel_head_timer()

    def cancel_head_timer(self) -> None:
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None

    def head_timed_out(self) -> None:
        self.head_timer = None
        if self.cycle is None and not self.transport.is_closing():
            self.transport.write(timeout_answer(request_timeout()))
            self.transport.close()
