"""What the audit of one file brings back to the batch: a small row per game, the
summary, the report's text until it is printed, and what went wrong."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from referee.cli.batch.spool import ReportText
from referee.cli.errors import SyntaxNote

if TYPE_CHECKING:
    from referee.night.offline import GameFacts
    from referee.report.model import Summary

FAIL_ON_DEFAULT = ("renuncia", "log-error")  # the findings that make the exit status 1
FAIL_ON_KINDS = ("renuncia", "log-error", "notice")


@dataclass(frozen=True, slots=True)
class GameTally:
    """What ``referee standings`` counts of one game, per player."""

    table: str  # the standings table it counts in (its game's)
    players: tuple[str, ...]
    winner: str | None
    renuncias: tuple[tuple[str, int], ...]  # renuncia findings against each player
    eliminated: tuple[str, ...]
    payments: tuple[tuple[str, str, int], ...]  # (payer, payee, amount)
    points: tuple[tuple[str, int], ...]  # a points table's: each player's points


@dataclass(slots=True, unsafe_hash=True)
class GameRow:
    """What the batch summary, the duplicates, the CSV and the standings need of a game.

    Never changed once made; not a frozen dataclass all the same, whose fields are each
    set through ``object.__setattr__`` (a dozen per game: docs/performance.md, as the
    notation's events); ``unsafe_hash`` keeps it hashable and equal by value."""

    index: int
    line: int
    players: tuple[str, ...]
    finished: bool
    winner: str | None
    renuncias: int
    log_errors: int
    syntax_errors: int
    notices: int
    clean: bool
    fingerprint: str | None  # None: no events (nothing worth calling a duplicate)
    tally: GameTally | None = None  # only when the standings are wanted

    def count(self, kind: str) -> int:
        return {"renuncia": self.renuncias, "log-error": self.log_errors,
                "syntax-error": self.syntax_errors, "notice": self.notices}[kind]


@dataclass(slots=True)
class FileAudit:
    """What the audit of one file brings back: its rows, summary and report, or what
    went wrong with it."""

    source: str
    # None: no report (unreadable, or the referee failed); a big file's rows may be on disk
    games: Collection[GameRow] | None = None
    summary: Summary | None = None
    report: ReportText | None = None  # the report's text, until it is printed
    error: str | None = None  # the file could not be read (no report)
    crash: str | None = None  # the referee itself failed on this file
    syntax: list[SyntaxNote] = field(default_factory=list)
    night: list[GameFacts] = field(default_factory=list)  # ``referee night``'s facts

    @property
    def reported(self) -> bool:
        return self.games is not None

    @property
    def empty(self) -> bool:
        """Read, but no game in it (an empty file, only comments): exit status 2."""
        return self.games is not None and not self.games

    def exit_status(self, fail_on: Collection[str] = FAIL_ON_DEFAULT) -> int:
        """3 the referee failed; 2 unreadable, no game in it or a syntax error; 1 a finding
        of a kind in ``fail_on``; else 0."""
        if self.crash is not None:
            return 3
        if self.error is not None or not self.games:
            return 2
        if any(g.syntax_errors for g in self.games):
            return 2
        if any(g.count(kind) for g in self.games for kind in fail_on):
            return 1
        return 0


def batch_exit_status(audits: Iterable[FileAudit], input_problems: bool = False,
                      fail_on: Collection[str] = FAIL_ON_DEFAULT) -> int:
    """The highest status of the files (2 as well when some input could not be found)."""
    statuses = [a.exit_status(fail_on) for a in audits]
    if input_problems:
        statuses.append(2)
    return max(statuses, default=0)

