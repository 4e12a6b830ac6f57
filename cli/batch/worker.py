"""The worker: audit one file, writing each game's report as it goes.

:func:`audit_file` streams: it reads a file a chunk at a time
(:func:`referee.notation.reader.iter_path`), audits it game by game and writes each
game's report (JSON, or the human report of :mod:`referee.cli.render.report`) at
once to a :class:`~referee.cli.batch.spool.Spool`. What it keeps per game is one
small :class:`~referee.cli.batch.results.GameRow`, so memory stays flat however big
the file. The report reaches standard output only once the file is done: a file
that turns out unreadable, or on which the referee fails, prints no report.

:func:`audit_file` is a module-level function so a process pool can pickle it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from referee.cli.batch.fingerprint import game_fingerprint
from referee.cli.batch.inputs import STDIN, read_source, source_name
from referee.cli.batch.results import FileAudit, GameRow, GameTally
from referee.cli.batch.spool import Spool
from referee.cli.errors import SyntaxNote, syntax_note
from referee.messages import render
from referee.report.model import is_clean  # here, not in _row: an import per game costs

if TYPE_CHECKING:
    from referee.engine.findings import GameResult
    from referee.notation.events import GameRecord
    from referee.report.model import Summary
    from referee.report.schema import GameData


@dataclass(frozen=True, slots=True)
class Output:
    """What a worker writes: ``kind`` ``json`` (one object, ``depth`` 1 inside the batch's
    list), ``human`` (drawn with rich as ``console`` says, ``heading`` with the file's
    name first) or None (no report, only counts); ``tally`` also keeps each game's
    :class:`GameTally` for the standings, ``night`` each game's facts for ``referee
    night`` (:class:`referee.night.offline.GameFacts`). ``spool_chars``: how much of a
    report is held in memory before it goes to a temporary file (default
    :data:`.spool.SPOOL_CHARS`)."""

    kind: str | None
    depth: int = 0
    heading: bool = False
    console: Any = None  # referee.cli.render.console.ConsoleSpec, for "human"
    tally: bool = False
    spool_chars: int | None = None
    night: bool = False  # keep each game's facts for ``referee night``


class ReportWriter(Protocol):
    def game(self, game: Mapping[str, Any]) -> None: ...

    def close(self) -> Summary: ...


def report_writer(output: Output | None, out: Spool, source: str, lang: str) -> ReportWriter:
    kind = None if output is None else output.kind
    if kind == "json" and output is not None:
        from referee.report.json import JsonReportWriter

        return JsonReportWriter(out, source, output.depth)
    if kind == "human" and output is not None:
        from referee.cli.render.report import HumanReportWriter

        return HumanReportWriter(out, source, lang, output.console, heading=output.heading)
    from referee.report.json import SummaryOnly

    return SummaryOnly()


def console_encoding(output: Output | None) -> str:
    """The encoding a report drawn for ``output`` believes it writes."""
    return getattr(output.console, "encoding", "utf-8") if output else "utf-8"


def game_tally(game: GameData) -> GameTally:
    renuncias: dict[str, int] = {}
    for f in game["findings"]:
        if f["kind"] == "renuncia" and f["player"] is not None:
            renuncias[f["player"]] = renuncias.get(f["player"], 0) + 1
    from referee.cli.batch.standings import table_of
    from referee.games import find_game

    variant = find_game(game["ruleset"])
    return GameTally(
        table=table_of(game["ruleset"]),
        players=tuple(game["players"]),
        winner=game["winner"],
        renuncias=tuple(renuncias.items()),
        eliminated=tuple(e["player"] for e in game["eliminated"]),
        payments=tuple((p["payer"], p["payee"], p["amount"]) for p in game["settlement"]),
        points=tuple(variant.standing_points(game) if variant is not None else ()),
    )


def _row(game: GameData, fingerprint: str | None, tally: bool) -> GameRow:
    counts = {"renuncia": 0, "log-error": 0, "syntax-error": 0, "notice": 0}
    for f in game["findings"]:
        counts[f["kind"]] = counts.get(f["kind"], 0) + 1
    return GameRow(
        game["index"], game["line"], tuple(game["players"]), game["finished"], game["winner"],
        counts["renuncia"], counts["log-error"], counts["syntax-error"], counts["notice"],
        is_clean(game), fingerprint, game_tally(game) if tally else None)


def _caret_context(text_lines: Sequence[str], line: int, column: int | None) -> str:
    from referee.notation.controls import shown
    from referee.notation.pieces import caret_context

    if not 1 <= line <= len(text_lines):
        return ""
    source_line = text_lines[line - 1]
    if column is None:
        return shown(source_line)
    return caret_context(source_line, max(column, 1))


_LINE_END = re.compile(r"\r\n|\r|\n")  # the reader's line ends (not str.splitlines')


def text_lines(text: str) -> list[str]:
    """The lines of ``text`` as the reader numbers them."""
    return _LINE_END.split(text)


class _Notes:
    """The syntax errors of a file, with their context (the line and a caret)."""

    def __init__(self, lang: str, text_lines: Callable[[], Sequence[str]] | None) -> None:
        self.lang = lang
        self.text_lines = text_lines
        self.lines: Sequence[str] | None = None
        self.notes: list[SyntaxNote] = []

    def add(self, record: GameRecord, result: GameResult) -> None:
        contexts: dict[tuple[int, int | None], str] = {
            (p.line, p.column): p.context for p in record.errors}
        for finding in result.findings:
            if finding.kind != "syntax-error":
                continue
            context = (contexts.get((finding.line, finding.column))
                       or str(finding.params.get("context") or ""))
            if not context and self.text_lines is not None:
                if self.lines is None:
                    self.lines = self.text_lines()
                context = _caret_context(self.lines, finding.line, finding.column)
            self.notes.append(syntax_note(finding, self.lang, context))

    def sorted(self) -> list[SyntaxNote]:
        return sorted(self.notes, key=lambda n: (n.line, n.column or 0))


def audit_records(
    source: str,
    records: Iterator[GameRecord],
    overrides: Mapping[str, str] | None,
    lang: str,
    output: Output | None,
    on_game: Callable[[], None] | None = None,
    text_lines: Callable[[], Sequence[str]] | None = None,
    spool: Spool | None = None,
    writer: ReportWriter | None = None,
) -> FileAudit:
    """Audit the games of one source as they are read, writing each game's report at
    once (to ``spool`` through ``writer``, by default the report of ``output``); what
    stays in memory per game is its :class:`GameRow`.

    Raises what reading raises (``NotationFileError``) and what the referee raises;
    :func:`audit_file` turns those into an unreadable file or an internal error.
    """
    from referee.audit import Series, audit_game
    from referee.report.model import game_data

    if spool is None:
        spool = Spool(None if output is None else output.spool_chars,
                      encoding=console_encoding(output))
    if writer is None:
        writer = report_writer(output, spool, source, lang)
    tally = output is not None and output.tally
    night: list[Any] | None = [] if output is not None and output.night else None
    rows: list[GameRow] = []
    notes = _Notes(lang, text_lines)
    series = Series()
    try:
        for record in records:
            fingerprint = game_fingerprint(record)
            result = audit_game(record, overrides, series)
            game = game_data(result, lang)
            writer.game(game)
            row = _row(game, fingerprint, tally)
            rows.append(row)
            if row.syntax_errors:
                notes.add(record, result)
            if night is not None:
                night.append(night_facts(source, game, fingerprint))
            if on_game is not None:
                on_game()
        summary = writer.close()
    except BaseException:
        spool.discard()
        raise
    return FileAudit(source, games=rows, summary=summary, report=spool.finish(),
                     syntax=notes.sorted(), night=night or [])


def night_facts(source: str, game: GameData, fingerprint: str | None) -> Any:
    """What ``referee night`` needs of a game (:class:`referee.night.offline.GameFacts`)."""
    from referee.night.offline import GameFacts

    return GameFacts(source, game["line"], game["ruleset"], dict(game["tags"]),
                     tuple(game["players"]), fingerprint, dict(game))


def audit_file(
    path: str,
    overrides: Mapping[str, str] | None = None,
    lang: str = "en",
    output: Output | None = None,
    on_game: Callable[[], None] | None = None,
    text: str | None = None,
    encoding: str | None = None,
) -> FileAudit:
    """Audit one file (read a chunk at a time, or ``text`` already read; standard input is
    read whole), in UTF-8 or ``encoding``, and write its report.

    Never raises: an unreadable file is ``error``; a failure of the referee itself is
    ``crash`` (exit status 3), so one bad file cannot sink a batch.
    """
    from referee.notation.reader import NotationFileError, iter_chunks, iter_path

    source = source_name(path)
    if text is None and path == STDIN:
        text, error = read_source(path, lang, encoding)
        if text is None:
            return FileAudit(source, error=error)
    if text is not None:
        known = text
        records = iter_chunks((text,), source, overrides)

        def lines() -> Sequence[str]:
            return text_lines(known)
    else:
        records = iter_path(path, source, encoding, overrides)

        def lines() -> Sequence[str]:  # only for a syntax error with no context (never yet)
            whole, _ = read_source(path, lang, encoding)
            return text_lines(whole or "")
    try:
        return audit_records(source, records, overrides, lang, output, on_game, lines)
    except NotationFileError as exc:
        return FileAudit(source, error=exc.render(lang))
    except OSError as exc:  # the file went away or broke while being read
        return FileAudit(source, error=render(
            "report.cannot_read", {"path": path, "reason": exc.strerror or str(exc)}, lang))
    except Exception as exc:
        return FileAudit(source, crash=f"{type(exc).__name__}: {exc}")
