"""A file's report text while it is written: in memory, or in a temporary file past a
few megabytes, so memory stays flat however big the report."""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from typing import IO

SPOOL_CHARS = 4 << 20  # a file's report is held in memory up to this size, then on disk
# in a pool, where reports done early wait for the files before them: less in memory
BATCH_SPOOL_CHARS = 256 << 10


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
    """A file's finished report: the text itself, the temporary file holding it, or (a
    file audited in parts) the reports of its parts, one after the other."""

    text: str | None = None
    path: str | None = None
    parts: list[ReportText] | None = None

    def copy_to(self, out: IO[str]) -> None:
        """Write it to ``out`` (and remove the temporary files)."""
        if self.parts is not None:
            parts, self.parts = self.parts, []
            for k, part in enumerate(parts):
                try:
                    part.copy_to(out)
                except BaseException:
                    for rest in parts[k + 1:]:
                        rest.discard()
                    raise
            return
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
        for part in self.parts or ():
            part.discard()

    def inline(self) -> ReportText:
        """The text itself, read back from its temporary file (which goes): for a worker
        on another machine, whose files the batch cannot open."""
        if self.path is None:
            return self
        try:
            with open(self.path, encoding="utf-8", newline="") as handle:
                return ReportText(text=handle.read())
        finally:
            _unlink(self.path)

    def local(self) -> ReportText:
        """The text in a temporary file here (unless it is one already)."""
        if self.text is None:
            return self
        spool = Spool(limit=0)
        spool.write(self.text)
        return spool.finish()


def _unlink(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)
