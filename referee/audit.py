"""Read and audit a whole log: the calls the CLI and the API share.

A file's games are audited in order with one :class:`~referee.engine.Series`, so
an argentino hand knows its match's earlier hands.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence

from referee.engine import Series, audit_game
from referee.engine.findings import GameResult
from referee.notation.events import GameRecord
from referee.notation.reader import iter_games, iter_path


def audit_records(records: Iterable[GameRecord],
                  overrides: Mapping[str, str] | None = None,
                  deadline: float | None = None) -> Iterator[GameResult]:
    """Audit the games of one file, in order; a game's replay past ``deadline`` (a
    :func:`time.monotonic` time) raises :class:`~referee.engine.OutOfTimeError`."""
    series = Series()
    for record in records:
        yield audit_game(record, overrides, series, deadline)


def iter_audit(
    text: str, source: str = "<text>", overrides: Mapping[str, str] | None = None,
    deadline: float | None = None,
) -> Iterator[GameResult]:
    """Audit game by game, so memory stays flat however long the log."""
    return audit_records(iter_games(text, source), overrides, deadline)


def iter_audit_path(
    path: str | os.PathLike[str], source: str | None = None,
    overrides: Mapping[str, str] | None = None,
) -> Iterator[GameResult]:
    """Audit a log file game by game, reading it a chunk at a time: memory stays flat
    however big the file (:func:`referee.notation.reader.iter_path`, which raises
    ``NotationFileError`` for a file that cannot be read or is not UTF-8)."""
    return audit_records(iter_path(path, source), overrides)


def audit_text(
    text: str, source: str = "<text>", overrides: Mapping[str, str] | None = None
) -> list[GameResult]:
    return list(iter_audit(text, source, overrides))


def series_before(records: Sequence[GameRecord], index: int,
                  overrides: Mapping[str, str] | None = None) -> Series:
    """The series as it stands before ``records[index]`` (to replay that game in context)."""
    series = Series()
    for record in records[:index]:
        audit_game(record, overrides, series)
    return series
