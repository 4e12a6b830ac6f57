"""Live tables under load: an event's round trip and its fan-out to a stream on the other
worker, at 1, 8 and 32 tables playing at once, beside ``GET /healthz``.

    .venv/bin/pip install -q -e '.[bench]'
    .venv/bin/python bench/live.py                         # SQLite, 2 workers, 1/8/32 tables
    .venv/bin/python bench/live.py --database-url postgresql://postgres@127.0.0.1:5432/test
    .venv/bin/python bench/live.py --tables 1 8 --events 20 --rate 2

``referee serve --workers 2`` runs on loopback (a SQLite file of the run's own, or
``--database-url``: on PostgreSQL a schema of the run's own, dropped at the end).
Each table plays a simulated 51 game: its hands are given first (not timed), then
its scribe posts ``--events`` event lines, one every ``1/--rate`` seconds, on a
kept-alive connection; a stream of the table (``GET .../stream``) is held on a
connection that the other worker serves (found with psutil, connection by
connection). The round trip is POST to its answer; the fan-out is POST to the
moment that stream has the change. ``GET /healthz`` is timed in the same run, five
times a second. It prints p50/p99 per figure and the errors (exit status 1 when
there is any).

    .venv/bin/python bench/live.py --heavy                 # one heavy table, 30 readers

``--heavy``: a table of 5,000 changes (most undone) read by 30 clients at once beside
an idle table's event round trip, against the same run without the readers
(bench/heavy.py says how).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from verdicts import bench_database, free_port, percentile  # noqa: E402

from referee.sim import simulate_games  # noqa: E402

HEALTH_EVERY = 0.2


@dataclass
class Samples:
    round_trip: list[float] = field(default_factory=list)
    fan_out: list[float] = field(default_factory=list)
    health: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)


@contextmanager
def serve(database_url: str, workers: int,
          extra: dict[str, str] | None = None) -> Iterator[tuple[str, int, int]]:
    """``referee serve --workers N`` (``extra``: more settings): (base URL, its pid, its
    port)."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    env.update(REFEREE_DATABASE_URL=database_url, REFEREE_TABLE_RATE="1000",
               REFEREE_CREATE_RATE="100000", **(extra or {}))
    server = subprocess.Popen(
        [sys.executable, "-m", "referee.cli", "serve", "--port", str(port), "--workers",
         str(workers), "--log-level", "warning"], cwd=ROOT, env=env)
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
        yield base, server.pid, port
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def worker_of(server_pid: int, server_port: int, client_port: int) -> int | None:
    """The worker process holding the connection from ``client_port``."""
    for child in psutil.Process(server_pid).children(recursive=True):
        try:
            for conn in child.net_connections(kind="tcp"):
                if conn.laddr and conn.raddr and conn.laddr.port == server_port \
                        and conn.raddr.port == client_port:
                    return child.pid
        except psutil.Error:
            continue
    return None


def port_of(response: httpx.Response) -> int:
    port: int = response.extensions["network_stream"].get_extra_info("client_addr")[1]
    return port


def client_on(base: str, pid: int, port: int, other_than: int | None) -> tuple[httpx.Client,
                                                                                   int]:
    """A client whose kept-alive connection a worker (not ``other_than``) holds."""
    for _ in range(100):
        client = httpx.Client(base_url=base, timeout=60)
        worker = worker_of(pid, port, port_of(client.get("/healthz")))
        if worker is not None and worker != other_than:
            return client, worker
        client.close()
    raise SystemExit("no connection reached the other worker")


@dataclass
class Table:
    id: str
    scribe: str
    lines: list[str]
    sent: dict[int, float] = field(default_factory=dict)  # event index -> when posted
    seqs: dict[int, int] = field(default_factory=dict)  # event index -> its seq
    seen: dict[int, float] = field(default_factory=dict)  # seq -> when the stream had it
    stream_worker: int | None = None
    ready: threading.Event = field(default_factory=threading.Event)
    stop: threading.Event = field(default_factory=threading.Event)


