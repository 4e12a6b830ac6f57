"""Reading cards under a game's deck (RULES.md §13, NOTATION.md): ``c`` is copas under a
Spanish deck, every notation error of §13 with its hint in both languages, the ``Deck``
tag anywhere among the tags, the caller's ``Deck`` knob winning over it."""

from __future__ import annotations

import pytest
from lark import Lark

from referee.cards import (
    FRENCH,
    SPANISH_40,
    SPANISH_48,
    CardError,
    Rank,
    Suit,
)
from referee.messages import render
from referee.notation.decks import deck_of
from referee.notation.parser import deck_parser
from referee.notation.reader import Reader, read_games
from referee.notation.writer import format_game

HEAD = '[Game "51"]\n[Players "Ana Beto"]\n'


def game(body: str, deck: str | None = "spanish-40", head: str = HEAD) -> str:
    tag = f'[Deck "{deck}"]\n' if deck else ""
    return head + tag + "\n" + body + "\n"


def errors(text: str, knobs: dict[str, str] | None = None) -> list[tuple[int, str]]:
    return [(p.line, p.key) for r in read_games(text, "<t>", knobs) for p in r.errors]


# --- the card model ---------------------------------------------------------------------


def test_c_is_clubs_under_the_french_deck_and_copas_under_a_spanish_one() -> None:
    assert FRENCH.parse("10c").suit is Suit.CLUBS
    assert SPANISH_40.parse("10c").suit is Suit.COPAS
    assert FRENCH.parse("10c") != SPANISH_48.parse("10c")


def test_decks_hold_their_cards() -> None:
    assert (FRENCH.size, SPANISH_48.size, SPANISH_40.size) == (52, 48, 40)
    assert [int(r) for r in SPANISH_40.ranks] == [1, 2, 3, 4, 5, 6, 7, 10, 11, 12]
    assert [int(r) for r in SPANISH_48.ranks] == list(range(1, 13))
    assert len(set(SPANISH_48.cards) | set(FRENCH.cards)) == 100


def test_spanish_suits_have_no_colour() -> None:
    assert all(suit.color is None for suit in SPANISH_48.suits)
    assert all(suit.color is not None for suit in FRENCH.suits)
    assert not SPANISH_40.colored and FRENCH.colored


def test_a_spanish_card_writes_its_rank_as_a_number() -> None:
    assert str(SPANISH_48.parse("Ao")) == "1o"
    assert str(SPANISH_48.parse("12b")) == "12b"
    assert str(SPANISH_40.parse("JK=1e")) == "JK=1e"
    assert SPANISH_40.parse("11c").format(symbols=True) == "11c"


@pytest.mark.parametrize("text", ["8o", "9c", "13o", "Jo", "7h", "0o"])
def test_the_40_card_deck_refuses(text: str) -> None:
    with pytest.raises(CardError):
        SPANISH_40.parse(text)


def test_the_48_card_deck_has_eight_and_nine() -> None:
    assert SPANISH_48.parse("8o").rank is Rank.EIGHT


# --- reading a game under its deck -----------------------------------------------------------


def test_a_spanish_game_reads_its_cards() -> None:
    (record,) = read_games(game("Ana discard 10c\nBeto draw 1o\nBeto discard Ae"), "<t>")
    assert not record.errors
    cards = [e.card for e in record.events]
    assert [c.suit for c in cards] == [Suit.COPAS, Suit.OROS, Suit.ESPADAS]
    assert [int(c.rank) for c in cards] == [10, 1, 1]


def test_the_deck_tag_may_stand_anywhere_among_the_tags() -> None:
    text = '[Deck "spanish-48"]\n[Game "51"]\n[Stake "5"]\n[Players "Ana Beto"]\n\nAna discard 9o\n'
    (record,) = read_games(text, "<t>")
    assert not record.errors and record.events[0].card == SPANISH_48.parse("9o")
    text = '[Game "51"]\n[Players "Ana Beto"]\n[Stake "5"]\n[deck "SPANISH-48"]\n\nAna discard 9o\n'
    assert errors(text) == []


