"""The progress bar on standard error: rich, imported only when a bar shows.

A bar shows on a terminal only, and only for more than a handful of files or games
(:data:`HANDFUL`), so ``referee audit small.rummy --json`` never pays for rich.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

from referee.messages import render

if TYPE_CHECKING:
    from types import TracebackType

HANDFUL = 5  # more files (or games) than this and a terminal gets a progress bar


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
    """A progress bar on standard error, shown only on a terminal and only for more than
    ``handful`` files or games.

    While the bar shows, :attr:`active` is true: the caller holds its own output back
    until the bar is gone (rich draws the bar over whatever is written then).
    """

    def __init__(self, lang: str, handful: int = HANDFUL) -> None:
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
