"""Cutting a big log into parts between games, so its parts can go to different workers.

:func:`plan_parts` reads a file once, a chunk at a time, cutting it into games as the
reader does (:func:`referee.notation.pieces.pieces`), and picks cuts of about
``part_bytes`` each. A part starts with a game's tag block, at a byte offset, and
knows the line number it starts at and how many games come before it, so its
games read (:func:`part_records`) with the same line numbers and game numbers as
in a run over the whole file.

A cut is made only where nothing of the games before it can change the games after
it: before a tag block whose first line is ``[Game "..."]`` (so none of its tags
can belong to the game before, docs/notation.md), and not inside a series of games
(a game with a series tag, :attr:`~referee.engine.game.Variant.series_tag`,
argentino's ``Match``, is cut from the one before only when that one names another
series). Files in an encoding other than UTF-8, and files that turn out not to be
text, are not cut.
"""

from __future__ import annotations

import codecs
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING

from referee.notation.pieces import Piece, pieces

if TYPE_CHECKING:
    from referee.notation.events import GameRecord

PART_BYTES = 8 << 20  # about how big a part of a big file is
CHUNK_BYTES = 1 << 20
_BOM = codecs.BOM_UTF8

_GAME_LINE = re.compile(r'\[Game "[^"\\\r\n]*"\][ \t]*\r?\n')  # a cut goes before it
_REQUIRED_LINE = re.compile(r'^[ \t]*\[(?:Game|Players)[ \t]+"', re.MULTILINE)


def _series_patterns() -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    """Anything like a series tag (any case, spaces), and one written plainly; None when
    no registered game has a series tag."""
    from referee.games import registry

    games = registry()

    def build() -> tuple[re.Pattern[str], re.Pattern[str]] | None:
        tags = sorted({g.series_tag for g in games.games.values() if g.series_tag})
        if not tags:
            return None
        names = "|".join(re.escape(tag) for tag in tags)
        return (re.compile(rf"^[ \t]*\[[ \t]*(?:{names})", re.MULTILINE | re.IGNORECASE),
                re.compile(rf'^\[(?:{names}) "([^"\\\r\n]*)"\][ \t]*\r?$', re.MULTILINE))

    return games.memo("series-patterns", build)


class NotTextError(Exception):
    """The file is not text after all (:func:`referee.notation.encoding.describe_file`
    says why), found at its first stray control character."""


@dataclass(frozen=True, slots=True)
class Part:
    """Bytes ``start`` to ``end`` of a file (``end`` None: to its end), whose first line
    is ``line`` of the file and which comes after ``games`` games."""

    start: int
    end: int | None
    line: int
    games: int

    @property
    def first(self) -> bool:
        return self.start == 0


def _match_name(text: str) -> str | bool | None:
    """The piece's series tag (argentino's ``Match``): None when it has none, its name
    when it has exactly one written plainly, False when unsure."""
    patterns = _series_patterns()
    if patterns is None:
        return None
    seriesish, series_line = patterns
    found = seriesish.findall(text)
    if not found:
        return None
    named = series_line.findall(text)
    return named[0] if len(found) == 1 and len(named) == 1 else False


class _Planner:
    """Follows the pieces of a file as the reader does: where each starts (byte, line)
    and how many games come before it."""

    def __init__(self, size: int, part_bytes: int, offset: int) -> None:
        self.size = size
        self.part_bytes = part_bytes
        self.offset = offset
        self.line = 1
        self.games = 0
        self.cut = 0
        self.current = Part(0, None, 1, 0)  # the part being read (its end not yet known)
        self.previous: str | None = None  # the piece before, when it surely is a game
        self.held: tuple[str, int, int] | None = None  # the last piece that is a game

    def add(self, text: str) -> Part | None:
        """Follow the next piece; the part it ends, if a cut goes before it."""
        done = None
        if self._can_cut(text):
            last = self.current
            done = Part(last.start, self.offset, last.line, last.games)
            self.current = Part(self.offset, None, self.line, self.games)
            self.cut = self.offset
        sure = _REQUIRED_LINE.search(text) is not None
        if sure or self._is_game(text):
            self.held = (text, self.line, self.games + 1)
            self.games += 1
        self.previous = text if sure else None
        self.offset += len(text) if text.isascii() else len(text.encode("utf-8"))
        self.line += text.count("\n")
        return done

    def _is_game(self, text: str) -> bool:
        """Whether the reader makes a game of a piece it might not (a piece before any
        tag, tags that may belong to the game before): read as the reader reads it."""
        from referee.notation.reader import read_game

        before = None
        if self.held is not None:
            held, line, index = self.held
            before = read_game(Piece(held, line), index, "")
        return read_game(Piece(text, self.line), self.games + 1, "", before) is not None

    def _can_cut(self, text: str) -> bool:
        if (not self.games or self.offset - self.cut < self.part_bytes
                or self.size - self.offset < self.part_bytes // 4
                or not _GAME_LINE.match(text)):
            return False
        name = _match_name(text)
        if name is None:
            return True
        if name is False or self.previous is None:
            return False
        before = _match_name(self.previous)
        return before is None or (before is not False and before != name)


