"""A file's game rows kept on disk: a big file audited in parts brings back many rows,
and the batch must not hold them (:mod:`.cluster`)."""

from __future__ import annotations

import contextlib
import os
import pickle
import tempfile
from collections.abc import Iterable, Iterator

from referee.cli.batch.results import GameRow

BATCH_ROWS = 2048  # rows pickled together


class RowFile:
    """Game rows in order: in memory up to :data:`BATCH_ROWS`, then pickled in batches
    to a temporary file. Read back as often as needed; :meth:`discard` removes the file."""

    def __init__(self) -> None:
        self._held: list[GameRow] = []
        self._path: str | None = None
        self._count = 0

    def extend(self, rows: Iterable[GameRow]) -> None:
        for row in rows:
            self._held.append(row)
            self._count += 1
            if len(self._held) >= BATCH_ROWS:
                self._spill()

    def _spill(self) -> None:
        if self._path is None:
            handle, self._path = tempfile.mkstemp(prefix="referee-rows-", suffix=".pickle")
            os.close(handle)
        with open(self._path, "ab") as out:
            pickle.dump(self._held, out, protocol=pickle.HIGHEST_PROTOCOL)
        self._held = []

    def __len__(self) -> int:
        return self._count

    def __bool__(self) -> bool:
        return self._count > 0

    def __contains__(self, row: object) -> bool:
        return any(r == row for r in self)

    def __iter__(self) -> Iterator[GameRow]:
        if self._path is not None:
            with open(self._path, "rb") as stored:
                while True:
                    try:
                        batch: list[GameRow] = pickle.load(stored)
                    except EOFError:
                        break
                    yield from batch
        yield from self._held

    def discard(self) -> None:
        self._held = []
        if self._path is not None:
            with contextlib.suppress(OSError):
                os.unlink(self._path)
            self._path = None
