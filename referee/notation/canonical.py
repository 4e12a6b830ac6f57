"""A log rewritten in canonical notation line for line (``referee fmt``).

Every statement stays on its line, written the one canonical way (:mod:`.writer`:
keywords in one language, cards as ``7h`` or ``7♥``, tags as ``[Name "value"]``, no
indentation); comment lines, trailing comments and blank lines are kept. So the
formatted log reads back to the same games with the same line numbers, and audits to
the same report. Lines end with ``\\n``, trailing blanks go, a final newline is added.

A trailing comment keeps its column when the canonical statement leaves room for
two spaces before it; otherwise it follows two spaces after the statement.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from referee.notation.events import GameRecord
from referee.notation.writer import format_deal, format_event, format_stock, format_tag, format_up

__all__ = ["format_log", "statements"]

COMMENT_GAP = 2  # spaces before a trailing comment, at least
_LINE_END = re.compile(r"\r\n?|\n")
_TAG = re.compile(r'\s*\[[^"\]]*"(?:[^"\\\r\n]|\\["\\])*"\s*\]')


def statements(records: Iterable[GameRecord], lang: str = "en",
               symbols: bool = False) -> dict[int, str]:
    """Each statement of the games (tags, deals, ``up:``, ``stock:``, events) in canonical
    notation, by the line it is written on."""
    out: dict[int, str] = {}
    for record in records:
        for tag in record.tags.values():
            out[tag.line] = format_tag(tag.name, tag.value)
        for deal in record.deals.values():
            out[deal.line] = format_deal(deal, lang, symbols)
        if record.up_line is not None:
            out[record.up_line] = format_up(record.up, lang, symbols)
        if record.stock_line is not None and record.stock is not None:
            out[record.stock_line] = format_stock(record.stock, lang, symbols)
        for event in record.events:
            out[event.line] = format_event(event, lang, symbols)
    return out


def format_log(text: str, records: Iterable[GameRecord], lang: str = "en",
               symbols: bool = False) -> str:
    """``text`` (the log ``records`` were read from, without syntax errors) with every
    statement in canonical notation on its own line."""
    canonical = statements(records, lang, symbols)
    lines = _LINE_END.split(text)  # a lone ``\r`` ends a line, as the reader reads it
    if lines and lines[-1] == "":
        lines.pop()
    out: list[str] = []
    for number, raw in enumerate(lines, 1):
        raw = raw.rstrip("\r")
        statement = canonical.get(number)
        out.append(_other(raw) if statement is None else statement + _comment(raw, statement))
    return "".join(line + "\n" for line in out)


def _other(raw: str) -> str:
    """A line with no statement: blank, a comment (from column 1), or kept as written."""
    stripped = raw.strip()
    if not stripped or stripped.startswith("#"):
        return stripped
    return raw.rstrip()


def _comment(raw: str, statement: str) -> str:
    """The trailing comment of a statement's line, with the blanks before it."""
    tag = _TAG.match(raw) if raw.lstrip().startswith("[") else None
    start = raw.find("#", tag.end() if tag else 0)
    if start < 0:
        return ""
    gap = max(start - len(statement), COMMENT_GAP)
    return " " * gap + raw[start:].rstrip()
