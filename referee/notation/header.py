"""Checks of a game's header and of what its game allows in the notation.

The grammar reads every game alike; here a game's record is checked against its
``Game`` tag: the required tags, the player names and count, the knobs this game
has (a knob of another game is an unknown tag, kept and ignored), the game's own
tags (:meth:`~referee.engine.game.Variant.tag_problems`), and the notation only
some games allow (a bare or listed ``take``, ``up:``, ``2s=Kh``: the game's
``take_whole_pile``, ``face_up_card``, ``wild_twos``). The games are the
registry's (:mod:`referee.games`). Every problem is a
:class:`~referee.notation.events.SyntaxProblem` at its line and column.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Generator, Iterator, Sequence
from functools import lru_cache
from itertools import chain
from typing import TYPE_CHECKING, Any

from referee.cards import Card
from referee.games import Registry, complete, find_game, known, registry
from referee.knobs import STANDARD_TAGS, KnobError, knob_name
from referee.notation.diagnose import MAX_NAME, example_card
from referee.notation.events import (
    Deal,
    Discard,
    Draw,
    Event,
    GameRecord,
    Layoff,
    Meld,
    SyntaxProblem,
    Tag,
    Take,
)
from referee.notation.hints import did_you_mean
from referee.notation.pieces import Piece, clip
from referee.notation.terminals import keyword_of, terminal

if TYPE_CHECKING:
    from referee.engine.game import Variant

REQUIRED_TAGS = ("Game", "Players")


def header_problems(record: GameRecord, piece: Piece, tags_complete: bool,
                    late: Sequence[Event] = ()) -> Iterator[SyntaxProblem]:
    """Missing or bad ``Game`` and ``Players`` tags, knobs with bad values, the game's
    own tags, and notation the game does not allow (in the record's events and in
    ``late``, events read after a syntax error that the record does not hold).

    One problem per tag line (RULES.md §13), the first found (a bad player count
    before the names). A missing ``Game`` or ``Players`` tag is the game's problem,
    not its line's: it stands at the game's first tag whatever else that line holds."""
    tag_lines = {tag.line for tag in record.tags.values()}
    spoken: set[int] = set()
    for problem in _header_problems(record, piece, tags_complete, late):
        if problem.line in tag_lines and problem.key != "missing-tag":
            if problem.line in spoken:
                continue
            spoken.add(problem.line)
        yield problem


def _header_problems(record: GameRecord, piece: Piece, tags_complete: bool,
                     late: Sequence[Event]) -> Iterator[SyntaxProblem]:
    if tags_complete:
        yield from _missing_tags(record, piece)
    variant = yield from _game_problems(record, piece)
    if variant is None:
        return
    yield from _knob_problems(record, piece, variant)
    for tag, key, params in chain(variant.tag_problems(record.tags),
                                  variant.deal_problems(record.tags, len(record.players),
                                                        piece.knobs)):
        yield piece.problem(key, tag.line, value_column(piece, tag), tag=tag.name, **params)
    yield from _notation_problems(record, piece, variant, late)


def first_bad_tag(record: GameRecord, piece: Piece) -> int | None:
    """The game's first bad line when it is one of its tags, before every setup and
    event line; None when it is not (or the game has no bad line).

    This is where "the game's tags hold a syntax error, so nothing of it is judged"
    (RULES.md §14) is decided, for the reader to set :attr:`GameRecord.bad_tag`.
    Every problem at a tag's line counts, whatever found it: a bad value, a bad
    ``Players`` count or name, a missing tag placed there, a tag given twice, a
    tag line the grammar cannot read. A new check of a tag only has to report its
    problem at that tag's line.
    """
    if not record.errors:
        return None
    first = min(problem.line for problem in record.errors)
    body = [deal.line for deal in record.deals.values()]
    body += [line for line in (record.stock_line, record.up_line) if line is not None]
    body += [event.line for event in record.events[:1]]
    if any(line < first for line in body):
        return None
    return first if piece.line_text(first).lstrip().startswith("[") else None




def _missing_tags(record: GameRecord, piece: Piece) -> Iterator[SyntaxProblem]:
    """A missing ``Game`` or ``Players`` tag; at an unknown tag that looks like it
    (``[Player ...]``, ``[game ...]``) when there is one."""
    first_column = next(iter(record.tags.values())).column
    for name in REQUIRED_TAGS:
        if name in record.tags:
            continue
        unknown = {tag.name: tag for tag in record.tags.values() if not _known_tag(tag.name)}
        hint = did_you_mean(name, unknown)
        if hint is None:
            yield piece.problem("missing-tag", record.line, first_column, tag=name)
        else:
            tag = unknown[hint]
            yield piece.problem("missing-tag:hint", tag.line, tag.column, tag=name, hint=hint)


def _known_tags(games: Registry) -> frozenset[str]:
    """The standard tags and the tags of ``games``."""
    return games.memo("known-tags", lambda: frozenset(STANDARD_TAGS).union(
        *(v.match_tags for v in games.games.values())))


def _known_tag(name: str) -> bool:
    """A standard tag, a game's own, or a knob of a game."""
    return (name in _known_tags(known()) or knob_name(name) is not None
            or (not complete() and name in _known_tags(registry())))


