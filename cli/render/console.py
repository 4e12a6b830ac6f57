"""The consoles the CLI draws on, and the words of one language."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any, cast

from rich.console import Console

from referee.messages import render, render_count

if TYPE_CHECKING:
    from referee.report.json import TextSink

KIND_STYLE = {
    "renuncia": "bold red",
    "log-error": "magenta",
    "notice": "cyan",
    "syntax-error": "bold red reverse",
}

PIPE_WIDTH = 100  # width of the report when standard output is a file or a pipe


class Words:
    """``t("report.winner", winner="Caro")`` in one language; ``t.n(key, count)`` picks
    the singular when ``count`` is 1."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, key: str, **params: Any) -> str:
        return render(key, params, self.lang)

    def n(self, key: str, count: int, **params: Any) -> str:
        return render_count(key, count, params, self.lang)


def stdout_console() -> Console:
    console = Console(highlight=False)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console.width = PIPE_WIDTH
    return console


@dataclass(frozen=True, slots=True)
class ConsoleSpec:
    """What a report drawn elsewhere (a worker, a spool) needs to come out exactly as
    :func:`stdout_console` would draw it: width, colours, terminal-ness, encoding."""

    width: int
    color_system: str | None
    is_terminal: bool
    encoding: str
    legacy_windows: bool

    @classmethod
    def of(cls, console: Console) -> ConsoleSpec:
        return cls(console.width, console.color_system, console.is_terminal, console.encoding,
                   console.legacy_windows)

    @property
    def plain(self) -> bool:
        """True when rich draws plain text here (no terminal, no colours, UTF-8), which
        :class:`~referee.cli.render.plain.PlainConsole` writes without rich's layout."""
        return (not self.is_terminal and self.color_system is None and not self.legacy_windows
                and self.encoding.lower().replace("-", "").startswith("utf8"))

    def console(self, out: TextSink) -> Console:
        """A console drawing into ``out`` (which reports :attr:`encoding`)."""
        return Console(file=cast(IO[str], out), width=self.width, color_system=self.color_system,  # type: ignore[arg-type]
                       force_terminal=self.is_terminal, legacy_windows=self.legacy_windows,
                       highlight=False)
