"""Read and audit a whole log text: the one call the CLI and the API share."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from referee.engine import audit_game
from referee.reader import iter_games
from referee.results import GameResult


def iter_audit(
    text: str, source: str = "<text>", overrides: Mapping[str, str] | None = None
) -> Iterator[GameResult]:
    """Audit game by game, so memory stays flat however long the log."""
    for record in iter_games(text, source):
        yield audit_game(record, overrides)


def audit_text(
    text: str, source: str = "<text>", overrides: Mapping[str, str] | None = None
) -> list[GameResult]:
    return list(iter_audit(text, source, overrides))
