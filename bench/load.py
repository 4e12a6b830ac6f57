"""The service under load: a real ``referee serve --workers 2`` and 1, 8, 32, 64 clients.

    .venv/bin/pip install -q -e '.[bench]'
    .venv/bin/python bench/load.py                            # 1, 8, 32 and 64 clients
    .venv/bin/python bench/load.py --clients 1,8 --requests 100 --seconds 20

The server runs as a subprocess on 127.0.0.1 (a free port, a data folder of its
own, no ``REFEREE_*`` setting of the caller's but the body limit). The clients
are asyncio tasks sharing one httpx client with at most as many connections as
there are clients; each level sends a bounded number of requests
(``--requests``, at least 4 per client) and stops early at ``--seconds``. The
requests are a fixed mix: a one-game log (``POST /v1/audit``), a night of
``--night-games`` games, ``GET /v1/rules``, and a request with a bad knob value
(a 400: a refusal, counted apart from the errors), plus a night over the games
limit (a 413, refused) in every tenth request.

First, at one client and with the server otherwise quiet, ``GET /healthz`` and
``POST /v1/audit`` of the friday game ``--latency-requests`` times each on one
kept-alive connection, then as often on a fresh connection each time: p50, p99
and the kept-alive requests per second. A kept-alive median ``STALL_MS`` or more
over the fresh one fails the run (exit status 1): a response written in two
pieces waiting for the client's delayed ACK (Nagle's algorithm, about 40 ms on
Linux), which TCP_NODELAY on the accepted connections prevents.

For each level it prints the throughput, p50 and p99, the answers (ok), the
clear refusals (the 400s and 413s asked for), the errors (any other status, a
broken connection) and the hangs (no answer within ``--timeout``), and the
resident memory of the server's process tree (the supervisor and its workers).
The memory at the start is taken after a warm-up (each kind of request a few
times on every worker: imports and caches), and again after the last level.
Exit status 1 when there is any error or hang, or when the memory at the end is
more than 20% over the start.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
FRIDAY = ROOT / "tests" / "data" / "friday.rummy"
TEXT = {"Content-Type": "text/plain; charset=utf-8"}
MAX_GAMES = 100  # the server's REFEREE_MAX_GAMES in this run
RSS_MARGIN = 1.20
STALL_MS = 20  # a kept-alive median this much over a fresh connection's: a Nagle stall


# ----------------------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(port: int, workers: int, data: str) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    env.update(XDG_DATA_HOME=data, REFEREE_MAX_GAMES=str(MAX_GAMES))
    return subprocess.Popen(
        [sys.executable, "-m", "referee.cli", "serve", "--port", str(port), "--workers",
         str(workers), "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)


def wait_up(base: str, server: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server exited with status {server.returncode}")
        try:
            if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    raise SystemExit("the server did not come up")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def tree_rss_kib(pid: int) -> int:
    """Resident memory of ``pid`` and every process below it, in KiB (psutil)."""
    import psutil

    total = 0
    server = psutil.Process(pid)
    for process in (server, *server.children(recursive=True)):
        with contextlib.suppress(psutil.Error):  # a process gone meanwhile counts nothing
            total += process.memory_info().rss
    return total // 1024


# ----------------------------------------------------------------------------- the requests


@dataclass(frozen=True)
class Kind:
    name: str
    method: str
    path: str
    body: bytes | None
    expect: int  # the status a correct server gives


def kinds(night_games: int) -> list[Kind]:
    game = FRIDAY.read_text(encoding="utf-8")
    night = "\n".join([game] * night_games).encode()
    too_many = "\n".join([game] * (MAX_GAMES + 1)).encode()
    return [
        Kind("game", "POST", "/v1/audit", game.encode(), 200),
        Kind("night", "POST", "/v1/audit?lang=es", night, 200),
        Kind("rules", "GET", "/v1/rules", None, 200),
        Kind("bad-knob", "POST", "/v1/audit?MinOpen=" + "9" * 5000, game.encode(), 400),
        Kind("too-many", "POST", "/v1/audit", too_many, 413),
    ]


def pick(kinds_: list[Kind], index: int) -> Kind:
    """The mix: every tenth request over the games limit, then game, night, game, rules,
    game, bad-knob, game, night, game."""
    if index % 10 == 9:
        return kinds_[4]
    return kinds_[(0, 1, 0, 2, 0, 3, 0, 1, 0)[index % 10]]


@dataclass
class Level:
    clients: int
    latencies: list[float] = field(default_factory=list)
    ok: int = 0
    refused: int = 0
    errors: list[str] = field(default_factory=list)
    hangs: int = 0
    wall: float = 0.0
    rss_kib: int = 0

    @property
    def done(self) -> int:
        return self.ok + self.refused + len(self.errors) + self.hangs


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def one(client: httpx.AsyncClient, kind: Kind, level: Level) -> None:
    started = time.perf_counter()
    try:
        response = await client.request(kind.method, kind.path, content=kind.body,
                                         headers=TEXT if kind.body is not None else None)
    except httpx.TimeoutException:
        level.hangs += 1
        return
    except httpx.HTTPError as exc:
        level.errors.append(f"{kind.name}: {type(exc).__name__}")
        return
    level.latencies.append(time.perf_counter() - started)
    if response.status_code != kind.expect:
        level.errors.append(f"{kind.name}: status {response.status_code}")
    elif kind.expect == 200:
        level.ok += 1
    elif response.json().get("error", {}).get("message"):
        level.refused += 1
    else:
        level.errors.append(f"{kind.name}: {kind.expect} without a message")


async def run_level(base: str, clients: int, requests: int, seconds: float, timeout: float,
                    kinds_: list[Kind]) -> Level:
    level = Level(clients)
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    deadline = time.monotonic() + seconds
    counter = iter(range(requests))

    async def client_task(client: httpx.AsyncClient) -> None:
        for index in counter:
            if time.monotonic() > deadline:
                return
            await one(client, pick(kinds_, index), level)

    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=timeout) as client:
        started = time.perf_counter()
        await asyncio.gather(*(client_task(client) for _ in range(clients)))
        level.wall = time.perf_counter() - started
    return level


def warm_up(base: str, kinds_: list[Kind], workers: int) -> None:
    with httpx.Client(base_url=base, timeout=120) as client:
        for _ in range(3 * workers):
            for kind in kinds_:
                client.request(kind.method, kind.path, content=kind.body,
                               headers=TEXT if kind.body is not None else None)


# ----------------------------------------------------------------------------- one client


@dataclass
class Latency:
    """One request's latencies at one client: on one kept-alive connection, and on a fresh
    connection each time (``Connection: close``: the server closes after each answer)."""

    kind: Kind
    kept: list[float]
    fresh: list[float]
    kept_wall: float

    def row(self) -> str:
        def ms(values: list[float], q: float) -> str:
            return f"{percentile(values, q) * 1000:>8.1f}"

        rate = len(self.kept) / self.kept_wall if self.kept_wall else 0.0
        label = f"{self.kind.method} {self.kind.path}"
        return (f"{label:<15}  {ms(self.kept, 0.5)}  {ms(self.kept, 0.99)}  {rate:>8.0f}  "
                f"{ms(self.fresh, 0.5)}  {ms(self.fresh, 0.99)}")

    def stalled(self) -> bool:
        """Kept-alive answers slower than fresh ones by ``STALL_MS`` or more at the median:
        a small write waiting for the client's delayed ACK (Nagle's algorithm)."""
        return percentile(self.kept, 0.5) > percentile(self.fresh, 0.5) + STALL_MS / 1000


def timed(client: httpx.Client, kind: Kind, headers: dict[str, str]) -> float:
    started = time.perf_counter()
    response = client.request(kind.method, kind.path, content=kind.body, headers=headers)
    elapsed = time.perf_counter() - started
    if response.status_code != kind.expect:
        raise SystemExit(f"{kind.name}: status {response.status_code}")
    return elapsed


def latency(base: str, kind: Kind, requests: int) -> Latency:
    headers = dict(TEXT) if kind.body is not None else {}
    one_connection = httpx.Limits(max_connections=1, max_keepalive_connections=1)
    with httpx.Client(base_url=base, timeout=60, limits=one_connection) as client:
        timed(client, kind, headers)  # the connection opened: not counted
        started = time.perf_counter()
        kept = [timed(client, kind, headers) for _ in range(requests)]
        kept_wall = time.perf_counter() - started
    with httpx.Client(base_url=base, timeout=60) as client:
        fresh = [timed(client, kind, headers | {"Connection": "close"})
                 for _ in range(requests)]
    return Latency(kind, kept, fresh, kept_wall)


def alternated(base: str, first: Kind, second: Kind, requests: int) -> tuple[float, float]:
    """Medians of ``first`` and ``second`` sent in turn on one kept-alive connection: the
    two see the same load, so their ratio holds on a busy machine where the blocks above
    (one kind, then the other) can drift apart."""
    one_connection = httpx.Limits(max_connections=1, max_keepalive_connections=1)
    times: tuple[list[float], list[float]] = ([], [])
    with httpx.Client(base_url=base, timeout=60, limits=one_connection) as client:
        for kind in (first, second):
            timed(client, kind, dict(TEXT) if kind.body is not None else {})  # not counted
        for _ in range(requests):
            for kind, out in zip((first, second), times, strict=True):
                out.append(timed(client, kind, dict(TEXT) if kind.body is not None else {}))
    return statistics.median(times[0]), statistics.median(times[1])


def one_client(base: str, kinds_: list[Kind], requests: int) -> list[Latency]:
    healthz = Kind("healthz", "GET", "/healthz", None, 200)
    print(f"one client, {requests} requests each, ms: kept-alive (one connection) and "
          f"fresh (a connection per request)")
    print("request          kept p50  kept p99  kept r/s  fresh p50 fresh p99")
    rows = []
    for kind in (healthz, kinds_[0]):
        rows.append(latency(base, kind, requests))
        print(rows[-1].row(), flush=True)
    health, audit = alternated(base, healthz, kinds_[0], requests)
    print(f"alternated on one kept-alive connection (p50, ms): GET /healthz {health * 1000:.1f}, "
          f"POST /v1/audit of one game {audit * 1000:.1f}: {audit / health:.2f}x", flush=True)
    return rows


# ----------------------------------------------------------------------------- the run


def row(level: Level) -> str:
    rate = level.done / level.wall if level.wall else 0.0
    return (f"{level.clients:>7}  {level.done:>8}  {rate:>8.1f}  "
            f"{percentile(level.latencies, 0.5) * 1000:>8.0f}  "
            f"{percentile(level.latencies, 0.99) * 1000:>8.0f}  {level.ok:>6}  "
            f"{level.refused:>7}  {len(level.errors):>6}  {level.hangs:>5}  "
            f"{level.rss_kib / 1024:>9.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", default="1,8,32,64", help="levels, comma-separated")
    parser.add_argument("--requests", type=int, default=320,
                        help="requests per level (at least 4 per client)")
    parser.add_argument("--seconds", type=float, default=90, help="time limit per level")
    parser.add_argument("--timeout", type=float, default=60,
                        help="seconds without an answer that count as a hang")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--night-games", type=int, default=20)
    parser.add_argument("--latency-requests", type=int, default=200,
                        help="requests of each kind at one client (0: none)")
    args = parser.parse_args()
    levels = [int(c) for c in args.clients.split(",")]
    kinds_ = kinds(args.night_games)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="referee-load-") as data:
        server = start_server(port, args.workers, data)
        try:
            wait_up(base, server)
            cold = tree_rss_kib(server.pid)
            warm_up(base, kinds_, args.workers)
            start = tree_rss_kib(server.pid)
            print(f"referee serve --workers {args.workers} on {base}; a night is "
                  f"{args.night_games} games; RSS of the server's processes: "
                  f"{cold / 1024:.1f} MiB cold, {start / 1024:.1f} MiB after the warm-up")
            alone = one_client(base, kinds_, args.latency_requests) if (
                args.latency_requests) else []
            print("clients  requests     req/s   p50 ms   p99 ms      ok  refused  errors  "
                  "hangs  RSS MiB")
            results = []
            for clients in levels:
                requests = max(args.requests, 4 * clients)
                level = asyncio.run(run_level(base, clients, requests, args.seconds,
                                              args.timeout, kinds_))
                time.sleep(1)  # the last answers' spools closed, threads idle
                level.rss_kib = tree_rss_kib(server.pid)
                results.append(level)
                print(row(level), flush=True)
            end = tree_rss_kib(server.pid)
        finally:
            stop_server(server)
    return report(results, start, end, alone)


def report(results: list[Level], start: int, end: int, alone: list[Latency]) -> int:
    errors = [e for level in results for e in level.errors]
    hangs = sum(level.hangs for level in results)
    ratio = end / start
    print(f"RSS before {start / 1024:.1f} MiB, after {end / 1024:.1f} MiB "
          f"({(ratio - 1) * 100:+.1f}%); errors {len(errors)}, hangs {hangs}")
    for error in sorted(set(errors)):
        print(f"  error: {error} (x{errors.count(error)})")
    stalled = [f"{r.kind.method} {r.kind.path}" for r in alone if r.stalled()]
    if stalled:
        print(f"FAIL: kept-alive answers {STALL_MS} ms or more slower than fresh ones at the "
              f"median ({', '.join(stalled)}): TCP_NODELAY is not set on the connections")
    if errors or hangs or ratio > RSS_MARGIN:
        print("FAIL: errors, hangs, or memory more than 20% over the start")
        return 1
    return 1 if stalled else 0


if __name__ == "__main__":
    sys.exit(main())
