"""Read and audit a whole log text: the one call the CLI and the API share."""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping

from referee.engine import audit_game
from referee.engine.findings import GameResult
from referee.notation.reader import iter_games, iter_path


def iter_audit(
    text: str, source: str = "<text>", overrides: Mapping[str, str] | None = None
) -> Iterator[GameResult]:
    """Audit game by game, so memory stays flat however long the log."""
    for record in iter_games(text, source):
        yield audit_game(record, overrides)


def iter_audit_path(
    path: str | os.PathLike[str], source: str | None = None,
    overrides: Mapping[str, str] | None = None,
) -> Iterator[GameResult]:
    """Audit a log file game by game, reading it a chunk at a time: memory stays flat
    however big the file (:func:`referee.notation.reader.iter_path`, which raises
    ``NotationFileError`` for a file that cannot be read or is not UTF-8)."""
    for record in iter_path(path, source):
        yield audit_game(record, overrides)


def audit_text(
    text: str, source: str = "<text>", overrides: Mapping[str, str] | None = None
) -> list[GameResult]:
    return list(iter_audit(text, source, overrides))
