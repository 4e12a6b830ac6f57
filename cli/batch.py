"""Auditing many files: inputs, the worker, the process pool, duplicates, the CSV.

Nothing here prints; :mod:`cli.render` shows what this module computes. The
worker (:func:`audit_file`) is a module-level function so a process pool can
pickle it; it returns a :class:`FileAudit` with the finished pydantic report
(built at this boundary, after the engine is done with the file).
"""

from __future__ import annotations

import csv
import dataclasses
import hashlib
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from referee.messages import render

if TYPE_CHECKING:
    from referee.events import GameRecord
    from referee.report import Report
    from referee.results import GameResult

STDIN = "-"
STDIN_SOURCE = "<stdin>"
LOG_SUFFIX = ".rummy"
HANDFUL = 5  # more files (or games) than this and a terminal gets a progress bar


# ----------------------------------------------------------------------------- inputs


@dataclass(frozen=True, slots=True)
class InputProblem:
    path: str
    message: str


def expand_inputs(paths: Sequence[str], lang: str = "en") -> tuple[list[str], list[InputProblem]]:
    """Files as given, folders as every ``*.rummy`` below them (sorted), ``-`` for stdin.

    A path named twice is audited once. Missing paths and empty folders are
    problems (exit status 2), reported without stopping the others.
    """
    out: list[str] = []
    problems: list[InputProblem] = []
    seen: set[str] = set()

    def add(name: str, key: str) -> None:
        if key not in seen:
            seen.add(key)
            out.append(name)

    for raw in paths:
        if raw == STDIN:
            add(STDIN, STDIN)
            continue
        path = Path(raw)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*" + LOG_SUFFIX) if p.is_file())
            if not found:
                problems.append(InputProblem(
                    raw, render("report.no_logs_in_folder", {"path": raw}, lang)))
            for p in found:
                add(str(p), os.path.realpath(p))
        elif path.exists():
            add(raw, os.path.realpath(path))
        else:
            reason = render("report.no_such_file", None, lang)
            problems.append(InputProblem(
                raw, render("report.cannot_read", {"path": raw, "reason": reason}, lang)))
    return out, problems


# ----------------------------------------------------------------------------- auditing


@dataclass(frozen=True, slots=True)
class SyntaxNote:
    """A syntax error as standard error shows it: where, the words and the caret."""

    line: int
    column: int | None
    message: str
    context: str


@dataclass(slots=True)
class FileAudit:
    source: str
    report: Report | None = None
    error: str | None = None  # the file could not be read (no report)
    crash: str | None = None  # the referee itself failed on this file
    syntax: list[SyntaxNote] = field(default_factory=list)
    fingerprints: list[str | None] = field(default_factory=list)  # one per game

    @property
    def exit_status(self) -> int:
        if self.crash is not None:
            return 3
        if self.error is not None or self.report is None:
            return 2
        return self.report.exit_status()


def game_fingerprint(record: GameRecord) -> str | None:
    """Players, deals and events of a game, ignoring line numbers; None for a game
    with no events (nothing worth calling a duplicate)."""
    if not record.events:
        return None
    parts: list[Any] = [list(record.players)]
    parts.append(sorted((name, [str(c) for c in deal.cards])
                        for name, deal in record.deals.items()))
    for event in record.events:
        row: list[Any] = [type(event).__name__]
        for f in dataclasses.fields(event):
            if f.name in ("line", "column"):
                continue
            value = getattr(event, f.name)
            if isinstance(value, tuple):
                value = [str(v) for v in value]
            elif value is not None and not isinstance(value, str | int):
                value = str(value)
            row.append(value)
        parts.append(row)
    return hashlib.sha1(repr(parts).encode("utf-8")).hexdigest()


def _caret_context(text_lines: Sequence[str], line: int, column: int | None) -> str:
    if not 1 <= line <= len(text_lines):
        return ""
    source_line = text_lines[line - 1].rstrip("\r\n")
    if column is None:
        return source_line
    return source_line + "\n" + " " * max(column - 1, 0) + "^"


