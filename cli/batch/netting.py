"""The night's settlement of a file audited in parts (:mod:`.partaudit`): each part brings
back its payments netted per pair of players, and the file's is those netted again.

A big file of many players has a long night (every pair that owes), so the parts'
payments wait here in a temporary SQLite file, past the first :data:`HELD_PAYMENTS`,
and come back netted, largest first, one at a time: what stays in memory is flat
however long the night.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from referee.cli.batch.scratch import open_scratch_db
from referee.report.model import net_payments

if TYPE_CHECKING:
    import sqlite3

Payment = tuple[str, str, int]

HELD_PAYMENTS = 4096  # payments kept in memory before the database is opened
_SQL_MAX = (1 << 63) - 1  # SQLite's integers: beyond, the payments are netted in memory

# one row per payment, the pair in order (lo < hi) and what lo owes hi (hi owes lo: < 0)
_SCHEMA = "CREATE TABLE owed (lo TEXT, hi TEXT, amount INTEGER)"
# as net_payments: one debt per pair still owing, largest first, then payer, then payee
# (SQLite compares text as UTF-8 bytes: the order of the code points, as Python does)
_NETTED = """
SELECT CASE WHEN net > 0 THEN lo ELSE hi END AS payer,
       CASE WHEN net > 0 THEN hi ELSE lo END AS payee, abs(net) AS amount
FROM (SELECT lo, hi, sum(amount) AS net FROM owed GROUP BY lo, hi)
WHERE net != 0 ORDER BY amount DESC, payer, payee
"""


class Netting:
    """Payments added part by part (:meth:`add`), given back netted (:meth:`netted`):
    the same debts, in the same order, as :func:`~referee.report.model.net_payments`
    of them all."""

    def __init__(self) -> None:
        self._held: list[Payment] = []
        self._total = 0  # every amount added up: while under SQLite's limit, no sum overflows
        self._db: sqlite3.Connection | None = None
        self._path: str | None = None

    def add(self, payments: Iterable[Payment]) -> None:
        for payment in payments:
            if payment[0] != payment[1] and payment[2]:
                self._held.append(payment)
                self._total += abs(payment[2])
        if self._total > _SQL_MAX:
            self._held = [*self._stored(), *self._held]  # only numbers no log holds
            self._close()
        elif len(self._held) > HELD_PAYMENTS:
            self._store()

    def _store(self) -> None:
        db = self._db
        if db is None:
            db, self._path = open_scratch_db("referee-night-")
            self._db = db
            db.execute(_SCHEMA)
        db.executemany("INSERT INTO owed VALUES (?, ?, ?)", (
            (payer, payee, amount) if payer < payee else (payee, payer, -amount)
            for payer, payee, amount in self._held))
        self._held = []

    def _stored(self) -> Iterator[Payment]:
        if self._db is not None:
            for lo, hi, amount in self._db.execute("SELECT lo, hi, amount FROM owed"):
                yield (str(lo), str(hi), int(amount)) if amount > 0 else (
                    str(hi), str(lo), -int(amount))

    def netted(self) -> Iterator[Payment]:
        """The debts, largest first (the database goes once they are all read)."""
        if self._db is None:
            held, self._held = self._held, []
            yield from net_payments(held)
            return
        self._store()
        try:
            for payer, payee, amount in self._db.execute(_NETTED):
                yield str(payer), str(payee), int(amount)
        finally:
            self._close()

    def _close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
        if self._path is not None:
            with contextlib.suppress(OSError):
                os.unlink(self._path)
            self._path = None

    def discard(self) -> None:
        self._held = []
        self._close()
