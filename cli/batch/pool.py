"""A batch's files in the order given: in this process, or in a process pool.

Each file's audit goes to ``emit`` (which prints its report and errors) in the order
given, as soon as it and every file before it are done.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from referee.cli.batch.inputs import STDIN, estimate_games, read_source, source_name
from referee.cli.batch.results import FileAudit
from referee.cli.batch.worker import Output, audit_file


class ProgressHook(Protocol):
    """What :func:`run_batch` reports progress to (:class:`referee.cli.progress.RichProgress`)."""

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
    keep: bool = True,
) -> list[FileAudit]:
    """Audit ``paths`` (in UTF-8, or ``encoding``) and return their audits in the order
    given.

    Each audit goes to ``emit`` (which prints its report and errors, then drops
    the report's text) in the order given, as soon as it and every file before it
    are done. With ``jobs`` > 1 and several files, files go to a process
    pool (standard input, at most once, is audited here); otherwise everything runs
    in this process. One file alone reports progress per game, several per file.
    With ``keep`` false nothing is kept (the list is empty): ``emit`` has what it needs.
    """
    overrides = dict(overrides or {})
    audits: list[FileAudit] = []

    def done(audit: FileAudit) -> None:
        if keep:
            audits.append(audit)
        if emit is not None:
            emit(audit)  # prints the report, then drops it (or holds it for later)
        elif audit.report is not None:
            audit.report.discard()
            audit.report = None

    if len(paths) == 1:
        _one(paths[0], overrides, lang, hook, output, done, encoding)
    elif jobs <= 1 or len([p for p in paths if p != STDIN]) <= 1:
        if hook is not None:
            hook.start(len(paths), "files")
        for path in paths:
            done(audit_file(path, overrides, lang, output, encoding=encoding))
            if hook is not None:
                hook.advance()
    else:
        _pool(paths, overrides, lang, jobs, hook, output, done, encoding)
    return audits


def _one(path: str, overrides: Mapping[str, str], lang: str, hook: ProgressHook | None,
         output: Output | None, done: Callable[[FileAudit], None],
         encoding: str | None) -> None:
    """One file alone: progress per game."""
    text = None
    if path == STDIN:
        text, error = read_source(path, lang, encoding)
        if text is None:
            done(FileAudit(source_name(path), error=error))
            return
    on_game = None
    if hook is not None:
        if hook.wanted:
            hook.start(estimate_games(path, text), "games")
        on_game = hook.advance
    done(audit_file(path, overrides, lang, output, on_game=on_game, text=text,
                    encoding=encoding))


def _pool(paths: Sequence[str], overrides: Mapping[str, str], lang: str, jobs: int,
          hook: ProgressHook | None, output: Output | None,
          done: Callable[[FileAudit], None], encoding: str | None) -> None:
    """Files in a process pool (standard input here), handed to ``done`` in order."""
    from concurrent.futures import ProcessPoolExecutor, as_completed

    _preload(output)
    output = _spilling(output)
    ordered = _InOrder(done)
    files = [p for p in paths if p != STDIN]

    def finished(i: int, audit: FileAudit) -> None:
        if hook is not None:
            hook.advance()
        ordered.add(i, audit)

    with ProcessPoolExecutor(max_workers=min(jobs, len(files))) as pool:
        futures = {pool.submit(audit_file, path, overrides, lang, output, encoding=encoding): i
                   for i, path in enumerate(paths) if path != STDIN}
        # every worker process is forked by now; only then may a progress thread start
        if hook is not None:
            hook.start(len(paths), "files")
        for i, path in enumerate(paths):
            if path == STDIN:
                finished(i, audit_file(path, overrides, lang, output, encoding=encoding))
        for future in as_completed(futures):
            i = futures.pop(future)  # a done future holds its audit: let it go
            try:
                audit = future.result()
            except Exception as exc:
                audit = FileAudit(source_name(paths[i]), crash=f"{type(exc).__name__}: {exc}")
            del future
            finished(i, audit)
            trim_memory()


def _spilling(output: Output | None) -> Output | None:
    """``output`` for a worker whose report may wait for the files before it: past
    :data:`~.spool.BATCH_SPOOL_CHARS` a report waits in a temporary file, not in memory."""
    import dataclasses

    from referee.cli.batch.spool import BATCH_SPOOL_CHARS, SPOOL_CHARS

    if output is None or output.spool_chars is not None:
        return output
    return dataclasses.replace(output, spool_chars=min(BATCH_SPOOL_CHARS, SPOOL_CHARS))


def _preload(output: Output | None) -> None:
    """Load now what every worker needs: forked, they inherit it instead of each importing
    it (and building the parser) on its first file."""
    import importlib

    from referee.notation.reader import preload

    preload()  # the reader's parser (the grammar file's is loaded for errors only)
    modules = ["referee.engine", "referee.report.json"]
    if output is not None and output.kind == "human":
        modules.append("referee.cli.render.report")
    for module in modules:
        importlib.import_module(module)


class _InOrder:
    """Hands audits to ``done`` in the order of their index, as soon as each and every one
    before it are there."""

    def __init__(self, done: Callable[[FileAudit], None]) -> None:
        self.done = done
        self.waiting: dict[int, FileAudit] = {}
        self.next = 0

    def add(self, index: int, audit: FileAudit) -> None:
        self.waiting[index] = audit
        while self.next in self.waiting:
            self.done(self.waiting.pop(self.next))
            self.next += 1


_LIBC: Any = None


def trim_memory() -> None:
    """Hand freed memory back to the system (glibc's ``malloc_trim``), so a long batch's
    peak memory is what it holds, not what it once held; nothing elsewhere."""
    global _LIBC
    if _LIBC is None:
        import ctypes
        import sys

        _LIBC = False
        if sys.platform.startswith("linux"):  # the process's own symbols: glibc's, if any
            # (not ctypes.util.find_library, which runs ldconfig in a subprocess)
            try:
                _LIBC = ctypes.CDLL(None)
                _LIBC.malloc_trim.argtypes = [ctypes.c_size_t]
            except (OSError, AttributeError):  # no malloc_trim there (musl)
                _LIBC = False
    if _LIBC is not False:
        _LIBC.malloc_trim(0)
