"""The reader never raises; files, chunks and streams; the parser (lark-cython, pure Lark,
the cache)."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import lark
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import DECKS, FRENCH
from referee.notation import files as notation_files
from referee.notation import parser as notation_parser
from referee.notation import reader
from referee.notation.reader import NotationFileError, read_games, read_path
from referee.notation.reducers import CardTokens
from tests.notation.reading import (
    GRAMMAR_WORDS,
    HEADER,
    c,
)

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
    text = f"{HEADER}deal Ana: 7h 8h\nAna discard 7h\nBeto draw\nBeto bota 9x\n"
    with_cython = notation_parser.build(FRENCH, cache=False)
    monkeypatch.setattr(notation_parser, "cython_plugins", lambda: None)
    pure = notation_parser.build(FRENCH, cache=False)
    assert not pure.options._plugins and with_cython.options._plugins
    pure.options.transformer.set_line_offset(0)
    with_cython.options.transformer.set_line_offset(0)
    assert pure.parse(text.rsplit("Beto bota", 1)[0]) == with_cython.parse(
        text.rsplit("Beto bota", 1)[0])
    errors = []
    for parser in (pure, with_cython):
        with pytest.raises(lark.exceptions.UnexpectedInput) as caught:
            parser.parse(text)
        errors.append((caught.value.line, caught.value.column))
    assert errors[0] == errors[1]


@pytest.fixture()
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def _builds(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each time Lark reads a grammar (a parser built, not loaded from its cache)."""
    calls: list[str] = []
    load_grammar = lark.lark.load_grammar

    def counting(*args: object, **kwargs: object) -> object:
        calls.append("built")
        return load_grammar(*args, **kwargs)

    monkeypatch.setattr(lark.lark, "load_grammar", counting)
    return calls


GAME = f"{HEADER}deal Ana: 7h 8h\nAna discard 7h\nBeto draw\n"


def _read(parser: lark.Lark) -> object:
    parser.options.transformer.set_line_offset(0)
    return parser.parse(GAME)


def test_the_parser_is_cached_by_lark_and_loaded(cache_dir: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    builds = _builds(monkeypatch)
    first = notation_parser.build(FRENCH)
    path = notation_parser.cache_path(FRENCH, notation_parser.cython_plugins() is not None)
    assert path is not None and Path(path).parent == cache_dir and Path(path).is_file()
    assert [p.name for p in cache_dir.iterdir()] == [Path(path).name]  # nothing else
    loaded = notation_parser.build(FRENCH)
    assert builds == ["built"]  # the second one loaded
    assert _read(loaded) == _read(first)


@pytest.mark.parametrize("damage", ["garbage", "truncated", "another deck's", "empty"])
def test_a_damaged_or_foreign_cache_file_is_rebuilt(cache_dir: Path, damage: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    good = _read(notation_parser.build(FRENCH, cache=False))
    notation_parser.build(DECKS["spanish-40"])
    path = Path(notation_parser.cache_path(FRENCH, notation_parser.cython_plugins() is not None)
                or "")
    other = Path(notation_parser.cache_path(DECKS["spanish-40"],
                                            notation_parser.cython_plugins() is not None) or "")
    notation_parser.build(FRENCH)
    whole = path.read_bytes()
    damaged = {"garbage": b"\x80not a parser\n" * 50, "truncated": whole[:len(whole) // 2],
               "another deck's": other.read_bytes(), "empty": b""}[damage]
    path.write_bytes(damaged)
    builds = _builds(monkeypatch)
    assert _read(notation_parser.build(FRENCH)) == good
    assert builds == ["built"]  # not trusted: built again
    assert path.read_bytes() != damaged  # and written again, whole: it loads below
    assert _read(notation_parser.build(FRENCH)) == good and builds == ["built"]


def test_no_cache_when_turned_off_or_unwritable(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_CACHE_DIR", "")
    assert notation_parser.cache_path(FRENCH, True) is None
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(blocker / "cache"))  # a folder under a file
    assert notation_parser.cache_path(FRENCH, True) is None
    assert _read(notation_parser.build(FRENCH)) == _read(notation_parser.build(FRENCH, cache=False))


def test_card_tokens_are_remembered_up_to_a_bound() -> None:
    tokens = CardTokens(size=3)
    for card in ("7h", "8h", "9h", "10h", "Jh", "7h"):
        assert tokens.card(card) == c(card)
    assert list(tokens.known) == ["7h", "8h", "9h"]
    assert tokens.cards("7h 8h\t") == (c("7h"), c("8h"))
    assert tokens.cards("Qh  Kh ") == (c("Qh"), c("Kh"))
