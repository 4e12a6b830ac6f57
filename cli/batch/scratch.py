"""A scratch SQLite file for what a batch would otherwise hold in memory (the ledger's
rows and fingerprints, a cut file's night): no journal, no syncing, a small cache;
the caller closes it and deletes the file."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import sqlite3


def open_scratch_db(prefix: str) -> tuple[sqlite3.Connection, str]:
    """A new SQLite database in a temporary file named ``prefix...``, and the file's path."""
    import sqlite3
    import tempfile

    handle, path = tempfile.mkstemp(prefix=prefix, suffix=".sqlite3")
    os.close(handle)
    db = sqlite3.connect(path)
    for pragma in ("journal_mode=OFF", "synchronous=OFF", "cache_size=-2048", "temp_store=FILE"):
        db.execute("PRAGMA " + pragma)
    return db, path
