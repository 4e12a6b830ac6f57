"""``GET /v1/tables/{id}/stream``: a table's changes as Server-Sent Events.

Each change is one message: ``id:`` its seq, ``event:`` ``table`` (``undo`` for an
undo), ``data:`` the JSON of its answer with the state as a watcher sees it (the
message stored with the change when it was committed, so every worker sends the
same bytes). A client that reconnects with ``Last-Event-ID: N`` (or ``?after=N``)
gets exactly the changes after N, in order; with neither, the changes from the
moment it connects. A comment line (``: ping``) keeps an idle stream alive every
``PING`` seconds.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from typing import Any

from sse_starlette.sse import EventSourceResponse
from starlette.concurrency import run_in_threadpool
from starlette.types import Receive, Scope, Send

from referee.api.live.notify import Notifier
from referee.api.live.service import LiveTables

PING = 10.0  # seconds between keep-alive comments (at most 15, docs/cli-api.md)
WAIT = 15.0  # the longest a stream sleeps before it looks at its table again (a safety
# net: the notifier wakes it when the table moves)
BATCH = 200


async def messages(tables: LiveTables, notifier: Notifier, table_id: str, after: int,
                   lang: str) -> AsyncIterator[dict[str, Any]]:
    last = after
    with notifier.watching(table_id, after) as signal:
        while True:
            rows = await run_in_threadpool(tables.messages_after, table_id, last, BATCH, lang)
            for seq, action, data in rows:
                yield {"id": str(seq), "event": "undo" if action == "undo" else "table",
                       "data": json.dumps(data, ensure_ascii=False, separators=(",", ":"))}
                last = seq
            if len(rows) < BATCH:
                await notifier.wait(signal, last, WAIT)


class ClosingResponse(EventSourceResponse):
    """A stream that calls ``closed`` once it ends, however it ends (its slot given back)."""

    def __init__(self, content: AsyncIterator[dict[str, Any]], closed: Callable[[], None],
                 **options: Any) -> None:
        super().__init__(content, **options)
        self.closed = closed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.closed()


def stream_response(tables: LiveTables, notifier: Notifier, table_id: str, after: int,
                    lang: str, closed: Callable[[], None] = lambda: None) -> EventSourceResponse:
    return ClosingResponse(messages(tables, notifier, table_id, after, lang), closed,
                           ping=PING, headers={"Cache-Control": "no-store",
                                               "X-Accel-Buffering": "no"})
