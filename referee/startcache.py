"""What every process would build again at start-up, built once and kept between processes.

Two things cost a one-game ``referee audit`` more than its whole replay, and come out
the same in every process (docs/performance.md, issue 23 round 4):

- **the methods :mod:`dataclasses` writes**: a dataclass's ``__init__``, ``__repr__``,
  ``__eq__``, ``__hash__`` (a frozen one's ``__setattr__`` and ``__delattr__`` too) are
  written as Python source and compiled when the class is made. The referee's ~50
  dataclasses make ~240 of them: a fifth of the start-up's instructions.
- **the programs of regular expressions**: :mod:`re` parses and compiles a pattern in
  Python code, once per process; Lark's lexers and the reader's terminals compile ~80
  patterns, another fifth.

:func:`install` gives each its cache. :mod:`dataclasses` gets its own ``exec``: a source
text it has not seen is compiled exactly as ``exec`` compiles it (none of our
``__future__`` flags) and its code object kept, keyed by the whole text. ``re``'s
compiler gets a wrapper: a pattern it has not seen (keyed by the pattern and its flags)
is compiled by ``re`` itself, and the arguments ``re`` hands to ``_sre.compile`` (the
pattern, its flags, its program as numbers, its groups) are kept; the next time they
are handed to ``_sre.compile`` directly. Every class still goes through
:mod:`dataclasses` and every pattern through :func:`re.compile`: only where a code
object or a program comes from changes, never what it is (tests/test_startcache.py
compares each with one built afresh).

The kept texts and programs are saved when a process that found new ones exits, in
the referee's cache folder (``REFEREE_CACHE_DIR``, as the parser's cache; empty: no
cache, and nothing is installed), one file per Python build (a code object loads only
in the build that made it) and program (:func:`program_name`: a test run's classes
and patterns would make the command line's file longer to read), written under a
temporary name and renamed into place. A file that does not load is ignored and written
again; each part holds at most :data:`MAX_KEPT` entries (past them, things are built
each time, as without the cache).
"""

from __future__ import annotations

import atexit
import contextlib
import marshal
import os
import sys
import threading
from types import CodeType, SimpleNamespace
from typing import Any

FORMAT = "referee-start 1"
MAX_KEPT = 2048  # entries of each part of the file
MAX_PATTERN = 100_000  # characters: a longer pattern is compiled each time, not kept

Program = tuple[Any, ...]  # the arguments of _sre.compile (pattern, flags, code, groups...)
PatternKey = tuple[Any, int]  # a pattern (str or bytes) and its flags


class StartCache:
    """The kept code objects and programs, loaded from and saved to one file."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.codes: dict[str, CodeType] = {}
        self.programs: dict[PatternKey, Program] = {}
        self.changed = False
        self._lock = threading.RLock()
        if path is not None:
            self._load(path)

    def _load(self, path: str) -> None:
        with contextlib.suppress(Exception):  # no file, a torn or foreign one: start empty
            with open(path, "rb") as handle:
                loaded = marshal.loads(handle.read())
            if not isinstance(loaded, dict) or loaded.get("format") != FORMAT:
                return
            codes, programs = loaded["codes"], loaded["programs"]
            if isinstance(codes, dict) and isinstance(programs, dict):
                self.codes = {text: code for text, code in codes.items()
                              if isinstance(text, str) and isinstance(code, CodeType)}
                self.programs = {key: program for key, program in programs.items()
                                 if isinstance(key, tuple) and isinstance(program, tuple)}

    # ------------------------------------------------------------------ dataclasses

    def code(self, text: str) -> CodeType:
        """The code object of ``text``, compiled as ``exec(text)`` compiles it."""
        code = self.codes.get(text)
        if code is None:
            code = compile(text, "<string>", "exec", dont_inherit=True)
            if len(self.codes) < MAX_KEPT:
                self.codes[text] = code
                self.changed = True
        return code

    def exec(self, source: Any, globals: Any = None, locals: Any = None, /) -> None:
        """``exec`` for :mod:`dataclasses`: a text runs its kept code object."""
        if type(source) is str:
            source = self.code(source)
        exec(source, globals, locals)

    # ------------------------------------------------------------------ regular expressions

    def compiler(self, compile_pattern: Any, sre: Any) -> tuple[Any, SimpleNamespace]:
        """A wrapper of ``re._compiler.compile`` (``compile_pattern``) that keeps each
        pattern's program, and the stand-in for ``_sre`` (``sre``) it records them with."""
        recorded: list[Program] = []
        recording = [False]  # only a kept pattern's own compile is recorded

        def record(*args: Any) -> Any:
            if recording[0]:
                recorded.append(args)
            return sre.compile(*args)

        stand_in = SimpleNamespace(**{name: getattr(sre, name) for name in dir(sre)
                                      if not name.startswith("__")})
        stand_in.compile = record
        programs, lock = self.programs, self._lock
        plain = (str, bytes)
        locale = _locale_flag()

        def compile_kept(pattern: Any, flags: int = 0) -> Any:
            if type(pattern) in plain:
                key = (pattern, int(flags))
                program = programs.get(key)
                if program is not None:
                    source, kept_flags, code, groups, groupindex, indexgroup = program
                    return sre.compile(source, kept_flags, code, groups,
                                       dict(groupindex), indexgroup)
                if not flags & locale and len(pattern) <= MAX_PATTERN:
                    with lock:  # one pattern at a time records its program
                        recorded.clear()
                        recording[0] = True
                        try:
                            compiled = compile_pattern(pattern, flags)
                        finally:
                            recording[0] = False
                        kept = _plain_program(recorded, pattern)
                        recorded.clear()
                    if kept is not None and len(programs) < MAX_KEPT:
                        programs[key] = kept
                        self.changed = True
                    return compiled
            return compile_pattern(pattern, flags)

        return compile_kept, stand_in

    # ------------------------------------------------------------------ the file

    def save(self) -> None:
        """Write the file when something new was built (a temporary file renamed into
        place: a reader sees the old file or the new one, whole)."""
        if self.path is None or not self.changed:
            return
        temporary = f"{self.path}.{os.getpid()}.tmp"
        try:
            data = marshal.dumps({"format": FORMAT, "codes": self.codes,
                                  "programs": self.programs})
            os.makedirs(os.path.dirname(self.path), mode=0o700, exist_ok=True)
            with open(temporary, "wb") as handle:
                handle.write(data)
            os.replace(temporary, self.path)
            self.changed = False
        except (OSError, ValueError):  # a read-only home, a full disk: no cache
            with contextlib.suppress(OSError):
                os.remove(temporary)


