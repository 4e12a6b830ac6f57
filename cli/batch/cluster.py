"""A batch on a Dask distributed cluster (``referee audit ARCHIVE/ --dask ADDRESS``).

Files go to the cluster's workers whole, and big files in parts cut between games
(:mod:`.parts`, :mod:`.partaudit`), so one big file keeps every worker busy. The
audits come back in the order of the files, each handed to ``emit`` as soon as it
and every file before it are done, exactly as :func:`~.pool.run_batch` hands them:
the report, the summary, the CSV and the exit status are those of ``--jobs``.

Memory stays flat on both sides: at most :attr:`Cluster.window` tasks are out at
once (a worker holds at most that many results not yet taken), results are taken
in order and written out at once, and a big file's parts wait on disk here until
its last part is in.

Workers read the files themselves, by the paths given: on a cluster of several
machines the files must be at the same paths on every one (a shared folder), and a
relative path is read from each worker's working folder. A report that a worker
spilled to a temporary file comes back as text when the worker is on another
machine.
"""

from __future__ import annotations

import socket
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.cli.batch import parts
from referee.cli.batch.inputs import STDIN, source_name
from referee.cli.batch.partaudit import CutFile, PartAudit, audit_part
from referee.cli.batch.parts import Part, iter_parts
from referee.cli.batch.pool import ProgressHook, trim_memory
from referee.cli.batch.results import FileAudit
from referee.cli.batch.rows import RowFile
from referee.cli.batch.worker import Output, audit_file
from referee.cli.common import fail
from referee.messages import render

LOCAL = "local"
DEFAULT_LOCAL_WORKERS = 2
INSTALL = "pip install 'referee51[dask]'"


def connect(address: str, jobs: int | None, lang: str) -> Cluster:
    """A client of the scheduler at ``address``, or of a new LocalCluster for ``local``
    (``jobs`` worker processes, default 2, one thread each). Exit status 2 when Dask
    is not installed or the scheduler does not answer."""
    try:
        import distributed
    except ImportError:
        fail(render("cli.dask_missing", {"install": INSTALL}, lang), lang)
    import logging

    Client: Any = distributed.Client
    LocalCluster: Any = distributed.LocalCluster
    try:
        if address == LOCAL:
            import dask

            from referee.cli.batch.pool import _preload

            _preload(None)  # forked, the workers start with the parser built
            settings = {"distributed.worker.multiprocessing-method": _start_method(),
                        "distributed.worker.profile.enabled": False}  # its samples pile up
            with dask.config.set(settings):
                local = LocalCluster(n_workers=jobs or DEFAULT_LOCAL_WORKERS,
                                     threads_per_worker=1, processes=True,
                                     dashboard_address=":0", silence_logs=logging.ERROR)
            return Cluster(Client(local), local)
        return Cluster(Client(address, timeout=10), None)
    except (OSError, TimeoutError, ValueError) as exc:
        fail(render("cli.dask_unreachable", {"address": address, "reason": str(exc)}, lang),
             lang)


def _start_method() -> str:
    """How a LocalCluster starts its workers: forked where that is safe (Linux: a
    second or two sooner than spawned, and with what this process has loaded)."""
    import sys

    return "fork" if sys.platform.startswith("linux") else "spawn"


@dataclass(frozen=True, slots=True)
class _Job:
    """What the cluster is given to run: a whole file, or one part of a cut file."""

    index: int  # the file's position in the batch
    path: str
    part: Part | None = None
    last: bool = True  # the file's last part (or a whole file)


