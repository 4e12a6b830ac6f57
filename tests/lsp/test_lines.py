"""Columns as the reader counts them (characters) and as the client does (UTF-16 code
units unless it asks for UTF-8 or UTF-32)."""

from __future__ import annotations

from lsprotocol import types as lsp

from referee.lsp.lines import UTF8, UTF16, UTF32, Lines

TEXT = "[Players \"𝔸na Beto\"]\r\n𝔸na discard 9x\rBeto draw\n"


def test_lines_end_as_the_reader_ends_them() -> None:
    lines = Lines(TEXT)
    assert len(lines) == 4
    assert lines.text(2) == "𝔸na discard 9x" and lines.text(3) == "Beto draw"
    assert lines.text(9) == ""


def test_a_character_past_the_basic_plane_is_two_utf16_units() -> None:
    lines = Lines(TEXT, UTF16)
    assert lines.units(2, 12) == 13  # "9x", after a letter of two units
    assert lines.column(2, 13) == 12
    assert lines.position(2, 12) == lsp.Position(1, 13)
    assert Lines(TEXT, UTF32).units(2, 12) == 12
    assert Lines(TEXT, UTF8).units(2, 12) == 15
    assert Lines(TEXT, UTF8).column(2, 15) == 12


def test_a_statement_leaves_out_its_indentation_and_comment() -> None:
    lines = Lines("  Ana discard 7h   # a note\n")
    assert lines.statement(1) == lsp.Range(lsp.Position(0, 2), lsp.Position(0, 16))
