"""The `.rummy` reader: the grammar, game records, header checks and syntax errors in words."""

from __future__ import annotations

import itertools
import re
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from importlib.resources import files
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark

from referee.cards import Card
from referee.i18n.syntax import MESSAGES
from referee.messages import render
from referee.notation import diagnose, folded, lark_private, reader
from referee.notation import files as notation_files
from referee.notation import parser as notation_parser
from referee.notation.events import (
    Call,
    Deal,
    Discard,
    Draw,
    GameRecord,
    Layoff,
    Meld,
    SyntaxProblem,
    Take,
)
from referee.notation.lark_private import parse_states, runs_pure_lark
from referee.notation.reader import NotationFileError, iter_games, read_games, read_path
from referee.notation.reducers import CardTokens

SPEC = Path("/work/shared/spec/NOTATION.md")
EXAMPLES = Path("/work/shared/examples")
# The shared examples that read cleanly (one whose expectation holds a syntax error, a
# Spanish card the deck lacks, is checked against it by tests/test_examples.py).
EXAMPLE_FILES = [
    path for path in (sorted(EXAMPLES.glob("*.rummy")) if EXAMPLES.is_dir() else [])
    if '"syntax-error"' not in path.with_suffix(".expect.json").read_text(encoding="utf-8")
]

HEADER = '[Game "51"]\n[Players "Ana Beto Caro"]\n'

# Words that must never reach a player: Lark's terminal and rule names.
GRAMMAR_WORDS = re.compile(r"\$END|_NL|\b(?:CARD|NAME|TAG_\w+|MELD_NUMBER|DEAL|STOCK|Token)\b")


def c(text: str) -> Card:
    return Card.parse(text)


def read_one(text: str) -> GameRecord:
    games = read_games(text)
    assert len(games) == 1, games
    return games[0]


def read_clean(text: str) -> GameRecord:
    record = read_one(text)
    assert record.errors == []
    return record


def only_error(text: str) -> SyntaxProblem:
    record = read_one(text)
    assert len(record.errors) == 1, record.errors
    return record.errors[0]


def caret_column(problem: SyntaxProblem) -> int:
    """The column the caret line points at (tabs of the source line expanded)."""
    source, caret = problem.context.split("\n")
    width = caret.index("^")
    expanded = [len(source[:i].expandtabs()) for i in range(len(source) + 1)]
    return expanded.index(width) + 1


# --- Contracts: NOTATION.md and the sample logs --------------------------------------


def notation_logs() -> list[str]:
    """The fenced blocks of NOTATION.md that are logs (they have a Game tag)."""
    if not SPEC.is_file():
        return []
    blocks = re.findall(r"^```\n(.*?)^```", SPEC.read_text(encoding="utf-8"), re.M | re.S)
    return [block for block in blocks if '[Game "' in block]


def test_notation_examples_read_without_findings() -> None:
    logs = notation_logs()
    if not logs:
        pytest.skip("NOTATION.md (/work/shared/spec) is not here")
    for log in logs:
        games = read_games(log, "NOTATION.md")
        assert games and all(game.errors == [] and game.events for game in games)


@pytest.mark.skipif(not EXAMPLE_FILES, reason="the sample logs are not here")
@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.stem)
def test_sample_logs_read_without_errors(path: Path) -> None:
    games = read_games(read_path(path), str(path))
    assert games
    for game in games:
        assert game.errors == []
        assert game.source == str(path)
        if path.name.startswith("argentino"):
            assert game.ruleset == "rummy-argentino" and 2 <= len(game.players) <= 8
        else:
            assert game.ruleset == "51" and 2 <= len(game.players) <= 6
        assert game.events


