"""uvicorn's h11 protocol with a time limit on every request line and headers, and
TCP_NODELAY on every connection.

uvicorn times out an idle kept-alive connection, and the app times out a body that
stops arriving (408, :func:`referee.api.routers.audit.read_body`), but nothing times
out a connection that is opened and then sends no request, or only part of its
headers: each would hold a socket for ever. Here such a connection is answered 408
(the JSON error body) and closed once ``REFEREE_REQUEST_TIMEOUT`` has passed without
a whole request head: for a new connection from the moment it opens, for each later
request on a kept-alive connection from its first byte (until then the connection is
idle, which uvicorn's keep-alive timeout covers).

asyncio sets TCP_NODELAY on an accepted connection only when the listening socket was
made with ``IPPROTO_TCP``; without it a response written in two pieces (head, then
body) waits for the client's delayed ACK, about 40 ms per kept-alive request. The
protocol sets it itself, whatever made the listening socket.
``referee serve`` runs uvicorn with this class (``http=``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from functools import cache
from typing import Any

import h11
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


def no_delay(transport: asyncio.BaseTransport) -> None:
    """TCP_NODELAY on the transport's socket when it is a TCP one (IPv4 or IPv6)."""
    sock = transport.get_extra_info("socket")
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
        with contextlib.suppress(OSError):  # a connection already reset
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class TimedH11Protocol(H11Protocol):
    """:class:`H11Protocol`, closing a connection whose request head is late, with
    TCP_NODELAY set."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        no_delay(transport)
        super().connection_made(transport)
        self.arm_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self.cancel_head_timer()
        super().connection_lost(exc)

    def handle_events(self) -> None:
        super().handle_events()
        if self.conn.their_state is not h11.IDLE:  # a whole request head arrived
            self.cancel_head_timer()
        elif self.head_timer is None and self.conn.trailing_data[0]:
            self.arm_head_timer()  # a kept-alive connection's next head has begun

    def arm_head_timer(self) -> None:
        self.head_timer = self.loop.call_later(request_timeout(), self.head_timed_out)

    def cancel_head_timer(self) -> None:
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None

    def head_timed_out(self) -> None:
        self.head_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.write(timeout_answer(request_timeout()))
            self.transport.close()
