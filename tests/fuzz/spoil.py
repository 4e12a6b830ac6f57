"""One bad game spoils only itself: every game of a file is judged as it is alone, and a
line with a stray control character is a syntax error of its game.

A game's lines (:func:`spans`) run from its first line to the line before the next
game's, as ``referee replay`` counts them. Alone, a game is the file with every other
line emptied (so its lines keep their numbers, their columns and their line ends):
its report must be the same, whatever the other games hold (a NUL, a broken tag, a
UTF-16 tail). An argentino hand right after one of the same match is judged in its
match (the totals and players carry from the hands before it): it is left out.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from referee.notation.controls import STRAY, STRAY_CLASS
from referee.notation.decks import deck_of, head_end

_LINE_END = re.compile(r"(\r\n|\r|\n)")  # the reader's line ends
Report = Mapping[str, Any]


def lines_of(text: str) -> tuple[list[str], list[str]]:
    """The lines of ``text`` as the reader numbers them, and the line end after each
    (the last line's is empty)."""
    parts = _LINE_END.split(text)
    return parts[0::2], [*parts[1::2], ""]


def spans(games: Sequence[Mapping[str, Any]], count: int) -> list[tuple[int, int]]:
    """The lines (first, last) of each game: from 1 for the first game (the text before
    it is its own), to the line before the next game's, the last to line ``count``."""
    starts = [1, *(g["line"] for g in games[1:])]
    return [(first, last) for first, last in
            zip(starts, [s - 1 for s in starts[1:]] + [count], strict=True)]


def alone(lines: Sequence[str], ends: Sequence[str], first: int, last: int) -> str:
    """The text with every line outside ``first``..``last`` emptied, the game's own lines
    and line ends kept as they are. An emptied line ends with a lone ``\\r``: a ``\\n``
    could make one line end of a ``\\r`` before it (the reader reads ``\\r\\n`` as one),
    and no line the game keeps starts with a line end."""
    return "".join(line + end if first <= number <= last else ("\r" if end else "")
                   for number, (line, end) in enumerate(zip(lines, ends, strict=True), 1))


ARGENTINO = "rummy-argentino"


def in_its_match(game: Mapping[str, Any], before: Mapping[str, Any] | None) -> bool:
    """An argentino hand right after a hand with the same ``Match`` tag: judged with the
    hands before it (the match's totals, its players, whether it is over)."""
    if before is None or game["ruleset"] != ARGENTINO or before["ruleset"] != ARGENTINO:
        return False
    match = game["tags"].get("Match")
    return match is not None and match == before["tags"].get("Match")


def _without_index(game: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in game.items() if key != "index"}


def check_alone(text: str, report: Report,
                audit: Callable[[str], Report]) -> int:
    """Each game of ``report`` (the audit of ``text``) as ``audit`` judges it alone;
    how many games were compared."""
    games = report["games"]
    if len(games) < 2:
        return 0
    lines, ends = lines_of(text)
    compared = 0
    for at, (game, (first, last)) in enumerate(zip(games, spans(games, len(lines)),
                                                  strict=True)):
        if in_its_match(game, games[at - 1] if at else None):
            continue
        again = audit(alone(lines, ends, first, last))["games"]
        assert [_without_index(g) for g in again] == [_without_index(game)], (
            f"game {game['index']} (lines {first}-{last}) is judged otherwise alone")
        compared += 1
    return compared


def check_strays(text: str, report: Report) -> int:
    """Every line holding a stray control character has a syntax error of its own, at or
    before the character (at it, naming it, when nothing else went wrong before on the
    line); none is written raw in a message. How many such lines there are."""
    lines, _ = lines_of(text)
    syntax: dict[int, list[Mapping[str, Any]]] = {}
    for game in report["games"]:
        for finding in game["findings"]:
            assert not STRAY.search(finding["message"]), finding["message"]
            if finding["kind"] == "syntax-error":
                syntax.setdefault(finding["line"], []).append(finding)
    first_tag = next((n for n, line in enumerate(lines, 1) if _TAG_LINE.match(line)),
                     len(lines) + 1)
    unread = _unread(lines, report["games"])
    found = 0
    for number, line in enumerate(lines, 1):
        stray = STRAY.search(line)
        if stray is None:
            continue
        found += 1
        if number < first_tag or number in unread:
            continue  # text before the first tag: a game of its own, said once
        errors = syntax.get(number)
        assert errors, f"line {number} holds {stray.group()!r} but has no syntax error"
        column = min(e["column"] for e in errors)
        assert column <= stray.start() + 1, (number, column, stray.start() + 1)
    return found


def _unread(lines: Sequence[str], games: Sequence[Mapping[str, Any]]) -> set[int]:
    """The lines the reader does not read: those after the tags of a game whose deck
    cannot be known (a bad ``Deck`` value: its cards are not read, only its tags;
    RULES.md §13)."""
    unread: set[int] = set()
    for first, last in spans(games, len(lines)):
        text = "\n".join(lines[first - 1:last]) + "\n"
        if deck_of(text) is None:
            unread.update(range(first + text.count("\n", 0, head_end(text)), last + 1))
    return unread


_TAG_LINE = re.compile(f"\ufeff?[ \t{STRAY_CLASS}]*\\[")  # as referee.notation.pieces cuts
