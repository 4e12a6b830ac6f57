"""The Lark parser of ``grammar/rummy.lark``, one per deck: built once, cached by Lark.

The grammar (installed as :mod:`referee.grammar`) is the one definition of the syntax.
It imports its card terminals from ``grammar/decks/<deck>/cards.lark``, so each deck's
parser is the same grammar with that deck's cards: Lark's own ``%import``, resolved
by ``Lark.open_from_package`` through the deck's folder. The parser is Lark's LALR
parser with its contextual lexer, and the reducers (:class:`~referee.notation.reducers.Records`)
as its transformer: each rule becomes an event as it is reached, no tree is built.

Building a parser's tables takes a tenth of a second; Lark's ``cache=`` option keeps
them in a file of the referee's cache folder (:func:`referee.folders.cache_folder`),
which Lark checks against a hash of the grammar, its options and its own version
before it uses it and rewrites when they differ or the file does not load.
lark-cython's lexer and parser are switched on by its documented ``_plugins`` option
when it is installed (about 1.4 times faster); pure Lark reads the same grammar.
"""

from __future__ import annotations

import os
import sys
import threading
from typing import Any, cast

import lark
from lark import Transformer

from referee.cards import Deck
from referee.folders import cache_folder
from referee.notation.reducers import CardTokens, GameText, Records

GRAMMAR_PACKAGE = "referee.grammar"
GRAMMAR_FILE = "rummy.lark"


def deck_folder(deck: Deck) -> str:
    """The folder of ``grammar/`` that holds ``deck``'s ``cards.lark``."""
    return f"decks/{deck.name}"


def cython_plugins() -> dict[str, object] | None:
    """lark-cython's plugins (its README's ``_plugins=lark_cython.plugins``), or None
    when it is not installed."""
    try:
        import lark_cython
    except ImportError:
        return None
    return cast(dict[str, object], lark_cython.plugins)


def cache_path(deck: Deck, cython: bool) -> str | None:
    """The file Lark caches ``deck``'s parser in, or None when there is no cache folder
    (``REFEREE_CACHE_DIR`` empty) or it cannot be made. Lark keys the file's content
    by the grammar's hash; the name tells apart what Lark's hash does not (the
    lexer in use) and keeps one file per deck."""
    folder = cache_folder()
    if folder is None:
        return None
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
    except OSError:
        return None
    lexer = "cython" if cython else "pure"
    python = f"{sys.version_info[0]}{sys.version_info[1]}"
    return os.path.join(folder, f"lark-{deck.name}-{lexer}-py{python}-{lark.__version__}.cache")


def build(deck: Deck, transformer: Transformer[Any, Any] | None = None, *, cython: bool = True,
          cache: bool = True, strict: bool = False) -> lark.Lark:
    """The parser of ``deck``'s grammar with ``transformer`` (default: reducers that read
    ``deck``'s cards). ``cython``: lark-cython's lexer and parser when installed;
    ``cache``: Lark's cache file (:func:`cache_path`); ``strict``: Lark's strict mode,
    which refuses colliding terminals and conflicts (it needs interegular, which the
    tests install; they build the grammar so)."""
    plugins = cython_plugins() if cython else None
    options: dict[str, object] = {} if plugins is None else {"_plugins": plugins}
    path = cache_path(deck, plugins is not None) if cache else None
    if path is not None:
        options["cache"] = path
    return lark.Lark.open_from_package(
        GRAMMAR_PACKAGE, GRAMMAR_FILE, ("", deck_folder(deck)),
        parser="lalr", lexer="contextual", strict=strict,
        transformer=Records(CardTokens(deck.parse)) if transformer is None else transformer,
        **options)


class DeckParser:
    """``deck``'s parser and reducers, built at the first parse (once, whatever the threads)."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.records = Records(CardTokens(deck.parse))
        self._parser: lark.Lark | None = None
        self._lock = threading.Lock()

    def parser(self) -> lark.Lark:
        found = self._parser
        if found is None:
            with self._lock:
                found = self._parser
                if found is None:
                    found = self._parser = build(self.deck, self.records)
        return found

    def parse(self, text: str, line_offset: int) -> list[GameText]:
        """The games of ``text``, its lines shifted by ``line_offset``; raises Lark's syntax
        error (``UnexpectedInput``) as it is."""
        parser = self.parser()
        self.records.set_line_offset(line_offset)
        return cast(list[GameText], parser.parse(text))


_PARSERS: dict[str, DeckParser] = {}
_PARSERS_LOCK = threading.Lock()


def deck_parser(deck: Deck) -> DeckParser:
    """The process's parser of ``deck``'s cards."""
    found = _PARSERS.get(deck.name)
    if found is None:
        with _PARSERS_LOCK:
            found = _PARSERS.setdefault(deck.name, DeckParser(deck))
    return found
