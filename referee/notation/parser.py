"""The `.rummy` grammar's parser and the reducers that turn it into events.

The grammar in ``grammar/rummy.lark`` (installed as :mod:`referee.grammar`) is
the one definition of the syntax. The Transformer below turns each rule into a
frozen event as the LALR parser reduces it, so no parse tree is built. The
parser is built once per process, or loaded from a cache between processes
(:func:`parser_cache_path`); docs/performance.md tells what each choice here is
worth.
"""

from __future__ import annotations

import contextlib
import os
import pkgutil
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, cast

from lark import Lark, Token, Transformer

from referee.cards import Card
from referee.notation.events import (
    Call,
    Deal,
    Discard,
    Draw,
    Event,
    Layoff,
    Meld,
    Tag,
    Take,
)


@dataclass(frozen=True, slots=True)
class StockLine:
    """A ``stock:`` line (the stock, top card first)."""

    cards: tuple[Card, ...]
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class UpLine:
    """An ``up:`` line: the face-up card that starts the pile (None: ``up: ??``)."""

    card: Card | None
    line: int
    column: int


Setup = Deal | StockLine | UpLine


@dataclass(frozen=True, slots=True)
class GameText:
    """One game as the grammar reads it, before the header checks."""

    tags: list[Tag]
    setup: list[Setup]
    events: list[Event]


def _gather(items: list[Any]) -> list[Any]:
    """Reduce a left-recursive list rule: ``x`` starts a list, ``xs x`` appends to it."""
    if len(items) == 1:
        return items
    head: list[Any] = items[0]
    head.append(items[1])
    return head


class _ToRecords(Transformer[Token, list[GameText]]):
    """Reduces the rules of ``grammar/rummy.lark`` as the parser reaches them.

    Lark counts lines from the start of the piece it parses; the line offset
    (one per thread, as the parser is shared) turns them into lines of the file.
    Token values end with the blanks that follow them in the text (the grammar
    folds them into every terminal), hence the ``rstrip``.
    """

    def __init__(self) -> None:
        super().__init__()
        self._local = threading.local()

    def set_line_offset(self, offset: int) -> None:
        self._local.offset = offset

    def start(self, games: list[GameText]) -> list[GameText]:
        return games

    def game(self, items: list[Any]) -> GameText:
        tags: list[Tag] = []
        setup: list[Setup] = []
        events: list[Event] = []
        for item in items:
            if isinstance(item, Tag):
                tags.append(item)
            elif isinstance(item[0], Event):
                events = item
            else:
                setup = item
        return GameText(tags, setup, events)

    # The list rules reduce once per item: no method call in between.
    setups = staticmethod(_gather)
    events = staticmethod(_gather)

    def tag(self, items: list[Any]) -> Tag:
        opening, name, value = items
        return Tag(name.value.rstrip(BLANKS), _unquote(value.value.rstrip(BLANKS)),
                   opening.line + self._local.offset, opening.column)

    def deal(self, items: list[Any]) -> Deal:
        keyword, player, cards = items
        return Deal(player.value.rstrip(BLANKS), _cards(cards.value),
                    keyword.line + self._local.offset, keyword.column)

    def stock(self, items: list[Any]) -> StockLine:
        keyword, cards = items
        return StockLine(_cards(cards.value), keyword.line + self._local.offset, keyword.column)

    def up(self, items: list[Any]) -> UpLine:
        keyword, card = items
        return UpLine(_card(card.value) if card.type == "CARD" else None,
                      keyword.line + self._local.offset, keyword.column)

    # Events keep all their tokens (``!event`` in the grammar): name, keyword, ..., _NL.

    def draw(self, items: list[Any]) -> Draw:
        player, card = items[0], items[2]  # items[2] is _NL when no card is written
        return Draw(player.value.rstrip(BLANKS), player.line + self._local.offset,
                    player.column, _card(card.value) if card.type == "CARD" else None)

    def take(self, items: list[Any]) -> Take:
        player, pile = items[0], items[2]  # items[2] is _NL for a bare take
        cards = _pile(pile.value) if pile.type == "PILE" else None
        return Take(player.value.rstrip(BLANKS), player.line + self._local.offset,
                    player.column, cards)

    def meld(self, items: list[Any]) -> Meld:
        player, cards = items[0], items[2]
        return Meld(player.value.rstrip(BLANKS), player.line + self._local.offset,
                    player.column, _cards(cards.value))

    def layoff(self, items: list[Any]) -> Layoff:
        player, card, number = items[0], items[2], items[4]
        return Layoff(player.value.rstrip(BLANKS), player.line + self._local.offset,
                      player.column, _card(card.value), int(number.value))

    def discard(self, items: list[Any]) -> Discard:
        player, card = items[0], items[2]
        return Discard(player.value.rstrip(BLANKS), player.line + self._local.offset,
                       player.column, _card(card.value))

    def call(self, items: list[Any]) -> Call:
        player, accused = items[0], items[2]
        return Call(player.value.rstrip(BLANKS), player.line + self._local.offset,
                    player.column, accused.value.rstrip(BLANKS))