def test_friday_example_records() -> None:
    text = (EXAMPLES / "friday.rummy").read_text(encoding="utf-8") if EXAMPLES.is_dir() else ""
    if not text:
        pytest.skip("the sample logs are not here")
    game = read_clean(text)
    assert (game.index, game.line) == (1, 2)
    assert game.players == ("Ana", "Beto", "Caro")
    assert game.tag_values["Event"] == "Viernes en casa de Ana"
    assert game.tags["Stake"].line == 6
    hand = tuple(map(c, ["2h", "3h", "4h", "5h", "9c", "9d", "9s", "Kc", "Kh", "JK", "Qs", "10d",
                         "7c", "7h", "2s"]))
    assert game.deals["Ana"] == Deal("Ana", hand, 9, 1)
    assert len(game.deals["Beto"].cards) == 14
    assert game.stock is None and game.stock_line is None
    assert game.events[:4] == [
        Discard("Ana", 13, 1, c("2s")),
        Draw("Beto", 14, 1, c("Qd")),
        Discard("Beto", 15, 1, c("Jh")),
        Take("Caro", 16, 1, (c("Jh"),)),
    ]
    assert Layoff("Caro", 25, 1, c("8d"), 2) in game.events
    assert game.events[-1] == Call("Caro", 32, 1, "Ana")


def test_grammar_ships_as_package_data() -> None:
    assert files("referee.grammar").joinpath("rummy.lark").is_file()


_CARD_WORDS = st.lists(st.sampled_from(["7h", "10♦", "Q♥\ufe0f", "JK", "2s=Kh", "JK=5h", "??",
                                         " ", "\t", "  ", "#", "x", "h", "=", "\n", "7"]),
                       max_size=8).map("".join)


@settings(max_examples=400, deadline=None)
@given(_CARD_WORDS)
def test_cards_and_pile_read_as_their_terminals_written_out(text: str) -> None:
    """grammar/rummy.lark writes CARDS and PILE as one expression each, with a possessive
    loop; they read what ``_CARD (/[\\t ]+/ _CARD)* _S`` and the same with ``??`` read."""
    grammar = notation_parser.get_parser()
    card = lark_private.terminal_regexp(grammar, "CARD").removesuffix("[\t ]*")
    unseen = lark_private.terminal_regexp(grammar, "UNSEEN").removesuffix("[\t ]*")
    for name, one in (("CARDS", card), ("PILE", f"{card}|{unseen}(?![^\\s#])")):
        written_out = re.compile(f"(?:{one})(?:[\t ]+(?:{one}))*[\t ]*")
        found = re.compile(lark_private.terminal_regexp(grammar, name)).match(text)
        expected = written_out.match(text)
        assert (found and found.end()) == (expected and expected.end()), (name, text)


def test_the_grammar_alone_reads_many_games_and_a_bom() -> None:
    text = f"\ufeff# two games\n{HEADER}Ana draw\n\n{HEADER}\n[Round \"2\"]\nBeto draw 7h\n"
    games = notation_parser.parse(text, 0)
    assert [len(game.tags) for game in games] == [2, 3]
    assert [game.events for game in games] == [[Draw("Ana", 4, 1)], [Draw("Beto", 10, 1, c("7h"))]]


# --- Events and setup lines ---------------------------------------------------------


def test_every_event() -> None:
    game = read_clean(
        HEADER
        + "Ana draw 7h\nAna draw ??\nAna draw\nBeto take 10d\nCaro meld 9c 9d JK=9s\n"
        "Ana layoff JK on 3\nBeto discard Qs\nCaro call Ana\n"
    )
    assert game.events == [
        Draw("Ana", 3, 1, c("7h")),
        Draw("Ana", 4, 1, None),
        Draw("Ana", 5, 1, None),
        Take("Beto", 6, 1, (c("10d"),)),
        Meld("Caro", 7, 1, (c("9c"), c("9d"), c("JK=9s"))),
        Layoff("Ana", 8, 1, c("JK"), 3),
        Discard("Beto", 9, 1, c("Qs")),
        Call("Caro", 10, 1, "Ana"),
    ]


def test_deal_and_stock_lines() -> None:
    game = read_clean(HEADER + "deal Beto: 2h 3h\nstock: Kd JK 10c\ndeal Ana: As\nAna discard As\n")
    assert game.deals == {
        "Beto": Deal("Beto", (c("2h"), c("3h")), 3, 1),
        "Ana": Deal("Ana", (c("As"),), 5, 1),
    }
    assert (game.stock, game.stock_line) == ((c("Kd"), c("JK"), c("10c")), 4)
    assert game.events == [Discard("Ana", 6, 1, c("As"))]


