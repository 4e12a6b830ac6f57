"""Read `.rummy` logs (docs/notation.md): text in, game records out.

This module is the reader's one interface: :func:`read_games` and :func:`iter_games`
(a text), :func:`iter_chunks` (a text that arrives in pieces), :func:`iter_path` and
:func:`read_path` (a file), :func:`decode_log` (bytes); :func:`read_game` and
:func:`read_pieces` for callers that cut the text themselves (the editor, the batch's
parts of a file); :func:`preload`. Each gives
:class:`~referee.notation.events.GameRecord` objects. Behind it, each layer uses
only the ones under it (the arrows of ``tests/notation/test_layers.py``)::

    reader        cuts a text into games (pieces) and reads each; its Reader owns the memos
      assembly      a game's record: tags once, setup lines, header checks (header),
                    the lines after a bad one (recover), errors in words (diagnose)
      memo          LineMemo: an event's text after the name is read once
        parser        grammar/rummy.lark's parser for each deck (Lark, its cache)
          reducers      tokens to events (CardTokens: token text to cards)

A text is read game by game: it is cut before every block of tag lines
(:mod:`referee.notation.pieces`) and each piece is parsed on its own, so memory
stays flat however long the file, and a syntax error spoils only its own game. A
file is read a chunk at a time (:func:`referee.notation.files.text_chunks`), never
held whole. The functions here use the process's reader (:data:`READER`), which the
service's threads share.

Problems never raise: they become :class:`~referee.notation.events.SyntaxProblem`
entries in the game's ``errors``, with a message in words
(:mod:`referee.notation.diagnose`, catalog :mod:`referee.i18n.syntax`), and the
lines after a bad line are still read (:mod:`referee.notation.recover`). The header
and what each game allows are checked by :mod:`referee.notation.header`. The reader
never judges legality: deals of the wrong size, unknown players and impossible cards
are kept as written for the engine.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping

from lark.exceptions import UnexpectedCharacters, UnexpectedToken

from referee.cards import FRENCH, Deck
from referee.notation.assembly import broken_game_record, game_record
from referee.notation.decks import deck_of, head_end
from referee.notation.encoding import NotText, decode
from referee.notation.events import GameRecord
from referee.notation.files import NotationFileError, read_path, text_chunks
from referee.notation.memo import LineMemo, Parse
from referee.notation.parser import deck_parser
from referee.notation.pieces import Piece, pieces

__all__ = [
    "READER",
    "LogDecodeError",
    "NotationFileError",
    "Reader",
    "decode_log",
    "iter_chunks",
    "iter_games",
    "iter_path",
    "preload",
    "read_game",
    "read_games",
    "read_path",
    "read_pieces",
]


class LogDecodeError(ValueError):
    """Bytes that are not UTF-8 text (docs/notation.md: such a file cannot be read)."""


def decode_log(data: bytes, lang: str = "en") -> str:
    """Decode a log's bytes as UTF-8, dropping a leading byte-order mark.

    Raises :class:`LogDecodeError` naming the line and column of the first bad byte
    (or NUL byte) and what the bytes look like (:mod:`referee.notation.encoding`).
    """
    try:
        return decode(data)
    except NotText as exc:
        raise LogDecodeError(exc.render(lang, how="api")) from None


class Reader:
    """Reads texts into game records. With ``memo`` (the default), each deck's events
    are remembered by their text after the player's name (:mod:`referee.notation.memo`):
    a line read once is not parsed again; without it, every line is read by Lark."""

    def __init__(self, memo: bool = True) -> None:
        self.memo = memo
        self._memos: dict[str, LineMemo] = {}  # by deck name

    def games(self, text: str, source: str = "<text>", first_line: int = 1,
              games_before: int = 0,
              knobs: Mapping[str, str] | None = None) -> Iterator[GameRecord]:
        """See :func:`iter_games`."""
        return self.pieces(pieces((text,)), source, first_line, games_before, knobs)

    def chunks(self, chunks: Iterable[str], source: str = "<text>",
               knobs: Mapping[str, str] | None = None) -> Iterator[GameRecord]:
        """See :func:`iter_chunks`."""
        return self.pieces(pieces(chunks), source, knobs=knobs)

    def pieces(self, texts: Iterable[str], source: str, line: int = 1,
               index: int = 0, knobs: Mapping[str, str] | None = None) -> Iterator[GameRecord]:
        """The games of ``texts``, a text cut before each block of tag lines
        (:func:`~referee.notation.pieces.pieces`), the first piece starting at ``line``
        after ``index`` games (a part of a file cut between games starts further on).
        ``knobs``: the caller's house rules (``Deck`` among them wins over the tags)."""
        held: GameRecord | None = None  # given out once the next piece is known not to add to it
        for text in texts:
            piece = Piece(text, line, knobs=knobs)
            line += text.count("\n")
            record = self.game(piece, index + 1, source, held)
            if record is None:
                continue
            if held is not None:
                yield held
            index += 1
            held = record
        if held is not None:
            yield held

    def game(self, piece: Piece, index: int, source: str,
             before: GameRecord | None = None) -> GameRecord | None:
        """The game in ``piece``, game number ``index``; None when it holds only blank and
        comment lines, or only tags that belong to the game ``before`` it (they are an
        error of that game, added to ``before``)."""
        text = piece.text if piece.text.endswith("\n") else piece.text + "\n"
        deck = deck_of(text, piece.knobs)
        if deck is None:  # a bad Deck value: the game's cards are not read, only its tags
            text = text[:head_end(text)] or "\n"
        else:
            piece.deck = deck
        try:
            games = self.parse_for(piece.deck)(text, piece.line_offset)
        except (UnexpectedCharacters, UnexpectedToken) as err:
            record: GameRecord | None = broken_game_record(text, piece, index, source, err,
                                                           before)
        else:
            record = game_record(games, piece, index, source, before)
        if record is not None and deck is not None:
            record.deck = deck
        return record

    def parse_for(self, deck: Deck) -> Parse:
        """How this reader parses a game of ``deck``'s cards."""
        return self.memo_of(deck).parse if self.memo else deck_parser(deck).parse

    def memo_of(self, deck: Deck) -> LineMemo:
        """This reader's line memo of ``deck``'s games."""
        memo = self._memos.get(deck.name)
        if memo is None:
            parser = deck_parser(deck)
            name = parser.parser().get_terminal("NAME").pattern.to_regexp()
            memo = self._memos.setdefault(deck.name, LineMemo(parser.parse, name))
        return memo


