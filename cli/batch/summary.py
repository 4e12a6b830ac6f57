"""The batch's figures: one row per file (worst first), and the totals.

Every count of findings here is a number of findings (``renuncias`` is how many
renuncia findings), as in the JSON report's ``summary``, the per-file line of the human
report and the CSV; ``clean`` counts games.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from referee.cli.batch.results import GameRow


@dataclass(slots=True)
class FileStats:
    """One file's counts for the batch summary."""

    source: str
    games: int = 0
    clean: int = 0
    renuncias: int = 0  # renuncia findings
    log_errors: int = 0  # log-error findings
    syntax_errors: int = 0  # syntax-error findings
    duplicates: int = 0  # games repeating an earlier game of the batch
    unreadable: bool = False

    @property
    def badness(self) -> tuple[int, int, int, int]:
        return (int(self.unreadable), self.syntax_errors, self.games - self.clean,
                self.renuncias + self.log_errors)

    def count(self, game: GameRow) -> None:
        """Add one game's figures."""
        self.games += 1
        self.clean += int(game.clean)
        self.renuncias += game.renuncias
        self.log_errors += game.log_errors
        self.syntax_errors += game.syntax_errors


def worst_first(stats: Iterable[FileStats]) -> list[FileStats]:
    """The rows worst first (unreadable, syntax errors, unclean games), then by name."""
    rows = sorted(stats, key=lambda r: r.source)
    rows.sort(key=lambda r: r.badness, reverse=True)
    return rows


def total(stats: Iterable[FileStats]) -> FileStats:
    """Every file's figures added up (``source`` empty)."""
    out = FileStats("")
    for s in stats:
        out.games += s.games
        out.clean += s.clean
        out.renuncias += s.renuncias
        out.log_errors += s.log_errors
        out.syntax_errors += s.syntax_errors
        out.duplicates += s.duplicates
    return out

