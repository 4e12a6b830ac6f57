"""Pieces of the command line that need no typer: exit statuses and ``--set``.

``referee audit`` runs without importing typer (:mod:`referee.cli.entry`), so what it
shares with the other commands lives here; :mod:`referee.cli.main` turns a
:class:`CliExit` into ``typer.Exit``.
"""

from __future__ import annotations

from typing import NoReturn

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_UNREADABLE = 2


class CliExit(Exception):
    """Leave the command with exit status ``code`` (the message is already printed)."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def fail(message: str, lang: str, code: int = EXIT_UNREADABLE) -> NoReturn:
    from referee.cli.errors import error

    error(message, lang)
    raise CliExit(code)


def parse_sets(values: list[str] | None, lang: str) -> dict[str, str]:
    """``KNOB=VALUE`` options as overrides (canonical knob names); exit 2 on a bad one."""
    from referee.messages import render
    from referee.variants.knobs import KnobError, knob_name, parse_knob

    overrides: dict[str, str] = {}
    for text in values or []:
        name, sep, value = text.partition("=")
        name = name.strip()
        if not sep or not name:
            fail(render("report.bad_set",
                        {"text": text, "reason": render("report.set_format", None, lang)},
                        lang), lang)
        canonical = knob_name(name) or name
        try:
            parse_knob(canonical, value)
        except KnobError as exc:
            fail(render("report.bad_set", {"text": text, "reason": str(exc)}, lang), lang)
        overrides[canonical] = value.strip()
    return overrides


def check_encoding(name: str | None, lang: str) -> None:
    """Exit 2 when ``--encoding`` names an encoding Python does not know."""
    if name is None:
        return
    from referee.messages import render
    from referee.notation.encoding import check_encoding as known

    try:
        known(name)
    except LookupError:
        fail(render("file.unknown-encoding", {"encoding": name}, lang), lang)
