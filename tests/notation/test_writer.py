"""The writer: canonical notation that reads back to the same games."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import ALL_NATURALS, JOKER, Card
from referee.knobs import knob_name
from referee.notation.controls import STRAY
from referee.notation.events import (
    Call,
    Deal,
    Discard,
    Draw,
    Event,
    GameRecord,
    Layoff,
    Meld,
    Tag,
    Take,
)
from referee.notation.reader import read_games
from referee.notation.writer import format_event, format_game, format_games

EXAMPLES = Path("/work/shared/examples")
EXAMPLE_FILES = sorted(EXAMPLES.glob("*.rummy")) if EXAMPLES.is_dir() else []
STYLES = [("en", False), ("en", True), ("es", False), ("es", True)]

KEYWORDS = {
    "deal", "reparte", "stock", "mazo", "draw", "roba", "take", "toma", "recoge", "meld", "baja",
    "layoff", "pega", "on", "en", "discard", "descarta", "bota", "call", "canta",
}


def essence(record: GameRecord) -> tuple[Any, ...]:
    """What a game says, without where it says it (line and column numbers)."""
    return (
        [(tag.name, tag.value) for tag in record.tags.values()],
        record.players,
        {name: deal.cards for name, deal in record.deals.items()},
        record.stock,
        [dataclasses.replace(event, line=0, column=0) for event in record.events],
    )


def reread(records: list[GameRecord], lang: str, symbols: bool) -> list[GameRecord]:
    again = read_games(format_games(records, lang, symbols))
    assert all(record.errors == [] for record in again)
    return again


@pytest.mark.skipif(not EXAMPLE_FILES, reason="the sample logs are not here")
@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.stem)
@pytest.mark.parametrize(("lang", "symbols"), STYLES)
def test_sample_logs_round_trip(path: Path, lang: str, symbols: bool) -> None:
    records = read_games(path.read_text(encoding="utf-8"))
    assert [essence(r) for r in reread(records, lang, symbols)] == [essence(r) for r in records]


def test_canonical_layout() -> None:
    text = (
        "# comments are not kept\n"
        '[Game "51"]\n[Players "Ana Beto"]\n[Event "Ana \\"la Flaca\\""]\n'
        "stock: 9c T♦\ndeal Beto: 2h\ndeal Ana: 3h JK\n\n"
        "Ana  discard 3h   # here\nBeto draw\nBeto toma 3h\nBeto baja 3h 4h JK=5h\n"
        "Ana roba 7h\nAna pega 6h en 1\nBeto canta Ana\n"
    )
    expected = (
        '[Game "51"]\n[Players "Ana Beto"]\n[Event "Ana \\"la Flaca\\""]\n\n'
        "deal Ana: 3h JK\ndeal Beto: 2h\nstock: 9c 10d\n\n"
        "Ana discard 3h\nBeto draw ??\nBeto take 3h\nBeto meld 3h 4h JK=5h\n"
        "Ana draw 7h\nAna layoff 6h on 1\nBeto call Ana\n"
    )
    assert format_games(read_games(text)) == expected


def test_spanish_keywords_and_suit_symbols() -> None:
    (record,) = read_games('[Game "51"]\n[Players "Ana Beto"]\ndeal Ana: 10h\nAna discard 10h\n'
                           "Beto draw\nBeto take 10h\nBeto meld 10h Jh Qh\nAna layoff Kh on 1\n"
                           "Beto call Ana\n")
    assert format_game(record, lang="es", symbols=True) == (
        '[Game "51"]\n[Players "Ana Beto"]\n\nreparte Ana: 10♥\n\n'
        "Ana descarta 10♥\nBeto roba ??\nBeto toma 10♥\nBeto baja 10♥ J♥ Q♥\n"
        "Ana pega K♥ en 1\nBeto canta Ana\n"
    )


def test_games_are_separated_by_a_blank_line_and_writing_is_stable() -> None:
    text = '[Game "51"]\n[Players "Ana Beto"]\n\nAna discard 7h\n\n[Game "51"]\n[Players "A B"]\n'
    written = format_games(read_games(text))
    assert written == text
    assert format_games(read_games(written)) == written


def test_a_record_built_without_players_tag_gets_one() -> None:
    record = GameRecord(1, 1, {"Game": Tag("Game", "51", 1, 1)}, players=("Ana", "Beto"),
                        events=[Draw("Ana", 0, 0, JOKER)])
    assert format_game(record) == '[Game "51"]\n[Players "Ana Beto"]\n\nAna draw JK\n'


def test_format_event() -> None:
    assert format_event(Layoff("Zoë", 9, 1, Card.parse("JK=10s"), 12), "es", True) == (
        "Zoë pega JK=10♠ en 12"
    )


def test_unwritable_records_raise() -> None:
    record = GameRecord(1, 1, {"Event": Tag("Event", "two\nlines", 1, 1)})
    with pytest.raises(ValueError, match="spans lines"):
        format_game(record)
    record = GameRecord(1, 1, {"Event": Tag("Event", "a\x00b", 1, 1)})
    with pytest.raises(ValueError, match="holds a control character"):
        format_game(record)  # the reader would refuse it
    with pytest.raises(ValueError, match="unknown language"):
        format_game(GameRecord(1, 1), lang="fr")


# --- Property: any record the notation can hold survives write-then-read -------------

LETTERS = "abcxyzABCXYZáéñüÉÑΖωήĐứЖя李雷ท0123456789_-\u0301"
names = st.text(LETTERS, min_size=1, max_size=8).filter(lambda name: name.lower() not in KEYWORDS)
naturals = st.sampled_from(ALL_NATURALS)
cards = st.one_of(naturals, st.just(JOKER), naturals.map(lambda card: Card(None, None, card)))
card_tuples = st.lists(cards, min_size=1, max_size=15).map(tuple)
tag_names = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,8}", fullmatch=True).filter(
    lambda name: knob_name(name) is None and name not in ("Game", "Players")
)
# A value holds no line end nor control character but tab (the notation refuses them).
tag_values = st.text(st.characters(blacklist_characters="\r\n", blacklist_categories=("Cs",)),
                     max_size=12).filter(lambda value: STRAY.search(value) is None)


def events(players: list[str]) -> st.SearchStrategy[Event]:
    """Events by the players (or by anyone: the reader keeps unknown names as written)."""
    who = st.one_of(st.sampled_from(players), names)
    return st.one_of(
        st.builds(Draw, who, st.just(0), st.just(0), st.none() | cards),
        st.builds(Take, who, st.just(0), st.just(0), cards.map(lambda c: (c,))),
        st.builds(Meld, who, st.just(0), st.just(0), card_tuples),
        st.builds(Layoff, who, st.just(0), st.just(0), cards, st.integers(0, 99)),
        st.builds(Discard, who, st.just(0), st.just(0), cards),
        st.builds(Call, who, st.just(0), st.just(0), who),
    )


@st.composite
def records(draw: st.DrawFn, body: bool = False) -> GameRecord:
    """A game; with ``body``, one with at least one event (a game with nothing after its
    tags can only be the last of a text: the next tag block would join its own)."""
    players = draw(st.lists(names, min_size=2, max_size=6, unique=True))
    tags = {"Game": "51", "Players": " ".join(players)}
    tags |= draw(st.dictionaries(tag_names, tag_values, max_size=3))
    dealt = draw(st.lists(st.sampled_from(players), unique=True))
    return GameRecord(
        index=1,
        line=1,
        tags={name: Tag(name, value, 0, 0) for name, value in tags.items()},
        players=tuple(players),
        deals={name: Deal(name, draw(card_tuples), 0, 0) for name in dealt},
        stock=draw(st.none() | card_tuples),
        events=draw(st.lists(events(players), min_size=int(body), max_size=25)),
    )


@settings(max_examples=200, deadline=None)
@given(st.lists(records(body=True), max_size=2), records(), st.sampled_from(STYLES))
def test_write_then_read_gives_the_same_games(
    games: list[GameRecord], last: GameRecord, style: tuple[str, bool]
) -> None:
    lang, symbols = style
    games = [*games, last]
    again = reread(games, lang, symbols)
    assert [essence(record) for record in again] == [essence(record) for record in games]
