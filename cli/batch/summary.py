"""The batch's figures: one row per file (worst first), and the totals.

Every count of findings here is a number of findings (``renuncias`` is how many
renuncia findings), as in the JSON report's ``summary``, the per-file line of the human
report and the CSV; ``clean`` counts games.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from referee.cli.batch.fingerprint import Duplicate
from referee.cli.batch.results import FileAudit


@dataclass(slots=True)
class FileStats:
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


def file_stats(audits: Sequence[FileAudit], dups: Sequence[Duplicate]) -> list[FileStats]:
    """One row per file, worst first (unreadable, syntax errors, unclean games), then by name."""
    dup_count: dict[str, int] = {}
    for d in dups:
        dup_count[d.game.source] = dup_count.get(d.game.source, 0) + 1
    rows: list[FileStats] = []
    for audit in audits:
        stats = FileStats(audit.source, duplicates=dup_count.get(audit.source, 0))
        if audit.games is None:
            stats.unreadable = True
        else:
            for game in audit.games:
                stats.games += 1
                stats.clean += int(game.clean)
                stats.renuncias += game.renuncias
                stats.log_errors += game.log_errors
                stats.syntax_errors += game.syntax_errors
        rows.append(stats)
    return worst_first(rows)


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

