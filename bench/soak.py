"""A night at a club: live tables played for a long time, phones dropping, a worker killed.

    .venv/bin/pip install -q -e '.[bench]'
    .venv/bin/python bench/soak.py --database-url postgresql://postgres@127.0.0.1:5432/test
    .venv/bin/python bench/soak.py --minutes 2 --tables 4          # a short try

``referee serve --workers 2`` runs on loopback (PostgreSQL: a schema of the run's own,
dropped at the end; without ``--database-url`` a SQLite file). ``--tables`` slots play
at once for ``--minutes``: each slot plays one simulated game after another (a 51 game
of 3-6 players; every fourth slot a Rummy argentino match), each on a table of its own.
Every player of a table is a phone (:class:`Phone`): its own kept-alive connection with
its seat's token, through which it gives its hand and posts its own events (an event
every ``--pace`` seconds or so per table), and its own Server-Sent Events stream.
Phones misbehave as phones do: a stream drops and reconnects with ``Last-Event-ID``; an
answer is lost and the event is sent again with its ``key`` on a new connection. Halfway
through, one worker is killed with SIGKILL (uvicorn's supervisor starts another); what
was in flight on it is sent again with its key.

Checked for every table: its verdict (``GET /v1/verdicts/{id}``) equals ``referee audit
--json`` of its log (``GET .../log``) and names the simulated game's winner; every
answered change is in the trail exactly once and the log holds every event once, in
order; every phone's stream has every change, in order, with no gap and no repeat.
Printed per minute: the round trip (POST to answer) and the fan-out (POST to another
phone's stream having it), p50 and p99, and the workers' RSS; at the end the totals and
every error. Errors other than the dropped connections themselves make the exit status 1,
and so does an RSS that is not flat (the last minute more than 20% above the second).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from live import serve  # noqa: E402
from verdicts import bench_database, percentile  # noqa: E402

from referee.notation.events import GameRecord  # noqa: E402
from referee.notation.reader import read_games  # noqa: E402
from referee.sim import simulate_text  # noqa: E402

RETRIES = 40  # sends of one change before it counts as lost
STREAM_DROP = 0.004  # chance, per message a phone's stream reads, that it drops
ANSWER_LOST = 0.03  # chance that the answer to a post is lost (sent again with its key)
MATCH_TAGS = ("Match", "Hand")


class Run:
    """What the whole run measured: per-minute samples, errors, drops."""

    def __init__(self, start: float) -> None:
        self.start = start
        self.lock = threading.Lock()
        self.round_trip: dict[int, list[float]] = defaultdict(list)
        self.fan_out: dict[int, list[float]] = defaultdict(list)
        self.rss: dict[int, list[int]] = defaultdict(list)
        self.errors: list[str] = []
        self.drops: dict[str, int] = defaultdict(int)
        self.tables = 0
        self.games = {"51": 0, "rummy-argentino": 0}
        self.changes = 0

    def minute(self, at: float) -> int:
        return int((at - self.start) // 60)

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)
        print(f"  error: {text}", flush=True)

    def drop(self, kind: str) -> None:
        with self.lock:
            self.drops[kind] += 1

    def sample(self, series: dict[int, list[float]], at: float, value: float) -> None:
        with self.lock:
            series[self.minute(at)].append(value)


@dataclass
class Stream:
    """One phone's stream of a table: every change it read, by seq, and when."""

    seqs: list[int] = field(default_factory=list)
    seen: dict[int, float] = field(default_factory=dict)
    ready: threading.Event = field(default_factory=threading.Event)
    stop: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None


