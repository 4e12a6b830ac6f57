"""What every command shares without typer: exit statuses, the language, ``--set``, the
inputs (standard input when no path is given) and output paths checked up front.

The commands run without importing typer (:mod:`referee.cli.app` turns a
:class:`CliExit` into typer's exit), so this module stays light.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import NoReturn

from referee.cli.errors import error, warning
from referee.messages import render, resolve_lang, unknown_lang

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_UNREADABLE = 2
EXIT_BUG = 3  # the referee itself failed


class CliExit(Exception):
    """Leave the command with exit status ``code`` (the message is already printed)."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def fail(message: str, lang: str, code: int = EXIT_UNREADABLE) -> NoReturn:
    error(message, lang)
    raise CliExit(code)


def cli_lang(lang: str | None) -> str:
    """The language of a command: ``--lang``, else ``REFEREE_LANG``, else English. An
    unknown value is a warning on standard error (and English), never a silent fallback."""
    unknown = unknown_lang(lang)
    if unknown is not None:
        warning(render("cli.unknown_lang", {"lang": unknown}, "en"), "en")
    return resolve_lang(lang)


def short(text: str, width: int = 40) -> str:
    """``text`` cut to ``width`` characters for a message (a value may be huge)."""
    return text if len(text) <= width else text[: width - 1] + "…"


def parse_sets(values: list[str] | None, lang: str) -> dict[str, str]:
    """``KNOB=VALUE`` options as overrides (canonical knob names); exit 2 on a bad one."""
    from referee.knobs import KnobError, knob_name, parse_knob

    overrides: dict[str, str] = {}
    for text in values or []:
        name, sep, value = text.partition("=")
        name = name.strip()
        if not sep or not name:
            fail(render("report.bad_set",
                        {"text": short(text), "reason": render("report.set_format", None, lang)},
                        lang), lang)
        canonical = knob_name(name) or name
        try:
            parse_knob(canonical, value)
        except KnobError as exc:
            fail(render("report.bad_set", {"text": short(text), "reason": str(exc)}, lang),
                 lang)
        overrides[canonical] = value.strip()
    return overrides


def check_encoding(name: str | None, lang: str) -> None:
    """Exit 2 when ``--encoding`` names an encoding Python does not know."""
    if name is None:
        return
    from referee.notation.encoding import check_encoding as known

    try:
        known(name)
    except LookupError:
        fail(render("file.unknown-encoding", {"encoding": name}, lang), lang)


def stdin_is_terminal() -> bool:
    try:
        return sys.stdin is None or sys.stdin.isatty()
    except (AttributeError, ValueError):
        return True


def inputs_or_stdin(paths: list[str] | None, command: str, lang: str) -> list[str]:
    """``paths``, or ``-`` (standard input) when none is given and standard input is a
    pipe or a file; exit 2 when none is given on a terminal."""
    if paths:
        return paths
    if stdin_is_terminal():
        fail(render("cli.no_input", {"command": command}, lang), lang)
    return ["-"]


def check_output(path: Path | None, lang: str) -> None:
    """Exit 2 before any work when ``path`` cannot be written: a folder, a missing folder,
    no permission. The file itself is only written at the end."""
    if path is None:
        return
    params = {"path": str(path)}
    if path.is_dir():
        fail(render("cli.output_is_folder", params, lang), lang)
    folder = path.parent
    if not folder.is_dir():
        fail(render("cli.output_no_folder", params | {"folder": str(folder)}, lang), lang)
    target = path if path.exists() else folder
    if not os.access(target, os.W_OK):
        fail(render("cli.output_denied", params, lang), lang)


def read_one(path: str, lang: str, encoding: str | None = None) -> tuple[str, str]:
    """(source name, text) of a file or ``-``, in UTF-8 or ``encoding``; exit 2 when it
    cannot be read."""
    from referee.cli.batch.inputs import read_source, source_name

    if path != "-" and not Path(path).is_file():
        reason = render("report.no_such_file", None, lang)
        fail(render("report.cannot_read", {"path": path, "reason": reason}, lang), lang)
    text, problem = read_source(path, lang, encoding)
    if text is None:
        fail(problem or path, lang)
    return source_name(path), text
