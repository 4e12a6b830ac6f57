"""What the CLI writes on standard error, and the progress bar: no rich until it shows.

Errors and syntax notes are plain text (scripts read them). The progress bar is
drawn with rich, imported only when there is a bar to draw (more than a handful
of files or games, on a terminal), so ``referee audit small.rummy --json`` never
pays for importing it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from referee.messages import render

if TYPE_CHECKING:
    from types import TracebackType

    from referee.cli.batch import FileAudit, SyntaxNote


def error(message: str, lang: str = "en") -> None:
    """One error line on standard error (plain text: scripts read it too)."""
    sys.stderr.write(f"{render('report.error', None, lang)}: {message}\n")
    sys.stderr.flush()


def syntax_notes(source: str, notes: Sequence[SyntaxNote], lang: str) -> None:
    """Syntax errors on standard error: ``file:line:column: words``, the line and a caret."""
    for note in notes:
        column = note.column if note.column is not None else "?"
        sys.stderr.write(render("report.syntax_error_at",
                                {"source": source, "line": note.line, "column": column,
                                 "message": note.message}, lang) + "\n")
        for context_line in note.context.splitlines():
            sys.stderr.write("    " + context_line + "\n")
    sys.stderr.flush()


def audit_problems(audit: FileAudit, lang: str) -> None:
    if audit.error:
        error(audit.error, lang)
    if audit.crash:
        error(render("report.internal_error", {"source": audit.source, "reason": audit.crash},
                     lang), lang)
    if audit.syntax:
        syntax_notes(audit.source, audit.syntax, lang)
    if audit.empty:
        error(render("report.no_games_in", {"source": audit.source}, lang), lang)


def may_be_terminal() -> bool:
    """False when rich would certainly not treat standard error as a terminal (no tty,
    no FORCE_COLOR or TTY_COMPATIBLE=1): then there is no bar and no need for rich."""
    if os.environ.get("TTY_COMPATIBLE") == "1" or "FORCE_COLOR" in os.environ:
        return True
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


class RichProgress:
    """A progress bar on standard error, shown only on a terminal and only for
    more than a handful of files or games (:data:`referee.cli.batch.HANDFUL`).

    While the bar shows, :attr:`active` is true: the caller holds its own output
    back until the bar is gone (rich draws the bar over whatever is written then).
    """

    def __init__(self, lang: str, handful: int) -> None:
        self.lang = lang
        self.handful = handful
        self._progress: Any = None
        self._task: Any = None

    @property
    def wanted(self) -> bool:
        """Whether a bar could show at all (worth counting the work for it)."""
        return may_be_terminal()

    @property
    def active(self) -> bool:
        return self._progress is not None

    def start(self, total: int, unit: str) -> None:
        if total <= self.handful or not may_be_terminal():
            return
        from rich.console import Console

        console = Console(stderr=True, highlight=False)
        if not console.is_terminal:
            return
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        self._progress = Progress(
            "[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
            TimeRemainingColumn(), console=console, transient=True,
        )
        self._progress.start()
        self._task = self._progress.add_task(render("report.progress", None, self.lang),
                                             total=total)

    def advance(self) -> None:
        if self._progress is not None and self._task is not None:
            self._progress.advance(self._task)

    def stop(self) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None

    def __enter__(self) -> RichProgress:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()
