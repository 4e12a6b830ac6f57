"""``referee audit``: the referee's report on one or many logs.

Run straight from ``sys.argv`` for the plain command lines (:mod:`referee.cli.entry`)
and from typer for the rest (:mod:`referee.cli.app`); both call :func:`run_audit`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from referee.cli.common import EXIT_UNREADABLE, check_output, cli_lang, fail, inputs_or_stdin
from referee.messages import render, render_count

if TYPE_CHECKING:
    from rich.console import Console

    from referee.cli.batch.cluster import Cluster
    from referee.cli.batch.ledger import Ledger
    from referee.cli.batch.results import FileAudit
    from referee.cli.batch.worker import Output


def parse_fail_on(values: list[str] | None, lang: str) -> tuple[str, ...]:
    """``--fail-on`` values (repeated, or separated by commas); the default when none."""
    from referee.cli.batch.results import FAIL_ON_DEFAULT, FAIL_ON_KINDS

    if not values:
        return FAIL_ON_DEFAULT
    kinds: list[str] = []
    for value in values:
        for word in value.split(","):
            kind = word.strip().lower()
            if kind not in FAIL_ON_KINDS:
                fail(render("cli.bad_fail_on", {"text": word.strip()}, lang), lang)
            if kind not in kinds:
                kinds.append(kind)
    return tuple(kinds)


def audit_problems(audit: FileAudit, lang: str) -> None:
    """What went wrong with a file, on standard error."""
    from referee.cli.errors import error, syntax_notes

    if audit.error:
        error(audit.error, lang)
    if audit.crash:
        error(render("report.internal_error", {"source": audit.source, "reason": audit.crash},
                     lang), lang)
    if audit.syntax:
        syntax_notes(audit.source, audit.syntax, lang)
    if audit.empty:
        error(render("report.no_games_in", {"source": audit.source}, lang), lang)


def run_audit(
    paths: list[str] | None = None,
    as_json: bool = False,
    sets: list[str] | None = None,
    lang: str | None = None,
    jobs: int | None = None,
    summary_csv: Path | None = None,
    quiet: bool = False,
    fail_on: list[str] | None = None,
    encoding: str | None = None,
    dask: str | None = None,
) -> int:
    """Audit ``paths`` as ``referee audit`` does and return the exit status.

    Raises :class:`referee.cli.common.CliExit` for a bad option (before any work).
    """
    from referee.cli.common import check_encoding, parse_sets

    code = cli_lang(lang)
    overrides = parse_sets(sets, code)
    check_encoding(encoding, code)
    kinds = parse_fail_on(fail_on, code)
    if quiet and as_json:
        fail(render("cli.quiet_json", None, code), code)
    check_output(summary_csv, code)
    paths = inputs_or_stdin(paths, "audit", code)
    from referee.cli.batch.inputs import expand_inputs
    from referee.cli.errors import error

    inputs, problems = expand_inputs(paths, code)
    for problem in problems:
        error(problem.message, code)
    if not inputs:
        return EXIT_UNREADABLE
    many = len(paths) > 1 or any(Path(p).is_dir() for p in paths if p != "-")
    from referee.cli.batch.ledger import Ledger

    with Ledger(summary_csv, kinds) as ledger:
        run = _Run(code, as_json, quiet, many, ledger)
        if dask is not None:
            from referee.cli.batch.cluster import connect

            cluster = connect(dask, jobs, code)
            with cluster:
                run.batch(inputs, overrides, cluster.workers, encoding, cluster)
        else:
            run.batch(inputs, overrides, jobs if jobs is not None else (os.cpu_count() or 1),
                      encoding)
        return run.finish(bool(problems), summary_csv)


class _Run:
    """One ``referee audit``: prints each file's report as it is done, then the summary."""

    def __init__(self, lang: str, as_json: bool, quiet: bool, many: bool,
                 ledger: Ledger) -> None:
        self.ledger = ledger
        self.lang = lang
        self.as_json = as_json
        self.quiet = quiet
        self.many = many
        self.reported = 0
        self.held: list[FileAudit] = []
        self.console: Console | None = None
        self.active: Callable[[], bool] = lambda: False

    def output(self) -> Output:
        from referee.cli.batch.worker import Output

        if self.as_json:
            return Output("json", depth=1 if self.many else 0)
        if self.quiet:
            return Output(None)
        from referee.cli.render.console import ConsoleSpec, stdout_console

        console = self.console = stdout_console()
        return Output("human", heading=self.many, console=ConsoleSpec.of(console))

    def batch(self, inputs: Sequence[str], overrides: dict[str, str], workers: int,
              encoding: str | None, cluster: Cluster | None = None) -> None:
        from referee.cli.batch.pool import run_batch
        from referee.cli.progress import RichProgress

        output = self.output()
        with RichProgress(self.lang) as hook:
            self.active = lambda: hook.active
            if cluster is not None:
                cluster.run(inputs, overrides, self.lang, hook, output, self.emit, encoding)
            else:
                run_batch(inputs, overrides, self.lang, workers, hook, output, self.emit,
                          encoding, keep=False)
        self.active = lambda: False
        held, self.held = self.held, []
        for one in held:
            self.emit(one, counted=True)
        if self.as_json and self.many:
            sys.stdout.write("\n]\n" if self.reported else "[]\n")

    def emit(self, one: FileAudit, counted: bool = False) -> None:
        """Count a file in the ledger and print its report (held back while a progress bar
        shows)."""
        if not counted:
            self.ledger.add(one)
        if self.active():
            self.held.append(one)
            return
        audit_problems(one, self.lang)
        if self.quiet:
            if one.summary is not None:
                sys.stdout.write(_quiet_line(one, self.lang) + "\n")
            return
        text, one.report = one.report, None
        if text is None:
            return
        if self.as_json and self.many:
            sys.stdout.write("[\n  " if not self.reported else ",\n  ")
        text.copy_to(sys.stdout)
        if self.as_json and not self.many:
            sys.stdout.write("\n")
        self.reported += 1

    def finish(self, input_problems: bool, summary_csv: Path | None) -> int:
        ledger = self.ledger
        if input_problems:
            ledger.input_problems()
        dups = ledger.duplicate_list()
        files = len(ledger.files)
        if self.quiet and files > 1:
            from referee.cli.batch.summary import total

            sys.stdout.write(render_count("cli.quiet_total", files,
                                          _figures(total(ledger.files)) | {"files": files},
                                          self.lang) + "\n")
        elif self.console is not None and (self.many or dups):
            from referee.cli.render.summary import batch_summary

            batch_summary(self.console, ledger.stats(), dups, self.lang)
        status = ledger.status
        ledger.close()
        if ledger.csv_error is not None:
            from referee.cli.errors import error

            exc = ledger.csv_error
            error(render("report.cannot_write",
                         {"path": str(summary_csv), "reason": exc.strerror or str(exc)},
                         self.lang), self.lang)
            status = max(status, EXIT_UNREADABLE)
        return status


def _figures(s: object) -> dict[str, int]:
    return {name: getattr(s, name) for name in (
        "games", "clean", "renuncias", "log_errors", "syntax_errors", "duplicates")
        if hasattr(s, name)}


def _quiet_line(one: FileAudit, lang: str) -> str:
    """A file's summary line, as the human report ends (plain text)."""
    s = one.summary
    assert s is not None
    if not s.games:
        return render("report.no_games", {"source": one.source}, lang)
    return render("report.totals", {"source": one.source, **_figures(s)}, lang)
