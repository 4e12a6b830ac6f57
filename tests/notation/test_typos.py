"""Every typo of a hand-typed log in one run, with hints (issue 13, point 1).

Before: the reader stopped reading a game at its first bad line, so a log with
five typos took five runs to fix; keywords, player names, cards and tag names
one letter off got no hint, and a misspelt knob tag was ignored without a word.
Now every bad line of a game is reported (the events still stop at the first
one: nothing after it is judged), with "did you mean" where it helps.
"""

from __future__ import annotations

import pytest

from referee.audit import audit_game
from referee.cards import Card, Deck
from referee.engine.findings import LOG_ERROR, NOTICE, SYNTAX_ERROR
from referee.messages import render
from referee.notation import recover
from referee.notation.events import Discard, Draw, GameRecord, Meld
from referee.notation.reader import read_games
from referee.notation.reducers import GameText

HEADER = '[Game "51"]\n[Players "Ana Beto"]\n'

FIVE_TYPOS = (
    HEADER
    + "\n"
    + "Ana discard 7h\n"  # 4: fine
    + "Beto drwa 8c\n"  # 5: typo 1 (draw)
    + "Beto discard 8c\n"
    + "Ana draw 9s\n"
    + "Ana descarte 9s\n"  # 8: typo 2 (descarta)
    + "Beto draw 10s\n"
    + "Beto discard 11h\n"  # 10: typo 3 (no rank 11: the Spanish deck's caballo)
    + "Ana draw Zx\n"  # 11: typo 4 (no such card)
    + "Ana discard 9s\n"
    + "Beto layoff 8d on 1 2\n"  # 13: typo 5 (a second number)
    + "Beto discard 10s\n"
)


def read_one(text: str) -> GameRecord:
    (game,) = read_games(text)
    return game


def test_five_typos_in_one_game_are_all_reported_in_one_run() -> None:
    game = read_one(FIVE_TYPOS)
    assert [(p.line, p.column, p.key) for p in game.errors] == [
        (5, 6, "unknown-event-word:hint"),
        (8, 5, "unknown-event-word:hint"),
        (10, 14, "bad-card:spanish"),  # RULES.md §13: its hint names [Deck "spanish-48"]
        (11, 10, "bad-card"),
        (13, 21, "expected-end"),
    ]
    messages = [p.message for p in game.errors]
    assert messages[0].startswith("unknown word 'drwa': did you mean 'draw'?")
    assert messages[1].startswith("unknown word 'descarte': did you mean 'descarta'?")
    assert messages[2].startswith("'11h' is not a card: a card is a rank (A, 2 to 10 or T, J, Q")
    assert messages[3].startswith("'Zx' is not a card")
    assert messages[4] == "expected the end of the line after '1'"
    for problem in game.errors:  # each with its line and a caret under the column
        source, caret = problem.context.split("\n")
        assert source == FIVE_TYPOS.splitlines()[problem.line - 1]
        assert caret == " " * (problem.column - 1) + "^"


def test_the_record_still_stops_at_the_first_bad_line() -> None:
    game = read_one(FIVE_TYPOS)
    assert game.events == [Discard("Ana", 4, 1, Card.parse("7h"))]
    assert game.stopped_at == 5
    result = audit_game(game)  # the engine replays only what comes before the first typo
    assert result.events == 1
    assert [f.line for f in result.findings if f.kind == SYNTAX_ERROR] == [5, 8, 10, 11, 13]
    assert not [f for f in result.findings if f.kind not in (SYNTAX_ERROR, NOTICE)]


def test_a_clean_game_has_no_stop() -> None:
    game = read_one(HEADER + "Ana discard 7h\n")
    assert (game.errors, game.stopped_at) == ([], None)


def test_lines_after_the_first_error_are_read_in_their_place() -> None:
    # A setup line after the events is still an error after a typo; an event line is not.
    text = HEADER + "deal Ana: 7h\nAna drwa\nBeto draw\ndeal Beto: 8h\nBeto discard 8h\n"
    game = read_one(text)
    assert [(p.line, p.key) for p in game.errors] == [(4, "unknown-event-word:hint"),
                                                      (6, "setup-after-events")]
    assert list(game.deals) == ["Ana"] and game.events == []


def test_a_bad_tag_line_no_longer_hides_the_tags_and_lines_after_it() -> None:
    text = '[Game "51"]\n[Event Friday]\n[Players "Ana Beto"]\n[MinOpen "x"]\nAna drwa\n'
    game = read_one(text)
    assert [(p.line, p.key) for p in game.errors] == [
        (2, "expected-tag-value"), (4, "bad-knob"), (5, "unknown-event-word:hint")]
    assert game.tag_values == {"Game": "51", "Players": "Ana Beto", "MinOpen": "x"}
    assert game.players == ("Ana", "Beto") and game.events == []


