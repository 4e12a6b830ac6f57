"""The reader's line memo: an event line Lark has read once is not read again.

Logs repeat themselves: ``discard 7h`` and ``draw`` come back line after line, whoever
plays them. What a line after its player's name means (the kind of event, its cards,
a meld's number) depends on that text alone: the name is one ``NAME`` token (the
grammar's own expression, matched here), and whatever it is, the parser is in the
same state after it. So the events Lark reads are remembered by the text after the
name (``discard 7h``: a discard of the seven of hearts). Before a game is parsed,
every line made of a name and a remembered text, but the first such line, is
emptied, and Lark reads the rest: the tags, the setup, that first line and the
lines it has not seen. The emptied lines' events are built from the memo with their
own name, line and column, and merged in line order (docs/performance.md).

A text seen for the first time may still be known by its shape (:class:`Shapes`): a
keyword Lark read as an event's, then words Lark read as that event's cards (and a
lay-off's ``on`` and meld number), one space apart (``meld Jc Qc Kc`` once ``meld`` and
those three cards have each been read). Rummy argentino's melds, lay-offs and listed
takes rarely repeat whole, but their words do.

Lark stays the one reader of the syntax: nothing enters the memo but what Lark read
as an event (or, for a short text, what its words read as by their shape), and every
line of a game is read by Lark, or is a name and a text Lark read as an event before,
in the same place: after an event. (At the start of a
game's events a name spelled like ``up`` or ``deal`` reads as a setup keyword;
after an event it is a name. Hence the first such line of a game is left to Lark,
and the lines emptied after it follow an event, as they did when they were
remembered.) Whenever the game does not read so, it is read again whole, as before,
so syntax errors, their columns and carets are untouched.

Left to Lark, then, are a game's first tag, setup and event lines, which each read as
the lines after them would. Once Lark has read a game whose lines left were those alone
as they read by themselves, a game of the same *skeleton* (:meth:`LineMemo._skeleton`:
what Lark's reading of them depends on) is read without Lark at all.

A :class:`LineMemo` is an object: the reader (:mod:`referee.notation.reader`) owns
the process's one, which the service's threads share (a dictionary's reads and
writes are atomic; two threads remembering the same text remember the same event).
Its size is bounded (:data:`MAX_ENTRIES` texts, :data:`MAX_WORDS` first words).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import fields
from functools import cache
from itertools import islice
from operator import attrgetter
from typing import Any, TypeVar

from referee.notation import folded
from referee.notation.events import Call, Discard, Draw, Event, Layoff, Meld, Tag, Take
from referee.notation.folded import line_groups, tag_of
from referee.notation.reducers import BLANKS, GameText, Setup
from referee.notation.shapes import Entry, Shapes
from referee.notation.terminals import keyword_of, terminal

MAX_ENTRIES = 8192  # texts after a name (a few hundred in a long tournament)
MAX_GAME = 1 << 18  # a bigger game (a huge meld line) is read as it is, not split into lines
MAX_REST = 96  # longer texts (long melds) rarely come back: not remembered
MAX_SHAPED = 24  # texts read by their shape remembered whole up to this length (not melds)
MAX_WORDS = 4096  # first words of lines, each known to be a whole name or not
MAX_WORD = 100  # longer first words are not remembered (the memory stays bounded)
MAX_TAG_LINES = 1024  # tag lines remembered by their text (``[Game "51"]``)
MAX_SKELETONS = 1024  # games' skeletons Lark has read (a few dozen in a long tournament)
KEPT = 256  # texts, first words, tag lines kept between processes (each: the first ones)

# Per event class, the fields after (player, line, column), in constructor order.
_REST: dict[type[Event], tuple[str, ...]] = {
    cls: tuple(f.name for f in fields(cls)[3:]) for cls in (Draw, Take, Meld, Layoff, Discard, Call)
}

Parse = Callable[[str, int], list[GameText]]
# A game's kept lines as Lark reads them (:meth:`LineMemo._skeleton`): the first tag
# line's text, the first setup line's keyword, the first event's class and column, and
# its player's name when it spells a keyword.
Skeleton = tuple[str, str | None, type[Event], int, str | None]
_LINE = attrgetter("line")
_Key = TypeVar("_Key")
_Value = TypeVar("_Value")


def _first(items: dict[_Key, _Value], count: int) -> dict[_Key, _Value]:
    """The first ``count`` items of ``items``, in their order."""
    return dict(islice(items.items(), count))


@cache
def name_expression() -> re.Pattern[str]:
    """A line's indentation (group 1) and its first word as the grammar's ``NAME``
    terminal reads it, with the blanks after it (group 2)."""
    return re.compile(r"([\t ]*)(" + terminal("NAME").pattern + ")")


def cut(line: str) -> tuple[str, int, str] | None:
    """A line cut as the grammar's ``NAME`` expression reads it: the name, its column,
    and the text after the name and its blanks; None when no name starts the line."""
    found = name_expression().match(line)
    if found is None:
        return None
    return found.group(2).rstrip(BLANKS), found.end(1) + 1, line[found.end():]


class LineMemo:
    """The events of the texts after a name that Lark has read, and the first words of
    lines known to be a whole name or not.

    ``read`` reads a game whole (its error is the game's), ``read_folded`` with the
    folded grammar alone (:func:`referee.notation.folded.parse` and
    :func:`~referee.notation.folded.parse_folded`); ``max_entries`` bounds the texts."""

    def __init__(self, read: Parse = folded.parse, read_folded: Parse = folded.parse_folded,
                 max_entries: int = MAX_ENTRIES) -> None:
        self.read = read
        self.read_folded = read_folded
        self.max_entries = max_entries
        self.entries: dict[str, Entry] = {}  # text after a name -> its event's class and rest
        self.words: dict[str, bool] = {}  # a line's first word (before a space): a NAME or not
        self.left_out = 0  # texts left out since the memo filled
        self.shapes = Shapes()  # texts not seen whole, read by their words
        self.skeletons: set[Skeleton] = set()  # games' kept lines Lark read as read alone
        self.tag_lines: dict[str, tuple[str, str]] = {}  # a tag line's name and value

    def parse(self, text: str, line_offset: int) -> list[GameText]:
        """The games of ``text`` as ``read`` reads them (same results, same errors), the
        remembered texts not read again."""
        if len(text) > MAX_GAME:
            return self.read(text, line_offset)
        lines = text.split("\n")
        # Tags by the expression once a game has been read (a one-game process: Lark alone)
        tag_kept, first_tag, tags = (self._take_tags(lines, line_offset) if self.entries
                                     else (-1, None, []))
        setup_kept, first_setup, setups = self._take_setups(lines, line_offset)
        kept, first_event, known = self._take_known(lines, line_offset)
        if not known and not setups and not tags:
            games = self.read(text, line_offset)
            self._remember(games, lines, line_offset)
            return games
        first = GameText([first_tag] if first_tag else [], [first_setup] if first_setup else [],
                         [first_event] if first_event else [])
        skeleton = self._skeleton(lines, line_offset, first)
        if skeleton is not None and skeleton in self.skeletons:
            games = [first]  # Lark has read this skeleton as these lines read alone
        else:
            read = self._read_left(lines, line_offset, (tag_kept, setup_kept, kept),
                                   (bool(tags), bool(setups), bool(known)))
            if read is None:
                return self.read(text, line_offset)  # the whole game's error, as always
            games = read
            if skeleton is not None and games[0] == first and len(self.skeletons) < MAX_SKELETONS:
                self.skeletons.add(skeleton)
            self._remember(games, lines, line_offset)
        if known:
            events = games[0].events
            events.extend(known)
            events.sort(key=_LINE)  # two runs in line order: merged in one pass
        if setups:
            setup = games[0].setup
            setup.extend(setups)
            setup.sort(key=_LINE)
        if tags:
            game_tags = games[0].tags
            game_tags.extend(tags)
            game_tags.sort(key=_LINE)
        return games

    def _read_left(self, lines: list[str], line_offset: int, kept: tuple[int, int, int],
                   took: tuple[bool, bool, bool]) -> list[GameText] | None:
        """The game as Lark reads the lines left in ``lines``; None when it cannot, or when
        a kept line (the first tag, setup and event line, each kept when the lines after
        it were ``took``) is not read as one: then the game is read again whole."""
        from lark.exceptions import UnexpectedInput  # Lark reads now (imported here if not before)

        try:
            games = self.read_folded("\n".join(lines), line_offset)
        except UnexpectedInput:
            return None
        if len(games) != 1:
            return None
        (tag, setup, event), (tags, setups, events) = kept, took
        game = games[0]
        if events and not any(item.line == event for item in game.events):
            return None  # the kept remembered line was no event
        if setups and not any(item.line == setup for item in game.setup):
            return None  # the kept setup line was no setup line
        if tags and not any(item.line == tag for item in game.tags):
            return None  # the kept tag line was no tag
        return games

    @staticmethod
    def _skeleton(lines: list[str], line_offset: int, first: GameText) -> Skeleton | None:
        """What Lark's reading of the lines left to it depends on, beyond what the memo
        reads alike wherever it stands; None when more than the kept lines are left.

        Left to Lark are the game's first tag line, its first setup line and its first
        event line (each kept so that Lark reads it in its place), when each of them
        reads by the memo's own readers as it would further down (:attr:`first`): the
        tag line by the ``TAG_LINE`` expression, the setup line by its shape, the event
        line as a name and a remembered text. Around them the lines are empty. Lark
        then reads the same wherever the variable parts vary: a tag line is one token
        (its exact text is part of the skeleton); after a setup keyword (written out in
        the skeleton) the lexer offers that line's terminals alone, the same in every
        state that takes a setup line; after an event's name the parser is in one state,
        the event's own, whatever came before (the event's class and column are in the
        skeleton). Only the name itself may read otherwise at the start of the events,
        when it spells a setup keyword (``up draw``): such a name is written out too.
        So once Lark has read a skeleton as its kept lines read alone, a game of the
        same skeleton reads so without Lark (docs/performance.md)."""
        if not first.tags or not first.events:
            return None  # a game starts with a tag; a game of tags and setup lines: Lark
        (tag,), (event,) = first.tags, first.events
        setup = first.setup[0] if first.setup else None
        if len(lines) - lines.count("") != (3 if setup else 2):
            return None  # lines Lark reads for the first time (or blanks, comments)
        if setup is None:
            if event.line < tag.line:
                return None
            keyword = None
        else:
            if not tag.line < setup.line < event.line:
                return None
            keyword = lines[setup.line - line_offset - 1].partition(" ")[0]
        name = event.player if keyword_of(event.player) else None
        return (lines[tag.line - line_offset - 1], keyword, type(event), event.column, name)

    def _tag(self, line: str, number: int) -> Tag | None:
        """The tag of ``line`` (at line ``number``) when the grammar's ``TAG_LINE``
        expression matches it whole, with its line end; None else. Tag lines come back
        (``[Game "51"]``): their name and value are remembered by their text."""
        known = self.tag_lines.get(line)
        if known is not None:
            return Tag(known[0], known[1], number, 1)
        read = line_groups("tag").match(line + "\n")  # TAG_LINE's, its parts in groups
        if read is None or read.end() != len(line) + 1:
            return None
        tag = tag_of(read.group("t0", "t1", "t2", "t3"), number, 1)
        if len(line) <= MAX_REST and len(self.tag_lines) < MAX_TAG_LINES:
            self.tag_lines[line] = (tag.name, tag.value)
        return tag

    def _take_tags(self, lines: list[str],
                   line_offset: int) -> tuple[int, Tag | None, list[Tag]]:
        """The tag lines right after the game's first one, each read by the grammar's
        ``TAG_LINE`` expression and emptied in ``lines``; and the line number of that
        first one, kept for Lark (the game starts there: blank and comment lines alone
        come before it), with its tag read so (None when the expression does not match
        it whole).

        After a tag the parser is in one state whatever the tag was, and there the lexer
        tries ``TAG_LINE`` (a whole tag line, the highest priority) before anything else
        that may start with ``[``: so once Lark has read the kept line as a tag, each line
        after it that the expression matches whole (at column 1, with its line end) reads
        as that token, up to the first line it does not match (as
        :meth:`_take_setups`; tags never repeat, so Lark read every one of them)."""
        tag = self._tag
        found: list[Tag] = []
        kept = -1
        first = None
        for at, line in enumerate(lines):
            if kept < 0:
                if line[:1] == "[":
                    kept = at + 1 + line_offset
                    first = tag(line, kept)
                    continue
                if line.strip(BLANKS)[:1] in ("", "#"):
                    continue  # a blank or comment line before the game
                break
            read = tag(line, at + 1 + line_offset) if line[:1] == "[" else None
            if read is None:
                break
            found.append(read)
            lines[at] = ""
        return kept, first, found

    def _take_setups(self, lines: list[str],
                     line_offset: int) -> tuple[int, Setup | None, list[Setup]]:
        """The setup lines (``deal``, ``stock:``, ``up:``) right after the game's first
        one, each read by its shape (:meth:`Shapes.read_setup`) and emptied in ``lines``;
        and the line number of that first one, kept for Lark, with its line read so (None
        when it has not that shape).

        After a setup line the parser is in one state whatever the line was (more setup
        lines, the events or the next game may follow), so once Lark has read the kept
        line as a setup line, the lines after it that have a setup line's shape read as
        it reads them, up to the first line that has not: from there on Lark reads every
        line (a setup line further down may be a syntax error, after an event)."""
        setups = self.shapes.setups
        if not setups:
            return -1, None, []
        read, name = self.shapes.read_setup, self.name
        found: list[Setup] = []
        kept = -1
        first = None
        for at, line in enumerate(lines):
            keyword, space, after = line.partition(" ")
            cls = setups.get(keyword) if space else None
            if kept < 0:
                if cls is not None:
                    kept = at + 1 + line_offset
                    first = read(cls, after, kept, name)
                continue
            item = None if cls is None else read(cls, after, at + 1 + line_offset, name)
            if item is None:
                break
            found.append(item)
            lines[at] = ""
        return kept, first, found

    def name(self, word: str) -> bool:
        """Whether ``word`` followed by a space (or a ``:``, the other character no name
        holds that a name may stand before) is a whole ``NAME`` token (:meth:`learn`)."""
        whole = self.words.get(word)
        return self.learn(word) if whole is None else whole

    def _take_known(self, lines: list[str],
                    line_offset: int) -> tuple[int, Event | None, list[Event]]:
        """The events of the lines of ``lines`` made of a name and a remembered text, but
        the first such line, each emptied in ``lines`` (Lark reads around it); and the
        line number of that first one, kept for Lark (the lines taken out then all follow
        an event, as when they were remembered), with its event read so."""
        entries, words, shape = self.entries, self.words, self.shapes.read
        known: list[Event] = []
        kept = -1
        first = None
        for at, line in enumerate(lines):
            if not line:
                continue  # a blank line, or one emptied for its tag or setup line
            # The usual line, a name and a space at its start: cut without the expression.
            word, space, after = line.partition(" ")
            whole = words.get(word) if space else False
            if whole is None:
                whole = self.learn(word)
            if whole:
                player, column, text = word, 1, after.lstrip(BLANKS)
            else:
                found = cut(line)
                if found is None:
                    continue
                player, column, text = found
            entry = entries.get(text)
            if entry is None:
                entry = shape(text)
                if entry is None:
                    continue
                if len(text) <= MAX_SHAPED and len(entries) < self.max_entries:
                    entries[text] = entry  # a draw, a discard, a lay-off: they come back
            cls, rest = entry
            if kept < 0:
                kept = at + 1 + line_offset
                first = cls(player, kept, column, *rest)
                continue
            known.append(cls(player, at + 1 + line_offset, column, *rest))
            lines[at] = ""
        return kept, first, known

    def learn(self, word: str) -> bool:
        """Whether ``word`` followed by a space is a whole ``NAME`` token (no blank before
        it, all of it the name): then a line ``word + " " + after`` reads as the name
        ``word`` at column 1 and the text ``after`` without its first blanks, as the
        expression would cut it. Remembered in :attr:`words`, up to :data:`MAX_WORDS`
        words of at most :data:`MAX_WORD` characters (a name has 64 at most: a longer
        word is never one)."""
        whole = cut(word + " ") == (word, 1, "")
        if len(word) <= MAX_WORD and len(self.words) < MAX_WORDS:
            self.words[word] = whole
        return whole

    def _remember(self, games: list[GameText], lines: list[str], line_offset: int) -> None:
        """Remember the texts after the name of the event lines Lark has just read (and the
        shapes of its event and setup lines: the setups' once the events' cards are)."""
        entries, learn = self.entries, self.shapes.learn
        for game in games:
            for event in game.events:
                found = cut(lines[event.line - line_offset - 1])
                if found is None or found[:2] != (event.player, event.column):
                    continue  # not the name Lark read (never seen): nothing to remember
                rest = found[2]
                learn(event, rest)
                if len(rest) > MAX_REST or rest in entries:
                    continue
                if len(entries) >= self.max_entries:
                    self._full()
                    continue
                entries[rest] = (type(event),
                                 tuple(getattr(event, field) for field in _REST[type(event)]))
            self.shapes.learn_setups(game.setup, lines, line_offset)

    def _full(self) -> None:
        """A text left out of the full memo. The texts of the first games fill it and
        stay (the usual ones come early: this keeps more of them than starting afresh),
        until four times ``max_entries`` texts have been left out: then the memo starts
        afresh, for a process that reads the logs of other tables for hours (the
        service)."""
        self.left_out += 1
        if self.left_out > 4 * self.max_entries:
            self.forget()

    def state(self) -> dict[str, Any]:
        """What the memo has learned, to be kept between processes
        (:mod:`referee.notation.lessons`): of the texts, first words and tag lines the
        first :data:`KEPT` of each (the usual ones come early), every skeleton and shape
        word."""
        return {"entries": _first(self.entries, KEPT), "words": _first(self.words, KEPT),
                "tag_lines": _first(self.tag_lines, KEPT), "skeletons": list(self.skeletons),
                "shapes": self.shapes.state()}

    def restore(self, state: dict[str, Any]) -> None:
        """Learn again what :meth:`state` gave (an earlier process's memo of the same
        reader: :mod:`referee.notation.lessons` checks that), within the memo's bounds."""
        room = self.max_entries - len(self.entries)
        for text, entry in list(state["entries"].items())[:max(room, 0)]:
            self.entries.setdefault(text, entry)
        for word, whole in list(state["words"].items())[:max(MAX_WORDS - len(self.words), 0)]:
            self.words.setdefault(word, whole)
        room = MAX_TAG_LINES - len(self.tag_lines)
        for line, tag in list(state["tag_lines"].items())[:max(room, 0)]:
            self.tag_lines.setdefault(line, tag)
        self.skeletons.update(state["skeletons"][:max(MAX_SKELETONS - len(self.skeletons), 0)])
        self.shapes.restore(state["shapes"])

    def forget(self) -> None:
        """Empty the memo (and the first words known to be names or not)."""
        self.entries.clear()
        self.words.clear()
        self.shapes.forget()
        self.skeletons.clear()
        self.tag_lines.clear()
        self.left_out = 0