def new_table(client: httpx.Client, seed: int, events: int) -> Table:
    record = next(iter(simulate_games(1, (4, 4), seed))).record
    created = client.post("/v1/tables", json={"game": "51", "players": list(record.players),
                                              "tags": {"Stake": "100"}}).json()
    table = Table(created["id"], created["scribe"]["token"],
                  [str(event) for event in record.events][:events])
    for player, deal in record.deals.items():
        client.put(f"/v1/tables/{table.id}/hands/{player}",
                   json={"cards": " ".join(str(c) for c in deal.cards)},
                   headers={"Authorization": f"Bearer {table.scribe}"}).raise_for_status()
    return table


def watch(base: str, pid: int, port: int, table: Table, samples: Samples) -> None:
    """Hold the table's stream (the worker that serves it is noted) and time each change."""
    with httpx.Client(base_url=base, timeout=httpx.Timeout(60, read=120)) as client, \
            client.stream("GET", f"/v1/tables/{table.id}/stream") as response:
        table.stream_worker = worker_of(pid, port, port_of(response))
        table.ready.set()
        seq = None
        for line in response.iter_lines():
            if line.startswith("id:"):
                seq = int(line[3:].strip())
            elif line.startswith("data:") and seq is not None:
                table.seen[seq] = time.perf_counter()
                if len(table.seen) >= len(table.lines) or table.stop.is_set():
                    return


def play(base: str, pid: int, port: int, table: Table, rate: float, samples: Samples) -> None:
    client, _ = client_on(base, pid, port, table.stream_worker)
    headers = {"Authorization": f"Bearer {table.scribe}"}
    start = time.perf_counter()
    try:
        for number, line in enumerate(table.lines):
            wait = start + number / rate - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
            sent = time.perf_counter()
            table.sent[number] = sent
            try:
                response = client.post(f"/v1/tables/{table.id}/events", headers=headers,
                                       json={"text": line, "key": f"bench-{number}"})
            except httpx.HTTPError as exc:
                samples.error(f"{table.id}: {type(exc).__name__}")
                continue
            elapsed = time.perf_counter() - sent
            if response.status_code != 201:
                samples.error(f"{table.id}: {response.status_code} {response.text[:120]}")
                continue
            table.seqs[number] = response.json()["seq"]
            with samples.lock:
                samples.round_trip.append(elapsed)
    finally:
        client.close()


def health(base: str, stop: threading.Event, samples: Samples) -> None:
    with httpx.Client(base_url=base, timeout=30) as client:
        while not stop.is_set():
            start = time.perf_counter()
            response = client.get("/healthz")
            with samples.lock:
                samples.health.append(time.perf_counter() - start)
            if response.status_code != 200:
                samples.error(f"healthz: {response.status_code}")
            stop.wait(HEALTH_EVERY)


def one_round(base: str, pid: int, port: int, count: int, events: int, rate: float,
              seed: int) -> Samples:
    samples = Samples()
    with httpx.Client(base_url=base, timeout=60) as setup:
        tables = [new_table(setup, seed + n, events) for n in range(count)]
    watchers = [threading.Thread(target=watch, args=(base, pid, port, t, samples), daemon=True)
                for t in tables]
    for thread in watchers:
        thread.start()
    for table in tables:
        if not table.ready.wait(60):
            raise SystemExit("a stream did not open")
    stop = threading.Event()
    pulse = threading.Thread(target=health, args=(base, stop, samples), daemon=True)
    pulse.start()
    players = [threading.Thread(target=play, args=(base, pid, port, t, rate, samples))
               for t in tables]
    for thread in players:
        thread.start()
    for thread in players:
        thread.join()
    stop.set()
    pulse.join()
    fan_out(tables, samples)
    return samples