def audit_loaded(
    source: str,
    text: str,
    overrides: Mapping[str, str] | None = None,
    lang: str = "en",
    on_game: Callable[[], None] | None = None,
) -> FileAudit:
    """Audit a log already in memory, game by game: each game's result becomes its
    report model at once, so only the models stay in memory."""
    from referee.engine import audit_game
    from referee.reader import iter_games
    from referee.report import build_report, finding_message

    fingerprints: list[str | None] = []
    notes: list[SyntaxNote] = []
    text_lines: list[str] = []

    def results() -> Iterator[GameResult]:
        for record in iter_games(text, source):
            fingerprints.append(game_fingerprint(record))
            contexts: dict[tuple[int, int | None], str] = {
                (p.line, p.column): p.context for p in record.errors}
            result = audit_game(record, overrides)
            for finding in result.findings:
                if finding.kind != "syntax-error":
                    continue
                context = (contexts.get((finding.line, finding.column))
                           or str(finding.params.get("context") or ""))
                if not context:
                    if not text_lines:
                        text_lines.extend(text.splitlines())
                    context = _caret_context(text_lines, finding.line, finding.column)
                notes.append(SyntaxNote(finding.line, finding.column,
                                        finding_message(finding, lang), context))
            if on_game is not None:
                on_game()
            yield result

    report = build_report(source, results(), lang)
    notes.sort(key=lambda n: (n.line, n.column or 0))
    return FileAudit(source, report=report, syntax=notes, fingerprints=fingerprints)


def read_source(path: str, lang: str = "en") -> tuple[str | None, str | None]:
    """``(text, None)`` or ``(None, error message)`` for a path or ``-`` (stdin)."""
    from referee.report import LogDecodeError, decode_log

    if path == STDIN:
        stream = getattr(sys.stdin, "buffer", None)
        data = stream.read() if stream is not None else sys.stdin.read().encode("utf-8")
        try:
            return decode_log(data), None
        except LogDecodeError as exc:
            return None, render("report.cannot_read",
                                {"path": STDIN_SOURCE, "reason": str(exc)}, lang)
    from referee.reader import NotationFileError, read_path

    try:
        return read_path(path), None
    except NotationFileError as exc:
        return None, str(exc)
    except OSError as exc:
        return None, render("report.cannot_read",
                            {"path": path, "reason": exc.strerror or str(exc)}, lang)


def source_name(path: str) -> str:
    return STDIN_SOURCE if path == STDIN else path


def audit_file(
    path: str,
    overrides: Mapping[str, str] | None = None,
    lang: str = "en",
    on_game: Callable[[], None] | None = None,
    text: str | None = None,
) -> FileAudit:
    """The worker: read one file (or take ``text`` already read) and audit it.

    Never raises: an unreadable file is ``error``; a failure of the referee
    itself is ``crash`` (exit status 3), so one bad file cannot sink a batch.
    """
    source = source_name(path)
    if text is None:
        text, error = read_source(path, lang)
        if text is None:
            return FileAudit(source, error=error)
    try:
        return audit_loaded(source, text, overrides, lang, on_game)
    except Exception as exc:  # noqa: BLE001 - reported, with the file, as an internal error
        return FileAudit(source, crash=f"{type(exc).__name__}: {exc}")


# ----------------------------------------------------------------------------- batch


@dataclass(frozen=True, slots=True)
class GameRef:
    source: str
    index: int
    line: int


@dataclass(frozen=True, slots=True)
class Duplicate:
    game: GameRef
    first: GameRef


def find_duplicates(audits: Iterable[FileAudit]) -> list[Duplicate]:
    """Games that repeat an earlier game of the batch (same players, deals, events)."""
    first_seen: dict[str, GameRef] = {}
    dups: list[Duplicate] = []
    for audit in audits:
        if audit.report is None:
            continue
        for game, fp in zip(audit.report.games, audit.fingerprints, strict=False):
            if fp is None:
                continue
            ref = GameRef(audit.source, game.index, game.line)
            if fp in first_seen:
                dups.append(Duplicate(ref, first_seen[fp]))
            else:
                first_seen[fp] = ref
    return dups


@dataclass(slots=True)
class FileStats:
    source: str
    games: int = 0
    clean: int = 0
    with_renuncias: int = 0
    with_log_errors: int = 0
    with_syntax_errors: int = 0
    duplicates: int = 0
    unreadable: bool = False

    @property
    def badness(self) -> tuple[int, int, int, int]:
        return (int(self.unreadable), self.with_syntax_errors, self.games - self.clean,
                self.with_renuncias + self.with_log_errors)


