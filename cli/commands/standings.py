"""``referee standings``: per-player figures across logs (:mod:`referee.cli.batch.standings`)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from referee.cli.common import EXIT_UNREADABLE, check_output, cli_lang, fail, inputs_or_stdin
from referee.messages import render

if TYPE_CHECKING:
    from referee.cli.batch.standings import StandingsData

CSV_COLUMNS = ("game", "player", "games", "wins", "renuncias", "eliminations", "net", "points")


def run_standings(paths: list[str] | None = None, as_json: bool = False,
                  csv: Path | None = None, sets: list[str] | None = None,
                  lang: str | None = None, jobs: int | None = None,
                  encoding: str | None = None) -> int:
    from referee.cli.batch.inputs import expand_inputs
    from referee.cli.batch.pool import run_batch
    from referee.cli.batch.standings import standings
    from referee.cli.batch.worker import Output
    from referee.cli.commands.audit import audit_problems
    from referee.cli.common import check_encoding, parse_sets
    from referee.cli.errors import error
    from referee.cli.progress import RichProgress

    code = cli_lang(lang)
    overrides = parse_sets(sets, code)
    check_encoding(encoding, code)
    check_output(csv, code)
    paths = inputs_or_stdin(paths, "standings", code)
    inputs, problems = expand_inputs(paths, code)
    for problem in problems:
        error(problem.message, code)
    if not inputs:
        return EXIT_UNREADABLE
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    with RichProgress(code) as hook:
        audits = run_batch(inputs, overrides, code, workers, hook, Output(None, tally=True),
                           encoding=encoding)
    for audit in audits:
        audit_problems(audit, code)
    data = standings(audits).data([a.source for a in audits if a.reported])
    if as_json:
        import json

        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    else:
        from referee.cli.render.console import stdout_console
        from referee.cli.render.standings import standings_tables

        standings_tables(stdout_console(), data, code)
    if csv is not None:
        _write_csv(csv, data, code)
    statuses = [a.exit_status(()) for a in audits] + ([EXIT_UNREADABLE] if problems else [])
    return max(statuses, default=0)


def _write_csv(path: Path, standings: StandingsData, lang: str) -> None:
    """One row per player and table, the table's (first) game in ``game``: a money
    table's rows leave ``points`` empty, a points table's (games are hands, wins hands
    won) leave ``eliminations`` and ``net`` empty."""
    import csv as csvlib

    from referee.cli.batch.standings import tables

    try:
        with path.open("w", encoding="utf-8", newline="") as handle:
            writer = csvlib.writer(handle)
            writer.writerow(CSV_COLUMNS)
            for table, game in tables():
                for r in standings.get(table.key) or ():
                    if table.points:
                        writer.writerow([game, r["player"], r["hands"], r["went_out"],
                                         r["renuncias"], "", "", r["points"]])
                    else:
                        writer.writerow([game, r["player"], r["games"], r["wins"],
                                         r["renuncias"], r["eliminations"], r["net"], ""])
    except OSError as exc:
        fail(render("report.cannot_write", {"path": str(path),
                                             "reason": exc.strerror or str(exc)}, lang), lang)
