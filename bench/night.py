"""A club night under load: 32 tables (128 players, 3 rounds) played through the API on
loopback, the board's fan-out (a verdict to the standings in every open board stream)
with 200 board streams open, beside ``GET /healthz`` in the same run.

    .venv/bin/pip install -q -e '.[bench]'
    .venv/bin/python bench/night.py          # PostgreSQL at REFEREE_TEST_DATABASE_URL's default
    .venv/bin/python bench/night.py --database-url sqlite:////tmp/night.sqlite3
    .venv/bin/python bench/night.py --tables 8 --streams 50 --rounds 1

``referee serve --workers 2`` runs on loopback (on PostgreSQL a schema of the run's own,
dropped at the end), its night limits raised to the run's size
(``REFEREE_NIGHT_MAX_PLAYERS``, ``REFEREE_NIGHT_MAX_TABLES``: NIGHT.md's limits are 120
players and 30 tables). Each round is seated through ``POST .../rounds``; every table
plays a simulated game of 51 through the live tables' API (each player posts their own
hand and events with their pass), all but its last event before the streams open (not
timed). Then ``--streams`` board streams (``GET /v1/nights/{id}/stream?after=V``, V the
night's version before the verdicts) open, on the
workers the kernel gives them, and each table's last event (the verdict) is posted alone,
``--gap`` seconds apart: the fan-out is the time from that POST to the moment each
stream has the night with it (the first message whose id is at least the night's
version once the verdict is in, ``ETag`` of ``GET /v1/nights/{id}``); the POST's own
round trip (the game judged, its verdict stored) is printed beside it. ``GET /healthz`` is
timed five times a second, before the streams open (alone) and while the verdicts fan
out. Prints p50/p99 of each and the ratio of the two health figures.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from live import serve as _serve  # noqa: E402
from verdicts import bench_database, percentile  # noqa: E402

from referee.notation.reader import read_games  # noqa: E402
from referee.sim.night import simulate_table  # noqa: E402
from referee.sim.record import format_record  # noqa: E402

HEALTH_EVERY = 0.2


@dataclass
class Stream:
    """One board stream: each message's id and when it came."""

    seen: list[tuple[int, float]] = field(default_factory=list)
    ready: threading.Event = field(default_factory=threading.Event)
    stop: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def first_at_least(self, version: int) -> float | None:
        with self.lock:
            return next((t for v, t in self.seen if v >= version), None)


MESSAGE_END = re.compile(rb"\r\n\r\n|\n\n|\r\r")
ID_LINE = re.compile(rb"(?:^|[\r\n])id: ?([0-9]+)")


async def read_stream(base: str, night_id: str, after: int, stream: Stream,
                      errors: list[str]) -> None:
    """One board stream, read as bytes (a message's id noted when the message has come
    whole: the client's own work kept small, so that 200 streams in one process time
    the server, not the reader)."""
    try:
        async with httpx.AsyncClient(base_url=base, timeout=httpx.Timeout(60, read=300)) \
                as client, client.stream("GET", f"/v1/nights/{night_id}/stream",
                                         params={"after": str(after)}) as response:
            stream.ready.set()
            pending = b""
            async for chunk in response.aiter_raw():
                pending += chunk
                while (end := MESSAGE_END.search(pending)) is not None:
                    message, pending = pending[:end.start()], pending[end.end():]
                    found = ID_LINE.search(message)
                    if found is not None:
                        with stream.lock:
                            stream.seen.append((int(found[1]), time.perf_counter()))
                if stream.stop.is_set():
                    return
    except httpx.HTTPError as exc:
        errors.append(f"stream: {type(exc).__name__}")
    finally:
        stream.ready.set()


def read_streams(base: str, night_id: str, after: int, boards: list[Stream],
                 errors: list[str]) -> None:
    """Every board stream, in one event loop of its own (a thread), each from version
    ``after`` on (a stream that the server starts late still gets every version after
    it: nothing is missed while the streams open)."""

    async def every() -> None:
        await asyncio.gather(*(read_stream(base, night_id, after, board, errors)
                               for board in boards))

    asyncio.run(every())


def health(base: str, stop: threading.Event, out: list[float]) -> None:
    with httpx.Client(base_url=base, timeout=30) as client:
        while not stop.is_set():
            start = time.perf_counter()
            client.get("/healthz").raise_for_status()
            out.append(time.perf_counter() - start)
            stop.wait(HEALTH_EVERY)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def prepare(client: httpx.Client, night: dict[str, Any], passes: dict[str, str],
            table: dict[str, Any], number: int) -> tuple[str, str]:
    """Play the table's game but its last event; (its last event, its poster's token)."""
    tags = [("Event", "Bench"), ("Round", str(number)), ("Table", str(table["table"]))]
    record = read_games(format_record(simulate_table("51", table["players"],
                                                     1000 * number + table["table"], 1,
                                                     tags)[0]))[0]
    tid = table["table_id"]
    for player, deal in record.deals.items():
        client.put(f"/v1/tables/{tid}/hands/{player}", headers=auth(passes[player]),
                   json={"cards": " ".join(str(c) for c in deal.cards)}).raise_for_status()
    events = [str(e) for e in record.events]
    players = [e.player for e in record.events]
    for text, player in zip(events[:-1], players[:-1], strict=True):
        response = client.post(f"/v1/tables/{tid}/events", headers=auth(passes[player]),
                               json={"text": text})
        if response.status_code != 201:
            raise SystemExit(f"{tid}: {response.status_code} {response.text[:200]}")
    return events[-1], passes[players[-1]]


