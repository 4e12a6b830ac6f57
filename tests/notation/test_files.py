"""Bytes to text: encodings, byte-order marks, NUL bytes and line ends (issue 13, point
2; issue 10: the position of a bad byte after a BOM).

Before: a file that was not UTF-8 said "byte 0xe9 at offset 47 (line 3)" and
nothing more; the HTTP API counted the bad byte's position from after a BOM
(naming the wrong byte); a file in UTF-16 without a BOM read as text with NULs;
a lone carriage return was a syntax error.
"""

from __future__ import annotations

import codecs
import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.notation import files
from referee.notation.encoding import NotText, _scan_utf8, decode, describe_file
from referee.notation.events import Discard, Draw
from referee.notation.reader import (
    LogDecodeError,
    NotationFileError,
    decode_log,
    iter_path,
    read_games,
    read_path,
)

HEADER = '[Game "51"]\n[Players "José Ana"]\n'
LATIN1 = (HEADER + "José discard 7h\n").encode("cp1252")


def problem_of(data: bytes, encoding: str | None = None) -> NotText:
    with pytest.raises(NotText) as caught:
        decode(data, encoding)
    return caught.value


def test_latin1_says_where_what_it_looks_like_and_how_to_fix_it() -> None:
    problem = problem_of(LATIN1)
    assert problem.params == {"line": 2, "column": 14, "byte": "0xe9",
                              "sample": '[Players "José Ana"]'}
    assert problem.render("en") == (
        'not UTF-8 text: byte 0xe9 at line 2, column 14: it looks like Latin-1 / Windows-1252 '
        '(read that way, the line says "[Players "José Ana"]"); save it as UTF-8 (for example: '
        "iconv -f cp1252 -t UTF-8 FILE > NEW.rummy), or audit it as it is with --encoding cp1252")
    assert problem.render("es") == (
        'no es texto UTF-8: byte 0xe9 en la línea 2, columna 14: parece Latin-1 / Windows-1252 '
        '(leída así, la línea dice "[Players "José Ana"]"); guárdelo como UTF-8 (por ejemplo: '
        "iconv -f cp1252 -t UTF-8 ARCHIVO > NUEVO.rummy), o audítelo tal cual con --encoding "
        "cp1252")
    assert problem.render("en", how="api").endswith("; send the log as UTF-8 text")


@pytest.mark.parametrize(("data", "looks", "where"), [
    (HEADER.encode("utf-16"), "utf-16", (1, 1, "0xff")),  # with its byte-order mark
    (HEADER.encode("utf-16-le"), "utf-16-le", (1, 2, "0x00")),  # without: NULs between letters
    (HEADER.encode("utf-16-be"), "utf-16-be", (1, 1, "0x00")),
    (HEADER.encode("utf-32"), "utf-32", (1, 1, "0xff")),
])
def test_utf16_and_utf32_are_named(data: bytes, looks: str,
                                   where: tuple[int, int, str]) -> None:
    problem = problem_of(data)
    assert problem.looks == looks
    assert (problem.params["line"], problem.params["column"], problem.params["byte"]) == where
    assert "it looks like UTF-" in problem.render()
    assert problem.render().endswith(f"audit it as it is with --encoding {looks}")


def test_a_nul_byte_in_text_is_text_and_a_syntax_error() -> None:
    # Before: "not text: a NUL byte (0x00) at line 2, column 4", the whole file refused.
    text = decode(b"[Game \"51\"]\nAna\x00 draw\n")
    (game,) = read_games(text)
    assert [(p.line, p.column, p.key) for p in game.errors] == [
        (1, 1, "missing-tag"), (2, 4, "control-character")]
    assert decode(b"[Game \"51\"]\n\x00\n", "cp1252") == '[Game "51"]\n\x00\n'


def test_utf16_without_a_mark_after_utf8_text_is_not_text() -> None:
    """A UTF-8 log with a UTF-16 one after it: the run of NULs between letters."""
    data = (HEADER + "Ana draw\n").encode() + "Ana draw 7h\n".encode("utf-16-le")
    problem = problem_of(data)
    assert (problem.key, problem.looks) == ("file.not-utf8", "utf-16-le")
    assert problem.params == {"line": 4, "column": 2, "byte": "0x00"}
    assert problem.render().endswith("audit it as it is with --encoding utf-16-le")
    assert problem_of(b"x" + "Ana draw 7h".encode("utf-16-be")).params["column"] == 2


