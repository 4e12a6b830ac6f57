"""The reader's header checks: the Game and Players tags, player names, house-rule values."""

from __future__ import annotations

import pytest

from referee.notation.events import (
    Draw,
    SyntaxProblem,
)
from tests.notation.reading import (
    HEADER,
    c,
    only_error,
    read_clean,
    read_one,
)

# --- Header problems ----------------------------------------------------------------


def header_problem(text: str, key: str) -> SyntaxProblem:
    problems = [p for p in read_one(text).errors if p.key == key]
    assert len(problems) == 1, read_one(text).errors
    return problems[0]


def test_missing_game_tag() -> None:
    problem = header_problem('# a log\n[Players "Ana Beto"]\nAna draw\n', "missing-tag")
    assert (problem.line, problem.column) == (2, 1)
    assert problem.message == "the game has no Game tag (every game needs Game and Players)"


def test_missing_players_tag() -> None:
    game = read_one('\n[Game "51"]\n[Round "1"]\nAna draw\n')
    assert [(p.line, p.message) for p in game.errors] == [
        (2, "the game has no Players tag (every game needs Game and Players)")]
    assert game.players == () and game.events == [Draw("Ana", 4, 1)]


def test_unknown_game_value_has_no_fallback() -> None:
    game = read_one('[Event "x"]\n[Game "poker"]\n[Players "Ana Beto"]\n')
    problem = only_error('[Event "x"]\n[Game "poker"]\n[Players "Ana Beto"]\n')
    assert (problem.line, problem.column) == (2, 7)
    assert problem.message == (
        "unknown game 'poker': the Game tag must be one of 51, rummy-argentino"
    )
    assert game.ruleset == "poker"


def test_rummy_argentino_is_a_known_game() -> None:
    read_clean('[Game "rummy-argentino"]\n[Players "Ana Beto"]\n')


@pytest.mark.parametrize(
    ("players", "count"), [("Ana", 1), ("", 0), ("A B C D E F G", 7)]
)
def test_player_count(players: str, count: int) -> None:
    problem = header_problem(f'[Game "51"]\n[Players "{players}"]\n', "player-count")
    assert problem.line == 2
    assert problem.message == f"a game has 2 to 6 players, but the Players tag names {count}"


def test_player_named_twice() -> None:
    problem = only_error('[Game "51"]\n[Players "Ana Beto Ana"]\n')
    assert (problem.line, problem.column) == (2, 20)
    assert problem.message == "the player 'Ana' is named twice in the Players tag"


@pytest.mark.parametrize(
    "name", ["draw", "Roba", "DEAL", "mazo", "Bota", "recoge", "en", "On", "canta"]
)
def test_player_named_like_a_keyword(name: str) -> None:
    problem = only_error(f'[Game "51"]\n[Players "Ana {name}"]\n')
    assert (problem.line, problem.column) == (2, 15)
    assert problem.message == f"'{name}' cannot be a player's name: it is a keyword of the notation"


@pytest.mark.parametrize("name", ["Jo.e", "Ana!", "7♦", "a+b", "x'y"])
def test_player_name_with_other_characters(name: str) -> None:
    problem = only_error(f'[Game "51"]\n[Players "Ana {name}"]\n')
    assert problem.line == 2
    assert problem.message == (
        f"'{name}' is not a valid player name: use only letters, digits, _ and -"
    )


@pytest.mark.parametrize(
    ("tag", "value", "detail"),
    [
        ("Stake", "lots", "expected a whole number, got 'lots'"),
        ("Stake", "-5", "expected a whole number, got '-5'"),
        ("MinOpen", "51.5", "expected a whole number, got '51.5'"),
        ("RunMin", "2", "expected a number from 3 to 13, got 2"),
        ("RunWrap", "maybe", "expected yes or no, got 'maybe'"),
        ("DiscardPegue", "some", "expected one of all, down, off, got 'some'"),
        ("minopen", "many", "expected a whole number, got 'many'"),  # knobs are in any case
    ],
)
def test_house_rule_with_a_bad_value(tag: str, value: str, detail: str) -> None:
    problem = only_error(f'{HEADER}[{tag} "{value}"]\nAna draw\n')
    assert (problem.line, problem.column) == (3, len(tag) + 3)
    assert problem.message == f"bad value for the house rule {tag}: {detail}"
    assert problem.params == {"tag": tag, "detail": detail}


def test_good_house_rules_and_unknown_tags_pass() -> None:
    tags = '[MinOpen "71"]\n[RunWrap "sí"]\n[MaxJokers "none"]\n[Color "blue"]\n'
    game = read_clean(HEADER + tags)
    assert game.tag_values["Color"] == "blue"


def test_repeated_tag_deal_and_stock_lines() -> None:
    game = read_one(HEADER + '[Game "51"]\ndeal Ana: 7h\ndeal Ana: 8h\nstock: 2c\nstock: 3c\n')
    assert [(p.line, p.message) for p in game.errors] == [
        (3, "the tag Game appears twice in this game (first at line 1)"),
        (5, "Ana already has a deal line (line 4)"),
        (7, "the stock is already given (line 6)"),
    ]
    assert game.deals["Ana"].cards == (c("7h"),) and game.stock == (c("2c"),)


def test_header_problems_keep_the_events() -> None:
    game = read_one('[Game "51"]\n[Players "Ana"]\nAna draw\n')
    assert game.events == [Draw("Ana", 3, 1)]