def plan_parts(path: str, part_bytes: int = PART_BYTES,
               encoding: str | None = None) -> list[Part] | None:
    """The parts of a file, or None when it stays whole (:func:`iter_parts`)."""
    found = list(iter_parts(path, part_bytes, encoding))
    return found if len(found) > 1 else None


def iter_parts(path: str, part_bytes: int = PART_BYTES,
               encoding: str | None = None) -> Iterator[Part]:
    """The parts of a file as they are found, each as soon as the cut after it is: one
    part, the whole file, when it is under twice ``part_bytes``, not UTF-8, or has no
    place to cut. A file that turns out unreadable ends its last part where the
    trouble is found (auditing that part says what it is)."""
    from referee.notation.encoding import UTF8, check_encoding

    whole = Part(0, None, 1, 0)
    try:
        if encoding is not None and check_encoding(encoding) != UTF8:
            yield whole
            return
        size = os.path.getsize(path)
        handle = open(path, "rb")  # noqa: SIM115 - closed below
    except (OSError, LookupError):
        yield whole
        return
    with handle:
        if size < 2 * part_bytes:
            yield whole
            return
        head = handle.read(2 * len(_BOM))
        offset = len(_BOM) if head.startswith(_BOM) else 0
        if head[offset:].startswith(_BOM):  # a second mark: the reader drops it too
            offset += len(_BOM)
        handle.seek(0)
        planner = _Planner(size, part_bytes, offset)
        try:
            for text in pieces(_checked(_decoded(handle, first=True), path)):
                done = planner.add(text)
                if done is not None:
                    yield done
        except (OSError, UnicodeDecodeError, NotTextError):
            pass
        yield planner.current


def _checked(chunks: Iterator[str], path: str) -> Iterator[str]:
    """The chunks, checked at the first stray control character: :class:`NotTextError`
    when the whole file is not text (a few make syntax errors, no more)."""
    from referee.notation.encoding import describe_file
    from referee.notation.files import checked_text

    def check() -> None:
        if describe_file(path, None) is not None:
            raise NotTextError

    return checked_text(chunks, check)


def _decoded(handle: IO[bytes], first: bool, limit: int | None = None) -> Iterator[str]:
    """The text of a binary file from where it stands, ``limit`` bytes at most, a chunk
    at a time: UTF-8 (its byte-order mark dropped when ``first``); UnicodeDecodeError on
    bytes that are not UTF-8."""
    decoder = codecs.getincrementaldecoder("utf-8-sig" if first else "utf-8")()
    read = handle.read
    left = limit
    while True:
        size = CHUNK_BYTES if left is None else min(CHUNK_BYTES, left)
        data = read(size) if size else b""
        if left is not None:
            left -= len(data)
        text = decoder.decode(data, final=not data)
        if text:
            yield text
        if not data:
            return


def part_records(path: str, part: Part, source: str,
                 knobs: Mapping[str, str] | None = None) -> Iterator[GameRecord]:
    """The games of one part of a file, numbered and with line numbers as in the whole
    file. Raises :class:`~referee.notation.files.NotationFileError` as
    :func:`~referee.notation.reader.iter_path` does, describing the whole file."""
    from referee.notation.files import NotationFileError, read_path

    try:
        handle = open(path, "rb")  # noqa: SIM115 - closed below
    except OSError:
        read_path(path)  # raises NotationFileError with the usual words
        raise
    with handle:
        handle.seek(part.start)
        limit = None if part.end is None else part.end - part.start
        try:
            from referee.notation.reader import read_pieces

            yield from read_pieces(pieces(_checked(_decoded(handle, part.first, limit), path)),
                                   source, part.line, part.games, knobs)
        except (UnicodeDecodeError, NotTextError):
            from referee.messages import render
            from referee.notation.encoding import describe_file

            problem = describe_file(path, None)
            if problem is None:
                raise NotationFileError(path, render("file.changed", None)) from None
            raise NotationFileError(path, str(problem), problem) from None
