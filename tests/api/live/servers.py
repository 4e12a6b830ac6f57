"""Live-table tests against a real server: one in a thread of the test (the app built
here, so its settings and module constants can be changed), or ``referee serve`` as a
process (``--workers N``), with a Server-Sent Events reader and a way to tell which
worker holds a connection."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import httpx
import uvicorn

from referee.api.app import create_app
from tests.api import ROOT, Server, free_port
from tests.api.live import live_settings


@contextmanager
def serving(database_url: str, **extra: Any) -> Iterator[str]:
    """A uvicorn server in a thread of this process; its base URL."""
    port = free_port()
    app = create_app(live_settings(database_url, **extra))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)


@dataclass
class Message:
    id: int | None
    event: str | None
    data: Any


class Sse:
    """A Server-Sent Events stream read in a thread: messages and comments as they come."""

    def __init__(self, base: str, table_id: str, headers: dict[str, str] | None = None,
                 params: dict[str, str] | None = None) -> None:
        self.client = httpx.Client(base_url=base, timeout=httpx.Timeout(30, read=60))
        self.messages: list[Message] = []
        self.comments: list[str] = []
        self.status: int | None = None
        self.client_port: int | None = None
        self._ready = threading.Event()
        self._closed = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._read, args=(table_id, headers, params),
                                        daemon=True)
        self._thread.start()
        if not self._ready.wait(30):
            raise RuntimeError("the stream did not open")

    def _read(self, table_id: str, headers: dict[str, str] | None,
              params: dict[str, str] | None) -> None:
        try:
            with self.client.stream("GET", f"/v1/tables/{table_id}/stream",
                                    headers=headers, params=params) as response:
                self.status = response.status_code
                stream = response.extensions.get("network_stream")
                if stream is not None:
                    self.client_port = stream.get_extra_info("client_addr")[1]
                self._ready.set()
                fields: dict[str, str] = {}
                for line in response.iter_lines():
                    if self._closed.is_set():
                        return
                    self._line(line, fields)
        except httpx.HTTPError:
            pass
        finally:
            self._ready.set()

    def _line(self, line: str, fields: dict[str, str]) -> None:
        if line.startswith(":"):
            with self._lock:
                self.comments.append(line)
        elif line == "":
            if fields:
                data = json.loads(fields["data"]) if "data" in fields else None
                message = Message(int(fields["id"]) if "id" in fields else None,
                                  fields.get("event"), data)
                with self._lock:
                    self.messages.append(message)
                fields.clear()
        else:
            name, _, value = line.partition(":")
            fields[name] = value[1:] if value.startswith(" ") else value

    def wait_for(self, count: int, timeout: float = 20) -> list[Message]:
        """The first ``count`` messages (fewer if they do not come in time)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                if len(self.messages) >= count:
                    return list(self.messages)
            time.sleep(0.01)
        with self._lock:
            return list(self.messages)

    def close(self) -> None:
        self._closed.set()
        self.client.close()
        self._thread.join(timeout=10)


def connection_port(response: httpx.Response) -> int:
    """The client's port of the connection that carried ``response``."""
    stream = response.extensions["network_stream"]
    port: int = stream.get_extra_info("client_addr")[1]
    return port


def worker_of(server_pid: int, server_port: int, client_port: int) -> int | None:
    """The pid of the ``referee serve`` worker holding the connection from ``client_port``."""
    import psutil

    for child in psutil.Process(server_pid).children(recursive=True):
        try:
            connections = child.net_connections(kind="tcp")
        except psutil.Error:
            continue
        for conn in connections:
            if conn.laddr and conn.raddr and conn.laddr.port == server_port \
                    and conn.raddr.port == client_port:
                return child.pid
    return None


class Serve(Server):
    """``referee serve`` as a process, with options of its own (``--workers 2``)."""

    def __init__(self, env: Mapping[str, str], *options: str,
                 log_level: str = "warning") -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "referee.cli", "serve", "--port", str(self.port),
             "--log-level", log_level, *options],
            cwd=ROOT, env=dict(env), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)

    def workers(self) -> list[int]:
        import psutil

        return [p.pid for p in psutil.Process(self.process.pid).children(recursive=True)]


def client_on_worker(server: Serve, other_than: int | None = None,
                     tries: int = 60) -> tuple[httpx.Client, int]:
    """A client whose kept-alive connection is held by a worker (another than
    ``other_than``): new connections are tried until the kernel gives one to it."""
    for _ in range(tries):
        client = httpx.Client(base_url=server.base, timeout=30)
        response = client.get("/healthz")
        worker = worker_of(server.process.pid, server.port, connection_port(response))
        if worker is not None and worker != other_than:
            return client, worker
        client.close()
    raise RuntimeError("no connection reached another worker")