def test_the_callers_deck_knob_wins_over_the_tag() -> None:
    text = game("Ana discard 8o", "spanish-48")
    assert errors(text) == []
    assert errors(text, {"Deck": "spanish-40"}) == [(5, "bad-card:no-8-9")]
    french = HEAD + "\nAna discard 7o\n"
    assert errors(french) == [(4, "bad-card:spanish")]
    assert errors(french, {"deck": "spanish-40"}) == []


def test_the_same_text_reads_under_each_games_deck() -> None:
    text = game("Ana discard 10c", "spanish-40") + game("Ana discard 10c", None)
    first, second = read_games(text, "<t>")
    assert first.events[0].card.suit is Suit.COPAS
    assert second.events[0].card.suit is Suit.CLUBS


def test_argentino_has_no_deck_its_deck_tag_is_unknown() -> None:
    head = '[Game "rummy-argentino"]\n[Players "Ana Beto"]\n'
    assert deck_of(head + '[Deck "spanish-40"]\n') is FRENCH
    assert errors(game("Ana discard 7o", "spanish-40", head)) == [(5, "bad-card:spanish")]


def test_a_bad_deck_value_is_a_syntax_error_at_its_tag_and_the_cards_are_not_read() -> None:
    text = game("Ana discard 7o\nBeto discard 7h\nwhat is this", "spanish-52")
    (record,) = read_games(text, "<t>")
    assert [(p.line, p.key) for p in record.errors] == [(3, "bad-knob")]
    assert record.events == [] and record.bad_tag == 3


def test_a_good_deck_value_reads_on() -> None:
    assert errors(game("Ana discard 7o\nBeto discard 7h", "spanish-48")) == [
        (6, "bad-card:french-suit")]


def test_every_bad_line_of_a_spanish_game_is_reported() -> None:
    text = game("Ana discard 7h\nBeto draw\nBeto discard Qo\nAna draw 9e\nAna discard 12e")
    assert errors(text) == [(5, "bad-card:french-suit"), (7, "bad-card:letter-rank"),
                            (8, "bad-card:no-8-9")]


# --- the notation errors of §13, with their hints -----------------------------------------------


@pytest.mark.parametrize(("word", "key", "hint"), [
    ("7h", "bad-card:french-suit", "o (oros), c (copas), e (espadas), b (bastos)"),
    ("7d", "bad-card:french-suit", "o (oros), c (copas), e (espadas), b (bastos)"),
    ("7s", "bad-card:french-suit", "o (oros), c (copas), e (espadas), b (bastos)"),
    ("7♥", "bad-card:french-suit", "o (oros), c (copas), e (espadas), b (bastos)"),
    ("Jo", "bad-card:letter-rank", "the sota, caballo and rey are 10, 11 and 12"),
    ("Qc", "bad-card:letter-rank", "the sota, caballo and rey are 10, 11 and 12"),
    ("Ke", "bad-card:letter-rank", "the sota, caballo and rey are 10, 11 and 12"),
    ("Tb", "bad-card:letter-rank", "the sota, caballo and rey are 10, 11 and 12"),
    ("8o", "bad-card:no-8-9", 'a 40-card Spanish deck has no 8 or 9; [Deck "spanish-48"]'),
    ("9b", "bad-card:no-8-9", 'a 40-card Spanish deck has no 8 or 9; [Deck "spanish-48"]'),
    ("13o", "bad-card:spanish-deck", "a rank (1 to 12, or A for 1)"),
    ("JK=8c", "bad-card:no-8-9", "no 8 or 9"),
])
def test_spanish_notation_errors_say_why(word: str, key: str, hint: str) -> None:
    (record,) = read_games(game(f"Ana discard {word}"), "<t>")
    (problem,) = record.errors
    assert (problem.line, problem.column, problem.key) == (5, 13, key)
    assert hint in problem.message
    spanish = render(problem.key, problem.params, "es")
    assert spanish != problem.message and word in spanish


