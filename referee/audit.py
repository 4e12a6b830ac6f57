"""Read and audit a log: the calls the CLI, the API and the language server share.

This is where a game is looked up: each record's ``Game`` tag is found in the
registry (:mod:`referee.games`) and the game handed to the engine
(:mod:`referee.engine`), which never looks one up itself. A file's games are
audited in order with one :class:`~referee.engine.Series`, so an argentino hand
knows its match's earlier hands.

- :func:`audit_game` one game's rulings (:class:`~referee.engine.findings.GameResult`)
- :func:`replay_to` the table as it stood after a line
- :func:`timeline` the table after every line
- :func:`audit_live` the rulings and the table as the log stands (the live table's)
- :func:`iter_audit`, :func:`iter_audit_path`, :func:`audit_text` whole logs
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from referee.engine import (
    LiveAudit,
    Series,
    audit_record,
    audit_record_live,
    record_timeline,
    replay_record_to,
)
from referee.engine.findings import GameResult
from referee.games import find_game
from referee.notation.events import GameRecord
from referee.notation.reader import iter_games, iter_path

if TYPE_CHECKING:
    from referee.engine.game import Variant
    from referee.engine.replay import Referee
    from referee.engine.views import TableView

__all__ = ["LiveAudit", "Series", "audit_game", "audit_live", "audit_records", "audit_text",
           "iter_audit", "iter_audit_path", "make_referee", "replay_to", "series_before",
           "timeline"]


def audit_game(record: GameRecord, overrides: Mapping[str, str] | None = None,
               series: Series | None = None, deadline: float | None = None) -> GameResult:
    """Replay one game under its game's rules and judge it (see
    :func:`~referee.engine.audit.audit_record`)."""
    return audit_record(record, find_game(record.ruleset), overrides, series, deadline)


def audit_live(record: GameRecord, overrides: Mapping[str, str] | None = None,
               series: Series | None = None) -> LiveAudit:
    """:func:`audit_game` with the table after the last event and what is still pending."""
    return audit_record_live(record, find_game(record.ruleset), overrides, series)


def replay_to(record: GameRecord, line: int | None = None,
              overrides: Mapping[str, str] | None = None,
              series: Series | None = None) -> TableView:
    """The table as it stood after ``line`` (the end of the log when None); ValueError
    for a game that cannot be replayed."""
    return replay_record_to(record, find_game(record.ruleset), line, overrides, series)


def timeline(record: GameRecord, overrides: Mapping[str, str] | None = None,
             series: Series | None = None) -> list[TableView]:
    """The start of the game, then the table after each event (one replay)."""
    return record_timeline(record, find_game(record.ruleset), overrides, series)


def make_referee(record: GameRecord, overrides: Mapping[str, str] | None = None,
                 series: Series | None = None
                 ) -> tuple[Variant[Any], Any, Referee[Any]] | None:
    """The game's referee for ``record``, set up, or None when it cannot be replayed."""
    from referee.engine.audit import make_referee as make

    return make(record, find_game(record.ruleset), overrides, series)


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
    return audit_records(iter_games(text, source, knobs=overrides), overrides, deadline)


def iter_audit_path(
    path: str | os.PathLike[str], source: str | None = None,
    overrides: Mapping[str, str] | None = None,
) -> Iterator[GameResult]:
    """Audit a log file game by game, reading it a chunk at a time: memory stays flat
    however big the file (:func:`referee.notation.reader.iter_path`, which raises
    ``NotationFileError`` for a file that cannot be read or is not UTF-8)."""
    return audit_records(iter_path(path, source, knobs=overrides), overrides)


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