def test_spanish_keywords_and_symbols_read_as_english() -> None:
    english = HEADER + (
        "deal Ana: 10h Jh Qh\nstock: 2c 3c\nAna draw 7h\nBeto draw\nBeto take 10d\n"
        "Caro take 2s\nCaro meld 9c 9d JK=9s\nAna layoff 8d on 2\nBeto discard Qs\n"
        "Caro discard As\nAna call Beto\n"
    )
    spanish = HEADER + (
        "reparte Ana: T♥ J♥ Q♥\nmazo: 2♣ 3♣\nAna roba 7♥\nBeto roba ??\nBeto toma T♦\n"
        "Caro recoge 2♠\nCaro baja 9♣ 9♦ JK=9♠\nAna pega 8♦ en 2\nBeto descarta Q♠\n"
        "Caro bota A♠\nAna canta Beto\n"
    )
    shouting = english.replace("deal", "DEAL").replace("draw", "Draw").replace("on 2", "ON 2")
    shouting = shouting.replace("stock", "Stock").replace("call", "cALL")
    records = [read_clean(text) for text in (english, spanish, shouting)]
    assert records[0] == records[1] == records[2]


def test_crlf_tabs_comments_and_blank_lines() -> None:
    text = (
        "# a comment before the tags\r\n\r\n"
        '[Game "51"]   # a comment after a tag\r\n'
        "\r\n# tags split by a comment and a blank line are one block\r\n"
        '\t[Players "Ana Beto"]\r\n'
        "\r\n"
        "deal\tAna:\t7h  8h # dealt\r\n"
        "  Ana\tdiscard 7h#right after the card\r\n"
        "\t\t# an indented comment line\r\n"
        "Beto   draw\t\t??\r\n"
    )
    game = read_clean(text)
    assert game.line == 3
    assert game.players == ("Ana", "Beto")
    assert game.deals["Ana"] == Deal("Ana", (c("7h"), c("8h")), 8, 1)
    assert game.events == [Discard("Ana", 9, 3, c("7h")), Draw("Beto", 11, 1, None)]


def test_byte_order_mark_and_no_final_newline() -> None:
    game = read_clean(f"\ufeff{HEADER}Ana draw 7h")
    assert game.tags["Game"].column == 1
    assert game.events == [Draw("Ana", 3, 1, c("7h"))]


def test_empty_and_comment_only_texts_hold_no_game() -> None:
    assert read_games("") == []
    assert read_games("# nothing yet\n\n   \n") == []


@pytest.mark.parametrize(
    "names",
    ["Ζωή Đức José-Luis", "Jose\u0301 प्रिया 李雷", "Ah 7h JK", "Qs Tc 10", "dealer Drawn Mazorca",
     "_x a-b 007"],
)
def test_player_names_in_any_script_and_names_like_cards(names: str) -> None:
    players = names.split()
    lines = [f"{name} draw {card}" for name, card in zip(players, ["7h", "Ah", "JK"], strict=True)]
    lines.append(f"{players[0]} call {players[1]}")
    game = read_clean(f'[Game "51"]\n[Players "{names}"]\n' + "\n".join(lines))
    assert game.players == tuple(players)
    assert [event.player for event in game.events] == [*players, players[0]]
    assert game.events[-1] == Call(players[0], 6, 1, players[1])


def test_tag_value_escapes_and_unknown_tags() -> None:
    game = read_clean(HEADER + r'[Event "Ana \"la Flaca\" \\ Beto"]' + "\n[Weather \"rain\"]\n")
    assert game.tag_values["Event"] == 'Ana "la Flaca" \\ Beto'
    assert game.tag_values["Weather"] == "rain"


def test_many_games_with_absolute_lines() -> None:
    text = f"{HEADER}Ana draw\n\n{HEADER}[Round \"2\"]\n\nBeto draw\n\n# the third\n{HEADER}"
    games = read_games(text, "night.rummy")
    assert [(g.index, g.line, g.source) for g in games] == [
        (1, 1, "night.rummy"), (2, 5, "night.rummy"), (3, 12, "night.rummy")]
    assert games[1].events == [Draw("Beto", 9, 1)]
    assert games[2].events == [] and games[2].errors == []


