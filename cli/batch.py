"""Auditing many files: inputs, the worker, the process pool, duplicates, the CSV.

The worker (:func:`audit_file`) streams: it reads a file a chunk at a time
(:func:`referee.notation.reader.iter_path`), audits it game by game and writes each game's
report (JSON, or the human report drawn by :mod:`referee.cli.render`) at once to a
:class:`Spool`, which moves to a temporary file past a few megabytes. What it
keeps per game is one small :class:`GameRow` (for the batch summary, duplicates
and the CSV), so memory stays flat however big the file. The report reaches
standard output only once the file is done: a file that turns out unreadable, or
on which the referee fails, prints no report, as before.

The worker is a module-level function so a process pool can pickle it; its
:class:`FileAudit` carries the report text (or the temporary file's name) back
to the parent, which prints the files' reports in the order given.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Protocol

from referee.messages import render

if TYPE_CHECKING:
    from referee.notation.events import GameRecord
    from referee.report.model import Summary

STDIN = "-"
STDIN_SOURCE = "<stdin>"
LOG_SUFFIX = ".rummy"
HANDFUL = 5  # more files (or games) than this and a terminal gets a progress bar
SPOOL_CHARS = 4 << 20  # a file's report is held in memory up to this size, then on disk


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


# ----------------------------------------------------------------------------- the report text


class Spool:
    """Text kept in memory up to ``limit`` characters, then in a temporary file.

    ``encoding`` is what a rich console writing here believes it writes (it picks
    its box characters by it), so a report drawn here matches one drawn on stdout.
    """

    def __init__(self, limit: int | None = None, encoding: str = "utf-8") -> None:
        self.encoding = encoding
        self._limit = SPOOL_CHARS if limit is None else limit
        self._parts: list[str] = []
        self._size = 0
        self._file: IO[str] | None = None

    def write(self, text: str) -> int:
        if self._file is not None:
            return self._file.write(text)
        self._parts.append(text)
        self._size += len(text)
        if self._size > self._limit:
            import tempfile

            self._file = tempfile.NamedTemporaryFile(  # noqa: SIM115 - closed by finish()
                "w", encoding="utf-8", newline="", prefix="referee-", suffix=".out",
                delete=False)
            self._file.write("".join(self._parts))
            self._parts = []
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def finish(self) -> ReportText:
        if self._file is None:
            return ReportText(text="".join(self._parts))
        self._file.close()
        return ReportText(path=self._file.name)

    def discard(self) -> None:
        self._parts = []
        if self._file is not None:
            self._file.close()
            _unlink(self._file.name)


@dataclass(slots=True)
class ReportText:
    """A file's finished report: the text itself, or the temporary file holding it."""

    text: str | None = None
    path: str | None = None

    def copy_to(self, out: IO[str]) -> None:
        """Write it to ``out`` (and remove the temporary file)."""
        if self.text is not None:
            out.write(self.text)
            return
        if self.path is None:
            return
        try:
            with open(self.path, encoding="utf-8", newline="") as handle:
                while chunk := handle.read(1 << 20):
                    out.write(chunk)
        finally:
            _unlink(self.path)

    def discard(self) -> None:
        if self.path is not None:
            _unlink(self.path)


