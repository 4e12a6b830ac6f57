"""One heavy table beside an idle one (``bench/live.py --heavy``): a table of 5,000 changes
(most of them undone) read by 30 clients at once, and the event round trip of an
unrelated table, against the same run without the readers.

``referee serve --workers 2`` on loopback (SQLite file of the run's own, or
``--database-url``). Not timed: the heavy table is built through the API (an event, then
event and undo in turn until ``--changes``), and a light table of 50 changes the same
way. Timed:

- ``GET /v1/tables/{id}`` of the heavy table and of the light one, one client, in turn:
  what reading costs at 5,000 changes and at 50;
- the idle table's round trip (its scribe posts an event, then its undo, in turn, one
  every ``1/--rate`` seconds, on a kept-alive connection), first alone, then while
  ``--readers`` clients (in another process, so that the timing thread does not share
  their interpreter) read the heavy table, each on its own kept-alive connection:
  ``--reader-rate`` reads a second each (phones that poll), then as fast as they can
  (a flood: the server's CPU is then all theirs but for the idle table's share); and,
  as a yardstick, the same paced readers reading ``GET /healthz`` instead.

Prints p50/p99 of each and the ratio of the round trip's p50 and p99 with and without
the readers (the target: within 2x).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from verdicts import percentile

GAME = {"game": "51", "players": ["Ana", "Beto", "Caro"], "tags": {"Stake": "100"}}
FIRST, SECOND = "Ana discard 7h", "Beto draw"


@dataclass
class Built:
    id: str
    scribe: str
    seq: int


@dataclass
class Figures:
    values: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def add(self, name: str, value: float) -> None:
        self.values.setdefault(name, []).append(value)


def build(client: httpx.Client, changes: int) -> Built:
    """A table of ``changes`` changes: one event, then an event and its undo in turn."""
    created = client.post("/v1/tables", json=GAME).json()
    table = Built(created["id"], created["scribe"]["token"], 0)
    headers = {"Authorization": f"Bearer {table.scribe}"}
    url = f"/v1/tables/{table.id}"
    answer = client.post(f"{url}/events", json={"text": FIRST}, headers=headers)
    answer.raise_for_status()
    while answer.json()["seq"] < changes:
        answer = client.post(f"{url}/events", json={"text": SECOND}, headers=headers)
        answer.raise_for_status()
        if answer.json()["seq"] >= changes:
            break
        answer = client.post(f"{url}/undo", json={"seq": answer.json()["seq"]},
                             headers=headers)
        answer.raise_for_status()
    table.seq = answer.json()["seq"]
    return table


def reads(client: httpx.Client, table: Built, count: int, name: str,
          figures: Figures) -> None:
    for _ in range(count):
        start = time.perf_counter()
        response = client.get(f"/v1/tables/{table.id}")
        figures.add(name, time.perf_counter() - start)
        if response.status_code != 200:
            figures.errors.append(f"{name}: {response.status_code}")


def round_trips(client: httpx.Client, table: Built, seconds: float, rate: float,
                name: str, figures: Figures) -> None:
    """Post an event, then its undo, in turn, ``rate`` a second for ``seconds``."""
    headers = {"Authorization": f"Bearer {table.scribe}"}
    url = f"/v1/tables/{table.id}"
    start = time.perf_counter()
    number = 0
    last: int | None = None
    while time.perf_counter() - start < seconds:
        wait = start + number / rate - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
        number += 1
        sent = time.perf_counter()
        if last is None:
            response = client.post(f"{url}/events", json={"text": SECOND}, headers=headers)
        else:
            response = client.post(f"{url}/undo", json={"seq": last}, headers=headers)
        figures.add(name, time.perf_counter() - sent)
        if response.status_code != 201:
            figures.errors.append(f"{name}: {response.status_code} {response.text[:100]}")
            last = None
            continue
        last = response.json()["seq"] if last is None else None


async def _reader(base: str, path: str, stop: float, every: float,
                  counts: list[int]) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        while time.monotonic() < stop:
            start = time.monotonic()
            response = await client.get(path)
            counts[0 if response.status_code == 200 else 1] += 1
            await asyncio.sleep(max(0.0, start + every - time.monotonic()))


def _readers(base: str, path: str, readers: int, seconds: float, every: float,
             done: Any) -> None:
    """The reading process: ``readers`` clients, each one request after another (at most
    one every ``every`` seconds)."""
    counts = [0, 0]
    stop = time.monotonic() + seconds

    async def run() -> None:
        await asyncio.gather(*(_reader(base, path, stop, every, counts)
                               for _ in range(readers)))

    asyncio.run(run())
    done.put(counts)


def heavy_run(base: str, changes: int, readers: int, seconds: float,
              rate: float, reader_rate: float) -> Figures:
    figures = Figures()
    with httpx.Client(base_url=base, timeout=120) as client:
        started = time.perf_counter()
        heavy = build(client, changes)
        light = build(client, 50)
        idle = build(client, 1)
        print(f"built: a table of {heavy.seq} changes, one of {light.seq}, an idle one "
              f"({time.perf_counter() - started:.0f} s, not timed)")
        reads(client, heavy, 5, "warm", Figures())
        reads(client, light, 5, "warm", Figures())
        for _ in range(100):
            reads(client, heavy, 1, f"GET a table of {heavy.seq} changes", figures)
            reads(client, light, 1, f"GET a table of {light.seq} changes", figures)
        round_trips(client, idle, seconds, rate, "round trip, no readers", figures)
        table = f"/v1/tables/{heavy.id}"
        every = 1 / reader_rate if reader_rate > 0 else 0.0
        runs = [(f"{readers} readers of /healthz, {reader_rate:g}/s each", "/healthz", every),
                (f"{readers} readers, {reader_rate:g}/s each", table, every),
                (f"{readers} readers, flooding", table, 0.0)]
        for name, path, every in runs:
            context = multiprocessing.get_context("spawn")
            done = context.Queue()
            process = context.Process(target=_readers, args=(
                base, path, readers, seconds + 3, every, done))
            process.start()
            time.sleep(2)  # the readers are reading
            round_trips(client, idle, seconds, rate, f"round trip, {name}", figures)
            ok, failed = done.get(timeout=seconds + 60)
            process.join()
            figures.add(f"reads a second, {name}", ok / (seconds + 3))
            if failed:
                figures.errors.append(f"readers: {failed} answers not 200")
    return figures


def report(figures: Figures) -> dict[str, Any]:
    print(f"  {'':42} {'n':>6} {'p50 ms':>8} {'p99 ms':>8}")
    out: dict[str, Any] = {}
    for name, values in figures.values.items():
        if name.startswith("reads a second"):
            print(f"  {name:42} {values[0]:>6.0f}")
            out[name] = values[0]
            continue
        p50, p99 = percentile(values, .5) * 1000, percentile(values, .99) * 1000
        print(f"  {name:42} {len(values):>6} {p50:>8.1f} {p99:>8.1f}")
        out[name] = {"n": len(values), "p50_ms": p50, "p99_ms": p99}
    alone = out["round trip, no readers"]
    for name in [n for n in out if n.startswith("round trip, ") and "no readers" not in n]:
        loaded = out[name]
        ratio = (loaded["p50_ms"] / alone["p50_ms"], loaded["p99_ms"] / alone["p99_ms"])
        print(f"  {name}: p50 x{ratio[0]:.2f}, p99 x{ratio[1]:.2f} of the round trip "
              f"alone (target: within x2)")
        out[f"ratio, {name}"] = {"p50": ratio[0], "p99": ratio[1]}
    print(f"  errors: {len(figures.errors)}")
    for error in figures.errors[:5]:
        print(f"    {error}")
    return out