def test_iter_games_streams_game_by_game() -> None:
    text = "".join(f"{HEADER}Ana draw\nAna discard 7h\n" for _ in range(50))
    stream = iter_games(text)
    first = next(stream)
    assert first.index == 1 and first.events[1] == Discard("Ana", 4, 1, c("7h"))
    rest = list(stream)
    assert [game.index for game in rest] == list(range(2, 51))
    assert rest[-1].events[0] == Draw("Ana", 50 * 4 - 1, 1)
    assert [first, *rest] == read_games(text)


def test_reading_in_threads_keeps_each_texts_lines() -> None:
    texts = ["\n" * shift + f"{HEADER}Ana draw\n" for shift in range(8)]
    expected = [read_games(text) for text in texts]
    barrier = threading.Barrier(4)

    def read_all(_: int) -> list[list[GameRecord]]:
        barrier.wait()
        return [read_games(text) for text in texts * 20]

    with ThreadPoolExecutor(4) as pool:
        for results in pool.map(read_all, range(4)):
            assert results == expected * 20


def test_the_reader_does_not_judge_legality() -> None:
    game = read_clean(
        HEADER + "deal Zoe: 7h\ndeal Ana: 2c 2c 2c\nNadie draw 7h\nAna meld 7h\n"
        "Ana layoff 7h on 0\nAna layoff 7h on 99\nAna discard 7h\nAna discard 7h\n"
        "Beto call Nadie\n"
    )
    assert set(game.deals) == {"Zoe", "Ana"} and len(game.deals["Ana"].cards) == 3
    assert [type(e).__name__ for e in game.events] == [
        "Draw", "Meld", "Layoff", "Layoff", "Discard", "Discard", "Call"]
    assert game.events[0].player == "Nadie"


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


# --- Syntax errors in words -----------------------------------------------------------

SYNTAX_CASES = [
    # (line after the header, column, words of the message)
    ("Ana discard", 12, "expected a card like 7h or JK after 'discard'"),
    # A word where a card belongs: what ranks and suits there are (was "expected a card like
    # 7h or JK after 'bota'", which never said why 7x, 11h or 1h is not one).
    ("Ana bota 7x", 10, "'7x' is not a card: a card is a rank (A, 2 to 10 or T, J, Q, K) then a "
     "suit (c, d, h, s or ♣ ♦ ♥ ♠), like 7h or 10♦; JK is a joker"),
    ("Ana discard 11h", 13, "'11h' is not a card: a card is a rank (A, 2 to 10 or T, J, Q, K)"),
    ("Ana discard 1h", 13, "'1h' is not a card: a card is a rank (A, 2 to 10 or T, J, Q, K)"),
    ("Ana discard Zx", 13, "'Zx' is not a card: a card is a rank"),
    ("Ana discard ??", 13, "'??' is not a card"),
    ("Ana take", 9, "expected a card like 7h or JK after 'take'"),
    ("Ana discard 7hh", 13, "'7hh' is not a card"),
    ("Ana", 4, "expected an event (draw, take, meld, layoff, discard, call) after the player's"),
    # A keyword one or two letters off, in either language: "did you mean" (was only
    # "unknown word 'drow': expected draw, take, meld, layoff, discard or call").
    ("Ana drow 7h", 5, "unknown word 'drow': did you mean 'draw'? (expected draw, take, meld, "
     "layoff, discard or call)"),
    ("Ana drawn", 5, "unknown word 'drawn': did you mean 'draw'?"),
    ("Ana drwa 7h", 5, "unknown word 'drwa': did you mean 'draw'?"),
    ("Ana descarte 7h", 5, "unknown word 'descarte': did you mean 'descarta'?"),
    ("Ana robo", 5, "unknown word 'robo': did you mean 'roba'?"),
    ("Ana sings 7h", 5, "unknown word 'sings': expected draw, take, meld, layoff, discard or call"),
    ("dael Ana: 7h", 1, "unknown word 'dael': did you mean 'deal'? (a line starts with a "
     "player's name, or with deal, stock or up)"),
    ("stok: 7h", 1, "unknown word 'stok': did you mean 'stock'?"),
    ("Ana draw 7x", 10, "'7x' is not a card"),
    ("Ana meld 7h 8h x", 16, "'x' is not a card"),
    ("Ana meld", 9, "expected a card like 7h or JK after 'meld'"),
    ("Ana layoff 7h 2", 15, "expected 'on' and a meld number after '7h', like 'layoff 8d on 2'"),
    ("Ana layoff 7h on", 17, "expected a meld number like 2 after 'on'"),
    ("Ana pega 7h en dos", 16, "expected a meld number like 2 after 'en'"),
    # int() refuses numbers past 4300 digits: the grammar takes at most 9 (was a crash).
    ("Ana layoff 7h on 1234567890", 18, "'1234567890' is too long for a meld number: at most "
     "9 digits"),
    ("Ana call", 9, "expected a player's name after 'call'"),
    ("Ana discard 7h 8h", 16, "expected the end of the line after '7h'"),
    ("Ana call Beto Caro", 15, "expected the end of the line after 'Beto'"),
    ("discard 7h", 1, "expected a player's name before 'discard', like 'Ana discard ...'"),
    ("Ana discard 7H", 13, "'7H' is not a card: card text is case-sensitive, write 7h"),
    ("Ana meld jk 7h", 10, "'jk' is not a card: card text is case-sensitive, write JK"),
    ("?? draw", 1, "expected a player's name at the start of the line, like 'Ana draw 7h'"),
    ("deal Ana 7h", 10, "expected ':' and the cards after 'Ana'"),
    ("deal: 7h", 5, "expected a player's name after 'deal'"),
    ("stock 7h", 7, "expected ':' and the cards after 'stock'"),
    ("deal Ana:", 10, "expected a card like 7h or JK after ':'"),
    ('[Game 51]', 7, "expected the tag's value in double quotes after 'Game', like [Game \"51\"]"),
    ('[Event "a\\b"]', 8, "a tag value is text in double quotes on one line; inside it a"),
    ('[Event "open]', 8, "a tag value is text in double quotes on one line"),
    ('[Event "x"', 11, "expected ']' to close the tag after '\"x\"'"),
    ('[Event "x"] y', 13, "expected the end of the line after ']'"),
    ('[ "x"]', 3, "expected a tag name like Game after '['"),
]


