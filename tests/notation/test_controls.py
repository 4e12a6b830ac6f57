"""Stray control characters (referee/notation/controls.py): a syntax error of the line
and game that hold them, at their column and by name; never a line end (issue: one NUL
byte lost a whole archive).

Before: a NUL anywhere refused the whole file ("not text"); other control characters
were read as part of a name, a tag value or a comment (``A\\x01na`` a player of its own,
``'7h\\x7f' is not a card``), and the context line under an error wrote them raw to
the terminal.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.messages import render
from referee.notation.controls import STRAY, char_name, is_stray, shown
from referee.notation.events import Discard, Draw, GameRecord
from referee.notation.pieces import caret_context
from referee.notation.reader import iter_chunks, read_games

HEADER = '[Game "51"]\n[Players "Ana Beto"]\n'
GAME = HEADER + "Ana draw 7h\nAna discard 7h\nBeto draw\n"


def errors(record: GameRecord) -> list[tuple[int, int, str, object]]:
    return [(p.line, p.column, p.key, p.params.get("char")) for p in record.errors]


def test_names_of_control_characters() -> None:
    assert [char_name(c) for c in "\x00\x01\x1b\x1f\x7f\x80\x85\x9f"] == [
        "U+0000 NUL", "U+0001 SOH", "U+001B ESC", "U+001F US", "U+007F DEL", "U+0080 PAD",
        "U+0085 NEL", "U+009F APC"]
    assert [c for c in map(chr, range(0xA0)) if is_stray(c)] == [
        *map(chr, range(0x09)), "\x0b", "\x0c", *map(chr, range(0x0E, 0x20)),
        *map(chr, range(0x7F, 0xA0))]
    assert not any(map(is_stray, "\t\n\r \u00a0\u2028\ufeff"))


@pytest.mark.parametrize(("line", "column", "char"), [
    ("A\x01na draw 7h", 2, "U+0001 SOH"),  # in a name (was: a player "A\x01na")
    ("Ana\x00 draw 7h", 4, "U+0000 NUL"),  # right after a name
    ("Ana draw\x1b 7h", 9, "U+001B ESC"),  # right after a keyword
    ("Ana draw 7h\x7f", 12, "U+007F DEL"),  # in a card's word (was: '7h\x7f' is not a card)
    ("Ana draw 7h # a\x00b", 16, "U+0000 NUL"),  # in a comment
    ("Ana draw 7h\x0c", 12, "U+000C FF"),  # a form feed: no line end, no blank
    ("\x0bAna draw 7h", 1, "U+000B VT"),
    ("Ana draw\x857h", 9, "U+0085 NEL"),
    ("Ana\tdraw 7h\x9f", 12, "U+009F APC"),
])
def test_a_stray_control_character_is_a_syntax_error_at_its_column(
        line: str, column: int, char: str) -> None:
    text = HEADER + "Beto draw\nBeto discard 9c\n" + line + "\nBeto draw\n"
    (game,) = read_games(text)
    assert errors(game) == [(5, column, "control-character", char)]
    assert [type(e) for e in game.events] == [Draw, Discard]  # the game stops before it
    assert game.stopped_at == 5


@pytest.mark.parametrize(("tag", "column"), [
    ('[Players "Ana\x1bBeto"]', 14), ('[Players "Ana Beto\x00"]', 19), ('[Event "x"]\x01', 12),
    ('[Pla\x00yers "Ana Beto"]', 5), ('[\x7fEvent "x"]', 2), ('[Event\x00"x"]', 7),
])
def test_in_a_tag_line_it_is_where_it_stands(tag: str, column: int) -> None:
    (game,) = read_games('[Game "51"]\n' + tag + "\nAna draw\n")
    assert [(p.line, p.column, p.key) for p in game.errors][:1] == [
        (2, column, "control-character")]


def test_messages_in_both_languages() -> None:
    (game,) = read_games(HEADER + "Ana draw 7h\x00\n")
    (problem,) = game.errors
    assert render(problem.key, problem.params, "en") == (
        "a control character (U+0000 NUL) is not text: delete it (a log holds printable "
        "characters, tabs and line ends only; such a character comes from a damaged file, a "
        "copy from a terminal or a file saved as UTF-16)")
    assert render(problem.key, problem.params, "es").startswith(
        "un carácter de control (U+0000 NUL) no es texto: bórrelo (un registro solo tiene ")


def test_the_context_line_shows_it_escaped() -> None:
    (game,) = read_games(HEADER + "Ana\tdraw 7h\x1b[31m\x00\n")
    (problem,) = game.errors
    assert problem.context == "Ana\tdraw 7h\\x1b[31m\\x00\n" + " " * 15 + "^"
    assert not STRAY.search(problem.context)
    assert caret_context("a\u2028b\x85c", 4) == "a\\u2028b\\x85c\n" + " " * 8 + "^"
    assert shown("plain") == "plain" and shown("\x00\t") == "\\x00\t"


def test_only_the_game_that_holds_it_is_spoiled() -> None:
    """The issue's archive: 600 games, a NUL at line 1831; the other 599 read as alone."""
    games = [GAME.replace("Ana draw 7h", f"Ana draw {card}") for card in ("7h", "8h", "9h")] * 200
    text = "\n".join(games)
    lines = text.split("\n")
    lines[1830] = lines[1830][:4] + "\x00" + lines[1830][4:]
    broken = read_games("\n".join(lines))
    clean = read_games(text)
    assert len(broken) == 600
    spoiled = [g for g in broken if g.errors]
    assert [(g.index, errors(g)) for g in spoiled] == [
        (306, [(1831, 5, "control-character", "U+0000 NUL")])]  # six lines a game
    assert [g for g in broken if not g.errors] == [g for g in clean if g.index != 306]