class Phone:
    """A player's phone: a kept-alive connection with the seat's token, and a stream."""

    def __init__(self, base: str, table: str, player: str, token: str, run: Run,
                 rng: random.Random) -> None:
        self.base, self.table, self.player, self.token = base, table, player, token
        self.run, self.rng = run, rng
        self.client = self._client()
        self.stream = Stream()

    def _client(self) -> httpx.Client:
        return httpx.Client(base_url=self.base, timeout=httpx.Timeout(30, connect=10),
                            headers={"Authorization": f"Bearer {self.token}"})

    def reconnect(self) -> None:
        self.client.close()
        self.client = self._client()

    def send(self, method: str, path: str, body: dict[str, Any],
             expect: tuple[int, ...] = (201,)) -> dict[str, Any] | None:
        """Send a change until an answer comes (the same key every time: a resend is
        answered 200 with the first answer); None, with an error, when it never does."""
        for attempt in range(RETRIES):
            try:
                response = self.client.request(method, path, json=body)
            except httpx.TransportError as exc:
                self.run.drop(f"connection lost ({type(exc).__name__})")
                self.reconnect()
                time.sleep(min(2.0, 0.1 * (attempt + 1)))
                continue
            if response.status_code == 429:
                self.run.drop("429 too many changes")
                time.sleep(float(response.headers.get("Retry-After", "1")))
                continue
            if response.status_code not in (*expect, 200):
                self.run.error(f"{self.table} {self.player} {method} {path} {body.get('text', '')}"
                               f": {response.status_code} {response.text[:200]}")
                return None
            if "key" in body and response.status_code != 200 and self.rng.random() < ANSWER_LOST:
                self.run.drop("answer lost (sent again with its key)")
                self.reconnect()
                continue  # the answer was lost: the same key again
            answer: dict[str, Any] = response.json()
            return answer
        self.run.error(f"{self.table} {self.player}: {path} never answered")
        return None

    # -- the stream ------------------------------------------------------------------------

    def watch(self) -> None:
        """Hold the stream until told to stop, reconnecting with Last-Event-ID."""
        stream = self.stream
        while not stream.stop.is_set():
            headers = {"Last-Event-ID": str(stream.seqs[-1])} if stream.seqs else {}
            params = {} if stream.seqs else {"after": "0"}
            try:
                with httpx.Client(base_url=self.base, timeout=httpx.Timeout(30, read=40)) \
                        as client, client.stream("GET", f"/v1/tables/{self.table}/stream",
                                                 headers=headers, params=params) as response:
                    if response.status_code != 200:
                        self.run.error(f"{self.table} stream: {response.status_code}")
                        return
                    stream.ready.set()
                    if self._read(response):
                        self.run.drop("stream dropped by the phone")
                        continue
            except httpx.TransportError:
                if not stream.stop.is_set():
                    self.run.drop("stream lost")
                    time.sleep(0.2)

    def _read(self, response: httpx.Response) -> bool:
        """Read messages; True when the phone drops the stream on purpose."""
        stream, seq = self.stream, None
        for line in response.iter_lines():
            if stream.stop.is_set():
                return False
            if line.startswith("id:"):
                seq = int(line[3:].strip())
            elif line.startswith("data:") and seq is not None:
                stream.seqs.append(seq)
                stream.seen.setdefault(seq, time.perf_counter())
                seq = None
                if self.rng.random() < STREAM_DROP:
                    return True
        return False

    def start(self) -> None:
        self.stream.thread = threading.Thread(target=self.watch, daemon=True)
        self.stream.thread.start()

    def close(self) -> None:
        self.stream.stop.set()
        self.client.close()


@dataclass
class Played:
    """A table being played: its phones and what its answers said."""

    id: str
    scribe: str
    phones: dict[str, Phone]
    sent: dict[int, float] = field(default_factory=dict)  # seq -> when its POST went
    by: dict[int, str] = field(default_factory=dict)  # seq -> the phone that posted it
    answered: list[int] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)  # event lines answered, in order
    state: dict[str, Any] = field(default_factory=dict)


def _hand_tags(record: GameRecord, skip: tuple[str, ...]) -> dict[str, str]:
    return {name: tag.value for name, tag in record.tags.items()
            if name not in ("Game", "Players", *skip)}


