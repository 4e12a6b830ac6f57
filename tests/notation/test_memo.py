"""The line memo (referee/notation/memo.py) reads exactly what Lark reads."""

from __future__ import annotations

import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.notation import memo, reader
from referee.notation.events import Deal, Discard, Draw, GameRecord
from referee.notation.memo import LineMemo
from referee.notation.reader import Reader
from referee.notation.reducers import BLANKS, StockLine, UpLine
from referee.sim import simulate_text

SNIPPETS = [" ", "\t", "# c", "\r", "x", "??", "draw", "up ", "deal ", "stock: 7h", '[Tag "x"]',
            "", "Ana", "7h", " on 9", "10♦", "JK=5h", "meld 7h 8h 9h", ":", "take", "\ufeff",
            "\u00a0", "-", "_", "é", "x" * 70, "Ana" * 22, "[", "!", "Ana discard 7h",
            "\x00", "\x01", "\x1b", "\x7f", "\x0b", "\x0c", "\x85", "\u2028", "7h\x00",
            "JK=7h", "2s=Kh", "=", "JK=", "=7h", "2s=JK", '[Game "rummy-argentino"]', "Deal"]


_MEMO = LineMemo()  # each test's, emptied before it
_READER = Reader(_MEMO)
_LARK = Reader(None)  # every line read by Lark


@pytest.fixture(autouse=True)
def _empty_memo() -> Iterator[None]:
    _MEMO.forget()
    yield
    _MEMO.forget()


def read_games(text: str) -> list[GameRecord]:
    """The games of ``text`` read with the memo (this test's)."""
    return list(_READER.games(text))


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


def test_a_warm_memo_reads_every_game_as_lark_does() -> None:
    clean = simulate_text("51", 30, (2, 6), 5) + simulate_text("rummy-argentino", 20, (2, 8), 6)
    assert read_games(clean) == _without_memo(clean)
    # warm: the mutated games below reuse its lines, whole or by their shape
    assert len(_MEMO.entries) > 50 and len(_MEMO.shapes.cards) > 50
    rng = random.Random(51)
    broken = 0
    for _ in range(150):
        game = rng.choice(("51", "rummy-argentino"))
        text = _mutated(clean if rng.random() < 0.2 else simulate_text(game, 3, (2, 6), 7), rng)
        with_memo = read_games(text)
        assert with_memo == _without_memo(text), text
        broken += any(record.errors for record in with_memo)
    assert broken > 50  # the mutations reach syntax errors too


def test_a_remembered_line_gets_its_own_line_number() -> None:
    text = ('[Game "51"]\n[Players "Ana Beto"]\nAna draw\nAna discard 7h\n'
            "Beto draw\n\n# a comment\nBeto discard 7h\nAna draw\nAna discard 7h\n")
    first = read_games(text)
    again = read_games(text)
    assert again == first
    assert [(type(e), e.line) for e in again[0].events] == [
        (Draw, 3), (Discard, 4), (Draw, 5), (Discard, 8), (Draw, 9), (Discard, 10)]


def test_a_name_spelled_like_a_setup_keyword_is_read_in_its_place() -> None:
    # `up draw` is an event after an event, but right after the setup `up` is the
    # `up:` keyword and the line a syntax error: the memo must not hide that.
    later = '[Game "51"]\n[Players "up Beto"]\nBeto draw\nBeto discard 7h\nup draw\nup discard 7h\n'
    first = '[Game "51"]\n[Players "up Beto"]\nup draw\nup discard 7h\n'
    read_games(later)
    assert "draw" in _MEMO.entries
    assert read_games(first) == _without_memo(first)
    assert read_games(first)[0].errors


def test_a_full_memo_keeps_its_texts_then_starts_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    small = LineMemo(max_entries=40)
    monkeypatch.setattr(small.shapes, "learn", lambda event, text: None)  # whole texts only
    reading = Reader(small)
    text = simulate_text("51", 1, (4, 4), 8)
    assert list(reading.games(text)) == _without_memo(text)
    kept = dict(small.entries)
    assert len(kept) == 40
    assert 0 < small.left_out <= 80
    assert list(reading.games(text)) == _without_memo(text)
    assert kept == small.entries  # full: the first texts stay
    others = simulate_text("51", 6, (4, 4), 9)
    assert list(reading.games(others)) == _without_memo(others)
    assert small.entries.keys() != kept.keys()  # over 160 texts left out: it started afresh