def tag_notices(record: GameRecord, piece: Piece) -> list[SyntaxProblem]:
    """A notice for each unknown tag that looks like a house rule of the game (or like
    ``Result``): ``[MinOpne "71"]`` is kept and ignored, as any unknown tag, but said."""
    unknown = [tag for tag in record.tags.values() if not _known_tag(tag.name)]
    variant = find_game(record.ruleset) if record.ruleset is not None else None
    if variant is None:
        return []
    notices: list[SyntaxProblem] = [
        piece.problem(key, tag.line, tag.column + 1, **params)
        for tag, key, params in variant.knob_notices(record.tags, piece.knobs)]
    if not unknown:
        return notices
    knobs = variant.knob_names()
    for tag in unknown:
        if did_you_mean(tag.name, REQUIRED_TAGS) is not None:
            continue  # a tag like Players is a missing-tag error already
        hint = did_you_mean(tag.name, knobs)
        if hint is not None:
            notices.append(piece.problem("unknown-tag", tag.line, tag.column + 1,
                                         tag=tag.name, hint=hint))
        elif did_you_mean(tag.name, ("Result",)) is not None:
            notices.append(piece.problem("unknown-tag:result", tag.line, tag.column + 1,
                                         tag=tag.name, hint="Result"))
    return notices


def _game_problems(record: GameRecord,
                   piece: Piece) -> Generator[SyntaxProblem, None, Variant[Any] | None]:
    """An unknown ``Game`` and problems in ``Players``; returns the game, if known."""
    game = record.tags.get("Game")
    variant = find_game(game.value) if game is not None else None
    if game is not None and variant is None:
        known = ", ".join(registry().games)
        column = value_column(piece, game)
        yield piece.problem("unknown-game", game.line, column, value=game.value, known=known)
    players = record.tags.get("Players")
    if players is not None:
        yield from _player_problems(players, record.players, piece, variant)
    return variant


def _knob_problems(record: GameRecord, piece: Piece,
                   variant: Variant[Any]) -> Iterator[SyntaxProblem]:
    readers = variant.knob_readers()
    for tag in record.tags.values():
        knob = knob_name(tag.name)  # any case, as the engine applies it
        reader = None if knob is None else readers.get(knob)
        if reader is not None:
            try:
                reader(tag.value)
            except KnobError as err:
                column = value_column(piece, tag)
                yield piece.problem("bad-knob", tag.line, column, tag=tag.name, detail=str(err))


def _player_problems(tag: Tag, names: tuple[str, ...], piece: Piece,
                     variant: Variant[Any] | None) -> Iterator[SyntaxProblem]:
    if variant is not None:
        low, high = variant.min_players, variant.max_players
    else:  # no game, or an unknown one: what some game allows
        games = registry().games.values()
        low = min((v.min_players for v in games), default=2)
        high = max((v.max_players for v in games), default=2)
    counted = low <= len(names) <= high
    if counted and _fine_names(names):
        return  # the usual: nothing to point at, so no column to work out
    column0 = value_column(piece, tag)
    if not counted:
        yield piece.problem("player-count", tag.line, column0, low=low, high=high,
                            count=len(names))
    columns = _word_columns(piece.line_text(tag.line), column0)
    seen: set[str] = set()
    for name, column in zip(names, columns, strict=False):
        key = _name_problem(name, seen)
        seen.add(name)
        if key == "player-too-long":
            yield piece.problem(key, tag.line, column, name=clip(name), max=MAX_NAME)
        elif key is not None:
            yield piece.problem(key, tag.line, column, name=name)


def _fine_names(names: tuple[str, ...]) -> bool:
    """Whether no name of a ``Players`` tag has a problem: none twice, each fine alone."""
    return len(set(names)) == len(names) and all(map(_fine_name, names))


@lru_cache(maxsize=4096)
def _fine_name(name: str) -> bool:
    """Whether ``name`` alone has no problem (the same players come back game after game,
    in other company: worked out once per name, not letter by letter in every game;
    issue 23)."""
    return _name_problem(name, set()) is None


def _name_problem(name: str, seen: set[str]) -> str | None:
    """The message key of what is wrong with a player's name, if anything."""
    if len(name) > MAX_NAME:
        return "player-too-long"
    if name in seen:
        return "player-twice"
    if keyword_of(name) is not None:
        return "player-keyword"
    if not all(ch in "_-" or unicodedata.category(ch)[0] in "LMN" for ch in name):
        return "player-characters"
    return None


