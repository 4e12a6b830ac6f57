"""The `.rummy` reader: the contracts (NOTATION.md, the sample logs), every event and
setup line."""

from __future__ import annotations

import re
import threading
from concurrent.futures import ThreadPoolExecutor
from importlib.resources import files
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import DECKS, FRENCH
from referee.notation.events import (
    Call,
    Deal,
    Discard,
    Draw,
    GameRecord,
    Layoff,
    Meld,
    Take,
)
from referee.notation.parser import deck_parser
from referee.notation.reader import iter_games, read_games, read_path
from tests.notation.reading import (
    EXAMPLE_FILES,
    EXAMPLES,
    HEADER,
    SPEC,
    c,
    read_clean,
)

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
                                         " ", "\t", "  ", "#", "x", "h", "=", "\n", "7", "7o",
                                         "12b", "8c", "2e=1o", "1", "o", "♠"]),
                       max_size=8).map("".join)


@settings(max_examples=400, deadline=None)
@given(_CARD_WORDS, st.sampled_from(sorted(DECKS)))
def test_cards_and_pile_read_as_their_terminals_written_out(text: str, deck: str) -> None:
    """Each deck's cards.lark writes CARDS and PILE as one expression each, with a
    possessive loop; they read what CARD, or CARD and ``??``, one or more separated by
    blanks, read."""
    grammar = deck_parser(DECKS[deck]).parser()

    def expression(name: str) -> str:
        return grammar.get_terminal(name).pattern.to_regexp()

    card, unseen = expression("CARD"), expression("UNSEEN")
    for name, one in (("CARDS", card), ("PILE", f"{card}|{unseen}")):
        written_out = re.compile(f"(?:{one})(?:[\t ]+(?:{one}))*[\t ]*")
        found = re.compile(expression(name)).match(text)
        expected = written_out.match(text)
        assert (found and found.end()) == (expected and expected.end()), (name, text)


def test_the_grammar_alone_reads_many_games_and_a_bom() -> None:
    text = f"\ufeff# two games\n{HEADER}Ana draw\n\n{HEADER}\n[Round \"2\"]\nBeto draw 7h\n"
    games = deck_parser(FRENCH).parse(text, 0)
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
