"""Cutting a log's text into games, and where a problem stands in one of them.

A text is read game by game: :func:`pieces` cuts it before every block of tag
lines, so each game is parsed on its own (memory stays flat however long the
file, and a syntax error spoils only its own game). A :class:`Piece` is the text
of one game with its first line number; it shows a line of the file with a caret
(:meth:`Piece.problem`).
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from referee.cards import FRENCH, Deck
from referee.messages import render
from referee.notation.controls import STRAY_CLASS, shown
from referee.notation.events import SyntaxProblem

BOM = "\ufeff"

CR = "\r"
_LONE_CR = re.compile(r"\r(?!\n)")  # an old Mac line end: read as a line end
# A tag line: stray control characters before its `[` (a syntax error of that line) leave
# it the first line of its game, so they spoil that game, not the one before it.
TAG_LINE_START = f"\ufeff?[ \t{STRAY_CLASS}]*\\["  # one definition: cutting, assembling
_TAG_LINE = re.compile("^" + TAG_LINE_START, re.MULTILINE)
_STATEMENT_LINE = re.compile(r"^[ \t]*[^\s#]", re.MULTILINE)  # not blank, not a comment


def pieces(chunks: Iterable[str]) -> Iterator[str]:
    """The text of each game: a block of tag lines and what follows it.

    Tag lines separated only by blank or comment lines are one block, as in the
    grammar. Text before the first tag line comes out as a piece of its own
    (possibly empty, as is the last piece), and a leading byte-order mark is left
    out. The text may come in chunks cut anywhere: a piece is given out as soon as
    the tag line after it has been seen whole, and only the text from the start of
    the current piece is kept. A carriage return alone ends a line, as ``\n`` and
    ``\r\n`` do: it is given out as ``\n`` (one character for one, so columns and
    offsets stay those of the text).
    """
    buf = ""
    cut = 0  # where the current piece starts in ``buf``
    scan = 0  # where to look for the next tag line (a line start in ``buf``)
    block_end: int | None = None  # where the current tag block's last line ends
    first = True
    chunks = _line_ends(chunks)
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


def _line_ends(chunks: Iterable[str]) -> Iterator[str]:
    """The chunks with every lone carriage return made a newline; a chunk ending with
    ``\r`` keeps it back until the next chunk shows whether ``\n`` follows."""
    held = ""
    for chunk in chunks:
        if held:
            chunk, held = held + chunk, ""
        if CR not in chunk:
            yield chunk
            continue
        if chunk.endswith(CR):
            chunk, held = chunk[:-1], CR
        if chunk.count(CR) != chunk.count("\r\n"):
            chunk = _LONE_CR.sub("\n", chunk)
        yield chunk
    if held:
        yield "\n"


CONTEXT_WIDTH = 120  # a longer line is shown as a window around the column
_CONTEXT_BEFORE = 72  # of it, how much before the column
ELLIPSIS = "…"


class Piece:
    """The text of one game (or of what precedes the first tag) and its first line number."""

    __slots__ = ("_starts", "deck", "first_line", "knobs", "text")

    def __init__(self, text: str, first_line: int, deck: Deck = FRENCH,
                 knobs: Mapping[str, str] | None = None) -> None:
        self.text = text
        self.first_line = first_line
        self.deck = deck  # the deck its cards are read under (RULES.md §13)
        self.knobs = knobs  # the caller's knobs, which win over the game's tags
        self._starts: array[int] | None = None  # where each line starts, once needed

    def __repr__(self) -> str:
        return f"Piece(first_line={self.first_line}, {len(self.text)} characters)"

    @property
    def line_offset(self) -> int:
        return self.first_line - 1

    def line_text(self, line: int) -> str:
        """The text of ``line`` (a line number of the whole file)."""
        starts = self._starts
        if starts is None:
            starts = self._starts = array("q", [0])
        wanted = line - self.first_line
        if wanted >= len(starts):  # index the lines up to this one, once: linear in all
            _index_lines(self.text, starts, wanted)
        pos = starts[wanted]
        end = self.text.find("\n", pos)
        return self.text[pos : end if end >= 0 else len(self.text)].rstrip("\r")

    def problem(self, key: str, line: int, column: int, **params: Any) -> SyntaxProblem:
        """The problem ``key`` at ``line`` and ``column``: the English message, and the
        source line with a caret under the column (tabs expanded as a terminal shows them;
        a long line cut to a window around the column)."""
        message = render(key, params, "en")
        return SyntaxProblem(line, column, message, caret_context(self.line_text(line), column),
                             key=key, params=params)


def _index_lines(text: str, starts: array[int], wanted: int) -> None:
    """Add to ``starts`` (where each line starts, the first lines known) up to line
    ``wanted`` (0-based); ValueError past the last line."""
    find = text.find
    pos = starts[-1]
    while len(starts) <= wanted:
        newline = find("\n", pos)
        if newline < 0:
            raise ValueError(f"no line {wanted + 1} in a text of {len(starts)} lines")
        pos = newline + 1
        starts.append(pos)


def caret_context(text: str, column: int) -> str:
    """``text`` and, under it, a caret at ``column``; a line longer than
    :data:`CONTEXT_WIDTH` is cut to a window around the column, marked with ``…``.
    Control characters and line separators are shown as escapes (``\\x00``), the
    caret under the escape's backslash (:func:`referee.notation.controls.shown`)."""
    if len(text) > CONTEXT_WIDTH:
        start = max(0, min(column - 1 - _CONTEXT_BEFORE, len(text) - CONTEXT_WIDTH))
        end = start + CONTEXT_WIDTH
        head = ELLIPSIS if start > 0 else ""
        tail = ELLIPSIS if end < len(text) else ""
        column = column - start + len(head)
        text = head + text[start:end] + tail
    caret = " " * len(shown(text[: column - 1]).expandtabs()) + "^"
    return f"{shown(text)}\n{caret}"


def clip(word: str, width: int = 40) -> str:
    """``word`` as a message quotes it: cut to ``width`` characters, marked with ``…``."""
    return word if len(word) <= width else word[: width - 1] + ELLIPSIS