@pytest.mark.parametrize(("codec", "column"), [("utf-32-le", 2), ("utf-32-be", 1)])
def test_utf32_without_a_mark_is_named(codec: str, column: int) -> None:
    problem = problem_of(HEADER.encode(codec))
    assert problem.looks == codec and problem.params["column"] == column
    assert "it looks like UTF-32" in problem.render()


def test_a_file_mostly_of_control_characters_is_not_text() -> None:
    problem = problem_of(b"\x00" * 4096)
    assert problem.key == "file.control"
    assert problem.render() == (
        "not text: 4096 of its 4096 characters are control characters (more than one in ten; "
        "the first, U+0000 NUL, at line 1, column 1): it does not look like text in an "
        "encoding the referee can guess; save it as UTF-8, or name its encoding with "
        "--encoding NAME")
    assert problem.render("es").startswith(
        "no es texto: 4096 de sus 4096 caracteres son caracteres de control (más de uno de "
        "cada diez; el primero, U+0000 NUL, en la línea 1, columna 1): ")
    assert problem_of("é\x1b\x1b\x1b".encode(), "latin-1").params["count"] == 3


def test_one_control_character_in_ten_is_still_text() -> None:
    bom = codecs.BOM_UTF8  # the mark is not a character of the text
    assert decode(bom + b"\x01" + b"a" * 9) == "\x01" + "a" * 9
    assert decode("\x85".encode() + "é".encode() * 9) == "\x85" + "é" * 9  # characters
    problem = problem_of(bom + b"\r\n\x01\x02" + b"a" * 6)  # 2 of 10
    assert problem.params == {"count": 2, "chars": 10, "char": "U+0001 SOH", "line": 2,
                              "column": 1}


def test_the_bad_byte_after_a_byte_order_mark_is_the_right_one() -> None:
    # Before: the API said "byte 0xbf at line 1, column 2" (the BOM's last byte).
    data = codecs.BOM_UTF8 + b"ab\xffc\n"
    assert problem_of(data).params | {"sample": ""} == {
        "line": 1, "column": 3, "byte": "0xff", "sample": ""}
    with pytest.raises(LogDecodeError, match=r"^not UTF-8 text: byte 0xff at line 1, column 3"):
        decode_log(data)
    assert problem_of(codecs.BOM_UTF8 + b"ok\nab\xffc\n").params["line"] == 2


def test_columns_count_characters_and_lone_carriage_returns_end_lines() -> None:
    data = "Ñandú\r\nx\ry ".encode() + b"\xff"
    assert problem_of(data).params["line"] == 3
    assert problem_of("Ñandú ".encode() + b"\xff").params["column"] == 7


def test_encoding_reads_what_utf8_cannot(tmp_path: Path) -> None:
    path = tmp_path / "windows.rummy"
    path.write_bytes(LATIN1)
    with pytest.raises(NotationFileError) as caught:
        read_path(path)
    assert caught.value.render("es").startswith(f"{path}: no es texto UTF-8: byte 0xe9")
    assert read_path(path, "cp1252") == (HEADER + "José discard 7h\n")
    (game,) = iter_path(path, encoding="cp1252")
    assert game.players == ("José", "Ana") and game.errors == []
    path.write_bytes((HEADER + "José discard 7h\n").encode("utf-16"))
    (game,) = iter_path(path, encoding="utf-16")
    assert game.events == [Discard("José", 3, 1, game.events[0].card)]


def test_a_named_encoding_that_does_not_fit_says_so() -> None:
    problem = problem_of(b"[Game \"51\"]\n\x81\n", "cp1252")
    assert problem.render().startswith("not cp1252 text: byte 0x81 at line 2, column 1: ")


def test_iter_path_finds_the_bad_byte_without_reading_the_file_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "late.rummy"
    good = (HEADER + "José discard 7h\n") * 300
    path.write_bytes(codecs.BOM_UTF8 + good.encode() + "Ana draw\nJosé draw\n".encode("cp1252"))
    monkeypatch.setattr(files, "CHUNK_CHARS", 100)
    with pytest.raises(NotationFileError) as caught:
        list(iter_path(path))
    assert caught.value.problem is not None
    assert caught.value.problem.params == {"line": 902, "column": 4, "byte": "0xe9",
                                           "sample": "José draw"}
    with pytest.raises(NotationFileError) as whole:
        read_path(path)
    assert caught.value.message == whole.value.message


def test_iter_path_reads_stray_control_characters_as_the_whole_text_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "nul.rummy"
    text = (HEADER + "José discard 7h\n\n") * 40
    text = text[:1000] + "\x00" + text[1000:2000] + "\x1b\x85" + text[2000:]
    path.write_bytes(text.encode())
    monkeypatch.setattr(files, "CHUNK_CHARS", 100)
    games = list(iter_path(path))
    assert games == read_games(read_path(path), str(path)) and len(games) == 40
    assert sum(bool(game.errors) for game in games) == 2


