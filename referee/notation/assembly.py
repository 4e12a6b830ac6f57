"""One game's record: what the grammar read of a piece, checked and put together.

The reader (:mod:`referee.notation.reader`) parses a piece of text (one game) and
hands the result here: :func:`game_record` when it read (tags given once, one deal
per player, the setup lines, the header checks of :mod:`referee.notation.header`),
:func:`broken_game_record` when a line stopped the parser (the record stops before
that line; the lines after it are read on by :mod:`referee.notation.recover`). Tags
that open a piece but end the game before it (the PGN habit of a ``[Result]`` after
the moves) become an error of that game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from lark.exceptions import UnexpectedCharacters, UnexpectedToken

from referee.knobs import knob_name
from referee.notation.events import Deal, Event, GameRecord, Tag
from referee.notation.header import REQUIRED_TAGS, first_bad_tag, header_problems, tag_notices
from referee.notation.pieces import TAG_LINE_START, Piece
from referee.notation.reducers import GameText, UpLine


def game_record(games: list[GameText], piece: Piece, index: int, source: str,
                before: GameRecord | None = None) -> GameRecord | None:
    """The record of the game the grammar read in ``piece`` (``games``: none or one);
    None when it holds only blank and comment lines, or only tags that belong to the
    game ``before`` it (they are an error of that game, added to ``before``)."""
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


def broken_game_record(text: str, piece: Piece, index: int, source: str,
                       err: UnexpectedCharacters | UnexpectedToken,
                       before: GameRecord | None) -> GameRecord:
    """A game with a line the grammar cannot read: its record stops before that line
    (the engine judges nothing after it), but every later line is still read, so each
    bad line of the game is reported at once (:mod:`referee.notation.recover`, loaded
    at the first syntax error: a clean log never needs it, nor Lark's errors' words,
    :mod:`referee.notation.diagnose`)."""
    from referee.notation.diagnose import syntax_problem
    from referee.notation.recover import (
        AFTER_EVENTS,
        AFTER_TAGS,
        Rest,
        line_start,
        parse_prefix,
        read_rest,
    )

    first = syntax_problem(err, piece)
    bad = line_start(text, err.pos_in_stream)
    games = parse_prefix(text[:bad], piece.line_offset, piece.deck)
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


# A line that starts like a tag, after blanks or stray control characters (as a line
# that starts a block of tags when the text is cut into games): when one is bad, the
# game's tags may not all have been read (no missing-tag error then).
_TAG_START = re.compile(TAG_LINE_START)


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