def test_the_name_is_the_grammars_name() -> None:
    # The memo knows `discard 7h`; each of these lines is read as Lark reads it.
    read_games('[Game "51"]\n[Players "Ana Beto"]\nAna draw\nAna discard 7h\n')
    for name in ("Beto", "  Beto", "\tBeto", "Béto", "B-e_to", "x" * 64, "x" * 65, "\u00a0Beto",
                 "Be.to", "Be:to", "[Beto", "\ufeffBeto", "deal", "up", "Beto\u00a0",
                 # the first word before a space is taken whole only when it is a name
                 "Be,to", "Beto\t", "Beto  \t", "Beto:", "x" * 63 + "é", "Beto\u200b",
                 # a stray control character ends no name: the line is a syntax error
                 "Be\x00to", "Beto\x1b", "\x7fBeto", "Beto\x0c", "Be\x85to"):
        text = f'[Game "51"]\n[Players "Ana Beto"]\nAna draw\nAna discard 7h\n{name} discard 7h\n'
        assert read_games(text) == _without_memo(text), name


_LINE_CHARS = st.sampled_from(["a", "é", "-", "_", "7", ",", ":", "[", "#", " ", "\t", "\u00a0",
                               "\u200b", "\ufeff", "x" * 30, "deal", "draw 7h", "\x00",
                               "\x1b", "\x7f", "\x0c", "\x85", "\u2028"])


@settings(max_examples=600, deadline=None)
@given(st.lists(_LINE_CHARS, max_size=8).map("".join))
def test_a_first_word_taken_whole_is_cut_as_the_expression_cuts_it(line: str) -> None:
    """What :meth:`LineMemo.learn` promises: a line whose first word (before a space) it
    takes whole reads, by the grammar's expression, as that name at column 1 and the
    text after the space without its first blanks."""
    word, space, after = line.partition(" ")
    if not (space and LineMemo().learn(word)):
        return
    found = memo.name_expression().match(line)
    assert found is not None
    assert (found.group(2).rstrip(BLANKS), found.end(1) + 1, line[found.end():]) == (
        word, 1, after.lstrip(BLANKS))


def test_long_first_words_are_not_remembered() -> None:
    """The first words remembered stay few and short, whatever a hostile log holds."""
    long_word = "x" * (memo.MAX_WORD + 1)
    text = f'[Game "51"]\n[Players "Ana Beto"]\nAna draw\n{long_word} discard 7h\n'
    assert read_games(text) == _without_memo(text)
    assert long_word not in _MEMO.words and "Ana" in _MEMO.words


def test_the_process_reader_owns_one_memo() -> None:
    """:func:`referee.notation.reader.read_games` and the others read through the process's
    reader, whose memo is the one every thread shares."""
    assert isinstance(reader.READER.memo, LineMemo)
    text = '[Game "51"]\n[Players "Ana Beto"]\nAna draw\nAna discard 7h\nBeto draw\n'
    assert reader.read_games(text) == _without_memo(text)
    assert "discard 7h" in reader.READER.memo.entries


def test_threads_sharing_one_memo_read_as_lark_does() -> None:
    """The service's threads share the process's memo: reading at once, each gets what
    Lark reads (the memo filling and starting afresh under them)."""
    shared = Reader(LineMemo(max_entries=64))  # small: it fills and starts afresh meanwhile
    texts = [simulate_text("51" if seed % 2 else "rummy-argentino", 4, (2, 6), seed)
             for seed in range(8)]
    expected = [_without_memo(text) for text in texts]
    with ThreadPoolExecutor(max_workers=4) as pool:
        for _ in range(3):
            got = list(pool.map(lambda text: list(shared.games(text)), texts))
            assert got == expected
    assert shared.memo is not None and shared.memo.entries


