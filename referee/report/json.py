"""The audit report as JSON, written game by game (docs/report.md).

:class:`JsonReportWriter` writes one source's report while it is audited, holding
one game at a time: the text is exactly ``json.dumps(report, indent=2,
ensure_ascii=False)`` of the whole :class:`~referee.report.schema.ReportData`
(``tests/report/test_json.py`` holds it to that). Nothing here imports pydantic.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from types import ModuleType
from typing import Any, Protocol

from referee.report.model import Summary, debt, net_payments, payments_of

INDENT = 2  # as model_dump_json(indent=2)


class TextSink(Protocol):
    """Where a report is written: a text file, ``sys.stdout``, a spool."""

    def write(self, text: str, /) -> int: ...


# orjson writes the same text as json.dumps below, from C (docs/performance.md), but its
# import costs about 4 ms: more than json's pure-Python encoder spends on a few dozen
# games. So the first values of a process are written by json and orjson is imported
# only when a report goes on (the one-game audit is mostly start-up).
PLAIN_FIRST = 32
_plain_left = PLAIN_FIRST


def plain_dumps(value: Any) -> str:
    """``json.dumps(value, indent=2, ensure_ascii=False)``: the text every report is."""
    import json

    return json.dumps(value, indent=INDENT, ensure_ascii=False)


@cache
def _orjson() -> ModuleType | None:
    try:
        import orjson
    except ImportError:  # an optional speed-up
        return None
    return orjson


def orjson_dumps(value: Any) -> str | None:
    """:func:`plain_dumps`'s text written by orjson, or None when orjson is not installed
    or refuses ``value``.

    For the values a report holds (dicts with string keys, lists, strings, ints,
    booleans, None) orjson's ``OPT_INDENT_2`` writes the same characters as
    ``json.dumps(indent=2, ensure_ascii=False)``: the same separators, key order,
    escapes (``\\n``, ``\\u001f``, nothing else escaped). What it refuses (an int
    beyond 64 bits, a non-string key, a lone surrogate) goes to ``json``. A report
    holds no floats (``tests/report/test_json.py`` checks the texts agree).
    """
    orjson = _orjson()
    if orjson is None:
        return None
    try:
        text: str = orjson.dumps(value, option=orjson.OPT_INDENT_2).decode()
    except TypeError:  # orjson.JSONEncodeError
        return None
    return text


def fast_dumps(value: Any) -> str:
    """:func:`plain_dumps`'s text: by json for the process's first :data:`PLAIN_FIRST`
    values, then by orjson where it is installed and can."""
    global _plain_left
    if _plain_left > 0:
        _plain_left -= 1
        return plain_dumps(value)
    text = orjson_dumps(value)
    return plain_dumps(value) if text is None else text


def dumps(value: Any, depth: int = 0) -> str:
    """``value`` as pydantic's ``model_dump_json(indent=2)`` writes it, for a value
    that sits ``depth`` levels deep (its lines after the first indented to match)."""
    text = fast_dumps(value)
    if depth and "\n" in text:  # JSON strings hold no raw newline: every one is layout
        text = text.replace("\n", "\n" + " " * (INDENT * depth))
    return text


class JsonReportWriter:
    """Writes one source's report (docs/report.md's object) game by game.

    The text is exactly ``Report(...).model_dump_json(indent=2)`` (``depth=1`` for a
    report inside a batch's list), but only one game is held at a time::

        writer = JsonReportWriter(out, source)
        for result in results:
            writer.game(game_data(result, lang))
        summary = writer.close()
    """

    def __init__(self, out: TextSink, source: str, depth: int = 0,
                 opening: bool = True) -> None:
        self.out = out
        self.depth = depth
        self.summary = Summary()
        self.payments: list[tuple[str, str, int]] = []
        pad = " " * (INDENT * (depth + 1))
        self._pad = pad
        if opening:  # else the games and the opening were written elsewhere (finish)
            out.write("{\n" + pad + '"source": ' + dumps(source) + ",\n" + pad + '"games": [')

    def game(self, game: Mapping[str, Any]) -> None:
        inner = " " * (INDENT * (self.depth + 2))
        self.out.write(("\n" if not self.summary.games else ",\n") + inner
                       + dumps(game, self.depth + 2))
        self.summary.add(game)
        self.payments.extend(payments_of(game))

    def close(self) -> Summary:
        self.payments, payments = [], self.payments
        return self.finish(self.summary, net_payments(payments))

    def finish(self, summary: Summary, night: Iterable[tuple[str, str, int]]) -> Summary:
        """The closing of a report of ``summary``'s games, ``night`` their settlements
        already netted (:func:`~referee.report.model.net_payments`), written one debt at a
        time: the text of ``dumps(debts(night))`` without holding it."""
        pad, out = self._pad, self.out
        out.write("]" if not summary.games else "\n" + pad + "]")
        if summary.games > 1:
            out.write(",\n" + pad + '"night": [')
            inner = pad + " " * INDENT
            first = True
            for owed in night:
                out.write(("\n" if first else ",\n") + inner + dumps(debt(*owed), self.depth + 2))
                first = False
            out.write("]" if first else "\n" + pad + "]")
        out.write(",\n" + pad + '"summary": ' + dumps(summary.as_dict(), self.depth + 1)
                  + "\n" + " " * (INDENT * self.depth) + "}")
        return summary


def write_report(out: TextSink, source: str, games: Iterable[Mapping[str, Any]],
                 depth: int = 0) -> Summary:
    """A whole report (see :class:`JsonReportWriter`); returns its summary."""
    writer = JsonReportWriter(out, source, depth)
    for game in games:
        writer.game(game)
    return writer.close()


class SummaryOnly:
    """A report writer that writes nothing and only counts (:class:`Summary`)."""

    def __init__(self) -> None:
        self.summary = Summary()

    def game(self, game: Mapping[str, Any]) -> None:
        self.summary.add(game)

    def close(self) -> Summary:
        return self.summary
