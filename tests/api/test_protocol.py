"""The connection protocol :class:`referee.api.protocol.TimedH11Protocol`, served in this
process by asyncio: TCP_NODELAY on every connection whatever made the listening socket,
and a time limit on every request head of a kept-alive connection, from its first byte
(``test_service_server.py`` trickles one to a real ``referee serve``).

Before: TCP_NODELAY came only from asyncio, for a listening socket of protocol
``IPPROTO_TCP``; and the head timer covered a connection's first request only, so a
second head begun on a kept-alive connection was never timed out.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest
import uvicorn
from uvicorn.server import ServerState

import referee.api.protocol as protocol
from referee.api.protocol import TimedH11Protocol

HEAD_TIMEOUT = 0.3
GET = b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"
OK = b"HTTP/1.1 200 OK"


async def hello(scope: dict[str, Any], receive: Callable[[], Awaitable[Any]],
                send: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"text/plain"), (b"content-length", b"2")]})
    await send({"type": "http.response.body", "body": b"ok"})


@asynccontextmanager
async def served(sock: socket.socket,
                 keep_alive: int = 30) -> AsyncIterator[list[TimedH11Protocol]]:
    """An asyncio server of :class:`TimedH11Protocol` on ``sock``: the protocols it made."""
    config = uvicorn.Config(hello, lifespan="off", log_level="warning",
                            timeout_keep_alive=keep_alive)
    config.load()
    state = ServerState()
    made: list[TimedH11Protocol] = []

    def factory() -> TimedH11Protocol:
        made.append(TimedH11Protocol(config=config, server_state=state, app_state={}))
        return made[-1]

    server = await asyncio.get_running_loop().create_server(factory, sock=sock)
    try:
        yield made
    finally:
        for one in made:
            one.transport.close()
        server.close()
        await server.wait_closed()


def listening(proto: int = 0) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, proto)
    sock.bind(("127.0.0.1", 0))
    sock.listen()
    return sock


async def connect(sock: socket.socket) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    return await asyncio.open_connection(*sock.getsockname()[:2])


async def answer(reader: asyncio.StreamReader) -> bytes:
    """One whole answer of :func:`hello` (its head and its two bytes)."""
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
    return head + await asyncio.wait_for(reader.readexactly(2), 10)


async def until_closed(reader: asyncio.StreamReader, seconds: float = 10) -> bytes:
    """What the server sends until it closes; a timeout fails the test."""
    return await asyncio.wait_for(reader.read(), seconds)


@pytest.fixture
def head_timeout(monkeypatch: pytest.MonkeyPatch) -> float:
    monkeypatch.setattr(protocol, "request_timeout", lambda: HEAD_TIMEOUT)
    return HEAD_TIMEOUT


def test_every_connection_gets_tcp_nodelay_whatever_made_the_socket() -> None:
    async def main() -> int:
        sock = listening(0)  # protocol 0: asyncio itself sets nothing
        async with served(sock) as made:
            reader, writer = await connect(sock)
            writer.write(GET)
            assert (await answer(reader)).startswith(OK)
            server_side = made[0].transport.get_extra_info("socket")
            value: int = server_side.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
            writer.close()
            return value

    assert asyncio.run(main()) != 0


def test_a_pipelined_second_head_left_half_is_cut_with_408(head_timeout: float) -> None:
    """The second head arrives with the first request and never ends: 408 and closed, as
    a late first head is, though the keep-alive timeout (30 s) is far off."""

    async def main() -> bytes:
        sock = listening()
        async with served(sock, keep_alive=30):
            reader, writer = await connect(sock)
            writer.write(GET + b"GET / HTTP/1.1\r\nHo")
            assert (await answer(reader)).startswith(OK)
            rest = await until_closed(reader)
            writer.close()
            return rest

    rest = asyncio.run(main()).decode()
    assert rest.startswith("HTTP/1.1 408 Request Timeout"), rest
    assert "connection: close" in rest
    assert f"no request arrived within {head_timeout:g} seconds" in rest


def test_a_second_head_trickled_is_cut_with_408(head_timeout: float) -> None:
    async def main() -> bytes:
        sock = listening()
        async with served(sock, keep_alive=30):
            reader, writer = await connect(sock)
            writer.write(GET)
            assert (await answer(reader)).startswith(OK)
            cut = asyncio.ensure_future(until_closed(reader))
            for byte in GET:  # 27 bytes, one every 50 ms: the head would take 1.35 s
                if cut.done():
                    break
                writer.write(bytes([byte]))
                await asyncio.sleep(0.05)
            rest = await cut
            writer.close()
            return rest

    rest = asyncio.run(main()).decode()
    assert rest.startswith("HTTP/1.1 408 Request Timeout"), rest


def test_a_second_head_in_pieces_within_the_limit_is_answered(head_timeout: float) -> None:
    """The neighbour: the timer stops when the head is whole, and starts again only with
    the next head's first byte (an idle kept-alive connection is the keep-alive's)."""

    async def main() -> list[bytes]:
        sock = listening()
        async with served(sock, keep_alive=30):
            reader, writer = await connect(sock)
            answers = []
            for _ in range(3):
                writer.write(GET[:10])
                await asyncio.sleep(head_timeout / 3)
                writer.write(GET[10:])
                answers.append(await answer(reader))
                await asyncio.sleep(head_timeout * 2)  # idle, longer than a head may take
            writer.close()
            return answers

    assert all(a.startswith(OK) for a in asyncio.run(main()))
