"""The line memo (referee/notation/memo.py) reads exactly what Lark reads."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import DECKS
from referee.notation import memo, reader
from referee.notation.events import Discard, Draw, GameRecord
from referee.notation.reader import Reader
from referee.sim import simulate_text

SNIPPETS = [" ", "\t", "# c", "\r", "x", "??", "draw", "up ", "deal ", "stock: 7h", '[Tag "x"]',
            "", "Ana", "7h", " on 9", "10♦", "JK=5h", "meld 7h 8h 9h", ":", "take", "\ufeff",
            "\u00a0", "-", "_", "é", "x" * 70, "Ana" * 22, "[", "!", "Ana discard 7h",
            "\x00", "\x01", "\x1b", "\x7f", "\x0b", "\x0c", "\x85", "\u2028", "7h\x00",
            "JK=7h", "2s=Kh", "=", "JK=", "=7h", "2s=JK", '[Game "rummy-argentino"]', "Deal",
            '[Deck "spanish-40"]', "7o", "12b", "discard 10c"]

_LARK = Reader(memo=False)  # every line read by Lark


def _without_memo(text: str) -> list[GameRecord]:
    return list(_LARK.games(text))


def _mutated(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(lines))
        snippet = rng.choice(SNIPPETS)
        how = rng.randrange(5)
        if how == 0:
            lines[at] = snippet + lines[at]
        elif how == 1:
            lines[at] += snippet
        elif how == 2:
            lines.insert(at, snippet)
        elif how == 3:
            lines[at] = lines[at].replace(" ", snippet, 1)
        else:
            other = rng.randrange(len(lines))
            lines[at], lines[other] = lines[other], lines[at]
    return ("\r\n" if rng.random() < 0.2 else "\n").join(lines)


def _corpus() -> str:
    return (simulate_text("51", 30, (2, 6), 5) + simulate_text("rummy-argentino", 20, (2, 8), 6)
            + simulate_text("51", 10, (2, 5), 7, knobs={"Deck": "spanish-40"}))


def test_a_warm_memo_reads_every_game_as_lark_does() -> None:
    reading = Reader()
    clean = _corpus()
    assert list(reading.games(clean)) == _without_memo(clean)
    assert len(reading.memo_of(DECKS["french"]).entries) > 50  # warm
    assert len(reading.memo_of(DECKS["spanish-40"]).entries) > 20
    rng = random.Random(51)
    broken = 0
    for _ in range(150):
        game = rng.choice(("51", "rummy-argentino"))
        text = _mutated(clean if rng.random() < 0.2 else simulate_text(game, 3, (2, 6), 7), rng)
        with_memo = list(reading.games(text))
        assert with_memo == _without_memo(text), text
        broken += any(record.errors for record in with_memo)
    assert broken > 50  # the mutations reach syntax errors too


def test_a_remembered_line_gets_its_own_line_and_column() -> None:
    reading = Reader()
    text = ('[Game "51"]\n[Players "Ana Beto"]\nAna draw\nAna discard 7h\n'
            "Beto draw\n\n# a comment\n  Beto discard 7h\nAna draw\n\tAna discard 7h\n")
    first = list(reading.games(text))
    again = list(reading.games(text))
    assert again == first == _without_memo(text)
    assert [(type(e), e.line, e.column) for e in again[0].events] == [
        (Draw, 3, 1), (Discard, 4, 1), (Draw, 5, 1), (Discard, 8, 3), (Draw, 9, 1),
        (Discard, 10, 2)]


def test_remembered_lines_are_not_parsed_again(monkeypatch: object) -> None:
    reading = Reader()
    text = simulate_text("51", 2, (4, 4), 3)
    list(reading.games(text))
    french = reading.memo_of(DECKS["french"])
    seen: list[str] = []
    read = french.read
    french.read = lambda text, offset: (seen.append(text), read(text, offset))[1]
    assert list(reading.games(text)) == _without_memo(text)
    parsed = "".join(seen)
    # the second time, Lark read the tags and setup lines and one event line a game
    events = sum(len(record.events) for record in _without_memo(text))
    assert parsed.count(" discard ") + parsed.count(" draw") <= 2 < events


def test_a_name_spelled_like_a_setup_keyword_is_read_in_its_place() -> None:
    # `up draw` is an event after an event, but right after the tags `up` is the `up:`
    # keyword and the line a syntax error: the memo must not hide that.
    reading = Reader()
    later = '[Game "51"]\n[Players "up Beto"]\nBeto draw\nBeto discard 7h\nup draw\nup discard 7h\n'
    first = '[Game "51"]\n[Players "up Beto"]\nup draw\nup discard 7h\nup draw\n'
    assert list(reading.games(later)) == _without_memo(later)
    assert "draw" in reading.memo_of(DECKS["french"]).entries
    assert list(reading.games(first)) == _without_memo(first)
    assert next(iter(reading.games(first))).errors


def test_the_name_is_the_grammars_name() -> None:
    # The memo knows `discard 7h`; each of these lines is read as Lark reads it.
    reading = Reader()
    list(reading.games('[Game "51"]\n[Players "Ana Beto"]\nAna draw\nAna discard 7h\n'))
    for name in ("Beto", "  Beto", "\tBeto", "Béto", "B-e_to", "x" * 64, "x" * 65, "\u00a0Beto",
                 "Be.to", "Be:to", "[Beto", "\ufeffBeto", "deal", "up", "Beto\u00a0",
                 "Be,to", "Beto\t", "Beto  \t", "Beto:", "x" * 63 + "é", "Beto\u200b",
                 # a stray control character ends no name: the line is a syntax error
                 "Be\x00to", "Beto\x1b", "\x7fBeto", "Beto\x0c", "Be\x85to"):
        text = (f'[Game "51"]\n[Players "Ana Beto"]\nAna draw\nAna discard 7h\n'
                f"Ana draw\n{name} discard 7h\n")
        assert list(reading.games(text)) == _without_memo(text), name


_LINE_PARTS = st.sampled_from(["Ana", "Beto", "é", "-", "7", ",", ":", "[", "#", " ", "\t",
                               "\u00a0", "\u200b", "x" * 30, "deal", "up", "draw", "draw 7h",
                               "discard 7h", "meld 7h 8h 9h", "\x00", "\x7f", "\x85", "\n",
                               "\r\n", "??", "take", "call Ana", "layoff 7h on 1"])


_WHOLE_LINES = st.sampled_from(["Ana draw", "Beto discard 7h", "up draw", "deal draw",
                                 "deal Ana: 7h 8h", "stock: 7h", "up: 7h", '[Tag "x"]',
                                 "", "# c", "Ana draw 7h", "Pozo discard 7h", "Ana bad"])
_LINES = st.lists(st.one_of(_WHOLE_LINES, st.lists(_LINE_PARTS, max_size=6).map("".join)),
                  max_size=12)
_HEAD = '[Game "51"]\n[Players "Ana Beto"]\nAna draw\nAna discard 7h\nAna draw 7h\n'


@settings(max_examples=400, deadline=None)
@given(_LINES, st.sampled_from(["", '[Game "51"]\n', '[Game "51"]\ndeal Ana: 7h\n',
                                '[Game "51"]\nAna draw\n', "Ana draw\n"]))
def test_any_lines_read_as_lark_reads_them(lines: list[str], start: str) -> None:
    reading = Reader()
    list(reading.games(_HEAD))  # the memo knows draw, discard 7h, draw 7h
    text = start + "\n".join(lines) + "\n"
    assert list(reading.games(text)) == _without_memo(text)


def test_the_same_text_is_other_cards_under_another_deck() -> None:
    reading = Reader()
    french = '[Game "51"]\n[Players "Ana Beto"]\nAna draw\nAna discard 10c\nBeto discard 10c\n'
    spanish = french.replace('[Game "51"]', '[Game "51"]\n[Deck "spanish-48"]')
    for text in (french, spanish, french, spanish):
        assert list(reading.games(text)) == _without_memo(text)
    (spanish_game,) = reading.games(spanish)
    (french_game,) = reading.games(french)
    sota, ten = spanish_game.events[-1], french_game.events[-1]
    assert isinstance(sota, Discard) and isinstance(ten, Discard)
    assert (sota.card.suit.name, ten.card.suit.name) == ("COPAS", "CLUBS")


def test_the_memo_stays_small(monkeypatch: object) -> None:
    reading = Reader()
    long_meld = "Ana meld " + " ".join(["7h"] * 40)  # longer than MAX_TEXT
    text = f'[Game "51"]\n[Players "Ana Beto"]\nAna draw\n{long_meld}\n'
    assert list(reading.games(text)) == _without_memo(text)
    assert len(long_meld) > memo.MAX_TEXT
    assert all(len(key) <= memo.MAX_TEXT for key in reading.memo_of(DECKS["french"]).entries)
    small = Reader()
    small.memo_of(DECKS["french"]).max_entries = 10
    corpus = simulate_text("51", 5, (4, 4), 8)
    assert list(small.games(corpus)) == _without_memo(corpus)
    kept = dict(small.memo_of(DECKS["french"]).entries)
    assert len(kept) == 10
    assert list(small.games(corpus)) == _without_memo(corpus)
    assert kept == small.memo_of(DECKS["french"]).entries  # full: the first texts stay


def test_the_process_reader_remembers() -> None:
    """:func:`referee.notation.reader.read_games` and the others read through the process's
    reader, whose memos every thread shares."""
    assert reader.READER.memo
    text = '[Game "51"]\n[Players "Ana Beto"]\nAna draw\nAna discard 7h\nBeto draw\n'
    assert reader.read_games(text) == _without_memo(text)
    assert "discard 7h" in reader.READER.memo_of(DECKS["french"]).entries


def test_threads_sharing_one_memo_read_as_lark_does() -> None:
    shared = Reader()
    shared.memo_of(DECKS["french"]).max_entries = 64  # it fills while they read
    texts = [simulate_text("51" if seed % 2 else "rummy-argentino", 4, (2, 6), seed)
             for seed in range(8)]
    expected = [_without_memo(text) for text in texts]
    with ThreadPoolExecutor(max_workers=4) as pool:
        for _ in range(3):
            got = list(pool.map(lambda text: list(shared.games(text)), texts))
            assert got == expected