def test_notation_a_game_does_not_allow_is_checked_after_a_typo_too() -> None:
    # Under 51 a take names its card; the bare take after the typo is reported as well.
    game = read_one(HEADER + "Ana drwa\nBeto discard 7h\nAna take\n")
    assert [(p.line, p.key) for p in game.errors] == [(3, "unknown-event-word:hint"),
                                                      (5, "expected-card")]


def test_text_before_the_first_tag_is_one_error_not_one_per_line() -> None:
    first, _ = read_games("notes\nmore notes\n" + HEADER + "Ana draw\n")
    assert [(p.line, p.key) for p in first.errors] == [(1, "no-tags")]


@pytest.mark.parametrize(("line", "key", "words"), [
    ("Ana robo", "unknown-event-word:hint", "did you mean 'roba'?"),
    ("Ana DRWA 7h", "unknown-event-word:hint", "did you mean 'draw'?"),
    ("Ana bajaa 7h 8h 9h", "unknown-event-word:hint", "did you mean 'baja'?"),
    ("Ana pgea 7h en 1", "unknown-event-word:hint", "did you mean 'pega'?"),
    ("repatre Ana: 7h", "unknown-setup-word:hint", "did you mean 'reparte'?"),
    ("Ana sings", "unknown-event-word", "expected draw, take, meld, layoff, discard or call"),
])
def test_keyword_hints_in_both_languages(line: str, key: str, words: str) -> None:
    (problem,) = read_one(HEADER + line + "\n").errors
    assert problem.key == key and words in problem.message


def test_hints_render_in_spanish() -> None:
    (problem,) = read_one(HEADER + "Ana descarte 7h\n").errors
    assert render(problem.key, problem.params, "es") == (
        "palabra desconocida 'descarte': ¿quiso decir 'descarta'? (se esperaba roba, toma, "
        "baja, pega, descarta o canta)")


def test_suit_emoji_with_a_variation_selector_is_the_suit() -> None:
    # Phones write Q♥️ as Q, ♥ and U+FE0F; today that was "expected a card".
    game = read_one(HEADER + "Ana discard Q\u2665\ufe0f\n"
                    "Beto meld 7\u2666\ufe0f 7\u2660\ufe0e 7h\n")
    assert game.errors == []
    assert game.events == [Discard("Ana", 3, 1, Card.parse("Qh")),
                           Meld("Beto", 4, 1, tuple(map(Card.parse, ("7d", "7s", "7h"))))]


# --- Player names: the engine's unknown-player, with a hint --------------------------------


@pytest.mark.parametrize(("typed", "hint"), [("Bteo", "Beto"), ("ana", "Ana"), ("BETO", "Beto")])
def test_unknown_player_suggests_the_player_meant(typed: str, hint: str) -> None:
    result = audit_game(read_one(HEADER + f"Ana discard 7h\n{typed} draw\n"))
    (finding,) = [f for f in result.findings if f.kind == LOG_ERROR]
    assert (finding.rule, finding.line, finding.key) == ("unknown-player", 4,
                                                         "unknown-player:hint")
    assert finding.message("en") == f"{typed} is not one of the players: did you mean {hint}?"
    assert finding.message("es") == f"{typed} no es uno de los jugadores: ¿quiso decir {hint}?"


def test_unknown_player_far_from_every_name_gets_no_hint() -> None:
    # The deal of someone else, a stranger's draw, a call on a name one letter short.
    game = read_one(HEADER + "deal Eva: 7h\nAna discard 7h\nZoe draw\nAna call Bet\n")
    findings = [f for f in audit_game(game).findings if f.rule == "unknown-player"]
    assert [(f.line, f.key) for f in findings] == [
        (3, "unknown-player"), (5, "unknown-player"), (6, "unknown-player:hint")]
    assert findings[0].message() == "Eva is not one of the players"


# --- Tags: a knob one letter off, a required tag misspelt, tags after the events ----------