READER = Reader()
"""The process's reader: its line memos are shared by every reading of the process."""


def read_games(text: str, source: str = "<text>",
               knobs: Mapping[str, str] | None = None) -> list[GameRecord]:
    """Every game of ``text``; syntax and header problems go into each game's ``errors``.
    ``knobs`` (here and below): the caller's house rules, which win over the tags (the
    ``Deck`` among them says how the cards read)."""
    return list(READER.games(text, source, knobs=knobs))


def iter_games(text: str, source: str = "<text>", first_line: int = 1,
               games_before: int = 0,
               knobs: Mapping[str, str] | None = None) -> Iterator[GameRecord]:
    """The games of ``text`` one at a time, with line numbers of the whole text. A text
    that is the end of a longer one, cut before a game's tags, reads as it does there:
    its first line is ``first_line`` and ``games_before`` games come before it."""
    return READER.games(text, source, first_line, games_before, knobs)


def iter_chunks(chunks: Iterable[str], source: str = "<text>",
                knobs: Mapping[str, str] | None = None) -> Iterator[GameRecord]:
    """The games of a text that arrives in pieces (any cut), as :func:`iter_games` reads
    their concatenation; only one game and one chunk are held at a time."""
    return READER.chunks(chunks, source, knobs)


def iter_path(path: str | os.PathLike[str], source: str | None = None,
              encoding: str | None = None,
              knobs: Mapping[str, str] | None = None) -> Iterator[GameRecord]:
    """The games of a log file, read a chunk at a time: memory stays flat however big
    the file. The same games as ``iter_games(read_path(path, encoding), source)``
    (``source``: the path by default).

    Raises :class:`NotationFileError` as :func:`~referee.notation.files.text_chunks`
    does, possibly after some games have been yielded."""
    name = os.fspath(path) if source is None else source
    return READER.chunks(text_chunks(path, encoding), name, knobs)


def read_pieces(texts: Iterable[str], source: str, line: int = 1,
                index: int = 0, knobs: Mapping[str, str] | None = None) -> Iterator[GameRecord]:
    """The games of a text already cut into pieces (:meth:`Reader.pieces`)."""
    return READER.pieces(texts, source, line, index, knobs)


def read_game(piece: Piece, index: int, source: str,
              before: GameRecord | None = None) -> GameRecord | None:
    """The game in one piece (:meth:`Reader.game`)."""
    return READER.game(piece, index, source, before)


def preload() -> None:
    """Load the French deck's parser now (a process that forks workers loads it once for
    all)."""
    deck_parser(FRENCH).parser()
