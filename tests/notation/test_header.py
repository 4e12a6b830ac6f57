"""A game's tags: how knob values are read, one syntax error per tag line, and which
first bad line is one of the game's tags (RULES.md §13's settled details, §14)."""

from __future__ import annotations

import pytest

from referee.audit import audit_game
from referee.notation.events import GameRecord
from referee.notation.reader import read_games

HEADER = '[Game "51"]\n[Players "Ana Beto"]\n'
BODY = "\ndeal Ana: 7h\nAna discard 7h\n"


def read_one(text: str) -> GameRecord:
    (record,) = read_games(text)
    return record


# --- knob values ------------------------------------------------------------------------


@pytest.mark.parametrize(("tag", "knob", "value"), [
    ('[MinOpen " 71 "]', "MinOpen", 71),  # blanks around a value are ignored
    ('[MinOpen "071"]', "MinOpen", 71),  # leading zeros
    ('[RunWrap "Yes"]', "RunWrap", True),  # words in any case
    ('[RunWrap " SÍ "]', "RunWrap", True),
    ('[OpenExact "NO"]', "OpenExact", False),
    ('[DiscardPegue "DOWN"]', "DiscardPegue", "down"),
    ('[MaxJokers "none"]', "MaxJokers", None),  # the default written out
    ('[MaxJokers "NONE"]', "MaxJokers", None),
    ('[MaxJokers "2"]', "MaxJokers", 2),
    ('[Decks "1"]', "Decks", 1),
    ('[RunWrap "si"]', "RunWrap", True),  # the legal neighbours of the bad spellings below
    ('[EarlyDraw "no"]', "EarlyDraw", False),
])
def test_a_good_knob_value_is_read(tag: str, knob: str, value: object) -> None:
    record = read_one(HEADER + tag + "\n" + BODY)
    assert record.errors == [] and record.bad_tag is None
    assert audit_game(record).rules[knob] == value


@pytest.mark.parametrize("tag", [
    '[MinOpen "+71"]', '[MinOpen "-1"]', '[MinOpen "7 1"]', '[MinOpen "٧١"]',
    '[MinOpen ""]', '[Decks "0"]', '[RunMin "cuatro"]', '[Stake "1.5"]', '[RunWrap "maybe"]',
    '[MaxJokers "-1"]', '[DiscardPegue "some"]',
    # yes/no knobs take yes, no, si, sí only; MaxJokers' only word is none (RULES.md §10, §13)
    '[RunWrap "true"]', '[EarlyDraw "1"]', '[OpenExact "off"]', '[CallsRequired "0"]',
    '[MaxJokers "-"]', '[MaxJokers "no"]',
])
def test_a_bad_knob_value_is_a_syntax_error_at_its_tag(tag: str) -> None:
    record = read_one(HEADER + tag + "\n" + BODY)
    assert [(p.key, p.line) for p in record.errors] == [("bad-knob", 3)]
    assert record.bad_tag == 3


# --- one syntax error per tag line ------------------------------------------------------


def test_a_tag_line_gets_one_syntax_error() -> None:
    record = read_one('[Game "51"]\n[Players "Ana Ana Ana draw"]\n' + BODY)
    assert [(p.key, p.line, p.column) for p in record.errors] == [("player-twice", 2, 15)]


def test_a_name_twice_is_an_error_when_every_name_is_fine_alone() -> None:
    """Names are judged one by one once and then remembered: a name twice among fine
    names is still ``player-twice`` (the game before it had the same names once each)."""
    read_one('[Game "51"]\n[Players "Ana Beto"]\n' + BODY)
    record = read_one('[Game "51"]\n[Players "Ana Beto Ana"]\n' + BODY)
    assert ("player-twice", 2, 20) in [(p.key, p.line, p.column) for p in record.errors]


@pytest.mark.parametrize("players", [
    "Ana B C D E F G H draw", "Ana Ana Ana Ana Ana Ana Ana Ana Ana", "draw"])
def test_a_bad_player_count_comes_before_anything_else_on_its_line(players: str) -> None:
    record = read_one(f'[Game "rummy-argentino"]\n[Players "{players}"]\n' + BODY)
    assert [(p.key, p.line) for p in record.errors] == [("player-count", 2)]


def test_a_good_player_count_leaves_the_names_to_be_checked() -> None:
    record = read_one('[Game "rummy-argentino"]\n[Players "Ana draw"]\n' + BODY)
    assert [(p.key, p.line) for p in record.errors] == [("player-keyword", 2)]


def test_each_missing_tag_is_reported_whatever_else_the_line_holds() -> None:
    record = read_one('[Game "poker"]\n' + BODY)
    assert [p.key for p in record.errors] == ["missing-tag", "unknown-game"]
    record = read_one('[Event "x"]\n' + BODY)
    assert [p.params["tag"] for p in record.errors] == ["Game", "Players"]


# --- the first bad line is one of the game's tags ---------------------------------------


@pytest.mark.parametrize(("text", "line"), [
    (HEADER + '[Stake "x"]\n' + BODY, 3),  # a bad value
    (HEADER + '[Game "51"]\n' + BODY, 3),  # a tag given twice
    (HEADER + '[stake "5"]\n[Stake "7"]\n' + BODY, 4),  # a knob twice, in another case
    (HEADER + "[Stake 100]\n" + BODY, 3),  # a malformed tag line
    ('[Game "51"]\n[Players "Ana"]\n' + BODY, 2),  # a bad player count
    ('[Players "Ana Beto"]\n' + BODY, 1),  # a missing Game tag
    (HEADER + '[Stake "x"]\n' + BODY.replace("discard 7h", "discard 7x"), 3),  # and an event
])
def test_a_first_bad_line_among_the_tags_is_the_games_bad_tag(text: str, line: int) -> None:
    assert read_one(text).bad_tag == line


@pytest.mark.parametrize("text", [
    HEADER + BODY,
    HEADER + '[MinOpne "71"]\n' + BODY,  # an unknown tag with a notice is no error
    HEADER + "\ndeal Ana: 7x\n",  # a bad deal line
    HEADER + "\ndeal Ana: 7h\ndeal Ana: 8h\n",  # a deal line twice
    HEADER + BODY + "Ana discard 7x\n",  # a bad event
    HEADER + "\ndeal Ana: 7h\nstock: 2c\nstock: 3c\n",
])
def test_a_first_bad_line_after_the_tags_is_no_bad_tag(text: str) -> None:
    assert read_one(text).bad_tag is None


# --- notation only some games allow -----------------------------------------------------


def test_an_up_line_in_a_game_without_a_face_up_card_is_a_syntax_error_at_it() -> None:
    record = read_one(HEADER + "\ndeal Ana: 7h 8h\ndeal Beto: 9h 10h\nup: Qc\n"
                      "Ana discard 7h\n")
    (problem,) = record.errors
    assert (problem.key, problem.line, problem.column) == ("no-up-line", 6, 1)
    # The games that deal a face-up card are the registry's, not a name in the core's text.
    assert problem.params == {"game": "51", "games": "rummy-argentino"}
    assert problem.message == ("51 has no face-up card: an 'up:' line starts the pile only "
                               "in the games that deal one (rummy-argentino)")


def test_an_up_line_in_a_game_that_deals_a_face_up_card_is_read() -> None:
    # Its legal neighbour: the same line under Rummy argentino.
    record = read_one('[Game "rummy-argentino"]\n[Players "Ana Beto"]\n\n'
                      "deal Ana: 7h 8h\ndeal Beto: 9h 10h\nup: Qc\nAna discard 7h\n")
    assert record.errors == []
    assert record.up_line == 6