BLANKS = " \t"
UNSEEN = "??"


_CARD_TOKENS: dict[str, Card] = {}  # token text (blanks and all) -> card, for the usual texts
_CARD_TOKENS_MAX = 4096


VARIATION_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")  # `Q♥️` is `Q♥`


def _card(value: str) -> Card:
    """The card of a CARD token (its text, maybe with blanks after it)."""
    card = _CARD_TOKENS.get(value)
    if card is None:
        card = Card.parse(value.rstrip(BLANKS).translate(VARIATION_SELECTORS))
        if len(_CARD_TOKENS) < _CARD_TOKENS_MAX:  # bounded: blanks make texts without end
            _CARD_TOKENS[value] = card
    return card


_SPLIT_MAX = 4096  # a longer list of cards is read word by word, never split whole
_WORD = re.compile(r"\S+")


def _words(value: str) -> Iterable[str]:
    """The blank-separated words of a token; a huge one (a 10 MB meld line) one word at
    a time, so no list of millions of strings is built beside the cards."""
    if len(value) <= _SPLIT_MAX:
        return value.split()
    return (match.group() for match in _WORD.finditer(value))


def _cards(value: str) -> tuple[Card, ...]:
    """The cards of a CARDS token: cards the grammar has checked, separated by blanks."""
    words = _words(value)
    try:  # the usual cards, each known already: no call per card
        return tuple(map(_CARD_TOKENS.__getitem__, words))
    except KeyError:
        return tuple(map(_card, _words(value)))


def _pile(value: str) -> tuple[Card | None, ...]:
    """The cards of a PILE token: cards or ``??`` (None), separated by blanks."""
    return tuple(None if word == UNSEEN else _card(word) for word in _words(value))


_ESCAPE = re.compile(r"\\([\"\\])")


def _unquote(value: str) -> str:
    inner = value[1:-1]
    return _ESCAPE.sub(r"\1", inner) if "\\" in inner else inner


_TRANSFORMER = _ToRecords()



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
                 transformer: Transformer[Token, Any] | None = None) -> Lark:
    """A Lark LALR parser of the grammar with the reader's transformer, built afresh.

    ``cython`` uses lark-cython's lexer and parser when it is installed (about 1.4x
    faster) and falls back to pure Lark when it is not. lark-cython skips Lark's
    strict checks (colliding terminals, shift/reduce conflicts), so the test suite
    builds ``build_parser(cython=False)`` with ``strict=True`` and no cache to keep
    the grammar honest; the faster parser reads the same grammar file. ``grammar`` and
    ``transformer`` (default: the grammar file and the reader's) are for
    :mod:`referee.notation.folded`.
    """
    options: dict[str, Any] = {}
    if cython:
        plugins = _cython_plugins()
        if plugins is not None:
            options["_plugins"] = plugins
    return Lark(
        grammar_text() if grammar is None else grammar,
        parser="lalr",
        lexer="contextual",
        strict=strict,
        transformer=_TRANSFORMER if transformer is None else transformer,
        **options,
    )


def _can_be_strict() -> bool:
    """Whether Lark's strict mode can run here: it needs interegular, which only the tests
    install (the tests build the grammar strict; lark-cython's parser skips the checks)."""
    from importlib.util import find_spec

    return find_spec("interegular") is not None


def _cython_plugins() -> dict[str, Any] | None:
    try:
        import lark_cython
    except ImportError:  # an optional speed-up: pure Lark reads the same grammar
        return None
    return cast(dict[str, Any], lark_cython.plugins)


