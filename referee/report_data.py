"""The audit report as plain dicts and streamed JSON, for the CLI's hot path.

:mod:`referee.report` defines the report (docs/report.md's JSON contract) as pydantic
models, and the HTTP API serves those. Building a model per game and importing
pydantic cost the command line a tenth of a second at start-up and a few
microseconds per finding, so ``referee audit`` builds the same data as plain dicts
here and writes them with :mod:`json`, game by game. The models stay the one
definition of the shape: ``tests/test_report.py`` checks, on many logs, that
:func:`game_data` equals ``game_report(...).model_dump(mode="json")`` and that
:class:`JsonReportWriter` writes byte for byte what ``model_dump_json(indent=2)``
writes.

Nothing here imports pydantic.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from referee.results import LOG_ERROR, NOTICE, RENUNCIA, SYNTAX_ERROR, Finding, GameResult

INDENT = 2  # as model_dump_json(indent=2)


class TextSink(Protocol):
    """Where a report is written: a text file, ``sys.stdout``, a spool."""

    def write(self, text: str, /) -> int: ...


def finding_message(finding: Finding, lang: str = "en") -> str:
    """The finding's sentence in ``lang``.

    A syntax error whose message key no catalog knows falls back to the reader's
    own words (``params["message"]``) rather than printing the raw key.
    """
    from referee.messages import catalog

    if finding.key not in catalog() and "message" in finding.params:
        return str(finding.params["message"])
    return finding.message(lang)


def finding_data(finding: Finding, lang: str = "en") -> dict[str, Any]:
    """A finding as the report's JSON has it (``column`` and ``ref_line`` only when set)."""
    data: dict[str, Any] = {
        "kind": finding.kind,
        "rule": finding.rule,
        "player": finding.player,
        "line": finding.line,
        "message": finding_message(finding, lang),
    }
    if finding.column is not None:
        data["column"] = finding.column
    if finding.ref_line is not None:
        data["ref_line"] = finding.ref_line
    return data


def game_data(result: GameResult, lang: str = "en") -> dict[str, Any]:
    """One game of the report: ``game_report(result, lang).model_dump(mode="json")``."""
    findings = sorted(result.findings, key=lambda f: f.line)  # stable: engine order on ties
    return {
        "index": result.index,
        "line": result.line,
        "ruleset": result.ruleset,
        "tags": dict(result.tags),
        "rules": dict(result.rules),
        "players": list(result.players),
        "findings": [finding_data(f, lang) for f in findings],
        "calls": [{"line": c.line, "caller": c.caller, "accused": c.accused,
                   "outcome": c.outcome} for c in result.calls],
        "eliminated": [{"player": e.player, "line": e.line, "rule": e.rule}
                       for e in result.eliminated],
        "finished": result.finished,
        "winner": result.winner,
        "result_claimed": result.result_claimed,
        "hands": dict(result.hands),
        "settlement": [{"payer": p.payer, "payee": p.payee, "cards": p.cards,
                        "amount": p.amount} for p in result.settlement],
    }


def count(game: Mapping[str, Any], kind: str) -> int:
    return sum(1 for f in game["findings"] if f["kind"] == kind)


def is_clean(game: Mapping[str, Any]) -> bool:
    """No renuncia, log error or syntax error (notices do not count)."""
    return all(f["kind"] == NOTICE for f in game["findings"])


@dataclass(slots=True)
class Summary:
    """The report's ``summary``, counted game by game."""

    games: int = 0
    clean: int = 0
    renuncias: int = 0
    log_errors: int = 0
    syntax_errors: int = 0

    def add(self, game: Mapping[str, Any]) -> None:
        self.games += 1
        self.clean += is_clean(game)
        self.renuncias += count(game, RENUNCIA)
        self.log_errors += count(game, LOG_ERROR)
        self.syntax_errors += count(game, SYNTAX_ERROR)

    def as_dict(self) -> dict[str, int]:
        return {"games": self.games, "clean": self.clean, "renuncias": self.renuncias,
                "log_errors": self.log_errors, "syntax_errors": self.syntax_errors}

    def exit_status(self) -> int:
        """docs/report.md: 0 every game clean, 1 a renuncia or log error, 2 a syntax error."""
        if self.syntax_errors:
            return 2
        if self.renuncias or self.log_errors:
            return 1
        return 0


def net_payments(payments: Iterable[tuple[str, str, int]]) -> list[tuple[str, str, int]]:
    """Who owes whom over several games, netted per pair of players.

    ``payments`` are ``(payer, payee, amount)``; the result has one entry per pair
    that still owes after the two directions cancel out, largest first.
    """
    owed: dict[tuple[str, str], int] = {}
    for payer, payee, amount in payments:
        if payer != payee and amount:
            owed[(payer, payee)] = owed.get((payer, payee), 0) + amount
    netted: list[tuple[str, str, int]] = []
    done: set[frozenset[str]] = set()
    for (payer, payee), amount in owed.items():
        pair = frozenset((payer, payee))
        if pair in done:
            continue
        done.add(pair)
        net = amount - owed.get((payee, payer), 0)
        if net > 0:
            netted.append((payer, payee, net))
        elif net < 0:
            netted.append((payee, payer, -net))
    netted.sort(key=lambda t: (-t[2], t[0], t[1]))
    return netted


class LogDecodeError(ValueError):
    """Bytes that are not UTF-8 text (docs/notation.md: such a file cannot be read)."""


def decode_log(data: bytes, lang: str = "en") -> str:
    """Decode a log's bytes as UTF-8, dropping a leading byte-order mark.

    Raises :class:`LogDecodeError` naming the line and column of the first bad byte
    (or NUL byte) and what the bytes look like (:mod:`referee.notation.encoding`).
    """
    from referee.notation.encoding import NotText, decode

    try:
        return decode(data)
    except NotText as exc:
        raise LogDecodeError(exc.render(lang, how="api")) from None


def dumps(value: Any, depth: int = 0) -> str:
    """``value`` as pydantic's ``model_dump_json(indent=2)`` writes it, for a value
    that sits ``depth`` levels deep (its lines after the first indented to match)."""
    text = json.dumps(value, indent=INDENT, ensure_ascii=False)
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

    def __init__(self, out: TextSink, source: str, depth: int = 0) -> None:
        self.out = out
        self.depth = depth
        self.summary = Summary()
        pad = " " * (INDENT * (depth + 1))
        self._pad = pad
        out.write("{\n" + pad + '"source": ' + dumps(source) + ",\n" + pad + '"games": [')

    def game(self, game: Mapping[str, Any]) -> None:
        inner = " " * (INDENT * (self.depth + 2))
        self.out.write(("\n" if not self.summary.games else ",\n") + inner
                       + dumps(game, self.depth + 2))
        self.summary.add(game)

    def close(self) -> Summary:
        pad = self._pad
        closing = "]" if not self.summary.games else "\n" + pad + "]"
        self.out.write(closing + ",\n" + pad + '"summary": '
                       + dumps(self.summary.as_dict(), self.depth + 1)
                       + "\n" + " " * (INDENT * self.depth) + "}")
        return self.summary


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