class Cluster:
    """A Dask client (and the LocalCluster it started, if any)."""

    def __init__(self, client: Any, local: Any) -> None:
        self.client = client
        self.local = local
        self.workers = max(1, len(client.scheduler_info().get("workers", {})))
        self.window = 3 * self.workers + 2  # tasks out at once
        self.part_bytes = parts.PART_BYTES
        host = socket.gethostname()
        hosts = {str(w.get("host", "")) for w in
                 client.scheduler_info().get("workers", {}).values()}
        self.inline = local is None and not hosts <= {host, "127.0.0.1", "localhost"}

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.client.close()
        if self.local is not None:
            self.local.close()

    def run(self, paths: Sequence[str], overrides: Mapping[str, str], lang: str,
            hook: ProgressHook | None, output: Output | None,
            emit: Callable[[FileAudit], None], encoding: str | None) -> None:
        """Audit ``paths`` on the cluster (standard input here), each file's audit handed
        to ``emit`` in the order given."""
        from referee.cli.batch.pool import _spilling

        overrides = dict(overrides)
        output = _spilling(output)
        if hook is not None:
            hook.start(len(paths), "files")
        pending: deque[tuple[_Job, Any]] = deque()
        jobs = self._jobs(paths, encoding)
        cut: CutFile | None = None
        for job in jobs:  # standard input is audited here, as it comes in turn
            pending.append((job, self._submit(job, overrides, lang, output, encoding)))
            while len(pending) >= self.window:
                cut = self._take(pending.popleft(), cut, lang, output, hook, emit)
        while pending:
            cut = self._take(pending.popleft(), cut, lang, output, hook, emit)

    def _jobs(self, paths: Sequence[str], encoding: str | None) -> Iterator[_Job]:
        """Whole files, and big files part by part as their cuts are found."""
        for i, path in enumerate(paths):
            if path == STDIN:
                yield _Job(i, path)
                continue
            for part in iter_parts(path, self.part_bytes, encoding):
                if part.first and part.end is None:
                    yield _Job(i, path)
                else:
                    yield _Job(i, path, part, last=part.end is None)

    def _submit(self, job: _Job, overrides: dict[str, str], lang: str, output: Output | None,
                encoding: str | None) -> Any:
        if job.path == STDIN:
            return audit_file(job.path, overrides, lang, output, encoding=encoding)
        if job.part is None:
            return self.client.submit(_whole, job.path, overrides, lang, output, encoding,
                                      self.inline, pure=False)
        return self.client.submit(_part, job.path, job.part, overrides, lang, output,
                                  self.inline, pure=False)

    def _take(self, item: tuple[_Job, Any], cut: CutFile | None, lang: str,
              output: Output | None, hook: ProgressHook | None,
              emit: Callable[[FileAudit], None]) -> CutFile | None:
        """The next result in order: a file's audit goes to ``emit``; a part waits with
        the file's other parts until its last."""
        job, future = item
        result = _result(job, future)
        if job.part is not None:
            assert isinstance(result, PartAudit)
            if cut is None:
                cut = CutFile(source_name(job.path), output, lang)
            cut.add(result)
            if not job.last:
                return cut
            result, cut = cut.finish(), None
        assert isinstance(result, FileAudit)
        if hook is not None:
            hook.advance()
        emit(result)
        if isinstance(result.games, RowFile):
            result.games.discard()
        trim_memory()
        return cut


def _result(job: _Job, future: Any) -> FileAudit | PartAudit:
    if isinstance(future, FileAudit):  # standard input, audited here
        return future
    try:
        result: FileAudit | PartAudit = future.result()
    except Exception as exc:
        crash = FileAudit(source_name(job.path), crash=f"{type(exc).__name__}: {exc}")
        result = crash if job.part is None else PartAudit(crash)
    finally:
        future.release()
    return result


def _whole(path: str, overrides: Mapping[str, str], lang: str, output: Output | None,
           encoding: str | None, inline: bool) -> FileAudit:
    """A whole file, on a worker."""
    audit = audit_file(path, overrides, lang, output, encoding=encoding)
    if inline and audit.report is not None:
        audit.report = audit.report.inline()
    trim_memory()
    return audit


def _part(path: str, part: Part, overrides: Mapping[str, str], lang: str,
          output: Output | None, inline: bool) -> PartAudit:
    """A part of a big file, on a worker."""
    audit = audit_part(path, part, overrides, lang, output, inline)
    trim_memory()
    return audit