class Slot:
    """One of the club's tables: simulated games played one after another until time's up."""

    def __init__(self, number: int, base: str, run: Run, until: float, pace: float,
                 seed: int) -> None:
        self.number, self.base, self.run, self.until = number, base, run, until
        self.pace, self.seed = pace, seed
        self.rng = random.Random(seed)
        self.argentino = number % 4 == 3

    def loop(self) -> None:
        game = 0
        while time.monotonic() < self.until:
            game += 1
            try:
                self.play(self._log(game))
            except Exception as exc:  # a soak reports every failure and goes on
                self.run.error(f"slot {self.number}: {type(exc).__name__}: {exc}")

    def _log(self, game: int) -> str:
        seed = self.seed * 1000 + game
        if self.argentino:
            return simulate_text("rummy-argentino", 1, (3, 6), seed, {"Target": "300"},
                                 matches=True)
        return simulate_text("51", 1, (3, 6), seed)

    def play(self, text: str) -> None:
        records = read_games(text)
        first = records[0]
        match = first.ruleset != "51"
        created = self._create({"game": first.ruleset, "players": list(first.players),
                                "tags": _hand_tags(first, ("Hand",) if match else ())})
        phones = {seat["player"]: Phone(self.base, created["id"], seat["player"],
                                        seat["token"], self.run, self.rng)
                  for seat in created["seats"]}
        table = Played(created["id"], created["scribe"]["token"], phones)
        for phone in phones.values():
            phone.start()
        for phone in phones.values():
            phone.stream.ready.wait(30)
        with self.run.lock:
            self.run.tables += 1
        try:
            for number, record in enumerate(records, start=1):
                if time.monotonic() > self.until + 600:
                    self.run.error(f"{table.id}: still playing ten minutes after the end")
                    return
                self._hand(table, number, record, match)
            self._finish(table, records)
        finally:
            for phone in phones.values():
                phone.close()

    def _create(self, body: dict[str, Any]) -> dict[str, Any]:
        """``POST /v1/tables`` until a worker answers (a table made by a post whose answer
        was lost stays unplayed: making one is no change of a table)."""
        for attempt in range(RETRIES):
            try:
                with httpx.Client(base_url=self.base, timeout=30) as setup:
                    response = setup.post("/v1/tables", json=body)
            except httpx.TransportError as exc:
                self.run.drop(f"connection lost ({type(exc).__name__})")
                time.sleep(min(2.0, 0.1 * (attempt + 1)))
                continue
            response.raise_for_status()
            created: dict[str, Any] = response.json()
            return created
        raise RuntimeError("POST /v1/tables never answered")

    def _hand(self, table: Played, number: int, record: GameRecord, match: bool) -> None:
        scribe = Phone(self.base, table.id, "scribe", table.scribe, self.run, self.rng)
        try:
            if number > 1:
                self._change(table, scribe, "POST", f"/v1/tables/{table.id}/hands", {
                    "players": list(record.players),
                    "tags": _hand_tags(record, MATCH_TAGS)}, None)
            for player, deal in record.deals.items():
                cards = " ".join(str(card) for card in deal.cards)
                self._change(table, table.phones[player], "PUT",
                             f"/v1/tables/{table.id}/hands/{player}", {"cards": cards}, None)
            if record.up is not None:
                self._change(table, scribe, "PUT", f"/v1/tables/{table.id}/up",
                             {"card": str(record.up)}, None)
        finally:
            scribe.client.close()
        for index, event in enumerate(record.events):
            time.sleep(self.pace * self.rng.uniform(0.5, 1.5))
            text = str(event)
            key = f"h{number}-e{index}"
            self._change(table, table.phones[event.player], "POST",
                         f"/v1/tables/{table.id}/events", {"text": text, "key": key}, text)

    def _change(self, table: Played, phone: Phone, method: str, path: str,
                body: dict[str, Any], line: str | None) -> None:
        sent = time.perf_counter()
        answer = phone.send(method, path, body)
        if answer is None:
            return
        done = time.perf_counter()
        seq = int(answer["seq"])
        table.sent[seq] = sent
        table.by[seq] = phone.player
        table.answered.append(seq)
        table.state = answer.get("state", table.state)
        if line is not None:
            table.lines.append(line)
        self.run.sample(self.run.round_trip, sent, done - sent)
        with self.run.lock:
            self.run.changes += 1

    # -- the checks ------------------------------------------------------------------------

    def _finish(self, table: Played, records: list[GameRecord]) -> None:
        with httpx.Client(base_url=self.base, timeout=60) as client:
            state = client.get(f"/v1/tables/{table.id}").json()
            final = int(state["seq"])
            self._streams(table, final)
            trail = client.get(f"/v1/tables/{table.id}/trail").json()
            log = client.get(f"/v1/tables/{table.id}/log").text
            verdict_id = state.get("verdict_id")
            if not state.get("finished") or verdict_id is None:
                self.run.error(f"{table.id}: not finished after its last event")
                return
            verdict = client.get(f"/v1/verdicts/{verdict_id}").json()["report"]
        self._trail(table, trail, records)
        audited = json.loads(subprocess.run(
            [sys.executable, "-m", "referee.cli", "audit", "-", "--json"], input=log,
            capture_output=True, text=True, check=False, cwd=ROOT).stdout)
        verdict.pop("source", None)
        audited.pop("source", None)
        if verdict != audited:
            self.run.error(f"{table.id}: its verdict differs from the audit of its log")
        winners = [game["winner"] for game in audited["games"]]
        expected = [_winner(record) for record in records]
        if winners != expected:
            self.run.error(f"{table.id}: winners {winners}, the simulation's {expected}")
        with self.run.lock:
            self.run.games[records[0].ruleset or "?"] += 1

    def _streams(self, table: Played, final: int) -> None:
        """Every phone's stream has changes 1..final in order, once each; the fan-out."""
        deadline = time.monotonic() + 60
        for phone in table.phones.values():
            while (not phone.stream.seqs or phone.stream.seqs[-1] < final) \
                    and time.monotonic() < deadline:
                time.sleep(0.05)
            seqs = phone.stream.seqs
            if seqs != list(range(1, final + 1)):
                missing = sorted(set(range(1, final + 1)) - set(seqs))
                repeated = len(seqs) - len(set(seqs))
                self.run.error(f"{table.id} {phone.player}: stream incomplete (missing "
                               f"{missing[:10]}, {repeated} repeated, {len(seqs)} read)")
            for seq, seen in phone.stream.seen.items():
                if seq in table.sent and table.by.get(seq) != phone.player:
                    self.run.sample(self.run.fan_out, table.sent[seq], seen - table.sent[seq])

    def _trail(self, table: Played, trail: list[dict[str, Any]],
               records: list[GameRecord]) -> None:
        seqs = [entry["seq"] for entry in trail]
        if len(seqs) != len(set(seqs)) or sorted(set(table.answered)) != sorted(seqs):
            self.run.error(f"{table.id}: trail {len(seqs)} changes, answered "
                           f"{len(set(table.answered))}")
        events = [entry["text"] for entry in trail
                  if entry["action"] == "event" and not entry["undone"]]
        expected = [str(event) for record in records for event in record.events]
        if events != expected or table.lines != expected:
            self.run.error(f"{table.id}: {len(events)} events in the trail, "
                           f"{len(table.lines)} answered, {len(expected)} played")