def fan_out(tables: list[Table], samples: Samples) -> None:
    """Wait (30 s at most) for the streams to have every change, then time each."""
    deadline = time.monotonic() + 30
    for table in tables:
        while len(table.seen) < len(table.seqs) and time.monotonic() < deadline:
            time.sleep(0.01)
        table.stop.set()
    for table in tables:
        for number, seq in table.seqs.items():
            if seq not in table.seen:
                samples.error(f"{table.id}: the stream never had change {seq}")
                continue
            samples.fan_out.append(table.seen[seq] - table.sent[number])


def line(name: str, values: list[float]) -> str:
    if not values:
        return f"  {name:34} {0:>6} {'-':>8} {'-':>8}"
    return (f"  {name:34} {len(values):>6} {percentile(values, .5) * 1000:>8.1f} "
            f"{percentile(values, .99) * 1000:>8.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 8, 32])
    parser.add_argument("--events", type=int, default=30, help="events per table per round")
    parser.add_argument("--rate", type=float, default=1.0, help="events a second per table")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--database-url", default=None,
                        help="default: a SQLite file of the run's own")
    parser.add_argument("--keep", action="store_true", help="keep the PostgreSQL schema")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--heavy", action="store_true",
                        help="one heavy table read by --readers clients beside an idle one")
    parser.add_argument("--changes", type=int, default=5000, help="the heavy table's changes")
    parser.add_argument("--readers", type=int, default=30)
    parser.add_argument("--reader-rate", type=float, default=2.0,
                        help="reads a second per reader in the paced run (--heavy)")
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="how long each round trip run lasts (--heavy)")
    args = parser.parse_args()
    if args.heavy:
        return heavy_main(args)

    folder = Path(tempfile.mkdtemp(prefix="referee-live-bench-"))
    url = args.database_url or f"sqlite:///{folder / 'live.sqlite3'}"
    figures: list[dict[str, object]] = []
    errors = 0
    with bench_database(url, args.keep) as database, \
            serve(database, args.workers) as (base, pid, port):
        print(f"{args.workers} workers, {url.split(':', 1)[0]}; {args.events} events a table "
              f"at {args.rate:g}/s")
        for count in args.tables:
            samples = one_round(base, pid, port, count, args.events, args.rate,
                                args.seed + 1000 * count)
            print(f"\n{count} table(s) at once")
            print(f"  {'':34} {'n':>6} {'p50 ms':>8} {'p99 ms':>8}")
            print(line("round trip  POST .../events", samples.round_trip))
            print(line("fan-out     POST -> other worker", samples.fan_out))
            print(line("GET /healthz", samples.health))
            print(f"  errors: {len(samples.errors)}")
            for error in samples.errors[:5]:
                print(f"    {error}")
            errors += len(samples.errors)
            figures.append({"tables": count, **{
                name: {"n": len(values), "p50_ms": percentile(values, .5) * 1000 if values
                       else None, "p99_ms": percentile(values, .99) * 1000 if values else None}
                for name, values in (("round_trip", samples.round_trip),
                                     ("fan_out", samples.fan_out),
                                     ("healthz", samples.health))}})
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 1 if errors else 0


def heavy_main(args: argparse.Namespace) -> int:
    from heavy import heavy_run, report

    folder = Path(tempfile.mkdtemp(prefix="referee-live-bench-"))
    url = args.database_url or f"sqlite:///{folder / 'live.sqlite3'}"
    with bench_database(url, args.keep) as database, \
            serve(database, args.workers) as (base, _, _):
        rate = args.rate if args.rate != 1.0 else 10.0
        print(f"{args.workers} workers, {url.split(':', 1)[0]}; {args.readers} readers of a "
              f"table of {args.changes} changes; the idle table's events at {rate:g}/s")
        figures = heavy_run(base, args.changes, args.readers, args.seconds, rate,
                            args.reader_rate)
        out = report(figures)
    if args.json is not None:
        args.json.write_text(json.dumps(out, indent=2) + "\n")
    return 1 if figures.errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