@pytest.mark.parametrize("tail", [b"\x00" * 5000, "José draw\n".encode("utf-16-le")])
def test_iter_path_refuses_a_file_that_turns_out_not_to_be_text(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tail: bytes) -> None:
    """A stray control character early, then a file that is not text after all (mostly
    NULs, or UTF-16 past the first chunk): the same refusal as reading it whole."""
    path = tmp_path / "late.rummy"
    good = (HEADER + "José discard 7h\n") * 20
    path.write_bytes(b"\x01" + good.encode() + tail)
    monkeypatch.setattr(files, "CHUNK_CHARS", 100)
    with pytest.raises(NotationFileError) as whole:
        read_path(path)
    with pytest.raises(NotationFileError) as caught:
        next(iter(iter_path(path)))  # refused at once: the check reads the whole file
    assert caught.value.message == whole.value.message


def test_iter_path_refuses_utf16_without_a_mark(tmp_path: Path) -> None:
    path = tmp_path / "u16.rummy"
    path.write_bytes((HEADER + "Ana draw\n").encode("utf-16-le"))
    with pytest.raises(NotationFileError, match="it looks like UTF-16"):
        list(iter_path(path))


# Bytes made of the pieces that matter: text, stray controls, bad UTF-8, UTF-16 and -32.
FRAGMENTS = st.sampled_from([
    b"a", b"Ana draw 7h", b" ", b"\n", b"\r", b"\r\n", b"\t", b"\x00", b"\x00\x00", b"\x01",
    b"\x1b", b"\x7f", b"\x0c", "\x85".encode(), "é".encode(), "\u2028".encode(), b"\xe9",
    b"\xc3", b"\xff", b"\xef\xbb\xbf", "[Game 51]\n".encode("utf-16-le"),
    "Ana draw\n".encode("utf-16-be"), "deal Ana: 7h\n".encode("utf-32-le"),
    "x\ny".encode("utf-32-be"), b"\x00" * 40,
])
BYTES = st.one_of(st.binary(max_size=60), st.lists(FRAGMENTS, max_size=12).map(b"".join))


def _said(problem: NotText) -> tuple[str, dict[str, object]]:
    """What a problem says, but the Windows-1252 sample (a chunk may cut its line)."""
    return problem.key, {k: v for k, v in problem.params.items() if k != "sample"}


@settings(max_examples=300, deadline=None)
@given(BYTES, st.lists(st.integers(1, 200), max_size=6))
def test_the_chunked_scan_finds_what_decode_finds(data: bytes, cuts: list[int]) -> None:
    points = sorted({0, len(data), *(c % (len(data) + 1) for c in cuts)})
    chunks = [data[a:b] for a, b in itertools.pairwise(points)]
    try:
        decode(data)
    except NotText as problem:
        found = _scan_utf8(iter(chunks))
        assert found is not None
        assert _said(found) == _said(problem)
        # What the bytes look like is guessed from the file's first 4096 bytes: the same
        # once they have come (a UTF-16 run's look is its own).
        if len(chunks[0]) >= min(len(data), 4096) or problem.params.get("byte") == "0x00":
            assert found.looks == problem.looks
    else:
        assert _scan_utf8(iter(chunks)) is None


def test_describe_file_of_a_clean_file_is_none(tmp_path: Path) -> None:
    path = tmp_path / "ok.rummy"
    path.write_text(HEADER, encoding="utf-8")
    assert describe_file(path, None) is None and describe_file(path, "latin-1") is None


# --- Line ends ------------------------------------------------------------------------------


def test_carriage_returns_alone_end_lines() -> None:
    # Before: an old Mac file was one long line and a syntax error.
    text = HEADER.replace("\n", "\r") + "Ana draw\rAna discard 7h\r\rJosé draw 8h\r"
    (game,) = read_games(text)
    assert game.errors == []
    assert [(e.line, type(e).__name__) for e in game.events] == [
        (3, "Draw"), (4, "Discard"), (6, "Draw")]


def test_mixed_line_ends_in_chunks_cut_anywhere() -> None:
    from referee.notation.reader import iter_chunks

    text = HEADER.replace("\n", "\r\n") + "Ana draw\rAna discard 7h\r\nJosé draw\n"
    whole = read_games(text)
    assert whole[0].errors == [] and whole[0].events[-1] == Draw("José", 5, 1)
    for cut in range(len(text) + 1):
        assert list(iter_chunks([text[:cut], text[cut:]])) == whole
