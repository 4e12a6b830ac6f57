"""``referee replay``: the table at a line of a log, or a game step by step.

``--at LINE`` finds the game that holds the line; the state shown is the event written
there, the findings standing on that line (from the game's audit: a bajada judged at
the turn's end stands on its first meld) and the table right after it. ``--step`` walks
the game's states (:func:`referee.engine.timeline`, one replay) from there.
"""

from __future__ import annotations

import dataclasses
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from referee.cli.common import (
    EXIT_UNREADABLE,
    check_encoding,
    cli_lang,
    fail,
    parse_sets,
    read_one,
)
from referee.cli.errors import record_notes, syntax_notes
from referee.messages import render

if TYPE_CHECKING:
    from rich.console import Console

    from referee.engine.views import TableView
    from referee.notation.events import GameRecord
    from referee.report.schema import FindingData
    from referee.report.table import StepData


_LINE_END = re.compile(r"\r\n?|\n")


def game_spans(records: Sequence[GameRecord], text: str) -> list[tuple[int, int]]:
    """The lines each game holds: from its first tag to the line before the next game's
    first tag (its comments and blank lines too); the last game to the end of the text
    (its lines counted as the reader counts them: a lone ``\\r`` ends one too)."""
    ended = len(_LINE_END.findall(text))
    last_line = ended + (1 if text and not text.endswith(("\n", "\r")) else 0)
    starts = [r.line for r in records]
    ends = [s - 1 for s in starts[1:]] + [max(last_line, starts[-1])]
    return list(zip(starts, ends, strict=True))


def which_game(records: Sequence[GameRecord], text: str, at: int | None, game: int | None,
               source: str, lang: str) -> int:
    """The index of the game to replay: ``--game``, else the one holding ``--at``, else the
    first. Exit 2 for a game the file lacks or a line outside it (or outside every game)."""
    if not records:
        fail(render("cli.replay.no_games", {"source": source}, lang), lang)
    spans = game_spans(records, text)
    if game is not None:
        if game > len(records):
            fail(render("report.no_game", {"source": source, "game": game,
                                           "count": len(records)}, lang), lang)
        first, last = spans[game - 1]
        if at is not None and not first <= at <= last:
            fail(render("cli.replay.not_in_game", {"line": at, "game": game, "source": source,
                                                   "first": first, "last": last}, lang), lang)
        return game - 1
    if at is None:
        return 0
    for index, (first, last) in enumerate(spans):
        if first <= at <= last:
            return index
    fail(render("cli.replay.outside", {"line": at, "source": source, "first": spans[0][0],
                                       "last": spans[-1][1]}, lang), lang)


class Steps:
    """A game's states: the table as dealt, then after each event, with what each line
    holds (the event written there, the findings standing on it)."""

    def __init__(self, record: GameRecord, views: Sequence[TableView],
                 findings: Sequence[FindingData], lang: str) -> None:
        from referee.notation.writer import format_event

        self.record = record
        self.views = views
        self.lang = lang
        self.events = {e.line: format_event(e, lang) for e in record.events}
        self.findings: dict[int, list[FindingData]] = {}
        for f in findings:
            self.findings.setdefault(f["line"], []).append(f)

    def index_at(self, line: int) -> int:
        """The last state at or before ``line``."""
        return max((i for i, v in enumerate(self.views) if v.line <= line), default=0)

    def step(self, index: int, line: int | None = None) -> StepData:
        """State ``index``, shown as the table after ``line`` (its own line by default)."""
        from referee.report.table import step_data

        view = self.views[index]
        if line is not None and line != view.line:
            view = dataclasses.replace(view, line=line)
        return step_data(view, self.record.index, self.events.get(view.line),
                         self.findings.get(view.line, []), index == 0 and line is None,
                         self.lang)


def _steps(records: Sequence[GameRecord], index: int, overrides: Mapping[str, str],
           lang: str) -> Steps:
    from referee.audit import audit_game, series_before, timeline
    from referee.report.model import finding_data

    record = records[index]
    views = timeline(record, overrides, series_before(records, index, overrides))
    result = audit_game(record, overrides, series_before(records, index, overrides))
    return Steps(record, views, [finding_data(f, lang) for f in result.findings], lang)


def run_replay(file: str, at: int | None = None, game: int | None = None, step: bool = False,
               sets: list[str] | None = None, lang: str | None = None,
               as_json: bool = False, encoding: str | None = None) -> int:
    code = cli_lang(lang)
    overrides = parse_sets(sets, code)
    check_encoding(encoding, code)
    source, text = read_one(file, code, encoding)
    from referee.notation.reader import read_games

    records = read_games(text, source, overrides)
    index = which_game(records, text, at, game, source, code)
    record = records[index]
    try:
        steps = _steps(records, index, overrides, code)
    except ValueError as exc:  # a game the engine cannot replay (no players, bad header...)
        syntax_notes(source, record_notes([record], code), code)
        why = str(exc) if record.bad_tag is None else render("report.not_judged", lang=code)
        fail(f"{source}: {why}", code)
    if step:
        first = 0 if at is None else steps.index_at(at)
        _step_through(steps, first, as_json, code)
    else:
        shown = steps.step(steps.index_at(at), at) if at is not None else steps.step(
            len(steps.views) - 1)
        _show([shown], as_json, code)
    notes = record_notes([record], code)
    if notes:
        syntax_notes(source, notes, code)
        return EXIT_UNREADABLE
    return 0


def _show(states: Sequence[StepData], as_json: bool, lang: str, many: bool = False) -> None:
    if as_json:
        import json

        value: object = list(states) if many else states[0]
        sys.stdout.write(json.dumps(value, indent=2, ensure_ascii=False) + "\n")
        return
    from referee.cli.render.console import stdout_console
    from referee.cli.render.table import step_view

    console = stdout_console()
    for state in states:
        step_view(console, state, lang)
        console.print()


def interactive() -> bool:
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def _step_through(steps: Steps, first: int, as_json: bool, lang: str) -> None:
    """On a terminal, one state at a time (Enter, b, q); else every state from ``first``."""
    if as_json or not interactive():
        _show([steps.step(i) for i in range(first, len(steps.views))], as_json, lang,
              many=True)
        return
    from referee.cli.render.console import stdout_console

    walk(steps, first, stdout_console(), lang, input)


def walk(steps: Steps, first: int, console: Console, lang: str,
         ask: Callable[[str], str]) -> None:
    """Show state ``first``, then follow the keys ``ask`` returns: Enter the next state,
    ``b`` the one before, ``q`` (or the end of input) quits; past the last state, the end."""
    from rich.text import Text

    from referee.cli.render.table import step_view
    from referee.messages import render as words

    index = first
    count = len(steps.views)
    while True:
        console.clear()
        where = words("cli.replay.step_of", {"step": index + 1, "steps": count}, lang)
        step_view(console, steps.step(index), lang, where=where)
        console.print(Text(words("cli.replay.keys", None, lang), style="dim"))
        try:
            key = ask("> ").strip().lower()
        except EOFError:
            return
        if key == "q":
            return
        if key == "b":
            index = max(index - 1, 0)
        elif not key:
            if index == count - 1:
                console.print(Text(words("cli.replay.end", None, lang), style="bold"))
                return
            index += 1