def parser_cache_path(grammar: str | None = None, name: str = "rummy-parser") -> Path | None:
    """Where the built parser is cached, or None when caching is off.

    ``REFEREE_CACHE_DIR`` names the folder (empty: no cache); by default it is the
    user's cache folder (``$XDG_CACHE_HOME`` or ``~/.cache``, ``%LOCALAPPDATA%`` on
    Windows) under ``referee51``. The file name holds a hash of everything the
    parser depends on, so an edited grammar or another Lark gets a parser of its own
    and a stale one is never read.
    """
    folder = os.environ.get("REFEREE_CACHE_DIR")
    if folder is None:
        base = os.environ.get("LOCALAPPDATA") if os.name == "nt" else None
        base = base or os.environ.get("XDG_CACHE_HOME") or os.path.join(
            os.path.expanduser("~"), ".cache")
        folder = os.path.join(base, "referee51")
    if not folder:
        return None
    import hashlib
    import sys

    import lark

    plugins = _cython_plugins()
    lexer = "pure" if plugins is None else "cython-" + _cython_version()
    key = "\0".join((_CACHE_FORMAT, grammar_text() if grammar is None else grammar,
                     lark.__version__, lexer,
                     sys.version.split()[0], sys.implementation.cache_tag or ""))
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:24]
    return Path(folder) / f"{name}-{digest}.pickle"


def _cython_version() -> str:
    try:
        import lark_cython
    except ImportError:
        return "none"
    return str(getattr(lark_cython, "__version__", "?"))


def _load_cached(path: Path, transformer: Transformer[Token, Any]) -> Lark | None:
    """The parser saved at ``path``, or None when there is none or it does not load."""
    options: dict[str, Any] = {"transformer": transformer}
    plugins = _cython_plugins()
    if plugins is not None:
        options["_plugins"] = plugins
    try:
        handle = path.open("rb")
    except OSError:
        return None
    with handle:
        try:
            # Lark.load() takes no options; _load() is what Lark's own cache calls
            # to load a saved parser with a transformer and plugins.
            return Lark.__new__(Lark)._load(handle, **options)
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
            parser.save(handle, exclude_options=("transformer", "_plugins"))
        os.replace(temp, path)
    except Exception:
        with contextlib.suppress(OSError):
            os.unlink(temp)


_PARSER_LOCK = threading.Lock()


@cache
def get_parser() -> Lark:
    """The reader's parser: loaded from the cache when a valid one is there (a few
    milliseconds instead of a tenth of a second), else built from the grammar and
    cached. The cache file's name is a hash of the grammar and of everything else the
    parser depends on (:func:`parser_cache_path`)."""
    return cached_parser(None, _TRANSFORMER, "rummy-parser")


def cached_parser(grammar: str | None, transformer: Transformer[Token, Any], name: str) -> Lark:
    """The parser of ``grammar`` (None: the grammar file) with ``transformer``, loaded from
    the cache file ``name-HASH.pickle`` or built and saved there (see :func:`get_parser`)."""
    with _PARSER_LOCK:
        path = parser_cache_path(grammar, name)
        parser = _load_cached(path, transformer) if path is not None else None
        if parser is None:
            parser = build_parser(grammar=grammar, transformer=transformer, strict=_can_be_strict())
            if path is not None:
                _save_cached(parser, path)
        return parser


def parse(text: str, line_offset: int) -> list[GameText]:
    """The games of ``text`` (reduced by the transformer), lines shifted by ``line_offset``."""
    _TRANSFORMER.set_line_offset(line_offset)
    return cast(list[GameText], get_parser().parse(text))


@cache
def terminal(name: str) -> re.Pattern[str]:
    """The compiled regular expression of a terminal of the grammar (read off the folded
    grammar's parser, which a clean log loads alone: its terminals are the grammar
    file's, with only ``X_NL`` ones added)."""
    from referee.notation.folded import get_folded_parser

    return re.compile(get_folded_parser().get_terminal(name).pattern.to_regexp())




KEYWORDS = ("DEAL", "STOCK", "UP", "_DRAW", "_TAKE", "_MELD", "_LAYOFF", "_ON", "_DISCARD",
            "_CALL")
EVENT_KEYWORDS = frozenset({"_DRAW", "_TAKE", "_MELD", "_LAYOFF", "_DISCARD", "_CALL"})


SETUP_KEYWORDS = ("DEAL", "STOCK", "UP")
_SPELLING = re.compile(r"\(\?i:(\w+)\)")  # how Lark writes a case-insensitive word


@cache
def spellings(*names: str) -> tuple[str, ...]:
    """Every word the keyword terminals ``names`` accept, English and Spanish (as the
    grammar writes them), in the order of ``names``."""
    words: list[str] = []
    for name in names:
        words.extend(sorted(_SPELLING.findall(terminal(name).pattern)))
    return tuple(words)


@lru_cache(maxsize=4096)  # asked of every player's name of every game
def keyword_of(word: str) -> str | None:
    """The keyword terminal ``word`` spells (English or Spanish, any case), or None."""
    return next((name for name in KEYWORDS if terminal(name).fullmatch(word)), None)
