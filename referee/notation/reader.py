"""Read `.rummy` logs (docs/notation.md) into :class:`~referee.notation.events.GameRecord` objects.

The grammar (``grammar/rummy.lark``) is the one definition of the syntax; its
parser and the reducers that build events live in :mod:`referee.notation.parser`.
A text is read game by game: :func:`iter_games` cuts it before every block of tag
lines (:mod:`referee.notation.pieces`) and parses each piece on its own, so memory
stays flat however long the file, and a syntax error spoils only its own game
(the lines Lark has read before come from :mod:`referee.notation.memo`).
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

import re
from collections.abc import Iterable, Iterator, Sequence

from lark.exceptions import UnexpectedCharacters, UnexpectedToken

from referee.knobs import knob_name
from referee.notation.controls import STRAY_CLASS
from referee.notation.diagnose import syntax_problem
from referee.notation.events import Deal, Event, GameRecord, Tag
from referee.notation.files import NotationFileError, iter_path, read_path
from referee.notation.header import REQUIRED_TAGS, first_bad_tag, header_problems, tag_notices
from referee.notation.memo import parse
from referee.notation.parser import GameText, UpLine
from referee.notation.pieces import Piece, pieces
from referee.notation.recover import (
    AFTER_EVENTS,
    AFTER_TAGS,
    Rest,
    line_start,
    parse_prefix,
    read_rest,
)

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


class LogDecodeError(ValueError):
    """Bytes that are not UTF-8 text (docs/notation.md: such a file cannot be read)."""


def decode_log(data: bytes, lang: str = "en") -> str:
    """Decode a log's bytes as UTF-8, dropping a leading byte-order mark.

    Raises :class:`LogDecodeError` naming the line and column of the first bad byte
    (or NUL byte) and what the bytes look like (:mod:`referee.notation.encoding`).
    """
    from referee.notation.encoding import NotText, decode

    try:
        return decode(data)
    except NotText as exc:
        raise LogDecodeError(exc.render(lang, how="api")) from None


def read_games(text: str, source: str = "<text>") -> list[GameRecord]:
    """Every game of ``text``; syntax and header problems go into each game's ``errors``."""
    return list(iter_games(text, source))


def iter_games(text: str, source: str = "<text>", first_line: int = 1,
               games_before: int = 0) -> Iterator[GameRecord]:
    """The games of ``text`` one at a time, with line numbers of the whole text. A text
    that is the end of a longer one, cut before a game's tags, reads as it does there:
    its first line is ``first_line`` and ``games_before`` games come before it."""
    return _readpieces(pieces((text,)), source, first_line, games_before)


def iter_chunks(chunks: Iterable[str], source: str = "<text>") -> Iterator[GameRecord]:
    """The games of a text that arrives in pieces (any cut), as :func:`iter_games` reads
    their concatenation; only one game and one chunk are held at a time."""
    return _readpieces(pieces(chunks), source)


def _readpieces(pieces: Iterable[str], source: str, line: int = 1,
                index: int = 0) -> Iterator[GameRecord]:
    """The games of ``pieces``, the first piece starting at ``line`` after ``index`` games
    (a part of a file cut between games starts further on)."""
    held: GameRecord | None = None  # given out once the next piece is known not to add to it
    for text in pieces:
        piece = Piece(text, line)
        line += text.count("\n")
        record = _read_game(piece, index + 1, source, held)
        if record is None:
            continue
        if held is not None:
            yield held
        index += 1
        held = record
    if held is not None:
        yield held


def _read_game(piece: Piece, index: int, source: str,
               before: GameRecord | None = None) -> GameRecord | None:
    """The game in ``piece``; None when it holds only blank and comment lines, or only
    tags that belong to the game ``before`` it (they are an error of that game)."""
    text = piece.text if piece.text.endswith("\n") else piece.text + "\n"
    try:
        games = parse(text, piece.line_offset)
    except (UnexpectedCharacters, UnexpectedToken) as err:
        return _read_broken_game(text, piece, index, source, err, before)
    # The cut falls before every tag block, so a piece holds at most one game.
    assert len(games) <= 1
    if not games:  # only comments
        return None
    game = _without_tags_after_events(games[0], piece, before)
    if game is None:
        return None
    record = _build_record(game, index, source, piece, tags_complete=True)
    record.errors.sort(key=lambda p: (p.line, p.column))
    record.bad_tag = first_bad_tag(record, piece)
    return record