@pytest.mark.parametrize(
    ("line", "column", "words"), SYNTAX_CASES, ids=[case[0] for case in SYNTAX_CASES]
)
def test_syntax_errors_in_words(line: str, column: int, words: str) -> None:
    problem = only_error(f"{HEADER}{line}\n")
    assert (problem.line, problem.column) == (3, column)
    assert problem.key != "syntax-error" and problem.message == render(problem.key, problem.params)
    assert problem.message.startswith(words)
    assert not GRAMMAR_WORDS.search(problem.message)
    source, caret = problem.context.split("\n")
    assert source == line
    assert caret.strip() == "^" and caret_column(problem) == column


def test_a_setup_line_after_the_events() -> None:
    game = read_one(HEADER + "Ana draw\n  deal Ana: 7h\nAna discard 7h\n")
    (problem,) = game.errors
    assert (problem.line, problem.column) == (4, 3)
    assert problem.message == "a 'deal' line must come before the first event of the game"
    assert game.events == [Draw("Ana", 3, 1)]


def test_caret_under_a_tabbed_line() -> None:
    problem = only_error(HEADER + "Ana\tdraw\t7x\n")
    assert problem.column == 10
    assert problem.context == "Ana\tdraw\t7x\n" + " " * 16 + "^"


def test_error_at_the_end_of_a_crlf_line() -> None:
    problem = only_error(HEADER.replace("\n", "\r\n") + "Ana discard   # no card\r\n")
    assert (problem.line, problem.column) == (3, 24)
    assert problem.context.split("\n")[0] == "Ana discard   # no card"


def test_an_error_keeps_the_events_before_it_and_skips_the_rest() -> None:
    body = "Ana draw 7h\nAna discard 7h\nBeto drow\nBeto draw 8h\nBeto discard 8h\n"
    game = read_one(HEADER + body)
    assert game.events == [Draw("Ana", 3, 1, c("7h")), Discard("Ana", 4, 1, c("7h"))]
    assert [(p.line, p.key) for p in game.errors] == [(5, "unknown-event-word:hint")]
    assert game.stopped_at == 5


