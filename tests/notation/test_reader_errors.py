"""The reader's syntax errors in words: line, column, caret, hint, both languages; the
grammar's states."""

from __future__ import annotations

import re

import lark
import pytest
from lark import Lark, Token

from referee.cards import DECKS
from referee.i18n.syntax import MESSAGES
from referee.messages import render
from referee.notation import diagnose
from referee.notation.events import (
    Discard,
    Draw,
)
from referee.notation.parser import build, deck_parser
from referee.notation.reader import read_games
from tests.notation.reading import (
    GRAMMAR_WORDS,
    HEADER,
    c,
    caret_column,
    only_error,
    read_one,
)

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


@pytest.fixture(scope="module", params=sorted(DECKS))
def strict_parser(request: pytest.FixtureRequest) -> tuple[str, Lark]:
    """Each deck's grammar built by pure Lark with strict=True and no cache: no
    shift/reduce conflict, no colliding terminals (lark-cython, used at run time, skips
    these checks)."""
    return request.param, build(DECKS[request.param], cython=False, cache=False, strict=True)


def test_the_grammar_passes_lark_strict_mode(strict_parser: tuple[str, Lark]) -> None:
    deck, parser = strict_parser
    assert parser.options.strict
    assert not parser.options.cache
    card = "7h" if deck == "french" else "7o"
    text = f"{HEADER}deal Ana: {card} JK\nAna discard {card}\n"
    parser.options.transformer.set_line_offset(0)
    assert parser.parse(text) == deck_parser(DECKS[deck]).parse(text, 0)


def _expected_sets(parser: Lark) -> list[set[str]]:
    """What the parser may take next (its terminals), in every state it can reach from
    the start: Lark's interactive parser fed every terminal it accepts, breadth first."""
    start = parser.parse_interactive("")
    seen: set[tuple[int, ...]] = set()
    found: list[set[str]] = []
    todo = [start]
    while todo and len(seen) < 5000:
        interactive = todo.pop(0)
        stack = tuple(interactive.parser_state.state_stack)
        if stack in seen:
            continue
        seen.add(stack)
        terminals = {name for name in interactive.choices() if name.isupper() and name != "$END"}
        found.append(terminals)
        for name in terminals:
            step = interactive.copy()
            step.feed_token(Token(name, "1"))
            todo.append(step)
    return found


def test_every_parser_state_has_words_for_its_errors() -> None:
    """Whatever the parser expects at an error, a message names it (no fallback)."""
    tree_parser = lark.Lark.open_from_package(
        "referee.grammar", "rummy.lark", ("", "decks/french"), parser="lalr",
        lexer="contextual")
    sets = _expected_sets(tree_parser)
    assert len(sets) > 20
    for expected in sets:
        if expected:
            for found in (None, "zz"):
                key, _ = diagnose._explain(expected, "x", found)
                assert key != "unexpected", expected
