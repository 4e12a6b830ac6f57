"""A big file audited in parts (:mod:`.parts`): one part on a worker, and the parts put
back together, in order, into the file's audit.

A part's report is its games only: the first part also writes the report's opening,
and the file's closing (the night's settlement or the games' own closing, argentino's
final match tables, and the summary) is written here once every part is in, from
what each part brings back: its summary, its settlements netted, and (human report)
its games' closing entries (argentino: each match's latest hand).
Netting is additive, so netting the parts' netted settlements gives the file's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.cli.batch.netting import Netting, Payment
from referee.cli.batch.parts import Part, part_records
from referee.cli.batch.results import FileAudit
from referee.cli.batch.rows import RowFile
from referee.cli.batch.spool import ReportText, Spool
from referee.cli.batch.worker import Output, console_encoding
from referee.cli.errors import SyntaxNote
from referee.messages import render
from referee.report.model import Summary


@dataclass(slots=True)
class PartAudit:
    """One part's audit (``audit.summary`` counts its games), its settlements netted and,
    for the human report, its games' closing entries
    (:meth:`~referee.cli.render.hooks.HumanReport.closing_entry`)."""

    audit: FileAudit
    night: list[Payment] = field(default_factory=list)
    closings: dict[int, Mapping[str, Any]] = field(default_factory=dict)


class PartWriter:
    """The report of one part's games (the opening too for the first part); never the
    closing. Counts what the closing needs."""

    def __init__(self, output: Output | None, out: Spool, source: str, lang: str,
                 first: bool) -> None:
        self.out = out
        self.summary = Summary()
        self.payments: list[Payment] = []
        self.night: list[Payment] = []
        self.kind = None if output is None else output.kind
        self.depth = 0 if output is None else output.depth
        self.opening = first  # the next game is the file's first
        self.human: Any = None
        if self.kind == "json" and first:
            from referee.report.json import JsonReportWriter

            JsonReportWriter(out, source, self.depth)  # writes the opening
        elif self.kind == "human" and output is not None:
            from referee.cli.render.report import HumanReportWriter

            self.human = HumanReportWriter(out, source, lang, output.console,
                                           heading=output.heading and first)

    def game(self, game: Mapping[str, Any]) -> None:
        from referee.report.model import payments_of

        if self.kind == "json":
            from referee.report.json import INDENT, dumps

            inner = " " * (INDENT * (self.depth + 2))
            self.out.write(("\n" if self.opening else ",\n") + inner
                           + dumps(game, self.depth + 2))
        elif self.human is not None:
            self.human.game(game)
        self.opening = False
        self.summary.add(game)
        self.payments.extend(payments_of(game))

    def close(self) -> Summary:
        from referee.report.model import net_payments

        self.night, self.payments = net_payments(self.payments), []
        return self.summary

    @property
    def closings(self) -> dict[int, Mapping[str, Any]]:
        return {} if self.human is None else dict(self.human.closings)


def audit_part(path: str, part: Part, overrides: Mapping[str, str] | None, lang: str,
               output: Output | None, inline: bool = False) -> PartAudit:
    """Audit one part of a file (never raises, as :func:`~.worker.audit_file`). Its report
    is in a temporary file, or its text itself when ``inline`` (a worker on another
    machine)."""
    from referee.cli.batch.worker import audit_records
    from referee.notation.files import NotationFileError

    spool = Spool(limit=0, encoding=console_encoding(output))
    writer = PartWriter(output, spool, path, lang, part.first)
    try:
        records = part_records(path, part, path, overrides)
        audit = audit_records(path, records, overrides, lang, output,
                              spool=spool, writer=writer)
    except NotationFileError as exc:
        return PartAudit(FileAudit(path, error=exc.render(lang)))
    except OSError as exc:
        return PartAudit(FileAudit(path, error=render(
            "report.cannot_read", {"path": path, "reason": exc.strerror or str(exc)}, lang)))
    except Exception as exc:
        return PartAudit(FileAudit(path, crash=f"{type(exc).__name__}: {exc}"))
    if inline and audit.report is not None:
        audit.report = audit.report.inline()
    return PartAudit(audit, writer.night, writer.closings)


class CutFile:
    """A file's parts as they come back, in order, put together into its audit: reports
    and rows wait on disk until the last part (a part that fails makes the whole file
    unreadable, or the referee's failure, with no report, as a run over the whole file)."""

    def __init__(self, source: str, output: Output | None, lang: str) -> None:
        self.source = source
        self.output = output
        self.lang = lang
        self.failed: FileAudit | None = None
        self.reports: list[ReportText] = []
        self.rows = RowFile()
        self.summary = Summary()
        self.night = Netting()
        self.closings: dict[int, Mapping[str, Any]] = {}
        self.syntax: list[SyntaxNote] = []

    def add(self, part: PartAudit) -> None:
        audit = part.audit
        if self.failed is not None or audit.error is not None or audit.crash is not None:
            if audit.report is not None:
                audit.report.discard()
            if self.failed is None:
                self.failed = FileAudit(self.source, error=audit.error, crash=audit.crash)
                self._discard()
            return
        if audit.report is not None:
            self.reports.append(audit.report.local())
        self.rows.extend(audit.games or ())
        s, t = self.summary, audit.summary or Summary()
        s.games += t.games
        s.clean += t.clean
        s.renuncias += t.renuncias
        s.log_errors += t.log_errors
        s.syntax_errors += t.syntax_errors
        self.night.add(part.night)
        self.closings.update(part.closings)
        self.syntax.extend(audit.syntax)

    def _discard(self) -> None:
        for report in self.reports:
            report.discard()
        self.reports = []
        self.rows.discard()
        self.night.discard()

    def finish(self) -> FileAudit:
        """The file's audit; its report ends with the closing written here."""
        if self.failed is not None:
            return self.failed
        spool = Spool(limit=0, encoding=console_encoding(self.output))
        output = self.output
        try:
            if output is not None and output.kind == "json":
                from referee.report.json import JsonReportWriter

                JsonReportWriter(spool, self.source, output.depth, opening=False).finish(
                    self.summary, self.night.netted())
            elif output is not None and output.kind == "human":
                from referee.cli.render.report import HumanReportWriter

                HumanReportWriter(spool, self.source, self.lang, output.console).finish(
                    self.summary, self.night.netted(), self.closings)
        finally:
            self.night.discard()
            self.closings = {}
        report = ReportText(parts=[*self.reports, spool.finish()])
        self.reports = []
        return FileAudit(self.source, games=self.rows, summary=self.summary, report=report,
                         syntax=sorted(self.syntax, key=lambda n: (n.line, n.column or 0)))