def _without_tags_after_events(game: GameText, piece: Piece, before: GameRecord | None,
                               body: bool = False, bad: frozenset[int] = frozenset(),
                               most: int | None = None) -> GameText | None:
    """``game`` without the tags at its start that end the game ``before`` it (the PGN
    habit of a ``[Result]`` after the moves), which become an error of that game; None
    when nothing is left. Such tags hold neither Game nor Players and either are all
    the piece holds, or are cut from the tags after them by a blank or comment line.
    ``body``: the piece holds more than ``game`` says (lines after a bad one); ``bad``:
    the piece's bad lines (one between two tags is no gap); ``most``: how many tags come
    before the first bad line (the game starts there at the latest: those after it are
    its own, as when it stands alone)."""
    if before is None or not before.tags:
        return game
    count = _trailing_tags(game, bool(before.events), body, bad)
    if most is not None:
        count = min(count, most)
    if count == 0:
        return game
    first = game.tags[0]
    before.errors.append(piece.problem("tags-after-events", first.line, first.column,
                                       tag=first.name))
    if count == len(game.tags):
        return None
    return GameText(game.tags[count:], game.setup, game.events)


def _trailing_tags(game: GameText, after_events: bool, body: bool = False,
                   bad: frozenset[int] = frozenset()) -> int:
    """How many of ``game``'s first tags belong to the game before it (see above)."""
    def required(tags: Sequence[Tag]) -> bool:
        return any(tag.name in REQUIRED_TAGS for tag in tags)

    if not required(game.tags):
        return len(game.tags) if not (game.setup or game.events or body) else 0
    if not after_events:
        return 0
    for k in range(1, len(game.tags)):
        above, below = game.tags[k - 1].line, game.tags[k].line
        if below - above > 1 and not any(above < line < below for line in bad):
            return 0 if required(game.tags[:k]) else k  # the first gap (blank lines) decides
    return 0


def _read_broken_game(text: str, piece: Piece, index: int, source: str,
                      err: UnexpectedCharacters | UnexpectedToken,
                      before: GameRecord | None) -> GameRecord:
    """A game with a line the grammar cannot read: its record stops before that line
    (the engine judges nothing after it), but every later line is still read, so each
    bad line of the game is reported at once (:mod:`referee.notation.recover`)."""
    first = syntax_problem(err, piece)
    bad = line_start(text, err.pos_in_stream)
    games = parse_prefix(text[:bad], piece.line_offset)
    state = AFTER_EVENTS if games and games[0].events else AFTER_TAGS
    rest = Rest() if first.key == "no-tags" else read_rest(text, piece, bad, state)
    problems = [first, *rest.problems]
    tags = (games[0].tags if games else []) + rest.tags
    if not games and not tags:  # an error before any tag was read
        record = GameRecord(index, first.line, errors=problems, source=source,
                            stopped_at=first.line)
        record.bad_tag = first_bad_tag(record, piece)
        return record
    game = GameText(tags, games[0].setup, games[0].events) if games else GameText(tags, [], [])
    tag_lines = [bool(_TAG_START.match(piece.line_text(p.line))) for p in problems]
    if games:  # else the tags follow this game's own bad first line: they are its tags
        # Whether the tags are all the piece holds is judged on all its lines: a bad
        # statement line, or a setup line or event after one, is more than tags.
        body = rest.setup or bool(rest.events) or not all(tag_lines)
        kept = _without_tags_after_events(game, piece, before, body,
                                          frozenset(p.line for p in problems),
                                          len(games[0].tags))
        if kept is None:  # its first tags end the game before: it starts at its bad line
            if not rest.tags:
                return GameRecord(index, first.line, errors=problems, source=source,
                                  stopped_at=first.line)
            kept = GameText(rest.tags, [], [])
        game = kept
    tags_complete = not any(tag_lines)
    record = _build_record(game, index, source, piece, tags_complete, rest.events)
    record.line = min(record.line, first.line)
    record.stopped_at = first.line
    record.errors.extend(problems)
    record.errors.sort(key=lambda p: (p.line, p.column))
    record.bad_tag = first_bad_tag(record, piece)
    return record


# A line that starts like a tag, after blanks or stray control characters: when one is
# bad, the game's tags may not all have been read (no missing-tag error then).
_TAG_START = re.compile(f"[\\s{STRAY_CLASS}]*\\[")


def _build_record(
    game: GameText, index: int, source: str, piece: Piece, tags_complete: bool,
    late: Sequence[Event] = (),
) -> GameRecord:
    record = GameRecord(index, game.tags[0].line, events=game.events, source=source)
    named: dict[str, Tag] = {}  # by name, a knob's in any case (``[minopen]`` is MinOpen)
    for tag in game.tags:
        first = named.setdefault(knob_name(tag.name) or tag.name, tag)
        if first is tag:
            record.tags[tag.name] = tag
        else:
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
    record.errors.extend(header_problems(record, piece, tags_complete, late))
    if record.errors and record.events:
        _stop_at_bad_event(record)
    record.notices = tag_notices(record, piece)
    return record


def _stop_at_bad_event(record: GameRecord) -> None:
    """An event line the game's notation refuses (a 51 ``take`` of more than one card) is
    a bad line: the events stop before it, as before a line the grammar cannot read."""
    bad = {problem.line for problem in record.errors}
    for at, event in enumerate(record.events):
        if event.line in bad:
            del record.events[at:]
            return
