"""What one server process keeps of its live tables, so that reading a table costs the same
at 5,000 changes as at 50, and one table read by many cannot hold the others.

- :class:`Snapshots`: each table's current hand as last read. A read asks the store
  only for the table's row and the changes after the ``seq`` it holds
  (:meth:`~referee.api.live.store.LiveStore.load_since`), and marks the changes an undo
  among them took back; a new hand is read whole (its own changes only). When the row's
  ``seq`` has not moved, the row alone is read (every change to the seats, a new
  link included, moves ``seq``). Bounded by the
  changes held (the least recently read tables are forgotten first).
- :class:`States`: a table's STATE computed once per change (``seq``), viewer (the
  public or a seat) and language. Readers of the same change wait for the one that
  computes it (one flight per table and ``seq``) instead of computing it again.
- :func:`read`: the routers' way to run a table's read in a worker thread, at most
  ``THREADS_PER_TABLE`` at once per table, so the threads stay free for the others.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import anyio
from starlette.concurrency import run_in_threadpool

from referee.api.live.current import Current
from referee.api.live.state import table_state
from referee.api.live.store import ChangeRow, LiveStore, Snapshot

if TYPE_CHECKING:
    from referee.api.live.service import LiveTables

ROWS_HELD = 200_000  # changes kept in memory over every table (about 40 MB at most)
STATES_HELD = 1024  # states kept (a table's public view and each seat's, per language)
THREADS_PER_TABLE = 2  # worker threads one table's reads may hold at once
UNDO = "undo"
T = TypeVar("T")
StateKey = tuple[str, int, str | None, str]  # table, seq, viewer, language


def brought_up(held: list[ChangeRow], new: list[ChangeRow]) -> list[ChangeRow]:
    """``held`` then ``new``, each change an undo of ``new`` took back marked so."""
    undone = {c.target: c.seq for c in new if c.action == UNDO and c.target is not None}
    joined = [*held, *new]
    if not undone:
        return joined
    return [dataclasses.replace(c, undone_by=undone[c.seq])
            if c.seq in undone and c.undone_by is None else c for c in joined]


class Snapshots:
    """The tables' current hands as last read, brought up to date at each read."""

    def __init__(self, store: LiveStore, rows_held: int = ROWS_HELD) -> None:
        self.store = store
        self.rows_held = rows_held
        self._held: OrderedDict[str, Snapshot] = OrderedDict()
        self._rows = 0
        self._lock = threading.Lock()

    def load(self, table_id: str) -> Snapshot | None:
        """The table as it stands now (as :meth:`LiveStore.load` reads it)."""
        with self._lock:
            held = self._held.get(table_id)
        if held is None:
            fresh = self.store.load_since(table_id, -1, -1)
        elif (row := self.store.row(table_id)) is not None and row.seq == held.table.seq \
                and row.hand == held.table.hand:
            row.seats = held.table.seats
            return Snapshot(row, list(held.changes))
        else:
            fresh = self.store.load_since(table_id, held.table.hand, held.table.seq)
        if fresh is None:
            self._forget(table_id)
            return None
        if held is not None and fresh.table.hand == held.table.hand:
            fresh = Snapshot(fresh.table, brought_up(held.changes, fresh.changes))
        self._keep(table_id, fresh)
        return Snapshot(fresh.table, list(fresh.changes))

    def _keep(self, table_id: str, snap: Snapshot) -> None:
        with self._lock:
            old = self._held.get(table_id)
            if old is not None and old.table.seq > snap.table.seq:
                return  # another reader already holds a later one
            if old is not None:
                self._rows -= len(old.changes)
            self._held[table_id] = snap
            self._held.move_to_end(table_id)
            self._rows += len(snap.changes)
            while self._rows > self.rows_held and len(self._held) > 1:
                _, dropped = self._held.popitem(last=False)
                self._rows -= len(dropped.changes)

    def _forget(self, table_id: str) -> None:
        with self._lock:
            old = self._held.pop(table_id, None)
            if old is not None:
                self._rows -= len(old.changes)


class States:
    """STATE per table, ``seq``, viewer and language, each computed once."""

    def __init__(self, size: int = STATES_HELD) -> None:
        self.size = size
        self._states: OrderedDict[StateKey, dict[str, Any]] = OrderedDict()
        self._lock = threading.Lock()
        self._flights: dict[tuple[str, int], tuple[threading.Lock, int]] = {}

    def _get(self, key: StateKey) -> dict[str, Any] | None:
        with self._lock:
            found = self._states.get(key)
            if found is not None:
                self._states.move_to_end(key)
            return found

    def _put(self, key: StateKey, state: dict[str, Any]) -> None:
        with self._lock:
            self._states[key] = state
            while len(self._states) > self.size:
                self._states.popitem(last=False)

    @contextmanager
    def _flight(self, table_id: str, seq: int) -> Iterator[None]:
        """One computation at a time per table and ``seq``: the others wait for it."""
        name = (table_id, seq)
        with self._lock:
            lock, users = self._flights.get(name, (threading.Lock(), 0))
            self._flights[name] = (lock, users + 1)
        try:
            with lock:
                yield
        finally:
            with self._lock:
                lock, users = self._flights[name]
                if users == 1:
                    del self._flights[name]
                else:
                    self._flights[name] = (lock, users - 1)

    def state(self, tables: LiveTables, snap: Snapshot, viewer: str | None,
              lang: str) -> dict[str, Any]:
        """STATE of ``snap`` as ``viewer`` sees it in ``lang`` (shared: not to be changed)."""
        key = (snap.table.id, snap.table.seq, viewer, lang)
        found = self._get(key)
        if found is not None:
            return found
        with self._flight(snap.table.id, snap.table.seq):
            found = self._get(key)
            if found is not None:
                return found
            state = table_state(Current(snap).facts(), tables.judged(snap), viewer, lang)
            self._put(key, state)
            return state


class TableThreads:
    """At most ``THREADS_PER_TABLE`` worker threads per table (one limiter per table
    being read, dropped when its last reader is done); used in the event loop only."""

    def __init__(self, per_table: int = THREADS_PER_TABLE) -> None:
        self.per_table = per_table
        self._limiters: dict[str, tuple[anyio.CapacityLimiter, int]] = {}

    async def run(self, table_id: str, func: Callable[..., T], *args: Any) -> T:
        limiter, users = self._limiters.get(table_id,
                                            (anyio.CapacityLimiter(self.per_table), 0))
        self._limiters[table_id] = (limiter, users + 1)
        try:
            async with limiter:
                return await run_in_threadpool(func, *args)
        finally:
            limiter, users = self._limiters[table_id]
            if users == 1:
                del self._limiters[table_id]
            else:
                self._limiters[table_id] = (limiter, users - 1)


async def read(tables: LiveTables, table_id: str, func: Callable[..., T], *args: Any) -> T:
    """``func(*args)`` in a worker thread, within ``table_id``'s share of the threads."""
    return await tables.threads.run(table_id, func, *args)