def test_a_broken_first_game_still_yields_the_second() -> None:
    text = f"{HEADER}Ana draw 7h\nAna dsicard 7h\nBeto draw\n\n{HEADER}Caro draw 9s\n"
    first, second = read_games(text)
    assert first.events == [Draw("Ana", 3, 1, c("7h"))]
    assert [(p.line, p.column) for p in first.errors] == [(4, 5)]
    assert (second.index, second.line, second.errors) == (2, 7, [])
    assert second.events == [Draw("Caro", 9, 1, c("9s"))]


def test_a_broken_tag_line_spoils_only_its_game() -> None:
    text = f'[Game "51"]\n[Players Ana Beto]\nAna draw\n\n{HEADER}Caro draw\n'
    first, second = read_games(text)
    assert [(p.line, p.key) for p in first.errors] == [(2, "expected-tag-value")]
    assert first.tag_values == {"Game": "51"} and first.events == []
    assert second.errors == [] and second.events == [Draw("Caro", 7, 1)]


def test_a_broken_first_tag_line_makes_a_game_without_tags() -> None:
    (game,) = read_games('[Game: "51"]\nAna draw\n')
    assert (game.line, game.tags, game.events) == (1, {}, [])
    assert [(p.line, p.column, p.key) for p in game.errors] == [(1, 6, "expected-tag-value")]


def test_text_before_any_tag_is_a_game_without_tags() -> None:
    text = f"# notes\nAna draw 7h\nAna discard 7h\n{HEADER}Ana draw\n"
    first, second = read_games(text)
    assert (first.index, first.line, first.tags, first.events) == (1, 2, {}, [])
    (problem,) = first.errors
    assert (problem.line, problem.column) == (2, 1)
    assert problem.message == (
        'text before the first tag: a game starts with tag lines like [Game "51"]'
    )
    assert (second.index, second.line, second.errors) == (2, 4, [])


def test_messages_render_in_spanish() -> None:
    problem = only_error(HEADER + "Ana sings 7h\n")
    assert render(problem.key, problem.params, "es") == (
        "palabra desconocida 'sings': se esperaba roba, toma, baja, pega, descarta o canta"
    )
    problem = only_error(HEADER + "Ana drow 7h\n")
    assert render(problem.key, problem.params, "es") == (
        "palabra desconocida 'drow': ¿quiso decir 'draw'? (se esperaba roba, toma, baja, pega, "
        "descarta o canta)"
    )
    problem = only_error(HEADER + "Ana bota 11h\n")
    assert render(problem.key, problem.params, "es").startswith(
        "'11h' no es una carta: una carta es un valor (A, 2 a 10 o T, J, Q, K) y un palo "
        "(c, d, h, s o ♣ ♦ ♥ ♠)"
    )
    problem = only_error(HEADER + "Ana bota\n")
    assert render(problem.key, problem.params, "es") == (
        "se esperaba una carta como 7h o JK después de 'bota'"
    )


def test_catalog_entries_have_both_languages_with_the_same_fields() -> None:
    fields = re.compile(r"{(\w+)}")
    for key, entry in MESSAGES.items():
        assert set(entry) == {"en", "es"}, key
        assert set(fields.findall(entry["en"])) == set(fields.findall(entry["es"])), key


@pytest.fixture(scope="module")
def strict_parser() -> Lark:
    """The grammar built by pure Lark with strict=True and no cache: no shift/reduce
    conflict, no colliding terminals (lark-cython, used at run time, skips these checks)."""
    return notation_parser.build_parser(cython=False, strict=True)


def test_the_grammar_passes_lark_strict_mode(strict_parser: Lark) -> None:
    assert strict_parser.options.strict
    assert not strict_parser.options.cache
    assert runs_pure_lark(strict_parser)  # not lark-cython
    text = f"{HEADER}deal Ana: 7h 8h\nAna discard 7h\n"
    notation_parser.RECORDS.set_line_offset(0)
    assert strict_parser.parse(text) == notation_parser.parse(text, 0)


def test_every_parser_state_has_words_for_its_errors(strict_parser: Lark) -> None:
    """Whatever the parser expects at an error, a message names it (no fallback)."""
    for actions in parse_states(strict_parser).values():
        expected = {name for name in actions if name.isupper() and name != "$END"}
        if expected:
            for found in (None, "zz"):
                key, _ = diagnose._explain(expected, "x", found)
                assert key != "unexpected", expected


# --- Never raising, whatever the text -------------------------------------------------