def test_an_unknown_tag_close_to_a_knob_gets_a_notice() -> None:
    # Before: [MinOpne "71"] and [Stak "100"] were ignored without a word.
    text = '[Game "51"]\n[Players "Ana Beto"]\n[MinOpne "71"]\n[Stak "100"]\n[Venue "x"]\n'
    game = read_one(text + "Ana discard 7h\n")
    assert game.errors == []
    assert [(n.line, n.column, n.key, n.params) for n in game.notices] == [
        (3, 2, "unknown-tag", {"tag": "MinOpne", "hint": "MinOpen"}),
        (4, 2, "unknown-tag", {"tag": "Stak", "hint": "Stake"}),
    ]
    assert game.notices[0].message == (
        "unknown tag MinOpne, ignored: did you mean the house rule MinOpen?")
    assert render("unknown-tag", game.notices[1].params, "es") == (
        "etiqueta desconocida Stak, ignorada: ¿quiso decir la regla de la casa Stake?")
    result = audit_game(game)
    notices = [f for f in result.findings if f.rule == "unknown-tag"]
    assert [(f.kind, f.line, f.column, f.player) for f in notices] == [
        (NOTICE, 3, 2, None), (NOTICE, 4, 2, None)]
    assert result.rules["MinOpen"] == 51  # still ignored: a notice changes no ruling


def test_tag_notices_name_only_the_knobs_of_the_game() -> None:
    # Targt is one letter off Target, a knob of Rummy argentino, not of 51.
    game = read_one(HEADER + '[Targt "100"]\n[Reslt "Ana"]\nAna discard 7h\n')
    assert [(n.key, n.params["hint"]) for n in game.notices] == [("unknown-tag:result",
                                                                  "Result")]


def test_a_misspelt_required_tag_says_which_tag_it_looks_like() -> None:
    game = read_one('[Game "51"]\n[Player "Ana Beto"]\nAna discard 7h\n')
    (problem,) = game.errors
    assert (problem.line, problem.column, problem.key) == (2, 1, "missing-tag:hint")
    assert problem.message == ("the game has no Players tag (every game needs Game and "
                               "Players): did you mean Players here instead of Player?")
    game = read_one('[game "51"]\n[Players "Ana Beto"]\n')
    assert [(p.line, p.params["hint"]) for p in game.errors] == [(1, "game")]


def test_a_tag_block_after_the_events_is_said_to_be_one() -> None:
    # Before: a game of its own with two errors (no Game tag, no Players tag).
    text = HEADER + "Ana discard 7h\n\n[Result \"Ana\"]\n"
    (game,) = read_games(text)
    (problem,) = game.errors
    assert (problem.line, problem.column, problem.key) == (5, 1, "tags-after-events")
    assert problem.message.startswith("the tag Result comes after the events of the game")
    assert game.tag_values == {"Game": "51", "Players": "Ana Beto"}  # not read
    assert game.events == [Discard("Ana", 3, 1, Card.parse("7h"))]


def test_tags_after_the_events_before_the_next_game_are_the_first_games() -> None:
    # A tag block runs on over blank lines, so the [Result] of game 1 was read as game 2's.
    text = (HEADER + "Ana discard 7h\n[Result \"Ana\"]\n\n" + HEADER + "[Result \"Beto\"]\n"
            "Beto draw\n")
    first, second = read_games(text)
    assert [(p.line, p.key) for p in first.errors] == [(4, "tags-after-events")]
    assert (second.index, second.line, second.errors) == (2, 6, [])
    assert second.tag_values == {"Game": "51", "Players": "Ana Beto", "Result": "Beto"}
    assert second.events == [Draw("Beto", 9, 1)]


def test_tags_before_the_game_tag_with_no_blank_line_are_the_games_own() -> None:
    text = HEADER + "Ana discard 7h\n" + '[Event "Friday"]\n' + HEADER + "Beto draw\n"
    first, second = read_games(text)
    assert first.errors == second.errors == []
    assert second.tag_values["Event"] == "Friday"


# --- Recovery costs time linear in the game -----------------------------------------------


def test_recovery_parses_each_line_at_most_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    deck_parser = recover.deck_parser

    class Counting:
        def __init__(self, deck: Deck) -> None:
            self.parser = deck_parser(deck)

        def parse(self, text: str, offset: int) -> list[GameText]:
            seen.append(text.count("\n"))
            return self.parser.parse(text, offset)

    monkeypatch.setattr(recover, "deck_parser", Counting)
    body = "".join("Ana drwa\n" if i % 50 == 0 else "Ana draw\n" for i in range(5000))
    game = read_one(HEADER + "Ana draw\n" + body)
    assert len(game.errors) == 100
    stub_lines = 2
    assert sum(seen) - stub_lines * len(seen) <= 2 * 5000
    assert len(seen) < 100 * 14  # about log2(49) blocks between two typos, not 49


def test_names_two_letters_apart_are_other_people() -> None:
    game = read_one('[Game "51"]\n[Players "Hernán Ana"]\nHernán discard 7h\nGermán draw\n')
    (finding,) = [f for f in audit_game(game).findings if f.rule == "unknown-player"]
    assert finding.key == "unknown-player"  # no "did you mean Hernán?"