def _unlink(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


@dataclass(frozen=True, slots=True)
class Output:
    """Which report a worker writes: ``json`` (one object, ``depth`` 1 inside the
    batch's list) or ``human`` (drawn with rich as ``console`` says, ``heading`` with
    the file's name first); None writes no report."""

    kind: str
    depth: int = 0
    heading: bool = False
    console: Any = None  # referee.cli.render.ConsoleSpec, for "human"


class ReportWriter(Protocol):
    def game(self, game: Mapping[str, Any]) -> None: ...

    def close(self) -> Summary: ...


def _report_writer(output: Output | None, out: Spool, source: str, lang: str) -> ReportWriter:
    if output is None:
        from referee.report.json import SummaryOnly

        return SummaryOnly()
    if output.kind == "json":
        from referee.report.json import JsonReportWriter

        return JsonReportWriter(out, source, output.depth)
    from referee.cli.render import HumanReportWriter

    return HumanReportWriter(out, source, lang, output.console, heading=output.heading)


# ----------------------------------------------------------------------------- auditing


@dataclass(frozen=True, slots=True)
class SyntaxNote:
    """A syntax error as standard error shows it: where, the words and the caret."""

    line: int
    column: int | None
    message: str
    context: str


@dataclass(frozen=True, slots=True)
class GameRow:
    """What the batch summary, the duplicates and the CSV need of one game."""

    index: int
    line: int
    players: tuple[str, ...]
    finished: bool
    winner: str | None
    renuncias: int
    log_errors: int
    syntax_errors: int
    clean: bool
    fingerprint: str | None  # None: no events (nothing worth calling a duplicate)

    def count(self, kind: str) -> int:
        return {"renuncia": self.renuncias, "log-error": self.log_errors,
                "syntax-error": self.syntax_errors}[kind]


@dataclass(slots=True)
class FileAudit:
    source: str
    games: list[GameRow] | None = None  # None: no report (unreadable, or the referee failed)
    summary: Summary | None = None
    report: ReportText | None = None  # the report's text, until it is printed
    error: str | None = None  # the file could not be read (no report)
    crash: str | None = None  # the referee itself failed on this file
    syntax: list[SyntaxNote] = field(default_factory=list)

    @property
    def reported(self) -> bool:
        return self.games is not None

    @property
    def empty(self) -> bool:
        """Read, but no game in it (an empty file, only comments): exit status 2."""
        return self.games is not None and not self.games

    @property
    def exit_status(self) -> int:
        if self.crash is not None:
            return 3
        if self.error is not None or self.summary is None or self.empty:
            return 2
        return self.summary.exit_status()


def game_fingerprint(record: GameRecord) -> str | None:
    """Players, deals and events of a game, ignoring line numbers; None for a game
    with no events (nothing worth calling a duplicate).

    A digest of the game written out with control characters between its parts
    (names hold no blank or control character, cards and numbers neither), so two
    games get one fingerprint exactly when they have the same players, deals and
    events. Only compared within one run, never stored.
    """
    if not record.events:
        return None
    import hashlib

    text = _card_text
    out = ["\x1d".join(record.players)]
    for name, deal in sorted(record.deals.items()):
        out.append("\x1c" + name + "\x1f" + " ".join([text(c) for c in deal.cards]))
    for event in record.events:
        out.append("\x1e" + type(event).__name__)
        for name in _event_fields(type(event)):
            value = getattr(event, name)
            if isinstance(value, str):
                out.append("\x1f" + value)
            elif isinstance(value, tuple):
                out.append("\x1f" + " ".join([text(v) for v in value]))
            elif isinstance(value, int):
                out.append("\x1f" + str(value))
            else:  # a card, or None
                out.append("\x1f" + ("\x00" if value is None else text(value)))
    return hashlib.sha1("".join(out).encode("utf-8")).hexdigest()


_FIELDS: dict[type, tuple[str, ...]] = {}
_TEXTS: dict[Any, str] = {}


def _event_fields(cls: type) -> tuple[str, ...]:
    """The fields of an event class that say what happened (not where it is written)."""
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls) if f.name not in ("line", "column"))
        _FIELDS[cls] = names
    return names


def _card_text(card: Any) -> str:
    """``str(card)``, remembered (cards are few; a fingerprint names every card)."""
    text = _TEXTS.get(card)
    if text is None:
        text = _TEXTS[card] = str(card)
    return text


def _caret_context(text_lines: Sequence[str], line: int, column: int | None) -> str:
    if not 1 <= line <= len(text_lines):
        return ""
    source_line = text_lines[line - 1].rstrip("\r\n")
    if column is None:
        return source_line
    return source_line + "\n" + " " * max(column - 1, 0) + "^"


def audit_records(
    source: str,
    records: Iterator[GameRecord],
    overrides: Mapping[str, str] | None,
    lang: str,
    output: Output | None,
    on_game: Callable[[], None] | None = None,
    text_lines: Callable[[], Sequence[str]] | None = None,
) -> FileAudit:
    """Audit the games of one source as they are read, writing each game's report at
    once; what stays in memory per game is its :class:`GameRow`.

    Raises what reading raises (``NotationFileError``) and what the referee raises;
    :func:`audit_file` turns those into an unreadable file or an internal error.
    """
    from referee.engine import Series, audit_game
    from referee.report.model import finding_message, game_data, is_clean

    spool = Spool(encoding=getattr(output.console, "encoding", "utf-8") if output else "utf-8")
    writer = _report_writer(output, spool, source, lang)
    rows: list[GameRow] = []
    notes: list[SyntaxNote] = []
    lines: Sequence[str] | None = None
    series = Series()
    try:
        for record in records:
            fingerprint = game_fingerprint(record)
            result = audit_game(record, overrides, series)
            game = game_data(result, lang)
            writer.game(game)
            counts = {"renuncia": 0, "log-error": 0, "syntax-error": 0, "notice": 0}
            for f in game["findings"]:
                counts[f["kind"]] = counts.get(f["kind"], 0) + 1
            rows.append(GameRow(
                game["index"], game["line"], tuple(game["players"]), game["finished"],
                game["winner"], counts["renuncia"], counts["log-error"],
                counts["syntax-error"], is_clean(game), fingerprint))
            if counts["syntax-error"]:
                contexts: dict[tuple[int, int | None], str] = {
                    (p.line, p.column): p.context for p in record.errors}
                for finding in result.findings:
                    if finding.kind != "syntax-error":
                        continue
                    context = (contexts.get((finding.line, finding.column))
                               or str(finding.params.get("context") or ""))
                    if not context and text_lines is not None:
                        if lines is None:
                            lines = text_lines()
                        context = _caret_context(lines, finding.line, finding.column)
                    notes.append(SyntaxNote(finding.line, finding.column,
                                            finding_message(finding, lang), context))
            if on_game is not None:
                on_game()
        summary = writer.close()
    except BaseException:
        spool.discard()
        raise
    notes.sort(key=lambda n: (n.line, n.column or 0))
    return FileAudit(source, games=rows, summary=summary, report=spool.finish(), syntax=notes)