def _winner(record: GameRecord) -> str | None:
    claimed = record.tags.get("Result")
    return None if claimed is None else claimed.value


def workers(server: int) -> list[psutil.Process]:
    """The server's worker processes (uvicorn's supervisor's children that serve)."""
    return [child for child in psutil.Process(server).children()
            if "multiprocessing.resource_tracker" not in " ".join(child.cmdline())]


def watch_rss(server: int, run: Run, stop: threading.Event) -> None:
    while not stop.wait(5):
        try:
            total = sum(process.memory_info().rss for process in workers(server))
        except psutil.Error:
            continue
        with run.lock:
            run.rss[run.minute(time.monotonic())].append(total)


def report(run: Run, minutes: int, killed_at: int | None) -> tuple[list[dict[str, Any]], bool]:
    print(f"\n{'min':>4} {'changes':>8} {'rt p50':>8} {'rt p99':>8} {'fan p50':>8} "
          f"{'fan p99':>8} {'RSS MB':>8}")
    rows: list[dict[str, Any]] = []
    for minute in range(max([minutes, *run.round_trip, *run.rss]) + 1):
        trips, fans = run.round_trip.get(minute, []), run.fan_out.get(minute, [])
        rss = run.rss.get(minute, [])
        row = {"minute": minute + 1, "changes": len(trips),
               "round_trip_p50_ms": percentile(trips, .5) * 1000 if trips else None,
               "round_trip_p99_ms": percentile(trips, .99) * 1000 if trips else None,
               "fan_out_p50_ms": percentile(fans, .5) * 1000 if fans else None,
               "fan_out_p99_ms": percentile(fans, .99) * 1000 if fans else None,
               "rss_mb": sum(rss) / len(rss) / 2**20 if rss else None}
        rows.append(row)
        mark = "  <- a worker killed" if killed_at == minute else ""
        print(f"{minute + 1:>4} {len(trips):>8} " + " ".join(
            f"{row[k]:>8.1f}" if row[k] is not None else f"{'-':>8}" for k in
            ("round_trip_p50_ms", "round_trip_p99_ms", "fan_out_p50_ms", "fan_out_p99_ms",
             "rss_mb")) + mark)
    measured = [row["rss_mb"] for row in rows[: minutes] if row["rss_mb"] is not None]
    flat = len(measured) < 3 or measured[-1] <= measured[1] * 1.2
    if len(measured) >= 3:
        print(f"RSS: minute 2 {measured[1]:.1f} MB, last minute {measured[-1]:.1f} MB "
              f"({measured[-1] / measured[1]:.2f}x; flat means at most 1.20x)")
    return rows, flat


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=32, help="tables played at once")
    parser.add_argument("--minutes", type=float, default=20)
    parser.add_argument("--pace", type=float, default=2.0,
                        help="seconds between two events of a table, on average")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--no-kill", action="store_true", help="kill no worker")
    parser.add_argument("--seed", type=int, default=51)
    parser.add_argument("--database-url", default=None,
                        help="default: a SQLite file of the run's own")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="referee-soak-"))
    url = args.database_url or f"sqlite:///{folder / 'soak.sqlite3'}"
    with bench_database(url, False) as database, \
            serve(database, args.workers) as (base, pid, _port):
        start = time.monotonic()
        run = Run(start)
        until = start + args.minutes * 60
        print(f"{args.tables} tables for {args.minutes:g} min on {args.workers} workers, "
              f"{url.split(':', 1)[0]}; an event every ~{args.pace:g} s per table", flush=True)
        stop = threading.Event()
        rss = threading.Thread(target=watch_rss, args=(pid, run, stop), daemon=True)
        rss.start()
        slots = [threading.Thread(target=Slot(n, base, run, until, args.pace,
                                              args.seed + n).loop) for n in range(args.tables)]
        for number, thread in enumerate(slots):
            thread.start()
            time.sleep(args.pace / max(1, args.tables) * (number % 2 + 1))
        killed_at = None
        if not args.no_kill:
            time.sleep(max(0.0, start + args.minutes * 30 - time.monotonic()))
            victim = workers(pid)[0]
            print(f"SIGKILL worker {victim.pid} at minute "
                  f"{(time.monotonic() - start) / 60:.1f}", flush=True)
            os.kill(victim.pid, signal.SIGKILL)
            killed_at = run.minute(time.monotonic())
        last = -1
        while any(thread.is_alive() for thread in slots):
            time.sleep(5)
            minute = run.minute(time.monotonic())
            if minute != last:
                last = minute
                print(f"minute {minute}: {run.tables} tables started, {run.changes} changes, "
                      f"{len(run.errors)} errors, {sum(run.drops.values())} drops", flush=True)
        stop.set()
        rows, flat = report(run, int(args.minutes), killed_at)
    print(f"\ntables {run.tables}, games checked {run.games}, changes {run.changes}")
    print("drops (not errors): " + (", ".join(f"{k} {v}" for k, v in sorted(run.drops.items()))
                                    or "none"))
    print(f"errors: {len(run.errors)}")
    for error in run.errors[:20]:
        print(f"  {error}")
    if args.json is not None:
        args.json.write_text(json.dumps({"minutes": rows, "errors": run.errors,
                                         "drops": run.drops, "games": run.games,
                                         "tables": run.tables, "flat": flat}, indent=2) + "\n")
    return 0 if not run.errors and flat else 1


if __name__ == "__main__":
    raise SystemExit(main())
