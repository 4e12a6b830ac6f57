"""API and page tests: helpers to run a real server and to reach the test databases.

``REFEREE_TEST_DATABASE_URL`` names a PostgreSQL database for the store tests
(each test gets a schema of its own, dropped afterwards); without it, or when
it does not answer, those tests are skipped and SQLite runs alone.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
FRIDAY = DATA / "friday.rummy"
TEXT = {"Content-Type": "text/plain; charset=utf-8"}


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def clean_env(**extra: str) -> dict[str, str]:
    """The environment without any REFEREE_* setting of the caller's, plus ``extra``.
    The servers of the tests make tables far faster than a table of players, all from
    127.0.0.1: their creation rate is raised (a test of the limit sets its own)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    env["REFEREE_CREATE_RATE"] = "100000"
    env.update(extra)
    return env


class Server:
    """A ``referee serve`` process on a free port."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "referee.cli", "serve", "--port", str(self.port),
             "--log-level", "warning"],
            cwd=ROOT, env=dict(env), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)

    def wait_up(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                if httpx.get(self.base + "/healthz", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"the server did not come up: {self.output()}")
            time.sleep(0.1)

    def output(self) -> str:
        if self.process.poll() is None or self.process.stdout is None:
            return ""
        return self.process.stdout.read().decode(errors="replace")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush."""
        self.process.kill()
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.process.stdout:
            self.process.stdout.close()


@contextmanager
def running_server(env: Mapping[str, str]) -> Iterator[Server]:
    server = Server(env)
    try:
        server.wait_up()
        yield server
    finally:
        server.stop()


# ----------------------------------------------------------------------------- PostgreSQL


def postgres_base_url() -> str | None:
    """``REFEREE_TEST_DATABASE_URL`` when it names a PostgreSQL server that answers."""
    url = os.environ.get("REFEREE_TEST_DATABASE_URL", "").strip()
    if not url:
        return None
    from sqlalchemy import create_engine, text

    from referee.api.store.database import normalize_url

    engine = create_engine(normalize_url(url), connect_args={"connect_timeout": 3})
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except Exception:
        return None
    finally:
        engine.dispose()
    return url


@contextmanager
def postgres_schema(base_url: str) -> Iterator[str]:
    """A URL whose tables live in a new schema of their own, dropped afterwards."""
    from sqlalchemy import create_engine, make_url, text

    from referee.api.store.database import normalize_url

    name = f"referee_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(normalize_url(base_url))
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{name}"'))
    url = make_url(normalize_url(base_url)).update_query_dict(
        {"options": f"-csearch_path={name}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{name}" CASCADE'))
        admin.dispose()