def read_source(path: str, lang: str = "en",
                encoding: str | None = None) -> tuple[str | None, str | None]:
    """``(text, None)`` or ``(None, error message)`` for a path or ``-`` (stdin), in UTF-8
    or ``encoding``."""
    if path == STDIN:
        from referee.notation.encoding import NotText, decode

        stream = getattr(sys.stdin, "buffer", None)
        data = stream.read() if stream is not None else sys.stdin.read().encode("utf-8")
        try:
            return decode(data, encoding), None
        except NotText as exc:
            return None, render("report.cannot_read",
                                {"path": STDIN_SOURCE, "reason": exc.render(lang)}, lang)
    from referee.notation.reader import NotationFileError, read_path

    try:
        return read_path(path, encoding), None
    except NotationFileError as exc:
        return None, exc.render(lang)
    except OSError as exc:
        return None, render("report.cannot_read",
                            {"path": path, "reason": exc.strerror or str(exc)}, lang)


def source_name(path: str) -> str:
    return STDIN_SOURCE if path == STDIN else path


def audit_file(
    path: str,
    overrides: Mapping[str, str] | None = None,
    lang: str = "en",
    output: Output | None = None,
    on_game: Callable[[], None] | None = None,
    text: str | None = None,
    encoding: str | None = None,
) -> FileAudit:
    """The worker: audit one file (read a chunk at a time, or ``text`` already read;
    standard input is read whole) and write its report.

    Never raises: an unreadable file is ``error``; a failure of the referee
    itself is ``crash`` (exit status 3), so one bad file cannot sink a batch.
    """
    from referee.notation.reader import NotationFileError, iter_chunks, iter_path

    source = source_name(path)
    if text is None and path == STDIN:
        text, error = read_source(path, lang, encoding)
        if text is None:
            return FileAudit(source, error=error)
    if text is not None:
        known = text
        records = iter_chunks((text,), source)

        def lines() -> Sequence[str]:
            return known.splitlines()
    else:
        records = iter_path(path, source, encoding)

        def lines() -> Sequence[str]:  # only for a syntax error with no context (never yet)
            whole, _ = read_source(path, lang, encoding)
            return (whole or "").splitlines()
    try:
        return audit_records(source, records, overrides, lang, output, on_game, lines)
    except NotationFileError as exc:
        return FileAudit(source, error=exc.render(lang))
    except OSError as exc:  # the file went away or broke while being read
        return FileAudit(source, error=render(
            "report.cannot_read", {"path": path, "reason": exc.strerror or str(exc)}, lang))
    except Exception as exc:
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
        for game in audit.games or ():
            if game.fingerprint is None:
                continue
            ref = GameRef(audit.source, game.index, game.line)
            if game.fingerprint in first_seen:
                dups.append(Duplicate(ref, first_seen[game.fingerprint]))
            else:
                first_seen[game.fingerprint] = ref
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
        if audit.games is None:
            stats.unreadable = True
        else:
            for game in audit.games:
                stats.games += 1
                stats.clean += int(game.clean)
                stats.with_renuncias += int(game.renuncias > 0)
                stats.with_log_errors += int(game.log_errors > 0)
                stats.with_syntax_errors += int(game.syntax_errors > 0)
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


NO_GAMES = "no games"  # the CSV's error for a file with no game in it


def _bool(value: bool) -> str:
    return "true" if value else "false"


