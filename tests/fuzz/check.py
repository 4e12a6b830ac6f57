"""One input through the functions ``referee audit`` and ``referee fmt`` use, and the
invariants it must keep. A broken invariant is an ``AssertionError``; any other
exception is one the CLI would turn into exit status 3 (a referee bug).

- reading: the bytes decode as the CLI decodes a file or standard input
  (:func:`referee.notation.encoding.decode`), or the refusal says why in words
  (:func:`refusal` sorts the reasons: not UTF-8, UTF-16 without a mark, mostly
  control characters)
- audit: :func:`referee.cli.batch.worker.audit_records`, the loop behind every
  ``referee audit``, writing the JSON report; its summary agrees with its findings,
  the exit status (:meth:`FileAudit.exit_status`) with both, findings come in line
  order within each game and within the file
- one bad game spoils only itself (:mod:`.spoil`): every game is judged as it is
  alone, and every line with a stray control character is a syntax error of its game
- fmt: when the log has no syntax error, :func:`referee.notation.canonical.format_log`
  (``referee fmt``) reads back to the same findings on the same lines, and is idempotent
- replay (:mod:`.replay`): ``referee replay --at`` on a sample of lines never raises
  and agrees with the audit
- the HTTP API (:mod:`.api`): ``POST /v1/audit`` answers the command line's report (or
  its refusal), ``POST /v1/timeline`` what replay shows, never a 5xx
"""

from __future__ import annotations

import io
import json
import random
import re
import zlib
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
from tests.fuzz.spoil import check_alone, check_strays

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
    refused: str | None = None  # why the bytes are not text (:func:`refusal`)
    strays: int = 0  # lines holding a stray control character
    alone: int = 0  # games judged alone again


def read_bytes(data: bytes, lang: str = "en") -> str | None:
    """The text the CLI reads from ``data``, or None when it refuses the bytes (after
    checking the refusal says where and why)."""
    return decoded(data, lang)[0]


def decoded(data: bytes, lang: str = "en") -> tuple[str | None, NotText | None]:
    """The text the CLI reads from ``data``, or the refusal (checked to say where and
    why, in words)."""
    try:
        return decode(data), None
    except NotText as problem:
        for how in ("cli", "api"):
            words = problem.render(lang, how=how)
            assert words and not _PLACEHOLDER.search(words), words
        return None, problem


def refusal(problem: NotText) -> str:
    """Why bytes are not text, in a few words (``bench/fuzz.py`` counts them)."""
    if problem.key == "file.control":
        return "mostly control characters"
    if problem.params.get("byte") == "0x00":
        return "UTF-16 or UTF-32 without a byte-order mark"
    looks = (problem.looks or "").split("-")[0]
    return {"cp1252": "not UTF-8 (like Windows-1252)", "utf": "not UTF-8 (like UTF-16/32)"}.get(
        looks, "not UTF-8")


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


def check_bytes(data: bytes, lang: str = "en", fmt: bool = True, symbols: bool = False,
                human: bool = False, alone: bool = True, replay: bool = False,
                api: bool = False) -> Outcome:
    """Every invariant on ``data``; raises what the referee raises. ``fmt``, ``human``,
    ``replay`` and ``api`` add the round trip through ``referee fmt``, the human report,
    ``referee replay`` and the HTTP API (each costs time); ``alone`` judges each game
    alone again."""
    text, problem = decoded(data, lang)
    if text is None:
        assert problem is not None
        if api:
            from tests.fuzz.api import check_audit

            check_audit(data, lang, SOURCE, None, problem.render(lang, how="api"))
        return Outcome(EXIT_UNREADABLE, decoded=False, refused=refusal(problem))
    audit, report = audit_text(text, lang)
    check_report(audit, report)
    strays = check_strays(text, report)
    judged = check_alone(text, report, lambda again: audit_text(again, lang)[1]) if alone else 0
    if human:
        check_human(report, lang)
    done = fmt and check_fmt(text, report, lang, symbols)
    if replay or api:
        _check_replay_and_api(data, text, report, lang, replay, api)
    return Outcome(audit.exit_status(), True, report["summary"]["games"], done,
                   strays=strays, alone=judged)


def _check_replay_and_api(data: bytes, text: str, report: Mapping[str, Any], lang: str,
                          replay: bool, api: bool) -> None:
    from tests.fuzz.replay import check_replay

    records = read_games(text, SOURCE)
    rnd = random.Random(zlib.crc32(data))  # the same lines for the same input
    if replay:
        check_replay(text, records, report, lang, rnd)
    if api:
        from tests.fuzz.api import check_audit, check_timeline

        check_audit(data, lang, SOURCE, report, None)
        count = len(records)
        games = sorted({rnd.randint(1, count + 1) for _ in range(2)}) if count else [1]
        check_timeline(data, lang, records, report, games)
