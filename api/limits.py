"""What one client may open (docs/cli-api.md, limits): tables created a minute per client
address (``REFEREE_CREATE_RATE``) and open streams per table (``REFEREE_TABLE_STREAMS``)
and per client address (``REFEREE_CLIENT_STREAMS``), each 429 past it.

The counts are this server process's own, in memory (with ``--workers N`` a client may
reach N times a limit at most); a client's address is the connection's (behind a proxy
on the same machine, uvicorn reads it from ``X-Forwarded-For``).
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field

from fastapi import Request

WINDOW = 60.0  # seconds: the creation rate is per minute
ADDRESSES = 100_000  # the most client addresses remembered (the oldest forgotten first)
UNKNOWN = "-"


def client_address(request: Request) -> str:
    return request.client.host if request.client is not None else UNKNOWN


class CreationRate:
    """At most ``limit`` creations per ``WINDOW`` seconds per client address."""

    def __init__(self, limit: Callable[[], int], clock: Callable[[], float] = time.monotonic
                 ) -> None:
        self.limit = limit
        self.clock = clock
        self._seen: OrderedDict[str, deque[float]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, address: str) -> int | None:
        """Count one creation by ``address``: None when allowed, else the seconds to wait
        (nothing counted)."""
        now = self.clock()
        with self._lock:
            times = self._seen.pop(address, None) or deque()
            while times and times[0] <= now - WINDOW:
                times.popleft()
            self._seen[address] = times
            while len(self._seen) > ADDRESSES:
                self._seen.popitem(last=False)
            if len(times) >= self.limit():
                return max(1, math.ceil(times[0] + WINDOW - now))
            times.append(now)
            return None


@dataclass(slots=True)
class StreamSlots:
    """The streams open in this process: per table and per client address."""

    per_table: Callable[[], int]
    per_client: Callable[[], int]
    tables: dict[str, int] = field(default_factory=dict)
    clients: dict[str, int] = field(default_factory=dict)

    def take(self, table_id: str, address: str) -> str | None:
        """Open one: None, or which limit is reached (``table`` or ``client``)."""
        if self.tables.get(table_id, 0) >= self.per_table():
            return "table"
        if self.clients.get(address, 0) >= self.per_client():
            return "client"
        self.tables[table_id] = self.tables.get(table_id, 0) + 1
        self.clients[address] = self.clients.get(address, 0) + 1
        return None

    def give_back(self, table_id: str, address: str) -> None:
        for counts, key in ((self.tables, table_id), (self.clients, address)):
            left = counts.get(key, 0) - 1
            if left > 0:
                counts[key] = left
            else:
                counts.pop(key, None)
