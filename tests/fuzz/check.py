"""One input through the functions ``referee audit`` and ``referee fmt`` use, and the
invariants it must keep. A broken invariant is an ``AssertionError``; any other
exception is one the CLI would turn into exit status 3 (a referee bug).

- reading: the bytes decode as the CLI decodes a file or standard input
  (:func:`referee.notation.encoding.decode`), or the refusal says why in words
- audit: :func:`referee.cli.batch.worker.audit_records`, the loop behind every
  ``referee audit``, writing the JSON report; its summary agrees with its findings,
  the exit status (:meth:`FileAudit.exit_status`) with both, findings come in line
  order within each game and within the file
- fmt: when the log has no syntax error, :func:`referee.notation.canonical.format_log`
  (``referee fmt``) reads back to the same findings on the same lines, and is idempotent
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.cli.batch.results import FileAudit
from referee.cli.batch.spool import Spool
from referee.cli.batch.worker import Output, audit_records
from referee.cli.common import EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNREADABLE
from referee.cli.errors import record_notes
from referee.cli.render.console import ConsoleSpec
from referee.cli.render.report import HumanReportWriter
from referee.engine.findings import KINDS, LOG_ERROR, NOTICE, RENUNCIA, SYNTAX_ERROR
from referee.notation.canonical import format_log
from referee.notation.encoding import NotText, decode
from referee.notation.reader import iter_chunks, read_games

SOURCE = "<fuzz>"
_COMMENT_GAP = re.compile(r"[\t ]+#")
_PLACEHOLDER = re.compile(r"\{[a-z_]+\}")  # a message parameter left unfilled
SUMMARY_KINDS = {"renuncias": RENUNCIA, "log_errors": LOG_ERROR, "syntax_errors": SYNTAX_ERROR}


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one input came to: the CLI's exit status and how far it got."""

    status: int
    decoded: bool
    games: int = 0
    formatted: bool = False


def read_bytes(data: bytes, lang: str = "en") -> str | None:
    """The text the CLI reads from ``data``, or None when it refuses the bytes (after
    checking the refusal says where and why)."""
    try:
        return decode(data)
    except NotText as problem:
        for how in ("cli", "api"):
            words = problem.render(lang, how=how)
            assert words and not _PLACEHOLDER.search(words), words
        return None


def audit_text(text: str, lang: str = "en") -> tuple[FileAudit, dict[str, Any]]:
    """``text`` audited as ``referee audit --json`` audits a file: the batch's result and
    the JSON report it wrote."""
    records = iter_chunks((text,), SOURCE)
    audit = audit_records(SOURCE, records, None, lang, Output("json"))
    assert audit.report is not None
    out = io.StringIO()  # a big report is spooled to a temporary file: this removes it
    audit.report.copy_to(out)
    report: dict[str, Any] = json.loads(out.getvalue())
    return audit, report


def expected_status(report: Mapping[str, Any]) -> int:
    """docs/cli-api.md: 2 a syntax error or no game, 1 a renuncia or log error, else 0."""
    summary = report["summary"]
    if not summary["games"] or summary["syntax_errors"]:
        return EXIT_UNREADABLE
    return EXIT_FINDINGS if summary["renuncias"] or summary["log_errors"] else EXIT_CLEAN


def check_report(audit: FileAudit, report: Mapping[str, Any]) -> None:
    """The report agrees with itself and with the batch's view of it."""
    games: Sequence[Mapping[str, Any]] = report["games"]
    summary = report["summary"]
    assert report["source"] == SOURCE
    assert audit.games is not None and len(audit.games) == len(games) == summary["games"]
    assert audit.summary is not None and audit.summary.as_dict() == summary
    for field, kind in SUMMARY_KINDS.items():
        assert summary[field] == sum(_count(g, kind) for g in games), (field, summary)
    assert summary["clean"] == sum(
        all(f["kind"] == NOTICE for f in g["findings"]) for g in games)
    assert audit.exit_status() == expected_status(report), (audit.exit_status(), summary)
    assert len(audit.syntax) == summary["syntax_errors"]
    assert all(note.message for note in audit.syntax)
    for row, game in zip(audit.games, games, strict=True):
        assert (row.index, row.line) == (game["index"], game["line"])
        assert (row.renuncias, row.log_errors, row.syntax_errors, row.notices) == tuple(
            _count(game, kind) for kind in (RENUNCIA, LOG_ERROR, SYNTAX_ERROR, NOTICE))
    check_order(games)