def value_column(piece: Piece, tag: Tag) -> int:
    """The column of the opening quote of ``tag``'s value."""
    return piece.line_text(tag.line).index('"', tag.column) + 1


def _word_columns(line: str, column: int) -> list[int]:
    """The column of each space-separated word in the quoted value at ``column``."""
    value = terminal("TAG_VALUE").match(line, column - 1)
    assert value is not None
    inside = line[column : column - 1 + len(value.group()) - 1]
    return [column + 1 + word.start() for word in re.finditer(r"\S+", inside)]


# --- Notation only some games allow ------------------------------------------------------


def _notation_problems(record: GameRecord, piece: Piece, variant: Variant[Any],
                       late: Sequence[Event]) -> Iterator[SyntaxProblem]:
    if not variant.face_up_card and record.up_line is not None:
        line = record.up_line
        allowed = [name for name, game in registry().games.items() if game.face_up_card]
        yield piece.problem("no-up-line", line, _first_word_column(piece, line),
                            game=variant.name, games=", ".join(allowed) or "-")
    # A 2 saying what it stands for is rare: look for one only when the text has one.
    wild_twos = not variant.wild_twos and _WILD_TWO.search(piece.text) is not None
    if wild_twos:
        for deal in record.deals.values():
            yield from _wild_two_problems(deal.cards, deal.line, piece, variant)
        if record.stock is not None and record.stock_line is not None:
            yield from _wild_two_problems(record.stock, record.stock_line, piece, variant)
    one_card_takes = not variant.take_whole_pile
    if not (one_card_takes or wild_twos):
        return  # nothing to look for in the events (argentino: whole-pile takes, wild 2s)
    for event in chain(record.events, late):
        if one_card_takes and type(event) is Take:
            problem = _one_card_take(event, piece, variant)
            if problem is not None:
                yield problem
        elif wild_twos:
            yield from _wild_two_problems(_cards_of(event), event.line, piece, variant)


_WILD_TWO = re.compile(r"2(?:[cdhsoeb]|[♣♦♥♠♧♢♡♤][\ufe0e\ufe0f]?)=")


def _cards_of(event: object) -> tuple[Card, ...]:
    if isinstance(event, Meld | Deal):
        return event.cards
    if isinstance(event, Layoff | Discard):
        return (event.card,)
    if isinstance(event, Draw) and event.card is not None:
        return (event.card,)
    return ()


def _wild_two_problems(cards: tuple[Card, ...], line: int, piece: Piece,
                       variant: Variant[Any]) -> Iterator[SyntaxProblem]:
    for card in cards:
        if card.rank is not None and card.stands_for is not None:
            word = str(card)
            column = _word_column(piece, line, word)
            yield piece.problem("no-wild-two", line, column, card=word, game=variant.name)
            return


def _one_card_take(event: Take, piece: Piece, variant: Variant[Any]) -> SyntaxProblem | None:
    """Under 51 a ``take`` names the one card it takes (its line is looked up only for a
    take that does not: the usual one needs none)."""
    cards = event.cards
    if cards is None:  # as the grammar of a one-card take would say it
        text = piece.line_text(event.line)
        keyword = text.split("#")[0].split()[1]
        return piece.problem("expected-card", event.line, len(text.split("#")[0].rstrip()) + 1,
                             after=keyword, card=example_card(piece.deck))
    if len(cards) > 1 or cards[0] is None:
        words = _words_after_keyword(piece.line_text(event.line), event.column)
        at = words[1] if len(cards) > 1 and len(words) > 1 else words[0]
        return piece.problem("take-one-card", event.line, at, game=variant.name)
    if cards[0].rank is not None and cards[0].stands_for is not None:
        word = str(cards[0])
        return piece.problem("no-wild-two", event.line, _word_column(piece, event.line, word),
                             card=word, game=variant.name)
    return None


def _words_after_keyword(text: str, column: int) -> list[int]:
    """Columns of the words after an event's keyword (the player's name is at ``column``)."""
    body = text.split("#")[0]
    words = [m.start() + 1 for m in re.finditer(r"\S+", body) if m.start() + 1 >= column]
    return words[2:] or [len(body.rstrip()) + 2]


def _first_word_column(piece: Piece, line: int) -> int:
    text = piece.line_text(line)
    return len(text) - len(text.lstrip()) + 1


def _word_column(piece: Piece, line: int, word: str) -> int:
    """The column of ``word`` (as the writer prints it) on ``line``, or of the line's start."""
    text = piece.line_text(line)
    for match in re.finditer(r"\S+", text.split("#")[0]):
        try:
            if str(piece.deck.parse(match.group())) == word:
                return match.start() + 1
        except ValueError:
            continue
    return _first_word_column(piece, line)
