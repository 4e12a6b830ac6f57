"""The inputs of a batch: files as given, folders as every ``.rummy`` file below them,
``-`` for standard input; and reading one of them whole."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from referee.messages import render

STDIN = "-"
STDIN_SOURCE = "<stdin>"
LOG_SUFFIX = ".rummy"


@dataclass(frozen=True, slots=True)
class InputProblem:
    """A path given on the command line that cannot be audited, and why."""

    path: str
    message: str


def is_log(path: Path) -> bool:
    """A ``.rummy`` file, the suffix in any case (``.RUMMY``, ``.Rummy``)."""
    return path.suffix.lower() == LOG_SUFFIX and path.is_file()


def expand_inputs(paths: Sequence[str], lang: str = "en") -> tuple[list[str], list[InputProblem]]:
    """Files as given, folders as every ``.rummy`` file below them (any case, sorted), ``-``
    for stdin.

    A path named twice is audited once. Missing paths and folders without logs are
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
            found = sorted(p for p in path.rglob("*") if is_log(p))
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


def source_name(path: str) -> str:
    return STDIN_SOURCE if path == STDIN else path


def read_source(path: str, lang: str = "en",
                encoding: str | None = None) -> tuple[str | None, str | None]:
    """``(text, None)`` or ``(None, error message in lang)`` for a path or ``-`` (stdin),
    in UTF-8 or ``encoding``."""
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


def estimate_games(path: str, text: str | None) -> int:
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
