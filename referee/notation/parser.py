"""The parser of ``grammar/rummy.lark``: built, cached between processes, and run.

The grammar in ``grammar/rummy.lark`` (installed as :mod:`referee.grammar`) is
the one definition of the syntax. Its LALR parser reduces each rule with
:class:`~referee.notation.reducers.Records` as it reaches it, so no parse tree is
built. A parser is built once per process, or loaded from a cache between processes
(:func:`parser_cache_path`); :mod:`referee.notation.folded` builds its faster
grammar's parser the same way (:func:`build_parser`, :func:`cached_parser`).
What this needs from Lark beyond its documented API is in
:mod:`referee.notation.lark_private`. docs/performance.md tells what each choice
here is worth.

The reader reads a clean game with the folded grammar; this parser reads what that
one cannot (its syntax error is the answer) and the lines after a bad line
(:mod:`referee.notation.recover`).
"""

from __future__ import annotations

import contextlib
import os
import pkgutil
import threading
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, cast

from referee.notation.lark_private import (
    cython_plugins,
    cython_version,
    load_parser,
    plugin_options,
    save_parser,
)
from referee.notation.reducers import GameText, Records

if TYPE_CHECKING:
    from lark import Lark

RECORDS = Records()
"""The grammar file's parser's reducers (shared by the threads: the line offset is per
thread)."""

GRAMMAR_FILE = "rummy.lark"
# Bump when the parser's options or the way it is cached change (the grammar's own text,
# Lark's and Python's versions and the lexer in use are part of the key already).
_CACHE_FORMAT = "1"


def grammar_text() -> str:
    """The text of ``grammar/rummy.lark`` (package data; read through the package's
    loader, which costs less at start-up than :mod:`importlib.resources`)."""
    data = pkgutil.get_data("referee.grammar", GRAMMAR_FILE)
    if data is None:  # a loader that cannot read package data
        raise FileNotFoundError(GRAMMAR_FILE)
    return data.decode("utf-8")


def build_parser(*, cython: bool = True, strict: bool = True, grammar: str | None = None,
                 transformer: Records | None = None) -> Lark:
    """A Lark LALR parser of the grammar with the reader's transformer, built afresh.

    ``cython`` uses lark-cython's lexer and parser when it is installed (about 1.4x
    faster) and falls back to pure Lark when it is not. lark-cython skips Lark's
    strict checks (colliding terminals, shift/reduce conflicts), so the test suite
    builds ``build_parser(cython=False)`` with ``strict=True`` and no cache to keep
    the grammar honest; the faster parser reads the same grammar file. ``grammar`` and
    ``transformer`` (default: the grammar file and :data:`RECORDS`) are for
    :mod:`referee.notation.folded`.
    """
    from lark import Lark  # loaded when a parser is built or loaded, not before

    return Lark(
        grammar_text() if grammar is None else grammar,
        parser="lalr",
        lexer="contextual",
        strict=strict,
        transformer=RECORDS if transformer is None else transformer,
        **plugin_options(cython),
    )


def can_be_strict() -> bool:
    """Whether Lark's strict mode can run here: it needs interegular, which only the tests
    install (the tests build the grammar strict; lark-cython's parser skips the checks)."""
    from importlib.util import find_spec

    return find_spec("interegular") is not None


def parser_cache_path(grammar: str | None = None, name: str = "rummy-parser") -> Path | None:
    """Where the built parser is cached, or None when caching is off.

    ``REFEREE_CACHE_DIR`` names the folder (empty: no cache); by default it is the
    user's cache folder (``$XDG_CACHE_HOME`` or ``~/.cache``, ``%LOCALAPPDATA%`` on
    Windows) under ``referee51``. The file name holds a hash of everything the
    parser depends on, so an edited grammar or another Lark gets a parser of its own
    and a stale one is never read.
    """
    from referee.games import cache_folder

    folder = cache_folder()  # the one cache folder: the games' list and start-up cache too
    if folder is None:
        return None
    import hashlib
    import sys

    import lark

    lexer = "pure" if cython_plugins() is None else "cython-" + cython_version()
    key = "\0".join((_CACHE_FORMAT, grammar_text() if grammar is None else grammar,
                     lark.__version__, lexer,
                     sys.version.split()[0], sys.implementation.cache_tag or ""))
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:24]
    return Path(folder) / f"{name}-{digest}.pickle"


def _load_cached(path: Path, transformer: Records) -> Lark | None:
    """The parser saved at ``path``, or None when there is none or it does not load."""
    try:
        handle = path.open("rb")
    except OSError:
        return None
    with handle:
        try:
            return load_parser(handle, transformer)
        except Exception:
            return None


def _save_cached(parser: Lark, path: Path) -> None:
    """Save the parser under a temporary name and rename it into place: a process
    that reads the cache while another writes it sees no file or a whole one."""
    import tempfile

    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, temp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    except OSError:  # a read-only home, a full disk...: run without the cache
        return
    try:
        with os.fdopen(fd, "wb") as handle:
            save_parser(parser, handle)
        os.replace(temp, path)
    except Exception:
        with contextlib.suppress(OSError):
            os.unlink(temp)


_PARSER_LOCK = threading.Lock()


@cache
def get_parser() -> Lark:
    """The grammar file's parser: loaded from the cache when a valid one is there (a few
    milliseconds instead of a tenth of a second), else built from the grammar and
    cached. The cache file's name is a hash of the grammar and of everything else the
    parser depends on (:func:`parser_cache_path`)."""
    return cached_parser(None, RECORDS, "rummy-parser")


def cached_parser(grammar: str | None, transformer: Records, name: str) -> Lark:
    """The parser of ``grammar`` (None: the grammar file) with ``transformer``, loaded from
    the cache file ``name-HASH.pickle`` or built and saved there (see :func:`get_parser`)."""
    with _PARSER_LOCK:
        path = parser_cache_path(grammar, name)
        parser = _load_cached(path, transformer) if path is not None else None
        if parser is None:
            parser = build_parser(grammar=grammar, transformer=transformer, strict=can_be_strict())
            if path is not None:
                _save_cached(parser, path)
        return parser


def parse(text: str, line_offset: int) -> list[GameText]:
    """The games of ``text`` (reduced by :data:`RECORDS`), lines shifted by
    ``line_offset``; raises Lark's syntax error (``UnexpectedInput``) as it is."""
    RECORDS.set_line_offset(line_offset)
    return cast(list[GameText], get_parser().parse(text))
