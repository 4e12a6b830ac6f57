"""What stands at a place of a line: a player's name, a keyword, a card, a meld number,
a tag's name or value; and, for completion, what may come next after the text before
the cursor.

A line is cut into its blank-separated words, and the words are told apart by the
grammar's own keywords (:func:`referee.notation.terminals.keyword_of`, both languages,
any case): a line starts with ``deal``, ``stock:`` or ``up:``, or with a player's
name and an event keyword. This reads only where a word stands; what an event *is*
comes from the reader's record of the line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.notation.terminals import keyword_of

PLAYER, KEYWORD, CARD, MELD, TAG_NAME, TAG_VALUE = (
    "player", "keyword", "card", "meld", "tag-name", "tag-value")
LINE_START, ON = "line-start", "on"
_TAG = re.compile(r'([ \t]*\[[ \t]*)([^\s"\]]*)([ \t]*)(?:"((?:[^"\\]|\\.)*)"?)?')
_WORD = re.compile(r"[^\s]+")
CARD_VERBS = ("_DRAW", "_TAKE", "_MELD", "_DISCARD")


@dataclass(frozen=True, slots=True)
class Spot:
    """The word at a place: what it is, where (0-based columns, end excluded), and the
    line's keyword (``_DISCARD``, ``DEAL``...) and player or tag."""

    kind: str
    word: str
    start: int
    end: int
    verb: str | None = None
    player: str | None = None
    tag: str | None = None


def _words(text: str) -> list[tuple[int, int, str]]:
    body = text.split("#", 1)[0]
    return [(m.start(), m.end(), m.group()) for m in _WORD.finditer(body)]


def spot_at(text: str, column: int) -> Spot | None:
    """The word of ``text`` (a line) at character ``column`` (0-based), or None."""
    if text.lstrip().startswith("["):
        return _tag_spot(text, column)
    for start, end, word in spots(text):
        if start <= column <= end:
            return Spot(word.kind, word.word, start, end, word.verb, word.player)
    return None


@dataclass(frozen=True, slots=True)
class _Word:
    """A word of the notation the cursor may stand on: its kind, its text, its verb."""

    kind: str
    word: str
    verb: str | None
    player: str | None


def spots(text: str) -> list[tuple[int, int, _Word]]:
    """Every word of a statement line with what it is."""
    words = _words(text)
    if not words:
        return []
    first = words[0][2].rstrip(":")
    head = keyword_of(first)
    out: list[tuple[int, int, _Word]] = []
    if head in ("DEAL", "STOCK", "UP"):
        out.append((words[0][0], words[0][0] + len(first), _Word(KEYWORD, first, head, None)))
        rest = words[1:]
        player = None
        if head == "DEAL" and rest:
            start, _, word = rest[0]
            player = word.rstrip(":")
            out.append((start, start + len(player), _Word(PLAYER, player, head, player)))
            rest = rest[1:]
        out.extend((s, e, _Word(CARD, w, head, player)) for s, e, w in rest if w != ":")
        return out
    player = words[0][2]
    out.append((words[0][0], words[0][1], _Word(PLAYER, player, None, player)))
    if len(words) < 2:
        return out
    verb = keyword_of(words[1][2])
    out.append((words[1][0], words[1][1], _Word(KEYWORD, words[1][2], verb, player)))
    for place, (start, end, word) in enumerate(words[2:]):
        out.append((start, end, _Word(_argument(verb, place, word), word, verb, player)))
    return out


def _argument(verb: str | None, place: int, word: str) -> str:
    """What the word after an event keyword is (``place`` 0 for the first)."""
    if verb == "_CALL":
        return PLAYER
    if verb == "_LAYOFF":
        return (CARD, KEYWORD, MELD)[min(place, 2)]
    return CARD


def _tag_spot(text: str, column: int) -> Spot | None:
    match = _TAG.match(text)
    if match is None:
        return None
    name = match.group(2)
    if match.start(2) <= column <= match.end(2) and name:
        return Spot(TAG_NAME, name, match.start(2), match.end(2), tag=name)
    if match.group(4) is not None and match.start(4) <= column <= match.end(4):
        return Spot(TAG_VALUE, match.group(4), match.start(4), match.end(4), tag=name)
    return None


@dataclass(frozen=True, slots=True)
class Expecting:
    """What the text before the cursor asks for next: a ``kind`` of word (``PLAYER``,
    ``KEYWORD`` for an event keyword, ``LINE_START``, ``CARD``, ``ON``, ``MELD``,
    ``TAG_NAME``, ``TAG_VALUE``), the part of it typed (``partial``, from column
    ``start``), and the line's player, keyword, tag and the words typed after the
    keyword (a meld's cards so far)."""

    kind: str
    partial: str
    start: int
    player: str | None = None
    verb: str | None = None
    tag: str | None = None
    typed: tuple[str, ...] = ()


def expecting(prefix: str) -> Expecting | None:
    """What may come at the end of ``prefix`` (a line up to the cursor), or None."""
    if prefix.lstrip().startswith("["):
        return _expecting_tag(prefix)
    if "#" in prefix:
        return None
    words = _words(prefix)
    done = words if not prefix or prefix[-1].isspace() else words[:-1]
    partial = "" if len(done) == len(words) else words[-1][2]
    start = len(prefix) - len(partial)
    if not done:
        return Expecting(LINE_START, partial, start)
    head = keyword_of(done[0][2].rstrip(":"))
    if head == "DEAL":
        return Expecting(PLAYER, partial, start, verb=head) if len(done) == 1 else None
    if head in ("STOCK", "UP"):
        return None
    player = done[0][2]
    if len(done) == 1:
        return Expecting(KEYWORD, partial, start, player)
    verb = keyword_of(done[1][2])
    typed = tuple(w for _, _, w in done[2:])
    kind = _next_argument(verb, len(typed))
    return None if kind is None else Expecting(kind, partial, start, player, verb, typed=typed)


def _next_argument(verb: str | None, count: int) -> str | None:
    """The kind of the word after ``count`` words following the keyword ``verb``."""
    if verb == "_CALL":
        return PLAYER if count == 0 else None
    if verb == "_LAYOFF":
        return (CARD, ON, MELD)[count] if count < 3 else None
    if verb == "_DISCARD":
        return CARD if count == 0 else None
    if verb == "_MELD":
        return CARD
    return None


def _expecting_tag(prefix: str) -> Expecting | None:
    match = _TAG.fullmatch(prefix)
    if match is None:
        return None
    if match.group(4) is None:
        if match.group(3):  # a blank after the name: the value's quote comes next
            return None
        return Expecting(TAG_NAME, match.group(2), match.start(2))
    if prefix.endswith('"') and match.end(4) < len(prefix):  # the value is closed
        return None
    return Expecting(TAG_VALUE, match.group(4), match.start(4), tag=match.group(2))