def _count(game: Mapping[str, Any], kind: str) -> int:
    return sum(1 for f in game["findings"] if f["kind"] == kind)


def check_order(games: Sequence[Mapping[str, Any]]) -> None:
    """Games numbered 1, 2, 3... on increasing lines; each game's findings in line order,
    and the file's findings in line order from game to game."""
    last_line = 0
    for number, game in enumerate(games, 1):
        assert game["index"] == number
        assert game["line"] > (games[number - 2]["line"] if number > 1 else 0)
        lines = [f["line"] for f in game["findings"]]
        assert lines == sorted(lines), lines
        assert all(line >= 1 for line in lines)
        if lines:
            assert lines[0] >= last_line, (number, lines[0], last_line)
            last_line = lines[-1]
        for f in game["findings"]:
            assert f["kind"] in KINDS and f["rule"] and f["message"], f


def findings_of(report: Mapping[str, Any]) -> list[list[tuple[Any, ...]]]:
    """Each game's findings as ``fmt`` must keep them: kind, rule, player, line, words."""
    return [[(f["kind"], f["rule"], f["player"], f["line"], f["message"])
             for f in g["findings"]] for g in report["games"]]


def outcome_of(report: Mapping[str, Any]) -> list[tuple[Any, ...]]:
    """What each game came to (who won, who is out, who pays)."""
    return [(g["players"], g["finished"], g["winner"], g["eliminated"], g["settlement"],
             g.get("scores")) for g in report["games"]]


def formatted(text: str, lang: str = "en", symbols: bool = False) -> str | None:
    """``referee fmt``'s output for ``text``; None when it has syntax errors (fmt exits 2)."""
    records = read_games(text, SOURCE)
    if record_notes(records, lang):
        return None
    return format_log(text, records, lang=lang, symbols=symbols)


def check_fmt(text: str, report: Mapping[str, Any], lang: str = "en",
              symbols: bool = False) -> bool:
    """``fmt`` (keywords in ``lang``, the report's language too) keeps the findings and
    lines, and is idempotent; False when it refuses (a syntax error)."""
    out = formatted(text, lang, symbols)
    if out is None:
        assert report["summary"]["syntax_errors"], "fmt refused a log without syntax errors"
        return False
    assert not report["summary"]["syntax_errors"], "fmt formatted a log with syntax errors"
    assert out == "" or out.endswith("\n")
    _, again = audit_text(out, lang)
    assert findings_of(again) == findings_of(report), "fmt changed the findings"
    assert outcome_of(again) == outcome_of(report), "fmt changed the outcome"
    assert formatted(out, lang, symbols) == out, "fmt is not idempotent"
    if lang != "en" or symbols:  # back to English keywords and letter suits
        back, direct = formatted(out), formatted(text)
        assert back is not None and direct is not None
        assert _statements(back) == _statements(direct), "fmt in another spelling differs"
    return True


HUMAN = ConsoleSpec(width=100, color_system=None, is_terminal=False, encoding="utf-8",
                    legacy_windows=False)


def check_human(report: Mapping[str, Any], lang: str = "en") -> str:
    """The human report (``referee audit`` without ``--json``) drawn from the same games:
    it draws, and counts what the JSON counts."""
    spool = Spool()
    writer = HumanReportWriter(spool, SOURCE, lang, HUMAN, heading=True)
    for game in report["games"]:
        writer.game(game)
    assert writer.close().as_dict() == report["summary"]
    text = spool.finish().text
    assert text is not None and SOURCE in text
    return text


def _statements(text: str) -> str:
    """``text`` with the blanks before each comment made one: a comment keeps its column
    only where the statement leaves room, and Spanish keywords are longer."""
    return _COMMENT_GAP.sub(" #", text)


def check_bytes(data: bytes, lang: str = "en", fmt: bool = True,
                symbols: bool = False, human: bool = False) -> Outcome:
    """Every invariant on ``data``; raises what the referee raises. ``fmt`` and ``human``
    add the round trip through ``referee fmt`` and the human report (both cost time)."""
    text = read_bytes(data, lang)
    if text is None:
        return Outcome(EXIT_UNREADABLE, decoded=False)
    audit, report = audit_text(text, lang)
    check_report(audit, report)
    if human:
        check_human(report, lang)
    done = fmt and check_fmt(text, report, lang, symbols)
    return Outcome(audit.exit_status(), True, report["summary"]["games"], done)
