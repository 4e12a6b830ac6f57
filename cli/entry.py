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

The garbage collector is off while the modules load (:func:`_loading` and
:func:`_loaded`): start-up makes some hundred thousand objects (modules, classes, the
parser's tables) that live until exit, and every collection during the imports scanned
them all again; once loaded they are frozen (``gc.freeze``: left out of later
collections) and the collector runs as usual for the command's own objects. A one-game
audit's process: 607 M to 569 M instructions, and about 13 % less CPU time, the
collector's passes being slower than their instruction count says (docs/performance.md).

A command that reads logs starts its reader from what Lark taught earlier runs
(:mod:`referee.notation.lessons`): a game made of words Lark read before is read
without importing Lark or loading its parser, about a quarter of a one-game audit's
process (docs/performance.md, issue 23 round 6).

The console script is :func:`console`, which ends the process without Python's
teardown of every object when nothing else runs (:func:`_leave`); :func:`main` itself
ends with ``SystemExit``, for a caller in its own process (tests).
"""

from __future__ import annotations

import errno
import gc
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


def _loading() -> None:
    """No collections while the modules load: what they make lives until exit."""
    gc.disable()


def _loaded() -> None:
    """The modules loaded: what exists now is left out of every later collection, and
    the collector runs again."""
    gc.freeze()
    gc.enable()


READING = frozenset({"audit", "replay", "fmt", "standings"})  # the commands that read logs


def main() -> None:
    _loading()
    args = sys.argv[1:]
    if args and args[0] in READING:
        # What Lark taught earlier runs (referee.notation.lessons): a usual game is read
        # without loading Lark; what this run learns is kept for the next.
        from referee.notation.reader import keep

        keep()
    arguments = fast_arguments(args)
    if arguments is None:
        from referee.cli.app import run_app

        _loaded()
        run_app(args)
        return
    from referee.audit import audit_game  # noqa: F401  (loaded now: see _loaded)
    from referee.cli.commands.audit import run_audit
    from referee.cli.common import CliExit

    _loaded()

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


def console() -> None:
    """The ``referee`` console script: :func:`main`, then the exit of :func:`_leave` (a
    caller of :func:`main` in its own process gets its ``SystemExit`` as always)."""
    try:
        main()
    except SystemExit as done:
        if done.code is not None and not isinstance(done.code, int):
            raise  # a message to print: Python's own exit prints it
        _leave(done.code or 0)
    _leave(0)


def _leave(status: int) -> None:
    """Exit with ``status`` without tearing the interpreter down when nothing else runs.

    At a normal exit Python frees every object it made, module by module: for a one-game
    audit's process about 27 M instructions of its 387 M (7% of its CPU time), 44 M of a
    600-hand file's, all of it memory touched once more to be thrown away. The command's
    files are closed and its temporary files removed before it returns; so here the exit
    functions run (``atexit``: the start-up cache is saved there), the standard streams
    are flushed (a closed pipe: status 1, as for one met while writing), and the process
    ends (``os._exit``). With another thread or a child process still alive (``--jobs``),
    or a flush that fails otherwise, the exit is Python's own (``sys.exit``)."""
    import atexit
    import threading

    children = sys.modules.get("multiprocessing")
    if threading.active_count() > 1 or (children is not None
                                        and children.active_children()):
        sys.exit(status)
    atexit._run_exitfuncs()  # what Python's own exit runs first (private, but it is the one)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except OSError as exc:
            if exc.errno != errno.EPIPE:
                sys.exit(status)
            status = status or 1
        except ValueError:  # a closed stream: nothing left to write
            pass
    os._exit(status)


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
