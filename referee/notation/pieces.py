"""Cutting a log's text into games, and where a problem stands in one of them.

A text is read game by game: :func:`pieces` cuts it before every block of tag
lines, so each game is parsed on its own (memory stays flat however long the
file, and a syntax error spoils only its own game). A :class:`Piece` is the text
of one game with its first line number; it shows a line of the file with a caret
(:meth:`Piece.problem`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from referee.messages import render
from referee.notation.events import SyntaxProblem

BOM = "\ufeff"

_TAG_LINE = re.compile(r"^\ufeff?[ \t]*\[", re.MULTILINE)
_STATEMENT_LINE = re.compile(r"^[ \t]*[^\s#]", re.MULTILINE)  # not blank, not a comment


def pieces(chunks: Iterable[str]) -> Iterator[str]:
    """The text of each game: a block of tag lines and what follows it.

    Tag lines separated only by blank or comment lines are one block, as in the
    grammar. Text before the first tag line comes out as a piece of its own
    (possibly empty, as is the last piece), and a leading byte-order mark is left
    out. The text may come in chunks cut anywhere: a piece is given out as soon as
    the tag line after it has been seen whole, and only the text from the start of
    the current piece is kept.
    """
    buf = ""
    cut = 0  # where the current piece starts in ``buf``
    scan = 0  # where to look for the next tag line (a line start in ``buf``)
    block_end: int | None = None  # where the current tag block's last line ends
    first = True
    chunks = iter(chunks)
    while True:
        chunk = next(chunks, None)
        done = chunk is None
        if chunk:
            if first:
                first = False
                cut = len(BOM) if chunk.startswith(BOM) else 0
            buf = buf + chunk if buf else chunk
        # only whole lines until the end: a tag line is judged with its newline
        limit = len(buf) if done else buf.rfind("\n") + 1
        for match in _TAG_LINE.finditer(buf, scan, limit):
            at = max(match.start(), cut)  # a first tag line after a BOM starts after it
            if block_end is None or _STATEMENT_LINE.search(buf, block_end, at):
                if at > cut:
                    yield buf[cut:at]
                cut = at
            newline = buf.find("\n", at)
            block_end = len(buf) if newline < 0 else newline + 1
        scan = max(scan, limit)
        if done:
            yield buf[cut:]
            return
        if 0 < cut < scan:  # forget what has been given out
            buf = buf[cut:]
            scan -= cut
            if block_end is not None:
                block_end -= cut
            cut = 0


@dataclass(frozen=True, slots=True)
class Piece:
    """The text of one game (or of what precedes the first tag) and its first line number."""

    text: str
    first_line: int

    @property
    def line_offset(self) -> int:
        return self.first_line - 1

    def line_text(self, line: int) -> str:
        """The text of ``line`` (a line number of the whole file)."""
        pos = 0
        for _ in range(line - self.first_line):
            pos = self.text.index("\n", pos) + 1
        end = self.text.find("\n", pos)
        return self.text[pos : end if end >= 0 else len(self.text)].rstrip("\r")

    def problem(self, key: str, line: int, column: int, **params: Any) -> SyntaxProblem:
        """The problem ``key`` at ``line`` and ``column``: the English message, and the
        source line with a caret under the column (tabs expanded as a terminal shows them)."""
        text = self.line_text(line)
        caret = " " * len(text[: column - 1].expandtabs()) + "^"
        message = render(key, params, "en")
        return SyntaxProblem(line, column, message, f"{text}\n{caret}", key=key, params=params)