def file_stats(audits: Sequence[FileAudit], dups: Sequence[Duplicate]) -> list[FileStats]:
    """One row per file, worst first (unreadable, syntax errors, unclean games), then by name."""
    dup_count: dict[str, int] = {}
    for d in dups:
        dup_count[d.game.source] = dup_count.get(d.game.source, 0) + 1
    rows: list[FileStats] = []
    for audit in audits:
        stats = FileStats(audit.source, duplicates=dup_count.get(audit.source, 0))
        if audit.report is None:
            stats.unreadable = True
        else:
            for game in audit.report.games:
                stats.games += 1
                stats.clean += int(game.clean)
                stats.with_renuncias += int(game.count("renuncia") > 0)
                stats.with_log_errors += int(game.count("log-error") > 0)
                stats.with_syntax_errors += int(game.count("syntax-error") > 0)
        rows.append(stats)
    rows.sort(key=lambda r: r.source)
    rows.sort(key=lambda r: r.badness, reverse=True)
    return rows


def batch_exit_status(audits: Iterable[FileAudit], input_problems: bool = False) -> int:
    statuses = [a.exit_status for a in audits]
    if input_problems:
        statuses.append(2)
    return max(statuses, default=0)


CSV_COLUMNS = ("file", "game", "line", "players", "finished", "winner", "renuncias",
               "log_errors", "syntax_errors", "clean", "duplicate_of", "error")


def _bool(value: bool) -> str:
    return "true" if value else "false"


def write_summary_csv(path: Path, audits: Sequence[FileAudit], dups: Sequence[Duplicate]) -> None:
    """One row per game; an unreadable file gets one row with only ``file`` and ``error``."""
    dup_of = {(d.game.source, d.game.index): f"{d.first.source}#{d.first.index}" for d in dups}
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(CSV_COLUMNS)
        for audit in audits:
            if audit.report is None:
                writer.writerow([audit.source, "", "", "", "", "", "", "", "", "", "",
                                 audit.error or audit.crash or ""])
                continue
            for g in audit.report.games:
                writer.writerow([
                    audit.source, g.index, g.line, " ".join(g.players), _bool(g.finished),
                    g.winner or "", g.count("renuncia"), g.count("log-error"),
                    g.count("syntax-error"), _bool(g.clean),
                    dup_of.get((audit.source, g.index), ""), "",
                ])


class ProgressHook(Protocol):
    """What :func:`run_batch` reports progress to (:mod:`cli.render` draws it)."""

    def start(self, total: int, unit: str) -> None: ...  # unit: "files" or "games"

    def advance(self) -> None: ...


def run_batch(
    paths: Sequence[str],
    overrides: Mapping[str, str] | None,
    lang: str,
    jobs: int,
    hook: ProgressHook | None = None,
) -> list[FileAudit]:
    """Audit ``paths`` and return their audits in the order given.

    With ``jobs`` > 1 and several files, files go to a process pool (standard
    input, at most once, is audited here); otherwise everything runs in this
    process. One file alone reports progress per game, several per file.
    """
    overrides = dict(overrides or {})
    if len(paths) == 1:
        path = paths[0]
        text, error = read_source(path, lang)
        if text is None:
            return [FileAudit(source_name(path), error=error)]
        on_game = None
        if hook is not None:
            hook.start(_estimate_games(text), "games")
            on_game = hook.advance
        return [audit_file(path, overrides, lang, on_game=on_game, text=text)]

    files = [p for p in paths if p != STDIN]
    if jobs <= 1 or len(files) <= 1:
        if hook is not None:
            hook.start(len(paths), "files")
        audits = []
        for path in paths:
            audits.append(audit_file(path, overrides, lang))
            if hook is not None:
                hook.advance()
        return audits

    from concurrent.futures import ProcessPoolExecutor, as_completed

    done: dict[int, FileAudit] = {}
    with ProcessPoolExecutor(max_workers=min(jobs, len(files))) as pool:
        futures = {pool.submit(audit_file, path, overrides, lang): i
                   for i, path in enumerate(paths) if path != STDIN}
        # every worker process is forked by now; only then may a progress thread start
        if hook is not None:
            hook.start(len(paths), "files")
        for i, path in enumerate(paths):
            if path == STDIN:
                done[i] = audit_file(path, overrides, lang)
                if hook is not None:
                    hook.advance()
        for future in as_completed(futures):
            i = futures[future]
            try:
                done[i] = future.result()
            except Exception as exc:  # noqa: BLE001 - a worker process died
                done[i] = FileAudit(source_name(paths[i]), crash=f"{type(exc).__name__}: {exc}")
            if hook is not None:
                hook.advance()
    return [done[i] for i in sorted(done)]


def _estimate_games(text: str) -> int:
    """Roughly how many games a log holds (its ``[Game`` tags), for a progress bar."""
    return text.count("[Game ")
