"""``referee serve``'s listening socket (:func:`referee.cli.commands.serve.bind`): made with
``IPPROTO_TCP`` for IPv4 and IPv6 hosts, so asyncio sets TCP_NODELAY on every connection
it accepts from it (one process or ``--workers N``, which share that socket).

Before: the socket had protocol 0; asyncio sets TCP_NODELAY only for a listening socket
of protocol ``IPPROTO_TCP``, so Nagle's algorithm met the client's delayed ACK and each
request after the first on a kept-alive connection waited about 40 ms.
"""

from __future__ import annotations

import asyncio
import socket

import pytest

from referee.cli.commands.serve import bind


def accepted_no_delay(sock: socket.socket) -> int:
    """TCP_NODELAY, read on the server's side, of a connection that an asyncio server on
    ``sock`` accepts (a protocol that sets nothing itself)."""

    async def main() -> int:
        loop = asyncio.get_running_loop()
        accepted: asyncio.Future[int] = loop.create_future()

        class Accept(asyncio.Protocol):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                server_side = transport.get_extra_info("socket")
                accepted.set_result(server_side.getsockopt(socket.IPPROTO_TCP,
                                                           socket.TCP_NODELAY))
                transport.close()

        server = await loop.create_server(Accept, sock=sock)
        host, port = sock.getsockname()[:2]
        _, writer = await asyncio.open_connection(host, port)
        try:
            return await asyncio.wait_for(accepted, 30)
        finally:
            writer.close()
            server.close()
            await server.wait_closed()

    return asyncio.run(main())


def ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


@pytest.mark.parametrize("host", ["127.0.0.1", "::1"])
def test_accepted_connections_have_tcp_nodelay(host: str) -> None:
    if host == "::1" and not ipv6_loopback():
        pytest.skip("no IPv6 loopback here")
    sock = bind(host, 0, "en")
    assert sock.family == (socket.AF_INET6 if ":" in host else socket.AF_INET)
    assert sock.proto == socket.IPPROTO_TCP
    assert accepted_no_delay(sock) != 0


def test_a_socket_of_protocol_0_gets_no_tcp_nodelay_from_asyncio() -> None:
    """The neighbour: why the protocol matters (what ``bind`` made before)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen()
    assert accepted_no_delay(sock) == 0
