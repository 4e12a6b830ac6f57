"""The reader's line memo: the text of an event after its player's name, read once.

Logs repeat themselves: ``draw`` and ``discard 7h`` come back line after line, whoever
plays them. What an event line says after its player's name (the event, its cards, a
meld's number) depends on that text alone, so the events Lark reads are remembered by
it: :class:`LineMemo` keeps, for each such text, the event's class and its fields
after the player, line and column.

Before a game is parsed, each of its lines that is a name (as the grammar's ``NAME``
reads it) and a remembered text is emptied and made into its event from the memo;
Lark reads the rest (the tags, the setup lines, the lines it has not seen). After the
game's first tag, a setup line or an event, the parser takes a line that starts with
a name as an event, in the same state whatever came before, so the line reads as the
event it was remembered as (and no setup line may come after it: the memo checks that
Lark read none there). The one exception is a name spelled like a setup keyword
(``up``, ``deal``) right after the tags or setup lines, where it is the keyword: the
first such line is then left to Lark, and the lines after it follow an event. (A game
whose emptied lines do not all come after its first tag, whose kept line Lark does not
read as an event, or whose shortened text does not read, is read again whole: its
syntax error is the game's own, with its line and column.)

The memo is held by a reader (:class:`referee.notation.reader.Reader`), one per deck
(the same text is other cards under another deck), for the life of the process; the
service's threads share it (a dictionary's reads and writes are atomic). It keeps at
most :data:`MAX_ENTRIES` texts of at most :data:`MAX_TEXT` characters each.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from typing import Any

from lark.exceptions import UnexpectedInput

from referee.notation.events import Call, Discard, Draw, Event, Layoff, Meld, Take
from referee.notation.reducers import GameText
from referee.notation.terminals import keyword_of

MAX_ENTRIES = 8192  # texts remembered (a few hundred in a long tournament)
MAX_TEXT = 96  # longer texts (long melds) rarely come back: not remembered
MAX_GAME = 1 << 18  # a bigger game (a huge meld line) is read whole, not line by line

Parse = Callable[[str, int], list[GameText]]

# Per event class, its fields after (player, line, column), in constructor order.
_REST: dict[type[Event], tuple[str, ...]] = {
    cls: tuple(f.name for f in fields(cls)[3:]) for cls in (Draw, Take, Meld, Layoff, Discard, Call)
}
_BY_LINE = attrgetter("line")


class LineMemo:
    """Reads games with ``read`` (a parser's parse), the lines it has read before not
    read again. ``name`` is the grammar's ``NAME`` expression."""

    def __init__(self, read: Parse, name: str, max_entries: int = MAX_ENTRIES) -> None:
        self.read = read
        self.max_entries = max_entries
        # A line's indentation (group 1), its first word as a name (group 2) and the
        # blanks after it (what the memo learns from); a whole name.
        self._cut = re.compile(f"([\\t ]*)({name})[\\t ]*").match
        self._is_name = re.compile(name).fullmatch
        self.entries: dict[str, tuple[type[Event], tuple[Any, ...]]] = {}

    def parse(self, text: str, line_offset: int) -> list[GameText]:
        """The games of ``text`` as ``read`` reads them (the same games, the same
        errors), lines shifted by ``line_offset``."""
        if len(text) > MAX_GAME:
            return self.read(text, line_offset)
        lines = text.split("\n")
        first, kept, known = self._take_known(lines, line_offset)
        if not known:
            games = self.read(text, line_offset)
            self._learn(games, lines, line_offset)
            return games
        try:
            games = self.read("\n".join(lines), line_offset)
        except UnexpectedInput:
            return self.read(text, line_offset)  # the game's own error
        if not self._in_place(games, first, kept):
            return self.read(text, line_offset)
        self._learn(games, lines, line_offset)
        events = games[0].events
        events.extend(known)
        events.sort(key=_BY_LINE)
        return games

    @staticmethod
    def _in_place(games: list[GameText], first: int, kept: bool) -> bool:
        """Whether the lines taken from the memo stood where they read as events: after
        the game's first tag and before its setup lines end (a setup line after an event
        is an error: the game is read whole), and, when the first of them was left to
        Lark (``kept``), that line read as an event."""
        if len(games) != 1:
            return False
        game = games[0]
        if not game.tags or game.tags[0].line > first or (game.setup
                                                          and game.setup[-1].line > first):
            return False
        return not kept or any(event.line == first for event in game.events)

    def _take_known(self, lines: list[str], line_offset: int
                    ) -> tuple[int, bool, list[Event]]:
        """The events of the lines the memo knows, each line emptied in ``lines``; the
        line number of the first of them, and whether it was left to Lark instead.

        A line is looked up as it is usually written, a name at its start and one space
        before the text (``Ana discard 7h``): a text the memo knows never starts with a
        blank, so a line written otherwise (indented, two spaces, a tab) is not found
        and Lark reads it. The name must be one as the grammar reads it (checked once
        per name and game). Right after the tags or the setup lines a name spelled
        like a keyword (``up draw``) reads otherwise than after an event: the first
        line is left to Lark then."""
        entries = self.entries
        names: dict[str, bool] = {}
        is_name = self._is_name
        first = 0
        kept = False
        known: list[Event] = []
        for at, line in enumerate(lines):
            name, _, text = line.partition(" ")
            entry = entries.get(text)
            if entry is None:
                continue
            fine = names.get(name)
            if fine is None:
                fine = names[name] = is_name(name) is not None
            if not fine:
                continue
            if not first:
                first = at + 1 + line_offset
                if keyword_of(name) is not None:
                    kept = True
                    continue
            event_class, rest = entry
            known.append(event_class(name, at + 1 + line_offset, 1, *rest))
            lines[at] = ""
        return first, kept, known

    def _learn(self, games: list[GameText], lines: list[str], line_offset: int) -> None:
        """Remember the texts of the events Lark read in ``games`` (``lines``: the text)."""
        entries = self.entries
        for game in games:
            for event in game.events:
                if len(entries) >= self.max_entries:
                    return
                line = lines[event.line - line_offset - 1]
                found = self._cut(line)
                if found is None or found.group(2) != event.player:
                    continue
                text = line[found.end():]
                if len(text) <= MAX_TEXT and text not in entries:
                    entries[text] = (type(event), tuple(getattr(event, name)
                                                        for name in _REST[type(event)]))
