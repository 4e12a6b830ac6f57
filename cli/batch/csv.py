"""The batch's CSV: one row per game (``--summary-csv``).

``renuncias``, ``log_errors`` and ``syntax_errors`` are numbers of findings, as in the
JSON report's summary and the human report.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from referee.cli.batch.fingerprint import Duplicate
from referee.cli.batch.results import FileAudit, GameRow

CSV_COLUMNS = ("file", "game", "line", "players", "finished", "winner", "renuncias",
               "log_errors", "syntax_errors", "clean", "duplicate_of", "error")
NO_GAMES = "no games"  # the error of a file with no game in it


def _bool(value: bool) -> str:
    return "true" if value else "false"


def game_row(source: str, g: GameRow, duplicate_of: str | None) -> list[object]:
    """A game's row (``duplicate_of`` is ``FILE#GAME`` of the first copy)."""
    return [source, g.index, g.line, " ".join(g.players), _bool(g.finished), g.winner or "",
            g.renuncias, g.log_errors, g.syntax_errors, _bool(g.clean), duplicate_of or "", ""]


def error_row(audit: FileAudit) -> list[object]:
    """The one row of a file that is unreadable, that the referee failed on, or that holds
    no game: only ``file`` and ``error``."""
    return [audit.source, "", "", "", "", "", "", "", "", "", "",
            audit.error or audit.crash or NO_GAMES]


def write_summary_csv(path: Path, audits: Sequence[FileAudit], dups: Sequence[Duplicate]) -> None:
    """One row per game; an unreadable file, or one with no game, gets one row with only
    ``file`` and ``error`` (all at once: a batch streams them, :mod:`.ledger`)."""
    import csv

    dup_of = {(d.game.source, d.game.index): f"{d.first.source}#{d.first.index}" for d in dups}
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(CSV_COLUMNS)
        for audit in audits:
            if not audit.games:  # unreadable, or no game in it
                writer.writerow(error_row(audit))
                continue
            for g in audit.games:
                writer.writerow(game_row(audit.source, g, dup_of.get((audit.source, g.index))))