def _locale_flag() -> int:
    import re

    return int(re.LOCALE)  # bytes patterns that follow the locale: never kept


def _plain_program(recorded: list[Program], pattern: Any) -> Program | None:
    """The one ``_sre.compile`` call a compile made, in plain numbers and strings (what
    the file can hold), or None when it was anything else."""
    if len(recorded) != 1 or len(recorded[0]) != 6:
        return None
    source, flags, code, groups, groupindex, indexgroup = recorded[0]
    if source is not pattern:
        return None
    try:
        return (source, int(flags), [int(op) for op in code], int(groups),
                {str(name): int(index) for name, index in groupindex.items()},
                tuple(indexgroup))
    except (TypeError, ValueError, AttributeError):
        return None


def program_name(argv0: str | None = None) -> str:
    """The program the process runs, by its script's name (``referee``, ``pytest``,
    ``uvicorn``; a package run with ``-m``: the package's name): each program keeps its
    own file, so what a test run or a server compiles does not weigh on the command
    line's start."""
    if argv0 is None:
        argv = getattr(sys, "argv", None) or [""]
        argv0 = argv[0] or ""
    path = os.path.normpath(argv0) if argv0 else ""
    name = os.path.basename(path)
    if name in ("__main__.py", "__init__.py"):
        name = os.path.basename(os.path.dirname(path))
    name = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in name)[:40]
    return name or "python"


def cache_path(folder: str) -> str:
    """The file for this Python build and program."""
    import zlib

    build = "\0".join((FORMAT, sys.version, sys.implementation.cache_tag or "",
                       sys.executable))
    return os.path.join(
        folder, f"start-{zlib.crc32(build.encode()):08x}-{program_name()}.marshal")


_installed: StartCache | None = None
_re_originals: tuple[Any, Any] | None = None


def re_originals() -> tuple[Any, Any]:
    """``re._compiler``'s own ``compile`` and ``_sre``, installed over or not."""
    import re

    if _re_originals is not None:
        return _re_originals
    compiler = re._compiler  # type: ignore[attr-defined]
    return compiler.compile, compiler._sre


def install() -> StartCache | None:
    """Give :mod:`dataclasses` and ``re`` the cache, once per process (none when the
    cache folder is off)."""
    global _installed, _re_originals
    if _installed is not None:
        return _installed
    from referee.games import cache_folder

    folder = cache_folder()
    if folder is None:
        return None
    import dataclasses
    import re

    cache = _installed = StartCache(cache_path(folder))
    dataclasses.exec = cache.exec  # type: ignore[attr-defined]
    compiler = getattr(re, "_compiler", None)
    original, sre = getattr(compiler, "compile", None), getattr(compiler, "_sre", None)
    if original is not None and sre is not None and hasattr(sre, "compile"):
        _re_originals = (original, sre)
        compiler.compile, compiler._sre = cache.compiler(original, sre)  # type: ignore[union-attr]
    atexit.register(cache.save)
    return cache
