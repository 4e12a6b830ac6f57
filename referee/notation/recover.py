"""Reading on after a syntax error, so one run reports every bad line of a game.

The LALR parser stops at the first token no sentence can continue with. The
reader (:func:`referee.notation.assembly.broken_game_record`) keeps the lines before that
one as the game's record, and :func:`read_rest` reads the lines after it: a
block of them at a time, each block after a *stub* that puts the parser where
the game stands (in its tags and setup lines, or among its events), so a
``deal`` line after the events is still an error and an event line is not. On
an error the block is cut after the bad line and reading goes on from there
with a block of one line, doubling while the blocks read cleanly. Every line is
parsed at most twice, so a game with thousands of bad lines costs time linear
in its length; a clean game never comes here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lark.exceptions import UnexpectedCharacters, UnexpectedToken

from referee.cards import Deck
from referee.notation.diagnose import syntax_problem
from referee.notation.events import Event, SyntaxProblem, Tag
from referee.notation.parser import deck_parser
from referee.notation.pieces import Piece
from referee.notation.reducers import GameText

AFTER_TAGS = "tags"  # what comes next may be a tag, a setup line or an event
AFTER_EVENTS = "events"  # only events may come next
_STUBS = {AFTER_TAGS: '[S ""]\n', AFTER_EVENTS: '[S ""]\nS draw\n'}
BLOCK_CHARS = 1 << 16  # a block grows to this many characters (or one whole line)


@dataclass(slots=True)
class Rest:
    """What the lines after a game's first bad line hold: their problems, and the tags
    and events that read (for the header checks; never for the replay)."""

    problems: list[SyntaxProblem] = field(default_factory=list)
    tags: list[Tag] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    setup: bool = False  # a setup line read

    def take(self, games: list[GameText], state: str) -> str:
        """Keep what a block read after its stub; the state after the block."""
        if not games:
            return state
        game = games[0]
        self.setup = self.setup or bool(game.setup)
        self.tags.extend(game.tags[1:])  # the first is the stub's
        self.events.extend(game.events[1:] if state == AFTER_EVENTS else game.events)
        return AFTER_EVENTS if game.events else state


def line_start(text: str, pos: int | None) -> int:
    """Where the line holding ``pos`` starts (the last line when ``pos`` is unknown)."""
    at = len(text) - 1 if pos is None else pos
    return text.rfind("\n", 0, max(at, 0)) + 1


def line_end(text: str, start: int) -> int:
    """Where the line starting at ``start`` ends, its newline included."""
    newline = text.find("\n", start)
    return len(text) if newline < 0 else newline + 1


def parse_prefix(text: str, line_offset: int, deck: Deck) -> list[GameText]:
    """The games of the whole lines before a bad line (they read on their own: a line
    before the first bad one did read), under ``deck``."""
    try:
        return deck_parser(deck).parse(text, line_offset)
    except (UnexpectedCharacters, UnexpectedToken):
        return []


def read_rest(text: str, piece: Piece, bad: int, state: str) -> Rest:
    """The problems, tags and events of the lines of ``text`` (a piece's text, ending
    with a newline) after the bad line starting at offset ``bad``."""
    rest = Rest()
    read = deck_parser(piece.deck).parse
    pos = line_end(text, bad)
    line = piece.first_line + text.count("\n", 0, pos)  # the line number at ``pos``
    lines = 1
    while pos < len(text):
        end = _block_end(text, pos, lines)
        stub = _STUBS[state]
        block = Piece(stub + text[pos:end], line - stub.count("\n"), piece.deck)
        try:
            games = read(block.text, block.line_offset)
        except (UnexpectedCharacters, UnexpectedToken) as err:
            rest.problems.append(syntax_problem(err, block))
            cut = max(line_start(block.text, err.pos_in_stream), len(stub))
            if cut > len(stub):
                state = rest.take(parse_prefix(block.text[:cut], block.line_offset, piece.deck),
                                  state)
            after = line_end(block.text, cut)
            line += block.text.count("\n", len(stub), after)
            pos += after - len(stub)
            lines = 1
            continue
        state = rest.take(games, state)
        line += block.text.count("\n", len(stub))
        pos = end
        lines *= 2
    return rest


def _block_end(text: str, pos: int, lines: int) -> int:
    """The end of the block of ``lines`` lines from ``pos``, cut short past
    :data:`BLOCK_CHARS` characters (but always one whole line at least)."""
    end = pos
    for _ in range(lines):
        end = line_end(text, end)
        if end >= len(text) or end - pos >= BLOCK_CHARS:
            break
    return end
