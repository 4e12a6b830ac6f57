"""Hostile input: huge numbers, odd digits, thousands of repeated lines, huge lines
(issue 10, the reader's part).

Before: a number past 4,300 digits (a meld number, a knob tag with leading
zeros, a score) crashed the referee (``int()`` refuses it); thousands of repeated
tag or deal lines cost time quadratic in their count (each problem walked the
game's text from its start to find its line); one 10 MB meld line peaked at
950 MB (Python's ``re`` keeps a record per pass of a ``(...)*`` loop).
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable

import pytest

from referee.knobs import KnobError, parse_knob
from referee.notation import pieces
from referee.notation.reader import read_games
from referee.variants.argentino.tags import ScoresError, parse_scores

HEADER = '[Game "51"]\n[Players "Ana Beto"]\n'


# --- Numbers: ASCII digits, at most 9 that count -------------------------------------------


@pytest.mark.parametrize("number", ["1234567890", "9" * 5000, "0" * 5000 + "12345678901"])
def test_a_meld_number_too_long_is_a_syntax_error_that_says_so(number: str) -> None:
    (game,) = read_games(HEADER + f"Ana layoff 8d on {number}\n")
    (problem,) = game.errors
    assert (problem.line, problem.column, problem.key) == (3, 18, "meld-number-too-long")
    assert "is too long for a meld number: at most 9 digits" in problem.message
    assert len(problem.message) < 120 and len(problem.context) < 300


def test_a_meld_number_of_nine_digits_reads() -> None:
    (game,) = read_games(HEADER + "Ana layoff 8d on 999999999\n")
    assert game.errors == [] and game.events[0].meld == 999_999_999  # type: ignore[attr-defined]


@pytest.mark.parametrize(("value", "words"), [
    ("9" * 5000, "at most 9 digits"),
    ("1" + "0" * 9, "at most 9 digits"),
    ("²", "expected a whole number"),  # superscript two: str.isdigit() says yes
    ("٣", "expected a whole number"),  # Arabic-Indic three: int() reads it
    ("７１", "expected a whole number"),  # fullwidth 71
    ("-5", "expected a whole number"),
])
def test_knob_numbers_are_ascii_digits_of_sane_length(value: str, words: str) -> None:
    with pytest.raises(KnobError, match=words):
        parse_knob("MinOpen", value)


def test_leading_zeros_do_not_count_and_do_not_crash() -> None:
    assert parse_knob("MinOpen", "0" * 5000 + "71") == 71  # int() alone refuses 5002 digits
    assert parse_knob("MinOpen", "000") == 0


def test_a_huge_knob_value_is_quoted_short() -> None:
    with pytest.raises(KnobError) as caught:
        parse_knob("OpenExact", "y" * 100_000)
    assert len(str(caught.value)) < 100


@pytest.mark.parametrize("tag", ["9" * 5000, "0" * 5000 + "1", "²"])
def test_a_knob_tag_never_crashes_the_reader(tag: str) -> None:
    (game,) = read_games(HEADER + f'[MinOpen "{tag}"]\nAna discard 7h\n')
    keys = [p.key for p in game.errors]
    assert keys == ([] if tag.endswith("1") and tag.startswith("0") else ["bad-knob"])


@pytest.mark.parametrize("score", ["9" * 5000, "-" + "0" * 5000 + "9" * 10])
def test_a_huge_score_is_a_bad_scores_tag(score: str) -> None:
    with pytest.raises(ScoresError) as caught:
        parse_scores(f"Rosa {score}, Juan 3")
    assert len(caught.value.piece) <= 40
    assert parse_scores("Rosa -" + "0" * 5000 + "35, Juan 007") == [("Rosa", -35), ("Juan", 7)]


# --- Repeated lines cost linear time -------------------------------------------------------


@pytest.mark.parametrize("line", ['[Stake "1"]\n', "deal Ana: 7h\n"])
def test_repeated_lines_index_each_line_once(line: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    indexed: list[int] = []
    index_lines: Callable[..., None] = pieces._index_lines

    def counting(text: str, starts: pieces.array[int], wanted: int) -> None:
        before = len(starts)
        index_lines(text, starts, wanted)
        indexed.append(len(starts) - before)

    monkeypatch.setattr(pieces, "_index_lines", counting)
    count = 3000
    (game,) = read_games(HEADER + line * count + "Ana discard 7h\n")
    assert len(game.errors) == count - 1  # each repeat is a problem with its caret
    assert sum(indexed) <= count + 3  # before: every problem walked the text from its start


# --- Huge lines and names: memory proportional to them -----------------------------------


def peak_of(text: str) -> int:
    tracemalloc.start()
    try:
        read_games(text)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


MB = 1 << 20


@pytest.mark.parametrize(("name", "body"), [
    ("a meld line", "Ana meld " + "7h " * (MB // 3) + "\n"),
    ("a deal line", "deal Ana: " + "7h " * (MB // 3) + "\n"),
    ("a bad meld line", "Ana meld " + "7h " * (MB // 3) + "x\n"),
    ("a tag value", '[Event "' + "e" * MB + '"]\n'),
    ("blank lines", "\n" * MB + "Ana draw\n"),
    ("a player's name", "A" * MB + " draw\n"),
])
def test_one_huge_line_costs_memory_in_proportion(name: str, body: str) -> None:
    text = HEADER + body
    # Before: about 95 bytes a character for cards, tag values and blank lines. Now the
    # text, a copy of the token, and the cards (a tuple of 8-byte pointers, for 3
    # characters a card).
    assert peak_of(text) < 8 * len(text), name


def test_a_huge_player_name_is_a_short_syntax_error() -> None:
    (game,) = read_games(HEADER + "A" * MB + " draw\n")
    (problem,) = game.errors
    assert problem.key == "name-too-long" and len(problem.message) < 120
    assert problem.context.startswith("AAA") and len(problem.context) < 300
    (game,) = read_games('[Game "51"]\n[Players "Ana ' + "B" * 65 + '"]\n')
    assert [p.key for p in game.errors] == ["player-too-long"]
