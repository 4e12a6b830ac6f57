"""The ``referee`` console script (and ``python -m referee.cli``).

``referee audit`` is the command run most, often on one small file, where start-up is
most of the time: typer (and the pydantic it uses to convert options) costs about
0.1 s before the command starts. So a plain ``referee audit`` command line is read
here by :func:`referee.cli.options.parse_fast` from the same declarations the typer
app is built from (:mod:`referee.cli.options`), and run directly
(:func:`referee.cli.commands.audit.run_audit`); anything else (help, another command,
a form of an option it does not read, a value typer would reject) goes to the typer
app (:mod:`referee.cli.app`). ``tests/cli/test_entry.py`` checks that both readings
of a command line give the same call.
"""

from __future__ import annotations

import errno
import os
import sys
from typing import Any


def fast_arguments(args: list[str]) -> dict[str, Any] | None:
    """The arguments of the fast command for ``args`` (``sys.argv[1:]``), or None when
    typer should read them."""
    if not args or os.name == "nt" or os.environ.get("_REFEREE_COMPLETE"):
        return None  # shell completion is typer's business
    from referee.cli.options import COMMANDS, parse_fast

    command = next((c for c in COMMANDS if c.fast and c.name == args[0]), None)
    return None if command is None else parse_fast(command, args[1:])


def main() -> None:
    args = sys.argv[1:]
    arguments = fast_arguments(args)
    if arguments is None:
        from referee.cli.app import run_app

        run_app(args)
        return
    from referee.cli.commands.audit import run_audit
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