def test_texts_read_by_their_shape_read_as_lark_reads_them() -> None:
    """Once Lark has read a meld, a lay-off, a listed take, a draw and a discard, texts of
    the same keywords and words in other combinations are read by their shape; every
    other text is left to Lark, and each line reads as Lark reads it."""
    learned = ('[Game "rummy-argentino"]\n[Players "Ana Beto"]\nAna draw 7h\nAna meld 7h 8h 9h\n'
               "Ana layoff 10h on 1\nAna discard Jc\nBeto take Jc ?? 2s\n")
    read_games(learned)
    assert _MEMO.shapes.keywords and "10h" in _MEMO.shapes.cards and "??" in _MEMO.shapes.pile
    for text in ("meld 9h 8h 7h", "meld Jc 2s", "meld 7h", "layoff 7h on 1", "take 7h ?? Jc",
                 "draw 10h", "discard 2s", "take ??", "meld ?? 7h", "layoff ?? on 1",
                 "layoff 7h en 1", "layoff 7h on 2", "layoff 7h on 1 1", "discard 7h 8h",
                 "draw ??", "meld 7h  8h", "meld 7h\t8h", "meld 7h 8h ", "meld 7h 8h\r",
                 "meld 7h 8h # c", "meld 7h 8h#", "MELD 7h 8h", "meld", "meld ", "take",
                 "discard Jc\u00a0", "layoff 10h on 01", "call Ana", "draw 7h 7h"):
        game = f"{learned}Ana draw 8h\nBeto {text}\nAna {text}\n"
        assert read_games(game) == _without_memo(game), text


def test_setup_lines_read_by_their_shape_read_as_lark_reads_them() -> None:
    """Once Lark has read a deal, a stock and an up line whose cards it knows, the setup
    lines right after a game's first one are read by their shape; a line that has not
    that shape ends them, and every game reads as Lark reads it."""
    head = '[Game "rummy-argentino"]\n[Players "Ana Beto"]\n'
    learned = (f"{head}deal Ana: 7h 8h 9h\ndeal Beto: 10h Jc 2s\nup: 7h\nstock: 8h 9h\n"
               "Ana draw 7h\nAna meld 7h 8h 9h\nAna layoff 10h on 1\nAna discard Jc\n"
               "Beto take Jc ?? 2s\n")
    read_games(learned)
    assert set(_MEMO.shapes.setups.values()) == {Deal, StockLine, UpLine}
    lines = ["deal Beto: 9h 8h", "deal Ana: 7h 8h", "up: 9h", "stock: 7h 8h 9h 10h", "up: ??",
             "deal Beto : 9h", "deal Beto:9h", "deal Beto: 9h  8h", "deal Beto: 9h\t8h",
             "deal Beto: 9h # c", " deal Beto: 9h", "deal Beto: 9h\r", "deal up: 7h",
             "deal B,to: 7h", "deal draw: 7h", "Deal Beto: 9h", "stock: 7h ??", "stock:",
             "stock: ", "up: 7h 8h", "deal Beto:", "deal : 7h", "deal " + "x" * 65 + ": 7h",
             "", "# c", "Ana draw 7h", '[Round "2"]']
    for first in ("deal Ana: 7h 8h 9h", "up: 7h", "Ana draw 8h"):
        for line in lines:
            for after in ("stock: 8h 9h", "Ana draw 8h", "deal Beto: 8h"):
                game = f"{head}{first}\n{line}\n{after}\nAna discard 8h\n"
                assert read_games(game) == _without_memo(game), (first, line, after)


