"""A document's lines, and columns as the reader counts them and as the client does.

The reader counts lines from 1 and columns from 1 in characters (code points); LSP
counts both from 0, columns in the code units the client and server agreed on
(UTF-16 unless the client offers UTF-8 or UTF-32). A line ends with ``\\n``,
``\\r\\n`` or a lone ``\\r``, for LSP as for the reader.
"""

from __future__ import annotations

import re

from lsprotocol import types as lsp

_LINE_END = re.compile(r"\r\n|\r|\n")
UTF8, UTF16, UTF32 = "utf-8", "utf-16", "utf-32"


class Lines:
    """The lines of a text, with the position encoding of the client."""

    def __init__(self, text: str, encoding: str = UTF16) -> None:
        self.lines = _LINE_END.split(text)
        self.encoding = encoding

    def __len__(self) -> int:
        return len(self.lines)

    def text(self, line: int) -> str:
        """Line ``line`` (1-based), without its line end; "" past the end."""
        return self.lines[line - 1] if 0 < line <= len(self.lines) else ""

    def units(self, line: int, column: int) -> int:
        """The client's column (0-based, in its code units) of character ``column``
        (0-based) of ``line`` (1-based)."""
        text = self.text(line)
        if self.encoding == UTF32 or text.isascii():
            return column
        head = text[:column]
        if self.encoding == UTF8:
            return len(head.encode("utf-8"))
        return len(head) + sum(1 for ch in head if ord(ch) > 0xFFFF)

    def column(self, line: int, units: int) -> int:
        """The character (0-based) of ``line`` (1-based) at the client's column ``units``."""
        text = self.text(line)
        if self.encoding == UTF32 or text.isascii():
            return min(units, len(text))
        count = 0
        for at, ch in enumerate(text):
            if count >= units:
                return at
            count += _width(ch, self.encoding)
        return len(text)

    def position(self, line: int, column: int) -> lsp.Position:
        """The LSP position of character ``column`` (0-based) of ``line`` (1-based)."""
        return lsp.Position(line=max(line - 1, 0), character=self.units(line, column))

    def span(self, line: int, start: int, end: int) -> lsp.Range:
        """Characters ``start`` to ``end`` (0-based, end excluded) of ``line`` (1-based)."""
        return lsp.Range(self.position(line, start), self.position(line, end))

    def statement(self, line: int) -> lsp.Range:
        """The statement of ``line``: from its first character that is not blank to the
        end of what it says (a trailing comment left out)."""
        text = self.text(line)
        body = text.split("#", 1)[0].rstrip() if not text.lstrip().startswith("[") else text
        start = len(body) - len(body.lstrip())
        end = max(len(body.rstrip()), start)
        return self.span(line, start, end)

    def end(self) -> lsp.Position:
        """The position after the last character of the text."""
        last = len(self.lines)
        return self.position(last, len(self.lines[-1]))


def _width(ch: str, encoding: str) -> int:
    if encoding == UTF8:
        return len(ch.encode("utf-8"))
    return 2 if ord(ch) > 0xFFFF else 1


def word_at(text: str, column: int) -> tuple[int, int]:
    """The blank-separated word of ``text`` that holds character ``column`` (0-based):
    its start and end; (column, column + 1) when the column is blank or past the end."""
    if column >= len(text) or text[column].isspace():
        return column, column + 1
    start = column
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    end = column
    while end < len(text) and not text[end].isspace():
        end += 1
    return start, end