@pytest.mark.parametrize("word", ["8o", "9c"])
def test_eight_and_nine_are_cards_of_the_48_card_deck(word: str) -> None:
    assert errors(game(f"Ana discard {word}", "spanish-48")) == []


@pytest.mark.parametrize("word", ["7o", "1c", "11h", "12s", "3e", "10b", "JK=1o"])
def test_spanish_cards_under_the_french_deck_name_the_spanish_deck(word: str) -> None:
    (record,) = read_games(HEAD + f"\nAna discard {word}\n", "<t>")
    (problem,) = record.errors
    assert problem.key == "bad-card:spanish"
    assert '[Deck "spanish-48"]' in problem.message
    assert '[Deck "spanish-48"]' in render(problem.key, problem.params, "es")


@pytest.mark.parametrize("word", ["7x", "13h", "0c"])
def test_other_bad_cards_under_the_french_deck_say_what_they_said(word: str) -> None:
    assert errors(HEAD + f"\nAna discard {word}\n") == [(4, "bad-card")]


def test_a_spanish_card_in_the_wrong_case() -> None:
    (record,) = read_games(game("Ana discard 7O"), "<t>")
    (problem,) = record.errors
    assert problem.key == "card-case" and problem.params["card"] == "7o"


def test_a_wild_two_is_refused_under_a_spanish_deck_too() -> None:
    assert errors(game("Ana discard 1o\nBeto draw\nBeto meld 3o 4o 2o=5o 6o")) == [
        (7, "no-wild-two")]


# --- the grammar of a deck, and the line memo of each deck -------------------------------------


def test_a_decks_grammar_changes_only_its_cards() -> None:
    french, spanish = (deck_parser(deck).parser() for deck in (FRENCH, SPANISH_40))

    def expressions(parser: Lark) -> dict[str, str]:
        return {str(t.name): t.pattern.to_regexp() for t in parser.terminals}

    ours, theirs = expressions(french), expressions(spanish)
    assert ours.keys() == theirs.keys()
    assert {name for name in ours if ours[name] != theirs[name]} == {"CARD", "CARDS", "PILE"}
    assert [str(rule) for rule in french.rules] == [str(rule) for rule in spanish.rules]


def test_each_deck_has_its_own_line_memo() -> None:
    reader = Reader()
    spanish = game("Ana discard 10c\nBeto discard 10c\nAna discard 10c")
    french = game("Ana discard 10c\nBeto discard 10c\nAna discard 10c", None)
    for text, suit in ((spanish, Suit.COPAS), (french, Suit.CLUBS), (spanish, Suit.COPAS)):
        (record,) = reader.games(text)
        assert {e.card.suit for e in record.events} == {suit}


def test_fmt_writes_the_as_as_one() -> None:
    (record,) = read_games(game("Ana discard Ao\nBeto draw\nBeto discard 12c"), "<t>")
    written = format_game(record)
    assert "Ana discard 1o" in written and "Beto discard 12c" in written
    assert '[Deck "spanish-40"]' in written


@pytest.mark.parametrize(("body", "key"), [
    ("Ana discard", "expected-card"), ("Ana meld", "expected-card"), ("Ana take", "expected-card")])
@pytest.mark.parametrize(("deck", "card"), [(None, "7h"), ("spanish-48", "7o"),
                                            ("spanish-40", "7o")])
def test_a_missing_cards_message_shows_a_card_of_the_games_deck(
        body: str, key: str, deck: str | None, card: str) -> None:
    (record,) = read_games(game(body, deck), "<t>")
    (problem,) = record.errors
    assert problem.key == key
    assert f" {card} " in problem.message
    assert f" {card} " in render(problem.key, problem.params, "es")


def test_an_argentino_up_line_shows_a_french_card() -> None:
    head = '[Game "rummy-argentino"]\n[Players "Ana Beto"]\n'
    (record,) = read_games(game("up:", None, head), "<t>")
    (problem,) = record.errors
    assert problem.key == "expected-card-or-unseen" and " 7h " in problem.message