def one_round(base: str, night: dict[str, Any], passes: dict[str, str], number: int,
              streams: int, gap: float, posts: list[float]) -> tuple[list[float], list[float],
                                                                     list[float], list[str]]:
    organizer = night["organizer"]["token"]
    errors: list[str] = []
    with httpx.Client(base_url=base, timeout=120) as client:
        if number > 1:
            client.post(f"/v1/nights/{night['id']}/rounds/{number - 1}/close",
                        headers=auth(organizer)).raise_for_status()
        seated = client.post(f"/v1/nights/{night['id']}/rounds", headers=auth(organizer))
        seated.raise_for_status()
        lasts = [prepare(client, night, passes, table, number)
                 for table in seated.json()["tables"]]
        alone: list[float] = []
        stop = threading.Event()
        pulse = threading.Thread(target=health, args=(base, stop, alone), daemon=True)
        pulse.start()
        time.sleep(3)
        stop.set()
        pulse.join()
        boards = [Stream() for _ in range(streams)]
        before = int(client.get(f"/v1/nights/{night['id']}").headers["etag"].strip('"'))
        reader = threading.Thread(target=read_streams,
                                  args=(base, night["id"], before, boards, errors), daemon=True)
        reader.start()
        for board in boards:
            board.ready.wait(60)
        time.sleep(1)
        busy: list[float] = []
        stop = threading.Event()
        pulse = threading.Thread(target=health, args=(base, stop, busy), daemon=True)
        pulse.start()
        fan = time_verdicts(client, night["id"], seated.json()["tables"], lasts, boards, gap,
                            posts, errors)
        stop.set()
        pulse.join()
        for board in boards:
            board.stop.set()
    return fan, alone, busy, errors


def time_verdicts(client: httpx.Client, night_id: str, tables: list[dict[str, Any]],
                  lasts: list[tuple[str, str]], boards: list[Stream], gap: float,
                  posts: list[float], errors: list[str]) -> list[float]:
    """Post each table's last event alone; the time until each board stream has it."""
    fan: list[float] = []
    for table, (text, token) in zip(tables, lasts, strict=True):
        sent = time.perf_counter()
        answer = client.post(f"/v1/tables/{table['table_id']}/events", headers=auth(token),
                             json={"text": text})
        posts.append(time.perf_counter() - sent)
        if answer.status_code != 201 or not answer.json()["state"]["verdict_id"]:
            errors.append(f"{table['table_id']}: no verdict ({answer.status_code})")
            continue
        version = int(client.get(f"/v1/nights/{night_id}").headers["etag"].strip('"'))
        deadline = time.monotonic() + 30
        for board in boards:
            while True:
                when = board.first_at_least(version)
                if when is not None:
                    fan.append(when - sent)
                    break
                if time.monotonic() > deadline:
                    errors.append(f"a stream never had version {version}")
                    break
                time.sleep(0.002)
        time.sleep(gap)
    return fan


def line(name: str, values: list[float]) -> str:
    if not values:
        return f"  {name:40} {0:>6} {'-':>8} {'-':>8}"
    return (f"  {name:40} {len(values):>6} {percentile(values, .5) * 1000:>8.1f} "
            f"{percentile(values, .99) * 1000:>8.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default="postgresql://postgres@127.0.0.1:5432/test")
    parser.add_argument("--tables", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--streams", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--gap", type=float, default=0.3, help="seconds between verdicts")
    parser.add_argument("--keep", action="store_true", help="keep the PostgreSQL schema")
    args = parser.parse_args()
    players = [f"P{i:03}" for i in range(4 * args.tables)]
    fan: list[float] = []
    alone: list[float] = []
    busy: list[float] = []
    errors: list[str] = []
    posts: list[float] = []
    limits = {"REFEREE_NIGHT_MAX_PLAYERS": str(max(120, len(players))),
              "REFEREE_NIGHT_MAX_TABLES": str(max(30, args.tables))}
    started = time.monotonic()
    with bench_database(args.database_url, args.keep) as url, \
            _serve(url, args.workers, limits) as (base, _, _), \
            httpx.Client(base_url=base, timeout=60) as client:
        made = client.post("/v1/nights", json={
            "name": "Bench", "game": "51", "players": players, "rounds": args.rounds,
            "tables": {"min": 4, "max": 4}, "seed": 51, "tags": {"Stake": "100"}})
        made.raise_for_status()
        night = made.json()
        passes = {p["name"]: p["token"] for p in night["players"]}
        for number in range(1, args.rounds + 1):
            got = one_round(base, night, passes, number, args.streams, args.gap, posts)
            fan += got[0]
            alone += got[1]
            busy += got[2]
            errors += got[3]
    print(f"night: {args.tables} tables, {len(players)} players, {args.rounds} rounds, "
          f"{args.streams} board streams, {args.workers} workers, {url_kind(args)} "
          f"({time.monotonic() - started:.0f} s)")
    print(f"  {'':40} {'count':>6} {'p50 ms':>8} {'p99 ms':>8}")
    print(line("the verdict's POST (its answer)", posts))
    print(line("fan-out: verdict -> every board stream", fan))
    print(line("GET /healthz, no stream open", alone))
    print(line(f"GET /healthz, {args.streams} streams, verdicts", busy))
    if alone and busy:
        print(f"  healthz p50 ratio (busy / alone): "
              f"{percentile(busy, .5) / percentile(alone, .5):.2f}x")
    for error in errors[:10]:
        print("  error:", error)
    return 1 if errors else 0


def url_kind(args: argparse.Namespace) -> str:
    return "PostgreSQL" if args.database_url.startswith("postgres") else "SQLite"


if __name__ == "__main__":
    raise SystemExit(main())
