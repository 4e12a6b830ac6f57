"""Store and reopen verdicts concurrently: two uvicorn workers, PostgreSQL, 8 clients.

    .venv/bin/pip install -q -e '.[bench]'
    .venv/bin/python bench/verdicts.py                       # 1,000 verdicts, 8 clients
    .venv/bin/python bench/verdicts.py --verdicts 200 --clients 4 --database-url sqlite:///v.db

The database is ``--database-url`` (else ``REFEREE_BENCH_DATABASE_URL``, else the
local test database ``postgresql://postgres@127.0.0.1:5432/test``); on PostgreSQL
the run works in a schema of its own, dropped at the end (``--keep`` keeps it).
The logs are simulated games (one game each, all different). Each client takes
a log, stores it (``POST /v1/verdicts``), reopens it as JSON
(``GET /v1/verdicts/{id}``, checking the log came back) and as the page
(``GET /v/{id}``). The reference, measured first in the same run with the same
clients and logs, is ``POST /v1/audit`` (the same audit, nothing stored). It
prints p50/p99 per request, the wall time and the errors (exit status 1 when
there is any).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.api.store.database import normalize_url  # noqa: E402
from referee.sim import format_record, simulate_games  # noqa: E402

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"
TEXT = {"Content-Type": "text/plain; charset=utf-8"}


@dataclass
class Timings:
    samples: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def add(self, name: str, seconds: float) -> None:
        self.samples.setdefault(name, []).append(seconds)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def bench_database(url: str, keep: bool) -> Iterator[str]:
    """The URL to serve from: a new schema on PostgreSQL, the URL itself for SQLite."""
    from sqlalchemy import create_engine, make_url, text

    url = normalize_url(url)
    if not url.startswith("postgresql"):
        yield url
        return
    name = f"referee_bench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(url)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{name}"'))
    try:
        yield make_url(url).update_query_dict({"options": f"-csearch_path={name}"}) \
            .render_as_string(hide_password=False)
    finally:
        if keep:
            print(f"kept schema {name}")
        else:
            with admin.begin() as conn:
                conn.execute(text(f'DROP SCHEMA "{name}" CASCADE'))
        admin.dispose()


@contextmanager
def uvicorn_workers(database_url: str, workers: int) -> Iterator[str]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    env["REFEREE_DATABASE_URL"] = database_url
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "referee.api.app:app", "--port", str(port),
         "--workers", str(workers), "--log-level", "warning"],
        cwd=ROOT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the server did not come up")
            time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


async def timed(timings: Timings, name: str, call: Awaitable[httpx.Response],
                expect: tuple[int, ...] = (200,)) -> httpx.Response | None:
    start = time.perf_counter()
    try:
        response = await call
    except httpx.HTTPError as exc:
        timings.errors.append(f"{name}: {type(exc).__name__}: {exc}")
        return None
    timings.add(name, time.perf_counter() - start)
    if response.status_code not in expect:
        timings.errors.append(f"{name}: status {response.status_code}: {response.text[:200]}")
        return None
    return response


async def store_and_reopen(client: httpx.AsyncClient, log: str, timings: Timings) -> None:
    stored = await timed(timings, "store  POST /v1/verdicts",
                         client.post("/v1/verdicts", content=log.encode(), headers=TEXT),
                         (201,))
    if stored is None:
        return
    verdict_id = stored.json()["id"]
    reopened = await timed(timings, "reopen GET /v1/verdicts/{id}",
                           client.get(f"/v1/verdicts/{verdict_id}"))
    if reopened is not None and reopened.json()["log"] != log:
        timings.errors.append(f"reopen: verdict {verdict_id} came back with another log")
    await timed(timings, "page   GET /v/{id}", client.get(f"/v/{verdict_id}"))


async def audit_only(client: httpx.AsyncClient, log: str, timings: Timings) -> None:
    await timed(timings, "reference POST /v1/audit",
                client.post("/v1/audit", content=log.encode(), headers=TEXT))


async def run_clients(base: str, logs: list[str], clients: int,
                      job: Callable[[httpx.AsyncClient, str, Timings], Awaitable[None]],
                      timings: Timings) -> float:
    queue: asyncio.Queue[str] = asyncio.Queue()
    for log in logs:
        queue.put_nowait(log)

    async def client_loop() -> None:
        async with httpx.AsyncClient(base_url=base, timeout=60) as client:
            while not queue.empty():
                await job(client, queue.get_nowait(), timings)

    start = time.perf_counter()
    await asyncio.gather(*(client_loop() for _ in range(clients)))
    return time.perf_counter() - start


def report(timings: Timings, wall: float, count: int, title: str) -> None:
    print(f"\n{title}: {count} logs in {wall:.2f} s ({count / wall:.0f} logs/s)")
    print(f"  {'request':32} {'n':>5} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for name, values in timings.samples.items():
        print(f"  {name:32} {len(values):>5} {percentile(values, .5) * 1000:>8.1f} "
              f"{percentile(values, .99) * 1000:>8.1f} {max(values) * 1000:>8.1f}")
    print(f"  errors: {len(timings.errors)}")
    for error in timings.errors[:10]:
        print(f"    {error}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--verdicts", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2, help="uvicorn worker processes")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--database-url",
                        default=os.environ.get("REFEREE_BENCH_DATABASE_URL", DEFAULT_URL))
    parser.add_argument("--keep", action="store_true", help="keep the PostgreSQL schema")
    args = parser.parse_args()

    logs = [format_record(game.record)
            for game in simulate_games(args.verdicts, (2, 6), args.seed)]
    print(f"{len(logs)} simulated logs, {sum(map(len, logs)) / len(logs):.0f} bytes each on "
          f"average; {args.clients} clients, {args.workers} uvicorn workers")
    with bench_database(args.database_url, args.keep) as url, \
            uvicorn_workers(url, args.workers) as base:
        print(f"database: {url.split('?')[0].split('@')[-1]}")
        reference = Timings()
        wall = asyncio.run(run_clients(base, logs, args.clients, audit_only, reference))
        report(reference, wall, len(logs), "reference: audit only, nothing stored")
        stores = Timings()
        wall = asyncio.run(run_clients(base, logs, args.clients, store_and_reopen, stores))
        report(stores, wall, len(logs), "store, then reopen as JSON and as the page")
    ref_p50 = percentile(reference.samples["reference POST /v1/audit"], .5)
    store_p50 = percentile(stores.samples.get("store  POST /v1/verdicts", [float("nan")]), .5)
    print(f"\nstore p50 / audit p50: {store_p50 / ref_p50:.2f}x "
          "(the store audits once and renders the report in every language, then commits)")
    return 1 if reference.errors or stores.errors else 0


if __name__ == "__main__":
    sys.exit(main())