def test_tag_lines_after_the_first_read_as_lark_reads_them() -> None:
    """The tag lines right after a game's first one are read by the grammar's ``TAG_LINE``
    expression; a line it does not match whole ends them, and every game reads as Lark
    reads it."""
    read_games('[Game "51"]\n[Players "Ana Beto"]\nAna draw\nAna discard 7h\n')
    lines = ['[Event "x"]', '[Event "x"]  # c', '[Event "x"] x', '[Event "x\\"y"]', '[Event x]',
             ' [Event "x"]', '[Event "x"]\r', '[Event "x\x01"]', "[Event", '[1x "y"]',
             '[Players "Ana Beto"]', '[Game "51"]', "", "# c", "deal Ana: 7h", "Ana draw",
             '[Event "x"]\t', '[ Event "x" ]', "\ufeff[Event \"x\"]", '[Event "x"][A "b"]']
    for first in ('[Game "51"]', "# c\n[Game \"51\"]", "\n[Game \"51\"]", "Ana draw"):
        for line in lines:
            for after in ('[Players "Ana Beto"]', "Ana draw", "", '[Round "x"]'):
                game = f"{first}\n{line}\n{after}\nAna draw\nAna discard 7h\n"
                assert read_games(game) == _without_memo(game), (first, line, after)


def test_wild_readings_are_read_from_their_two_cards_as_lark_reads_them() -> None:
    """``JK=9h`` or ``2s=9h`` reads as the joker or the 2 standing for the card once Lark
    has read both words as cards; every other word with ``=`` is left to Lark."""
    learned = ('[Game "rummy-argentino"]\n[Players "Ana Beto"]\nAna draw 7h\nAna meld 7h 8h 9h\n'
               "Ana layoff JK on 1\nAna discard 2s\nBeto take 2s ?? 10h\nBeto discard 2♣️\n")
    read_games(learned)
    for text in ("meld JK=9h 10h", "meld 2s=7h 8h", "meld 2♣️=7h 8h 9h", "meld 7h JK=10h",
                 "layoff JK=10h on 1", "take 2s=9h ?? JK=7h", "meld 2s=2s", "meld JK=JK 7h",
                 "meld 7h=8h 9h", "meld 2s=JK=7h", "meld 2s=??", "meld ??=7h", "meld JK=7h=8h",
                 "meld JK= 7h", "meld =7h 8h", "meld JK=11h", "meld 2h=7h", "meld JK=9x",
                 "discard JK=7h", "draw 2s=8h", "take JK=9h", "meld JK=2♣️ 7h"):
        game = f"{learned}Ana draw 8h\nBeto {text}\nAna {text}\n"
        assert read_games(game) == _without_memo(game), text


def test_a_games_kept_lines_are_read_without_lark_once_lark_read_their_skeleton(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose only lines left to Lark are its first tag, setup and event lines,
    each read by the memo's readers, is read without Lark once Lark has read a game of
    the same skeleton so; in every other case Lark reads, and every game reads as Lark
    reads it."""
    text = simulate_text("rummy-argentino", 6, (3, 3), 9)
    assert read_games(text) == _without_memo(text)
    calls: list[str] = []
    lark = _MEMO.read_folded
    monkeypatch.setattr(_MEMO, "read_folded", lambda t, at: calls.append(t) or lark(t, at))
    again = simulate_text("rummy-argentino", 6, (3, 3), 10)
    assert read_games(again) == _without_memo(again)
    assert len(calls) < 3 and _MEMO.skeletons
    deal = "deal Ana: 7h 8h 9h 10h Jh Qh Kh 2s 3s\n"
    games = 0
    calls.clear()
    for first_tag in ('[Game "rummy-argentino"]', '[Game "rummy-argentino"] # c', "# c",
                      '[Game "51"]', '[Game "rummy-argentino"]\r', ""):
        for setup in (deal, "", "stock: 7h 8h\n", "up: 7h\n", "deal up: 7h\n", "# c\n" + deal,
                      "deal Ana:  7h\n"):
            for event in ("Ana draw 7h", "up draw", "deal draw", "Up take", " Ana draw",
                          "Ana  draw", "Beto discard 7h", "Ana meld JK=7h 8h", "Ana call Beto",
                          "mazo take", '[Round "1"]'):
                game = (f'{first_tag}\n[Players "Ana Beto"]\n{setup}{event}\nAna discard 7h\n'
                        "Beto draw\n")
                assert read_games(game) == _without_memo(game), (first_tag, setup, event)
                games += 1
    assert 0 < len(calls) < games - 20  # Lark read some of them, and only some