def write_summary_csv(path: Path, audits: Sequence[FileAudit], dups: Sequence[Duplicate]) -> None:
    """One row per game; an unreadable file gets one row with only ``file`` and ``error``."""
    import csv

    dup_of = {(d.game.source, d.game.index): f"{d.first.source}#{d.first.index}" for d in dups}
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(CSV_COLUMNS)
        for audit in audits:
            if not audit.games:  # unreadable, or no game in it
                writer.writerow([audit.source, "", "", "", "", "", "", "", "", "", "",
                                 audit.error or audit.crash or NO_GAMES])
                continue
            for g in audit.games:
                writer.writerow([
                    audit.source, g.index, g.line, " ".join(g.players), _bool(g.finished),
                    g.winner or "", g.renuncias, g.log_errors, g.syntax_errors, _bool(g.clean),
                    dup_of.get((audit.source, g.index), ""), "",
                ])


class ProgressHook(Protocol):
    """What :func:`run_batch` reports progress to (:class:`referee.cli.errors.RichProgress`)."""

    @property
    def wanted(self) -> bool: ...  # whether a bar could show (worth counting games for)

    def start(self, total: int, unit: str) -> None: ...  # unit: "files" or "games"

    def advance(self) -> None: ...


def run_batch(
    paths: Sequence[str],
    overrides: Mapping[str, str] | None,
    lang: str,
    jobs: int,
    hook: ProgressHook | None = None,
    output: Output | None = None,
    emit: Callable[[FileAudit], None] | None = None,
    encoding: str | None = None,
) -> list[FileAudit]:
    """Audit ``paths`` and return their audits in the order given.

    Each audit goes to ``emit`` (which prints its report and errors, then drops
    the report's text) in the order given, as soon as it and every file before it
    are done. With ``jobs`` > 1 and several files, files go to a process
    pool (standard input, at most once, is audited here); otherwise everything runs
    in this process. One file alone reports progress per game, several per file.
    """
    overrides = dict(overrides or {})
    audits: list[FileAudit] = []

    def done(audit: FileAudit) -> None:
        audits.append(audit)
        if emit is not None:
            emit(audit)  # prints the report, then drops it (or holds it for later)
        elif audit.report is not None:
            audit.report.discard()
            audit.report = None

    if len(paths) == 1:
        path = paths[0]
        text = None
        if path == STDIN:
            text, error = read_source(path, lang, encoding)
            if text is None:
                done(FileAudit(source_name(path), error=error))
                return audits
        on_game = None
        if hook is not None:
            if hook.wanted:
                hook.start(_estimate_games(path, text), "games")
            on_game = hook.advance
        done(audit_file(path, overrides, lang, output, on_game=on_game, text=text,
                        encoding=encoding))
        return audits

    files = [p for p in paths if p != STDIN]
    if jobs <= 1 or len(files) <= 1:
        if hook is not None:
            hook.start(len(paths), "files")
        for path in paths:
            done(audit_file(path, overrides, lang, output, encoding=encoding))
            if hook is not None:
                hook.advance()
        return audits

    import importlib
    from concurrent.futures import ProcessPoolExecutor, as_completed

    from referee.notation.parser import get_parser

    # Load now what every worker needs: forked, they inherit it instead of each
    # importing it (and building the parser) on its first file.
    get_parser()
    workers_need = ["referee.engine", "referee.report.json"]
    if output is not None and output.kind == "human":
        workers_need.append("referee.cli.render")
    for module in workers_need:
        importlib.import_module(module)
    finished: dict[int, FileAudit] = {}
    pending = 0  # the next index to hand to ``done``

    def flush() -> None:
        nonlocal pending
        while pending in finished:
            done(finished.pop(pending))
            pending += 1

    with ProcessPoolExecutor(max_workers=min(jobs, len(files))) as pool:
        futures = {pool.submit(audit_file, path, overrides, lang, output, encoding=encoding): i
                   for i, path in enumerate(paths) if path != STDIN}
        # every worker process is forked by now; only then may a progress thread start
        if hook is not None:
            hook.start(len(paths), "files")
        for i, path in enumerate(paths):
            if path == STDIN:
                finished[i] = audit_file(path, overrides, lang, output, encoding=encoding)
                if hook is not None:
                    hook.advance()
        flush()
        for future in as_completed(futures):
            i = futures[future]
            try:
                finished[i] = future.result()
            except Exception as exc:
                finished[i] = FileAudit(source_name(paths[i]),
                                        crash=f"{type(exc).__name__}: {exc}")
            if hook is not None:
                hook.advance()
            flush()
    flush()
    return audits


def _estimate_games(path: str, text: str | None) -> int:
    """Roughly how many games a log holds (its ``[Game`` tags), for a progress bar."""
    marker = "[Game "
    if text is not None:
        return text.count(marker)
    tag = marker.encode()
    count = 0
    tail = b""
    try:
        with open(path, "rb") as handle:
            while chunk := handle.read(1 << 20):
                data = tail + chunk
                count += data.count(tag)
                tail = data[-(len(tag) - 1):]
    except OSError:
        return 0
    return count
