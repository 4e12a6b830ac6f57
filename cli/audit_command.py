"""``referee audit`` itself, without typer: :mod:`referee.cli.main` declares the command
(options, help) and :mod:`referee.cli.entry` runs it straight from ``sys.argv`` for the
common cases; both call :func:`run_audit`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from referee.cli.common import EXIT_UNREADABLE, check_encoding, parse_sets
from referee.messages import resolve_lang


def run_audit(
    paths: list[str],
    as_json: bool = False,
    sets: list[str] | None = None,
    lang: str | None = None,
    jobs: int | None = None,
    summary_csv: Path | None = None,
    encoding: str | None = None,
) -> int:
    """Audit ``paths`` as ``referee audit`` does and return the exit status.

    Raises :class:`referee.cli.common.CliExit` for a bad ``--set`` or ``--encoding``.
    """
    from referee.cli.batch import (
        HANDFUL,
        FileAudit,
        Output,
        batch_exit_status,
        expand_inputs,
        file_stats,
        find_duplicates,
        run_batch,
        write_summary_csv,
    )
    from referee.cli.errors import RichProgress, audit_problems, error

    code = resolve_lang(lang)
    overrides = parse_sets(sets, code)
    check_encoding(encoding, code)
    inputs, problems = expand_inputs(paths, code)
    for problem in problems:
        error(problem.message, code)
    if not inputs:
        return EXIT_UNREADABLE

    many = len(paths) > 1 or any(Path(p).is_dir() for p in paths if p != "-")
    console = None
    if as_json:
        output = Output("json", depth=1 if many else 0)
    else:
        from referee.cli.render import ConsoleSpec, stdout_console

        console = stdout_console()
        output = Output("human", heading=many, console=ConsoleSpec.of(console))

    # Reports are printed file by file as they are done (in the order given), each
    # only once its file is finished; while a progress bar shows they wait for it.
    reported = 0
    held: list[FileAudit] = []

    def emit(one: FileAudit) -> None:
        nonlocal reported
        if hook.active:
            held.append(one)
            return
        audit_problems(one, code)
        text, one.report = one.report, None
        if text is None:
            return
        if as_json and many:
            sys.stdout.write("[\n  " if not reported else ",\n  ")
        text.copy_to(sys.stdout)
        if as_json and not many:
            sys.stdout.write("\n")
        reported += 1

    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    with RichProgress(code, HANDFUL) as hook:
        audits = run_batch(inputs, overrides, code, workers, hook, output, emit, encoding)
    for one in held:
        emit(one)
    if as_json and many:
        sys.stdout.write("\n]\n" if reported else "[]\n")
    dups = find_duplicates(audits)
    if console is not None and (many or dups):
        from referee.cli.render import batch_summary

        batch_summary(console, file_stats(audits, dups), dups, code)

    status = batch_exit_status(audits, input_problems=bool(problems))
    if summary_csv is not None:
        try:
            write_summary_csv(summary_csv, audits, dups)
        except OSError as exc:
            from referee.messages import render

            error(render("report.cannot_write",
                         {"path": str(summary_csv), "reason": exc.strerror or str(exc)}, code),
                  code)
            status = max(status, EXIT_UNREADABLE)
    return status
