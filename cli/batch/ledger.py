"""What a batch keeps while its files stream by: per-file counts, the duplicates and the CSV.

A batch of any size runs in flat memory: each file's audit is handed to
:meth:`Ledger.add` in the order of the files and then dropped. What stays in
memory is one :class:`~referee.cli.batch.summary.FileStats` per file. Each game's
fingerprint goes to a temporary SQLite file on disk (the first game seen with
it, for the duplicates), each duplicate to a second table there (the human
summary lists them at the end), and each CSV row straight to ``--summary-csv``.
The first :data:`HELD_GAMES` fingerprints are held in memory, so a small batch
(one log) never opens the database.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from referee.cli.batch.csv import CSV_COLUMNS, error_row, game_row
from referee.cli.batch.fingerprint import Duplicate, GameRef
from referee.cli.batch.results import FAIL_ON_DEFAULT, FileAudit
from referee.cli.batch.summary import FileStats, worst_first

if TYPE_CHECKING:
    import sqlite3

HELD_GAMES = 2000  # fingerprints kept in memory before the database is opened

_SCHEMA = (
    "CREATE TABLE first (fingerprint TEXT PRIMARY KEY, source INTEGER, game INTEGER,"
    " line INTEGER) WITHOUT ROWID",
    "CREATE TABLE dup (source INTEGER, game INTEGER, line INTEGER, first_source INTEGER,"
    " first_game INTEGER, first_line INTEGER)",
)


class Ledger:
    """The batch's figures, fed one file at a time (:meth:`add`), in the order of the files.

    ``csv_path`` (``--summary-csv``) is written as files come; a write that fails is
    reported once (:attr:`csv_error`) and the rest of the CSV is skipped.
    """

    def __init__(self, csv_path: Path | None = None,
                 fail_on: Collection[str] = FAIL_ON_DEFAULT) -> None:
        self.fail_on = fail_on
        self.files: list[FileStats] = []
        self.status = 0
        self.duplicates = 0
        self.csv_error: OSError | None = None
        # the first few games stay in memory: a small batch never opens the database
        self._first_held: dict[str, tuple[int, int, int]] = {}
        self._dups_held: list[tuple[int, int, int, int, int, int]] = []
        self.db: sqlite3.Connection | None = None
        self.db_path: str | None = None
        self._csv: IO[str] | None = None
        self._writer: Any = None
        if csv_path is not None:
            self._open_csv(csv_path)

    def _open_csv(self, path: Path) -> None:
        import csv

        try:
            self._csv = path.open("w", encoding="utf-8", newline="")
            self._writer = csv.writer(self._csv)
            self._writer.writerow(CSV_COLUMNS)
        except OSError as exc:
            self._csv_failed(exc)

    def _csv_failed(self, exc: OSError) -> None:
        self.csv_error = exc
        if self._csv is not None:
            with contextlib.suppress(OSError):
                self._csv.close()
        self._csv = self._writer = None

    def _csv_row(self, row: list[Any]) -> None:
        if self._writer is None:
            return
        try:
            self._writer.writerow(row)
        except OSError as exc:
            self._csv_failed(exc)

    def _open_db(self) -> sqlite3.Connection:
        """The database, with what was held in memory until now."""
        from referee.cli.batch.scratch import open_scratch_db

        db, self.db_path = open_scratch_db("referee-ledger-")
        self.db = db
        for statement in _SCHEMA:
            db.execute(statement)
        db.executemany("INSERT INTO first VALUES (?, ?, ?, ?)",
                       [(k, *v) for k, v in self._first_held.items()])
        db.executemany("INSERT INTO dup VALUES (?, ?, ?, ?, ?, ?)", self._dups_held)
        self._first_held, self._dups_held = {}, []
        return db

    def add(self, audit: FileAudit) -> None:
        """Count one file's games, look each up among the games before it, write its rows."""
        self.status = max(self.status, audit.exit_status(self.fail_on))
        source_id = len(self.files)
        stats = FileStats(audit.source)
        self.files.append(stats)
        if not audit.games:  # unreadable, the referee failed, or no game in it
            stats.unreadable = audit.games is None
            self._csv_row(error_row(audit))
            return
        for game in audit.games:
            stats.count(game)
            first = None
            if game.fingerprint is not None:
                first = self._first(game.fingerprint, source_id, game.index, game.line)
            if first is not None:
                stats.duplicates += 1
                self.duplicates += 1
                dup = (source_id, game.index, game.line, *first)
                if self.db is None:
                    self._dups_held.append(dup)
                else:
                    self.db.execute("INSERT INTO dup VALUES (?, ?, ?, ?, ?, ?)", dup)
            self._csv_row(game_row(audit.source, game, None if first is None else
                                   f"{self.files[first[0]].source}#{first[1]}"))

    def _first(self, fingerprint: str, source: int, index: int,
               line: int) -> tuple[int, int, int] | None:
        """The first game with this fingerprint (source, game, line), or None when this
        is the first (it is recorded)."""
        db = self.db
        if db is None:
            held = self._first_held.get(fingerprint)
            if held is not None:
                return held
            if len(self._first_held) < HELD_GAMES:
                self._first_held[fingerprint] = (source, index, line)
                return None
            db = self._open_db()
        cursor = db.execute("INSERT OR IGNORE INTO first VALUES (?, ?, ?, ?)",
                                 (fingerprint, source, index, line))
        if cursor.rowcount:
            return None
        found = cursor.execute("SELECT source, game, line FROM first WHERE fingerprint = ?",
                               (fingerprint,)).fetchone()
        return (int(found[0]), int(found[1]), int(found[2]))

    def input_problems(self) -> None:
        """Some input could not be found (exit status 2)."""
        self.status = max(self.status, 2)

    def stats(self) -> list[FileStats]:
        """One row per file, worst first."""
        return worst_first(self.files)

    def duplicate_list(self) -> DuplicateList:
        return DuplicateList(self)

    def _duplicates(self) -> Iterator[Duplicate]:
        names = self.files
        rows = (self._dups_held if self.db is None
                else self.db.execute("SELECT * FROM dup ORDER BY rowid"))
        for row in rows:
            source, game, line, first_source, first_game, first_line = row
            yield Duplicate(GameRef(names[source].source, game, line),
                            GameRef(names[first_source].source, first_game, first_line))

    def close(self) -> None:
        """Finish the CSV and remove the temporary database."""
        if self._csv is not None:
            try:
                self._csv.close()
            except OSError as exc:
                self._csv_failed(exc)
            self._csv = None
        if self.db is not None:
            self.db.close()
        if self.db_path is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.db_path)

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class DuplicateList:
    """The batch's duplicates, read back from the ledger's database in order (never all
    in memory)."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger

    def __len__(self) -> int:
        return self.ledger.duplicates

    def __iter__(self) -> Iterator[Duplicate]:
        return self.ledger._duplicates()

    def __contains__(self, item: object) -> bool:
        return any(d == item for d in self)