SAMPLE = (
    f"# sample\n{HEADER}[Stake \"100\"]\n\ndeal Ana: 2h 3h JK\nstock: 9c 10d\n\n"
    "Ana discard 2h\nBeto draw ??\nBeto take 2h\nCaro meld 9c 9d JK=9s\nAna layoff 8d on 1\n"
    "Beto bota Q♠\nCaro canta Ana\n"
)
NOISE = st.text(alphabet=' \t\n\r#[]":=?\\abcdefhJKQ1078♥é\ufeff', min_size=1, max_size=4)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(SAMPLE)), st.integers(0, 3), NOISE), max_size=4))
def test_read_games_never_raises(edits: list[tuple[int, int, str]]) -> None:
    text = SAMPLE
    for at, cut, noise in edits:
        text = text[:at] + noise + text[at + cut :]
    lines = len(re.split(r"\r\n|\r|\n", text))  # a lone \r ends a line too
    for game in read_games(text):
        for problem in game.errors:
            assert 1 <= problem.line <= lines and problem.column >= 1
            assert problem.context.count("\n") == 1 and problem.context.endswith("^")
            assert not GRAMMAR_WORDS.search(problem.message)


# --- Files --------------------------------------------------------------------------


def test_read_path_strips_the_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "bom.rummy"
    path.write_bytes(b"\xef\xbb\xbf" + HEADER.encode())
    assert read_path(path) == HEADER


def test_read_path_rejects_text_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.rummy"
    path.write_bytes(b"\xef\xbb\xbf" + HEADER.encode() + "Jos\xe9 draw\n".encode("latin-1"))
    with pytest.raises(NotationFileError) as caught:
        read_path(path)
    # Was "byte 0xe9 at offset 47 (line 3)": now line and column (the BOM takes none),
    # what the bytes look like and how to fix it (tests/notation/test_files.py has more).
    assert caught.value.path == str(path)
    assert caught.value.message == (
        'not UTF-8 text: byte 0xe9 at line 3, column 4: it looks like Latin-1 / Windows-1252 '
        '(read that way, the line says "José draw"); save it as UTF-8 (for example: iconv -f '
        "cp1252 -t UTF-8 FILE > NEW.rummy), or audit it as it is with --encoding cp1252")
    assert str(caught.value).startswith(str(path))


@pytest.mark.parametrize("name", ["missing.rummy", "."])
def test_read_path_reports_files_it_cannot_read(tmp_path: Path, name: str) -> None:
    with pytest.raises(NotationFileError, match="cannot read the file"):
        read_path(tmp_path / name)


# --- Streaming: a text in chunks, a file a chunk at a time --------------------------------

GAMES = (
    f"\ufeff# before the first game\n{HEADER}deal Ana: 7h 8h\nAna discard 7h\n\n"
    f"{HEADER}[Round \"2\"]\n# a comment between tag lines\n[Stake \"5\"]\nBeto draw ??\n"
    f"{HEADER}Ana bota 7x\nCaro call Ana\r\n  [Game \"51\"]\n[Players \"Ana Beto\"]\nAna draw"
)


def chunked(text: str, cuts: list[int]) -> list[str]:
    points = sorted({0, len(text), *(c % (len(text) + 1) for c in cuts)})
    return [text[a:b] for a, b in itertools.pairwise(points)]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 10_000), max_size=12),
       st.lists(st.tuples(st.integers(0, len(GAMES)), NOISE), max_size=3))
def test_a_text_read_in_chunks_gives_the_same_games(cuts: list[int],
                                                    edits: list[tuple[int, str]]) -> None:
    text = GAMES
    for at, noise in edits:
        text = text[:at] + noise + text[at:]
    whole = read_games(text, "x")
    pieces = list(reader.iter_chunks(chunked(text, cuts), "x"))
    assert pieces == whole
    assert [[e.params for e in g.errors] for g in pieces] == [
        [e.params for e in g.errors] for g in whole]


