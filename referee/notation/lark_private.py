"""Everything the reader takes from Lark beyond its documented API, in this one module.

The rest of the reader uses Lark's documented API only: ``Lark(grammar, parser="lalr",
lexer="contextual", strict=..., transformer=...)``, ``parse``, ``save``,
``get_terminal``, the ``Transformer`` and ``Token`` classes and the syntax errors
(``UnexpectedCharacters``, ``UnexpectedToken`` and their attributes). What it needs
beyond that is here, each with why:

- :func:`load_parser`: a saved parser loaded *with* the reader's transformer and
  lark-cython's plugins. ``Lark.load(f)`` takes no options; ``Lark._load(f, **options)``
  is what Lark's own ``cache=`` option calls to do this (the options it accepts are
  ``lark.lark._LOAD_ALLOWED_OPTIONS``).
- The reducers (:class:`~referee.notation.reducers.Records`) are handed to Lark as its
  ``transformer`` without being Lark's ``Transformer``: Lark's LALR parser looks a
  transformer's methods up by rule name on any object (``ParseTreeBuilder.create_callback``),
  and so the reader's modules import no Lark until a game needs it. :func:`syntax_errors`
  names Lark's errors for an ``except`` clause without importing them before.
- :func:`plugin_options`: lark-cython is switched on by the ``_plugins`` option (its
  README's way), and :func:`save_parser` leaves that option and the transformer out
  of the saved file (they are given again on loading).
- :func:`terminal_regexp`: the regular expression Lark compiles for a terminal
  (``TerminalDef.pattern.to_regexp()``), and :func:`case_insensitive_words`, the words
  of a keyword terminal, read off the form that expression takes for a string with the
  ``i`` flag: ``(?i:word)``.
- :func:`parse_states` and :func:`runs_pure_lark` (for the tests): the LALR parse table
  behind a ``Lark`` object, and whether its parser is Lark's own or lark-cython's.

``pyproject.toml`` pins the Lark versions this was checked with;
``tests/notation/test_lark_private.py`` holds each item above to what the reader
expects from the installed Lark, and says which one a new Lark release broke.
"""

from __future__ import annotations

import re
from typing import IO, TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from lark import Lark

PLUGINS_OPTION = "_plugins"  # Lark's option for the lexer and parser classes (lark-cython)
NOT_SAVED = ("transformer", PLUGINS_OPTION)  # given again by load_parser


def cython_plugins() -> dict[str, Any] | None:
    """lark-cython's plugins, or None when it is not installed (pure Lark reads the
    same grammar, about 1.4x slower)."""
    try:
        import lark_cython
    except ImportError:
        return None
    return cast(dict[str, Any], lark_cython.plugins)


def cython_version() -> str:
    """lark-cython's version (part of the parser cache's key), ``none`` without it."""
    try:
        import lark_cython
    except ImportError:
        return "none"
    return str(getattr(lark_cython, "__version__", "?"))


def plugin_options(cython: bool = True) -> dict[str, Any]:
    """The options that give a ``Lark`` lark-cython's lexer and parser when ``cython``
    and it is installed; none else."""
    plugins = cython_plugins() if cython else None
    return {} if plugins is None else {PLUGINS_OPTION: plugins}


def save_parser(parser: Lark, handle: IO[bytes]) -> None:
    """Save a built LALR parser (``Lark.save``) without its transformer and plugins."""
    parser.save(handle, exclude_options=NOT_SAVED)


def load_parser(handle: IO[bytes], transformer: object) -> Lark:
    """A parser saved by :func:`save_parser`, with ``transformer`` and lark-cython's
    plugins (when installed). Raises whatever Lark raises on a file it cannot load."""
    from lark import Lark

    return Lark.__new__(Lark)._load(handle, transformer=transformer, **plugin_options())


def syntax_errors() -> tuple[type[Exception], ...]:
    """Lark's syntax errors (``UnexpectedCharacters``, ``UnexpectedToken``), for an
    ``except`` clause: Python evaluates one only when an exception comes, so a game read
    without Lark (:mod:`referee.notation.memo`) does not load Lark to catch nothing."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    return UnexpectedCharacters, UnexpectedToken


def terminal_regexp(parser: Lark, name: str) -> str:
    """The regular expression of the terminal ``name`` as Lark compiles it."""
    return parser.get_terminal(name).pattern.to_regexp()


_CASE_INSENSITIVE = re.compile(r"\(\?i:(\w+)\)")  # how Lark writes "word"i


def case_insensitive_words(regexp: str) -> list[str]:
    """The words a terminal's expression (:func:`terminal_regexp`) matches in any case:
    those of its ``"word"i`` strings."""
    return _CASE_INSENSITIVE.findall(regexp)


def parse_states(parser: Lark) -> dict[Any, dict[str, Any]]:
    """The LALR parse table's states of a parser built by pure Lark: for each state, its
    actions by terminal or rule name."""
    return cast(dict[Any, dict[str, Any]], parser.parser.parser.parser.parse_table.states)


def runs_pure_lark(parser: Lark) -> bool:
    """Whether ``parser`` parses with Lark's own LALR parser (not lark-cython's)."""
    return type(parser.parser.parser).__module__.startswith("lark.")
