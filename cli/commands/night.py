"""``referee night``: a club night from its typed logs, validated as a whole
(:mod:`referee.night.offline`), or a seating plan before it is played (``--seating``)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from referee.cli.common import (
    EXIT_CLEAN,
    EXIT_UNREADABLE,
    check_output,
    cli_lang,
    fail,
    inputs_or_stdin,
)
from referee.messages import render

if TYPE_CHECKING:
    from referee.night.offline import OfflineNight
    from referee.night.report import NightView

SIZES = re.compile(r"\s*(\d{1,3})\s*(?:\.\.|-)\s*(\d{1,3})\s*")


def parse_sizes(value: str | None, lang: str) -> tuple[int, int] | None:
    """``--tables MIN..MAX`` (exit 2 on anything else)."""
    if value is None:
        return None
    match = SIZES.fullmatch(value)
    if match is None or not 1 <= int(match[1]) <= int(match[2]):
        fail(render("night.cli.bad_tables", {"value": value}, lang), lang)
    return int(match[1]), int(match[2])


def parse_players(value: str | None) -> list[str] | None:
    """``--players``: names separated by commas or spaces, or a file of one per line."""
    if value is None:
        return None
    path = Path(value)
    if "\n" not in value and path.is_file():
        value = path.read_text(encoding="utf-8")
    names = [n.strip() for n in re.split(r"[,\s]+", value) if n.strip()]
    return list(dict.fromkeys(names))


def run_night(paths: list[str] | None = None, as_json: bool = False, csv: Path | None = None,
              html: Path | None = None, players: str | None = None,
              tables: str | None = None, seating: bool = False, rounds: int | None = None,
              method: str | None = None, seed: int | None = None, game: str | None = None,
              plan_csv: bool = False, sets: list[str] | None = None,
              lang: str | None = None, jobs: int | None = None,
              encoding: str | None = None) -> int:
    code = cli_lang(lang)
    sizes = parse_sizes(tables, code)
    roster = parse_players(players)
    if seating:
        from referee.cli.commands.night_plan import print_plan

        return print_plan(roster, sizes, rounds, method, seed, game, plan_csv, code)
    check_output(csv, code)
    check_output(html, code)
    night, status = read_night(paths, sets, code, jobs, encoding, roster, sizes)
    view = night_view(night, code)
    if as_json:
        import json

        from referee.night.report import report_data

        sys.stdout.write(json.dumps(report_data(view), indent=2, ensure_ascii=False) + "\n")
    else:
        from referee.cli.render.console import stdout_console
        from referee.cli.render.night import night_tables

        night_tables(stdout_console(), view, code)
    _problems(view, code)
    if csv is not None:
        from referee.night.report import standings_csv

        _write(csv, standings_csv(view.standings), code)
    if html is not None:
        from referee.night.html import report_html

        _write(html, report_html(view, code, inline=night.reports), code)
    if night.problems or not night.tables:
        status = max(status, EXIT_UNREADABLE)
    return status


def read_night(paths: list[str] | None, sets: list[str] | None, lang: str, jobs: int | None,
               encoding: str | None, roster: list[str] | None,
               sizes: tuple[int, int] | None) -> tuple[OfflineNight, int]:
    """The logs audited through the batch (progress on a big folder), and the night they
    make; the exit status of the audit itself (0, 1 or 2)."""
    from referee.cli.batch.inputs import expand_inputs
    from referee.cli.batch.pool import run_batch
    from referee.cli.batch.worker import Output
    from referee.cli.commands.audit import audit_problems
    from referee.cli.common import check_encoding, parse_sets
    from referee.cli.errors import error
    from referee.cli.progress import RichProgress
    from referee.night.offline import night_of_logs

    overrides = parse_sets(sets, lang)
    check_encoding(encoding, lang)
    paths = inputs_or_stdin(paths, "night", lang)
    inputs, problems = expand_inputs(paths, lang)
    for problem in problems:
        error(problem.message, lang)
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    with RichProgress(lang) as hook:
        audits = run_batch(inputs, overrides, lang, workers, hook, Output(None, night=True),
                           encoding=encoding) if inputs else []
    for audit in audits:
        audit_problems(audit, lang)
    facts = [game for audit in audits for game in audit.night]
    night = night_of_logs(facts, roster, sizes)
    statuses = [a.exit_status() for a in audits] + ([EXIT_UNREADABLE] if problems else [])
    if not facts:
        error(render("night.cli.no_games", None, lang), lang)
    return night, max(statuses, default=EXIT_UNREADABLE if not inputs else EXIT_CLEAN)


def night_view(night: OfflineNight, lang: str) -> NightView:
    from referee.night.report import NightView, RoundView

    rounds = [RoundView(number, tables, night.byes.get(number, []), closed=True)
              for number, tables in sorted(night.tables.items())]
    sources = list(dict.fromkeys(g.source for t in night.tables.values() for table in t
                                 for g in table.games if g.source))
    return NightView(night.name, night.game, night.players, rounds, night.standings,
                     problems=[p.data(lang) for p in night.problems], sources=sources)


def _problems(view: NightView, lang: str) -> None:
    """Each problem of the night on standard error, with its file and line."""
    from referee.cli.errors import error

    for problem in view.problems:
        error(f"{problem['source']}:{problem['line']}: {problem['message']}", lang)


def _write(path: Path, text: str, lang: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(render("report.cannot_write", {"path": str(path),
                                             "reason": exc.strerror or str(exc)}, lang), lang)

