"""The ``referee`` console script (and ``python -m referee.cli``).

``referee audit`` is the command run most, often on one small file, where start-up
is most of the time: typer (and the pydantic it now uses to convert options) costs
about 0.1 s before the command starts. So a plain ``referee audit`` command line is
read here, by a strict subset of what typer accepts, and run directly
(:func:`referee.cli.audit_command.run_audit`); anything else (help, another command, an
unknown or odd option, a value typer would reject) goes to the typer app in
:mod:`referee.cli.main`, which stays the definition of the command line.
``tests/test_cli.py`` checks that both readings of a command line give the same
call.
"""

from __future__ import annotations

import errno
import os
import re
import sys
from pathlib import Path
from typing import Any

_VALUE_OPTIONS = {
    "--set": "sets", "-s": "sets",
    "--lang": "lang", "-l": "lang",
    "--jobs": "jobs", "-j": "jobs",
    "--summary-csv": "summary_csv",
    "--encoding": "encoding",
}
_JOBS = re.compile(r"[1-9][0-9]{0,5}")


def audit_arguments(args: list[str]) -> dict[str, Any] | None:
    """The arguments of ``run_audit`` for ``args`` (``sys.argv[1:]``), or None when
    typer should read them (not ``audit``, help, an unknown or odd option...)."""
    if not args or args[0] != "audit" or os.name == "nt":
        return None
    if os.environ.get("_REFEREE_COMPLETE"):  # shell completion: typer's business
        return None
    paths: list[str] = []
    sets: list[str] = []
    found: dict[str, Any] = {"as_json": False, "lang": None, "jobs": None, "summary_csv": None,
                             "encoding": None}
    rest = args[1:]
    i = 0
    while i < len(rest):
        arg = rest[i]
        i += 1
        if arg == "-" or not arg.startswith("-"):
            paths.append(arg)
            continue
        if arg == "--json":
            found["as_json"] = True
            continue
        name = _VALUE_OPTIONS.get(arg)
        if name is None or i >= len(rest):
            return None  # --help, --, -j2, --jobs=2, an unknown option, a missing value
        value = rest[i]
        i += 1
        if value.startswith("-") and value != "-":
            return None
        if name == "sets":
            sets.append(value)
        elif name == "lang":
            if value.lower() not in ("en", "es"):
                return None
            found["lang"] = value.lower()
        elif name == "jobs":
            if not _JOBS.fullmatch(value):
                return None
            found["jobs"] = int(value)
        elif name == "encoding":
            found["encoding"] = value
        else:
            if not value or Path(value).is_dir():
                return None
            found["summary_csv"] = Path(value)
    if not paths:
        return None
    return {"paths": paths, "sets": sets or None, **found}


def main() -> None:
    arguments = audit_arguments(sys.argv[1:])
    if arguments is None:
        from referee.cli.main import app

        app(prog_name="referee")
        return
    from referee.cli.audit_command import run_audit
    from referee.cli.common import CliExit

    # What typer does around a command: exit statuses, ^C, a closed pipe.
    try:
        try:
            status = run_audit(**arguments)
        except CliExit as exc:
            status = exc.code
    except KeyboardInterrupt:
        status = 130
    except EOFError:
        sys.stderr.write("\nAborted!\n")
        status = 1
    except OSError as exc:
        if exc.errno != errno.EPIPE:
            raise
        sys.stdout = _Quiet(sys.stdout)
        sys.stderr = _Quiet(sys.stderr)
        status = 1
    sys.exit(status)


class _Quiet:
    """A stream whose flush ignores a closed pipe (click's PacifyFlushWrapper)."""

    def __init__(self, wrapped: Any) -> None:
        self.wrapped = wrapped

    def flush(self) -> None:
        try:
            self.wrapped.flush()
        except OSError as exc:
            if exc.errno != errno.EPIPE:
                raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self.wrapped, name)