def test_iter_path_reads_a_file_a_chunk_at_a_time(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "night.rummy"
    path.write_bytes(("\ufeff" + GAMES * 20).encode("utf-8"))
    monkeypatch.setattr(notation_files, "CHUNK_CHARS", 7)
    expected = read_games(read_path(path), str(path))
    assert len(expected) > 20
    assert list(reader.iter_path(path)) == expected
    assert {g.source for g in reader.iter_path(path, "shown")} == {"shown"}


def test_iter_path_names_the_first_bad_byte_even_late_in_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "late.rummy"
    path.write_bytes((GAMES * 5).encode() + "Jos\xe9 draw\n".encode("latin-1"))
    monkeypatch.setattr(notation_files, "CHUNK_CHARS", 64)
    with pytest.raises(NotationFileError) as caught:
        list(reader.iter_path(path))
    with pytest.raises(NotationFileError) as whole:
        read_path(path)
    assert caught.value.message == whole.value.message
    with pytest.raises(NotationFileError, match="cannot read the file"):
        list(reader.iter_path(tmp_path / "missing.rummy"))


# --- The parser: lark-cython, the pure-Lark fallback, the cache -----------------------------


def test_without_lark_cython_pure_lark_reads_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lark_private, "cython_plugins", lambda: None)
    parser = notation_parser.build_parser()
    assert runs_pure_lark(parser)
    text = f"{HEADER}deal Ana: 7h 8h\nAna discard 7h\nBeto draw\n"
    notation_parser.RECORDS.set_line_offset(0)
    assert parser.parse(text) == notation_parser.parse(text, 0)


@pytest.fixture()
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / "cache"))
    notation_parser.get_parser.cache_clear()
    folded.get_folded_parser.cache_clear()
    yield tmp_path / "cache"
    notation_parser.get_parser.cache_clear()
    folded.get_folded_parser.cache_clear()


def test_the_parser_is_cached_and_loaded_from_the_cache(cache_dir: Path) -> None:
    text = f"{HEADER}deal Ana: 7h 8h\nAna discard 7h\nAna bota 9x\n"
    expected = read_games(text)
    built = notation_parser.get_parser()
    [saved] = cache_dir.glob("rummy-parser-*.pickle")
    assert saved == notation_parser.parser_cache_path()
    notation_parser.get_parser.cache_clear()
    loaded = notation_parser.get_parser()
    assert loaded is not built
    assert read_games(text) == expected
    assert [e.params for e in read_games(text)[0].errors] == [e.params for e in expected[0].errors]


def test_a_damaged_cache_is_rebuilt(cache_dir: Path) -> None:
    path = notation_parser.parser_cache_path()  # the grammar file's: read for an error
    folded_path = notation_parser.parser_cache_path(folded.folded_grammar(), "rummy-folded")
    assert path is not None and folded_path is not None and path != folded_path
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a parser")
    folded_path.write_bytes(b"not a parser")
    assert read_games(f"{HEADER}Ana draw 7h\n")[0].events == [Draw("Ana", 3, 1, c("7h"))]
    assert folded_path.read_bytes() != b"not a parser"  # replaced by a good one
    assert read_games(f"{HEADER}Ana draw 7h\nAna bota 9x\n")[0].errors
    assert path.read_bytes() != b"not a parser"


def test_another_grammar_gets_another_cache_file(cache_dir: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    path = notation_parser.parser_cache_path()
    grammar = notation_parser.grammar_text()
    monkeypatch.setattr(notation_parser, "grammar_text", lambda: grammar + "\n// edited\n")
    assert notation_parser.parser_cache_path() != path


def test_no_cache_when_turned_off_or_unwritable(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_CACHE_DIR", "")
    assert notation_parser.parser_cache_path() is None
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(blocker / "cache"))  # a folder under a file
    notation_parser.get_parser.cache_clear()
    folded.get_folded_parser.cache_clear()
    try:
        assert read_games(f"{HEADER}Ana draw 7h\n")[0].events == [Draw("Ana", 3, 1, c("7h"))]
    finally:
        notation_parser.get_parser.cache_clear()
        folded.get_folded_parser.cache_clear()


def test_card_tokens_are_remembered_up_to_a_bound() -> None:
    tokens = CardTokens(size=3)
    for blanks in range(10):
        assert tokens.card("7h" + " " * blanks) == c("7h")
    assert len(tokens.known) == 3
    assert tokens.cards("7h 8h\t") == (c("7h"), c("8h"))
    assert tokens.card_at_start("9h  # c\n\n") == c("9h")
