"""The report of ``POST /v1/audit``, written game by game into a spool and streamed out.

The log is audited one game at a time (:func:`referee.audit.iter_audit`), each game
written at once by :class:`referee.report.json.JsonReportWriter` into a spooled
temporary file (in memory up to ``SPOOL_BYTES``, on disk past that), so a request
with many games holds one game's report in memory, never the whole report. Between
two games the audit checks the limits (``REFEREE_MAX_GAMES``,
``REFEREE_MAX_RESPONSE_BYTES``: 413; ``REFEREE_AUDIT_TIMEOUT``: 503) and whether the
client is still there: when it went away, the audit stops. The time limit is also
the replay's deadline inside a game (:meth:`referee.engine.replay.Referee.play`), so
one huge game stops there too. Only a whole report is sent, as a stream of chunks
read back from the spool, so every limit is still a clear error status, never a
cut-off 200.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from tempfile import SpooledTemporaryFile
from typing import IO

from fastapi import Request
from fastapi.responses import Response, StreamingResponse
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool

from referee.api.errors import ApiError, ClientGoneError
from referee.api.settings import SPOOL_BYTES, Settings
from referee.engine import OutOfTimeError
from referee.engine.findings import GameResult
from referee.notation.events import GameRecord
from referee.report.json import JsonReportWriter

LOG = logging.getLogger("uvicorn.error")  # shown with the server's own messages
CHUNK = 64 * 1024


@dataclass(slots=True)
class AuditStats:
    """What this process's audits did (``app.state.audit_stats``), for the logs and tests."""

    games: int = 0  # games audited, over every request
    disconnected: int = 0  # audits stopped because the client went away
    refused: int = 0  # audits stopped by a limit (413) or the time limit (503)


class CountingSink:
    """A text sink that writes UTF-8 into ``spool`` and refuses to pass ``limit`` bytes."""

    def __init__(self, spool: IO[bytes], limit: int) -> None:
        self.spool = spool
        self.limit = limit
        self.size = 0

    def write(self, text: str, /) -> int:
        data = text.encode("utf-8")
        self.size += len(data)
        if self.size > self.limit:
            raise ApiError(413, f"the report is over the limit of {self.limit} bytes: "
                                f"send fewer games in one request")
        self.spool.write(data)
        return len(text)


class SpooledAudit:
    """One request's audit: steps game by game (each step in a worker thread), within
    ``settings.audit_timeout`` seconds from now."""

    def __init__(self, text: str, source: str, overrides: Mapping[str, str], lang: str,
                 settings: Settings) -> None:
        from referee.audit import audit_records
        from referee.notation.reader import iter_games

        self.timeout = settings.audit_timeout
        self.deadline = time.monotonic() + self.timeout
        self.records = _Ahead(iter_games(text, source))
        self.results: Iterator[GameResult] = audit_records(self.records, overrides,
                                                           self.deadline)
        self.lang = lang
        self.max_games = settings.max_games
        self.spool: IO[bytes] = SpooledTemporaryFile(max_size=SPOOL_BYTES)  # noqa: SIM115
        self.sink = CountingSink(self.spool, settings.max_response_bytes)
        self.writer = JsonReportWriter(self.sink, source)
        self.games = 0
        self.done = False  # the report is closed: every game written

    def step(self) -> bool:
        """Audit and write the next game; False when there is none left (report closed).
        When the log holds no game after it, the report is closed in the same step: a
        one-game log takes one step (one worker-thread hop), not two."""
        from referee.report.model import game_data

        result = next(self.results, None)
        if result is None:
            self.close_report()
            return False
        self.games += 1
        if self.games > self.max_games:
            raise ApiError(413, f"the log holds more than {self.max_games} games: send at "
                                f"most {self.max_games} games in one request")
        self.writer.game(game_data(result, self.lang))
        if not self.records.more():
            self.close_report()
        return True

    def close_report(self) -> None:
        if not self.done:
            self.writer.close()
            self.done = True

    def close(self) -> None:
        self.spool.close()


class _Ahead:
    """The log's games, read one ahead on demand: :meth:`more` says whether another game
    follows (reading it, which the next step would do first) without auditing it."""

    def __init__(self, records: Iterator[GameRecord]) -> None:
        self._records = records
        self._next: GameRecord | None = None

    def __iter__(self) -> Iterator[GameRecord]:
        return self

    def __next__(self) -> GameRecord:
        if self._next is not None:
            record, self._next = self._next, None
            return record
        return next(self._records)

    def more(self) -> bool:
        if self._next is None:
            self._next = next(self._records, None)
        return self._next is not None


def too_long(timeout: float) -> ApiError:
    return ApiError(503, f"the audit took more than {timeout:g} seconds: send fewer games in "
                         f"one request, or try again later", {"Retry-After": "5"})


async def run_audit(request: Request, audit: SpooledAudit, stats: AuditStats) -> None:
    """Step ``audit`` to its end, checking between games the client and the clock (and
    the replay the clock inside a game)."""
    try:
        while not audit.done and await run_in_threadpool(audit.step):
            stats.games += 1
            if await request.is_disconnected():
                stats.disconnected += 1
                LOG.info("audit stopped: the client went away (games audited: %d)", audit.games)
                raise ClientGoneError(audit.games)
            if time.monotonic() > audit.deadline:
                raise too_long(audit.timeout)
    except OutOfTimeError:
        stats.refused += 1
        raise too_long(audit.timeout) from None
    except ApiError:
        stats.refused += 1
        raise


def _chunks(spool: IO[bytes]) -> Iterator[bytes]:
    try:
        while chunk := spool.read(CHUNK):
            yield chunk
    finally:
        spool.close()


async def audit_response(request: Request, audit: SpooledAudit,
                         stats: AuditStats) -> Response:
    """The whole report, streamed from the spool; the spool is closed in every case. A
    report of one chunk or less (a game or a few) is sent as one body: the same bytes,
    without the worker-thread hops a stream takes to read its chunks and to close."""
    try:
        await run_audit(request, audit, stats)
    except BaseException:
        audit.close()
        raise
    audit.spool.seek(0)
    if audit.sink.size <= CHUNK:
        body = audit.spool.read()
        audit.close()
        return Response(body, media_type="application/json")
    return StreamingResponse(_chunks(audit.spool), media_type="application/json",
                             headers={"Content-Length": str(audit.sink.size)},
                             background=BackgroundTask(audit.close))
