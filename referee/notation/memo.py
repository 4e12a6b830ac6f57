"""The reader's line memo: an event line Lark has read once is not read again.

Logs repeat themselves: ``Ana draw`` and ``Luis discard 7h`` come back game after
game (in a simulated corpus of 2,000 games, 86% of the event lines are lines seen
before). An event is a pure function of its line's text and its line number, so
the events Lark reads are remembered by their line's text (the player, the column,
the cards: everything but the line number). Before a game is parsed, every
remembered line but the first is emptied, and Lark reads the rest: the tags, the
setup, the first remembered line and the lines it has not seen; the emptied lines'
events are built from the memo with their own line numbers and merged in line
order (docs/performance.md).

Lark stays the one reader of the syntax: nothing enters the memo but what Lark read
as an event, and every line of a game is read by Lark, or is a line Lark read as an
event before, in the same place: after an event. (At the start of a game's events
a name spelled like ``up`` or ``deal`` reads as a setup keyword; after an event it
is a name. Hence the first remembered line of a game is left to Lark, and the
lines emptied after it follow an event, as they did when they were remembered.)
Whenever the game does not read so, it is read again whole, as before, so syntax
errors, their columns and carets are untouched.
"""

from __future__ import annotations

from dataclasses import fields
from operator import attrgetter
from typing import Any

from lark.exceptions import UnexpectedInput

from referee.notation import folded
from referee.notation.events import Call, Discard, Draw, Event, Layoff, Meld, Take
from referee.notation.parser import GameText

MAX_ENTRIES = 16384  # about 6 MB (see _full)
MAX_GAME = 1 << 18  # a bigger game (a huge meld line) is read as it is, not split into lines
MAX_LINE = 96  # longer lines (long melds) rarely come back: not remembered

# Per event class, the fields after (player, line, column), in constructor order.
_REST: dict[type[Event], tuple[str, ...]] = {
    cls: tuple(f.name for f in fields(cls)[3:]) for cls in (Draw, Take, Meld, Layoff, Discard, Call)
}

Entry = tuple[type[Event], str, int, tuple[Any, ...]]
_MEMO: dict[str, Entry] = {}
_LEFT_OUT = 0  # lines left out since the memo filled
_LINE = attrgetter("line")


def parse(text: str, line_offset: int) -> list[GameText]:
    """The games of ``text`` as :func:`referee.notation.folded.parse` reads them (same
    results, same errors), the remembered event lines not read again."""
    if len(text) > MAX_GAME:
        return folded.parse(text, line_offset)
    lines = text.split("\n")
    kept, known = _take_known(lines, line_offset)
    if not known:
        games = folded.parse(text, line_offset)
        _remember(games, lines, line_offset)
        return games
    try:
        games = folded.parse_folded("\n".join(lines), line_offset)
    except UnexpectedInput:
        return folded.parse(text, line_offset)  # the whole game's error, as always
    if len(games) != 1 or not any(event.line == kept for event in games[0].events):
        return folded.parse(text, line_offset)  # the kept remembered line was no event
    _remember(games, lines, line_offset)
    events = games[0].events
    events.extend(known)
    events.sort(key=_LINE)  # two runs in line order: merged in one pass
    return games


def _take_known(lines: list[str], line_offset: int) -> tuple[int, list[Event]]:
    """The events of the remembered lines of ``lines`` but the first, each such line
    emptied in ``lines`` (Lark reads around it), and the line number of that first one,
    kept for Lark: the lines taken out then all follow an event, as when they were
    remembered."""
    memo = _MEMO
    known: list[Event] = []
    kept = -1
    for at, line in enumerate(lines):
        entry = memo.get(line)
        if entry is None:
            continue
        if kept < 0:
            kept = at + 1 + line_offset
            continue
        cls, player, column, rest = entry
        known.append(cls(player, at + 1 + line_offset, column, *rest))
        lines[at] = ""
    return kept, known


def _remember(games: list[GameText], lines: list[str], line_offset: int) -> None:
    """Remember the event lines Lark has just read."""
    memo = _MEMO
    for game in games:
        for event in game.events:
            text = lines[event.line - line_offset - 1]
            if not text or len(text) > MAX_LINE or text in memo:
                continue
            if len(memo) >= MAX_ENTRIES:
                _full()
                continue
            memo[text] = (type(event), event.player, event.column,
                          tuple(getattr(event, name) for name in _REST[type(event)]))


def _full() -> None:
    """A line left out of the full memo. The lines of the first games fill it and stay
    (the usual lines come early: this keeps more of them than starting afresh), until
    ``MAX_ENTRIES * 4`` lines have been left out: then the memo starts afresh, for a
    process that reads the logs of other tables for hours (the service)."""
    global _LEFT_OUT
    _LEFT_OUT += 1
    if _LEFT_OUT > 4 * MAX_ENTRIES:
        forget()


def forget() -> None:
    """Empty the memo."""
    global _LEFT_OUT
    _MEMO.clear()
    _LEFT_OUT = 0
