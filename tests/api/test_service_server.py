"""A real ``referee serve``: ``--workers N`` with its timeouts (a late request head or body
is 408, a kept-alive connection's second head too, an idle connection closed after
``--keep-alive``), and memory flat over repeated large requests."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import httpx
import psutil
import pytest

from tests.api import ROOT, TEXT, Server, clean_env, free_port
from tests.api.test_service import night


class Serve(Server):
    """``referee serve`` with options of its own."""

    def __init__(self, env: dict[str, str], *options: str) -> None:
        import subprocess
        import sys

        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "referee.cli", "serve", "--port", str(self.port),
             "--log-level", "warning", *options],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


@pytest.fixture
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Serve]:
    options: tuple[str, ...] = getattr(request, "param", ())
    env = clean_env(XDG_DATA_HOME=str(tmp_path), REFEREE_MAX_BODY_BYTES=str(8 * 1024 * 1024))
    server = Serve(env, *options)
    try:
        server.wait_up()
        yield server
    finally:
        server.stop()


def tree_rss_kib(pid: int) -> int:
    """The resident memory of ``pid`` and every process below it, in KiB."""
    server = psutil.Process(pid)
    return sum(_rss(process) for process in [server, *server.children(recursive=True)]) // 1024


def _rss(process: psutil.Process) -> int:
    try:
        return int(process.memory_info().rss)
    except psutil.Error:  # gone meanwhile
        return 0


@pytest.mark.parametrize("served", [("--workers", "2", "--request-timeout", "1",
                                     "--keep-alive", "1")], indirect=True)
def test_serve_with_workers_and_timeouts(served: Serve) -> None:
    kids = psutil.Process(served.process.pid).children()
    workers = [p for p in kids if "spawn_main" in " ".join(p.cmdline())]
    assert len(workers) == 2
    with httpx.Client(base_url=served.base, timeout=30) as client:
        for _ in range(6):
            response = client.post("/v1/audit", content=night(2), headers=TEXT)
            assert response.json()["summary"]["games"] == 2
    with socket.create_connection(("127.0.0.1", served.port), timeout=30) as sock:
        sock.sendall(b"POST /v1/audit HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                     b"Content-Length: 1000\r\n\r\n[Game \"51\"]\n")
        answer = until_closed(sock).decode()  # the body stops: 408 after --request-timeout
    assert answer.startswith("HTTP/1.1 408"), answer
    assert "did not arrive within 1 seconds" in answer
    for head in (b"", b"GET /healthz HTTP/1.1\r\nHo"):  # no request, or half its head
        with socket.create_connection(("127.0.0.1", served.port), timeout=30) as sock:
            sock.sendall(head)
            answer = until_closed(sock).decode()
        assert answer.startswith("HTTP/1.1 408"), answer
        assert "no request arrived within 1 seconds" in answer
    with socket.create_connection(("127.0.0.1", served.port), timeout=30) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        answer = until_closed(sock).decode()  # idle past --keep-alive: the server closes it
    assert answer.startswith("HTTP/1.1 200") and answer.endswith("}"), answer


def until_closed(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (a socket timeout,
    30 s, fails the test)."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def one_answer(sock: socket.socket) -> bytes:
    """One whole answer: its head, then as many bytes as its content-length says."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536) or b"<closed>"
        assert not data.endswith(b"<closed>"), data
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length:"))
    while len(body) < length:
        body += sock.recv(65536)
    return head + b"\r\n\r\n" + body


@pytest.mark.parametrize("served", [("--request-timeout", "1")], indirect=True)
def test_a_second_head_trickled_on_a_kept_alive_connection_is_cut(served: Serve) -> None:
    """Before: only a connection's first request head was timed; a second one sent a byte
    at a time held the connection as long as the bytes kept coming."""
    import select

    head = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
    with socket.create_connection(("127.0.0.1", served.port), timeout=30) as sock:
        sock.sendall(head)
        assert one_answer(sock).startswith(b"HTTP/1.1 200")
        for byte in head:  # one byte every 0.1 s: the head would take 3.5 s
            if select.select([sock], [], [], 0.1)[0]:  # the server answered
                break
            sock.sendall(bytes([byte]))
        answer = until_closed(sock).decode()
    assert answer.startswith("HTTP/1.1 408"), answer
    assert "connection: close" in answer
    assert "no request arrived within 1 seconds" in answer


def test_memory_stays_flat_over_repeated_large_requests(served: Serve) -> None:
    body = night(400)  # about 0.9 MB of log, 0.7 MB of report
    with httpx.Client(base_url=served.base, timeout=120) as client:
        def large() -> None:
            response = client.post("/v1/audit", content=body, headers=TEXT)
            assert response.status_code == 200, response.text[:200]
            assert response.json()["summary"]["games"] == 400

        for _ in range(3):  # warm up: imports, caches, the allocator's arenas
            large()
        before = tree_rss_kib(served.process.pid)
        for _ in range(12):
            large()
        after = tree_rss_kib(served.process.pid)
    assert after < before * 1.25, (before, after)
