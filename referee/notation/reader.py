"""Read `.rummy` logs (docs/notation.md) into :class:`~referee.notation.events.GameRecord` objects.

The grammar (``grammar/rummy.lark``) is the one definition of the syntax; its
parser and the reducers that build events live in :mod:`referee.notation.parser`.
A text is read game by game: :func:`iter_games` cuts it before every block of tag
lines (:mod:`referee.notation.pieces`) and parses each piece on its own, so memory
stays flat however long the file, and a syntax error spoils only its own game.
:func:`iter_path` does the same reading a file a chunk at a time
(:func:`iter_chunks`), never holding it whole.

Problems never raise: they become :class:`~referee.notation.events.SyntaxProblem`
entries in the game's ``errors``, with a message in words
(:mod:`referee.notation.diagnose`, catalog :mod:`referee.i18n.syntax`). The header
and what each game allows are checked by :mod:`referee.notation.header`. The
reader never judges legality: deals of the wrong size, unknown players and
impossible cards are kept as written for the engine.
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from lark.exceptions import UnexpectedCharacters, UnexpectedToken

from referee.notation.diagnose import syntax_problem
from referee.notation.events import Deal, GameRecord, SyntaxProblem
from referee.notation.header import header_problems
from referee.notation.parser import GameText, UpLine, parse
from referee.notation.pieces import Piece, pieces

__all__ = [
    "LogDecodeError",
    "NotationFileError",
    "decode_log",
    "iter_chunks",
    "iter_games",
    "iter_path",
    "read_games",
    "read_path",
]

class NotationFileError(Exception):
    """A log file that cannot be read at all: missing, unreadable or not UTF-8."""

    def __init__(self, path: str | os.PathLike[str], message: str) -> None:
        super().__init__(f"{os.fspath(path)}: {message}")
        self.path = os.fspath(path)
        self.message = message


def read_path(path: str | os.PathLike[str]) -> str:
    """The text of a log file, without a UTF-8 byte-order mark.

    Raises :class:`NotationFileError` when the file cannot be read or is not
    UTF-8 (naming the first bad byte's offset and line).
    """
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise NotationFileError(path, f"cannot read the file: {err.strerror or err}") from None
    skipped = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        offset = skipped + err.start
        line = data.count(b"\n", 0, offset) + 1
        raise NotationFileError(
            path, f"not UTF-8 text: byte 0x{data[offset]:02x} at offset {offset} (line {line})"
        ) from None


class LogDecodeError(ValueError):
    """Bytes that are not UTF-8 text (docs/notation.md: such a file cannot be read)."""


def decode_log(data: bytes) -> str:
    """Decode a log's bytes as UTF-8, dropping a leading byte-order mark.

    Raises :class:`LogDecodeError` naming the line and column of the first bad byte.
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        head = data[: exc.start]
        line = head.count(b"\n") + 1
        column = exc.start - (head.rfind(b"\n") + 1) + 1
        raise LogDecodeError(
            f"not UTF-8 text: byte 0x{data[exc.start]:02x} at line {line}, column {column}"
        ) from None


def read_games(text: str, source: str = "<text>") -> list[GameRecord]:
    """Every game of ``text``; syntax and header problems go into each game's ``errors``."""
    return list(iter_games(text, source))


def iter_games(text: str, source: str = "<text>") -> Iterator[GameRecord]:
    """The games of ``text`` one at a time, with line numbers of the whole text."""
    return _readpieces(pieces((text,)), source)


def iter_chunks(chunks: Iterable[str], source: str = "<text>") -> Iterator[GameRecord]:
    """The games of a text that arrives in pieces (any cut), as :func:`iter_games` reads
    their concatenation; only one game and one chunk are held at a time."""
    return _readpieces(pieces(chunks), source)


CHUNK_CHARS = 1 << 20  # how much of a file :func:`iter_path` reads at a time


def iter_path(path: str | os.PathLike[str], source: str | None = None) -> Iterator[GameRecord]:
    """The games of a log file, read a chunk at a time: memory stays flat however big
    the file. The same games as ``iter_games(read_path(path), source)``.

    Raises :class:`NotationFileError` (with :func:`read_path`'s message) when the
    file cannot be opened or turns out not to be UTF-8, possibly after some games
    have been yielded.
    """
    name = os.fspath(path) if source is None else source
    try:
        handle = open(path, encoding="utf-8-sig", newline="")  # noqa: SIM115 - closed below
    except OSError:
        read_path(path)  # raises NotationFileError with the usual words
        raise
    try:
        with handle:
            yield from iter_chunks(iter(lambda: handle.read(CHUNK_CHARS), ""), name)
    except UnicodeDecodeError:
        read_path(path)  # names the first bad byte, as for a file read whole
        raise


def _readpieces(pieces: Iterable[str], source: str) -> Iterator[GameRecord]:
    index = 0
    line = 1  # the line number where the next piece starts
    for text in pieces:
        record = _read_game(Piece(text, line), index + 1, source)
        line += text.count("\n")
        if record is not None:
            index += 1
            yield record


def _read_game(piece: Piece, index: int, source: str) -> GameRecord | None:
    """The game in ``piece``; None when it holds only blank and comment lines."""
    text = piece.text if piece.text.endswith("\n") else piece.text + "\n"
    problem: SyntaxProblem | None = None
    try:
        games = parse(text, piece.line_offset)
    except (UnexpectedCharacters, UnexpectedToken) as err:
        problem = syntax_problem(err, piece)
        # Keep the lines before the bad one: they read on their own (an LALR
        # parser stops at the first token no sentence can continue with).
        bad_line_start = text.rfind("\n", 0, err.pos_in_stream) + 1
        games = parse(text[:bad_line_start], piece.line_offset)
    # The cut falls before every tag block, so a piece holds at most one game.
    assert len(games) <= 1
    if not games:  # only comments, or an error before the first tag line was read
        if problem is None:
            return None
        return GameRecord(index, problem.line, errors=[problem], source=source)
    tags_complete = problem is None or not piece.line_text(problem.line).lstrip().startswith("[")
    record = _build_record(games[0], index, source, piece, tags_complete)
    if problem is not None:
        record.errors.append(problem)
    record.errors.sort(key=lambda p: (p.line, p.column))
    return record


def _build_record(
    game: GameText, index: int, source: str, piece: Piece, tags_complete: bool
) -> GameRecord:
    record = GameRecord(index, game.tags[0].line, events=game.events, source=source)
    for tag in game.tags:
        first = record.tags.setdefault(tag.name, tag)
        if first is not tag:
            record.errors.append(
                piece.problem("tag-twice", tag.line, tag.column, tag=tag.name, first=first.line)
            )
    for item in game.setup:
        if isinstance(item, Deal):
            dealt = record.deals.setdefault(item.player, item)
            if dealt is not item:
                record.errors.append(piece.problem(
                    "deal-twice", item.line, item.column, player=item.player, first=dealt.line
                ))
        elif isinstance(item, UpLine):
            if record.up_line is None:
                record.up, record.up_line = item.card, item.line
            else:
                record.errors.append(
                    piece.problem("up-twice", item.line, item.column, first=record.up_line))
        elif record.stock_line is None:
            record.stock, record.stock_line = item.cards, item.line
        else:
            record.errors.append(
                piece.problem("stock-twice", item.line, item.column, first=record.stock_line)
            )
    players = record.tags.get("Players")
    record.players = () if players is None else tuple(players.value.split())
    record.errors.extend(header_problems(record, piece, tags_complete))
    return record