def test_a_control_character_before_a_tag_line_spoils_that_game_not_the_one_before() -> None:
    text = GAME + "\n\x00" + GAME + "\n" + GAME
    first, second, third = read_games(text)
    assert first.errors == [] and third.errors == []
    assert errors(second) == [(7, 1, "control-character", "U+0000 NUL")]
    assert second.line == 7 and second.events == []


def test_in_a_comment_before_the_first_game_it_is_a_game_of_its_own() -> None:
    first, second = read_games("# notes \x07\n\n" + GAME)
    assert (first.tags, errors(first)) == ({}, [(1, 9, "control-character", "U+0007 BEL")])
    assert (second.index, second.errors, len(second.events)) == (2, [], 3)


@pytest.mark.parametrize("separator", ["\x0c", "\x0b", "\x1c", "\x1d", "\x1e", "\x85",
                                       "\u2028", "\u2029"])
def test_line_numbers_count_line_feeds_only(separator: str) -> None:
    """str.splitlines ends a line at each of these; the reader does not."""
    text = HEADER + f"Ana draw 7h{separator}Ana discard 7h\nBeto draw\n\n" + GAME
    first, second = read_games(text)
    ((line, column, _, _),) = errors(first)
    assert (line, column) == (3, 12)
    assert first.line == 1 and second.line == 6 and second.errors == []
    assert [e.line for e in second.events] == [8, 9, 10]


_PIECES = st.sampled_from(["Ana draw 7h\n", "Beto discard 9c\n", "\n", "# c\n", HEADER,
                           "\x00", "\x01", "\x0c", "\x85", "\u2028", "\r", "\r\n", "Ana ",
                           "meld 7h 8h 9h", '[Event "x"]\n'])


@settings(max_examples=150, deadline=None)
@given(st.lists(_PIECES, max_size=20).map("".join), st.integers(1, 40))
def test_read_in_chunks_as_whole_and_every_stray_is_reported(body: str, cut: int) -> None:
    text = HEADER + body  # (text before any tag is reported once, at its first bad line)
    chunks = [text[i:i + cut] for i in range(0, len(text), cut)]
    games = read_games(text)
    assert list(iter_chunks(chunks)) == games
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for game in games:
        for problem in game.errors:
            assert not STRAY.search(problem.context)
            assert not STRAY.search(problem.message)
    for number, line in enumerate(lines, 1):
        found = STRAY.search(line)
        if found is None:
            continue
        reported = [p for g in games for p in g.errors if p.line == number]
        assert reported, (number, line)  # the line's error (maybe an earlier one on it)
        assert reported[0].column <= found.start() + 1
