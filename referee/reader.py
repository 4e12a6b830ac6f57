"""Read `.rummy` logs (docs/notation.md) into :class:`~referee.events.GameRecord` objects.

The grammar in ``grammar/rummy.lark`` is the one definition of the syntax; the
Transformer below turns each rule into a frozen event as the LALR parser
reduces it, so no parse tree is built.

A text is read game by game: :func:`iter_games` cuts it before every block of
tag lines and parses each piece on its own, so memory stays flat however long
the file, and a syntax error spoils only its own game. :func:`iter_path` does the
same reading a file a chunk at a time (:func:`iter_chunks`), never holding it whole.
The parser is built once per process, or loaded from a cache between processes
(:func:`_parser`); docs/performance.md tells what each choice here is worth.

Problems never raise: they become :class:`~referee.events.SyntaxProblem` entries
in the game's ``errors``, with a message in words (catalog :mod:`referee.i18n.syntax`).
The reader never judges legality: deals of the wrong size, unknown players and
impossible cards are kept as written for the engine.
"""

from __future__ import annotations

import codecs
import os
import re
import threading
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any, cast

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedToken

from referee.cards import Card
from referee.events import (
    Call,
    Deal,
    Discard,
    Draw,
    Event,
    GameRecord,
    Layoff,
    Meld,
    SyntaxProblem,
    Tag,
    Take,
)
from referee.messages import render
from referee.rulesets import REGISTRY, KnobError, knob_name, parse_knob

__all__ = ["NotationFileError", "iter_chunks", "iter_games", "iter_path", "read_games", "read_path"]

MIN_PLAYERS = 2
MAX_PLAYERS = 6
REQUIRED_TAGS = ("Game", "Players")

BOM = "\ufeff"


class NotationFileError(Exception):
    """A log file that cannot be read at all: missing, unreadable or not UTF-8."""

    def __init__(self, path: str | os.PathLike[str], message: str) -> None:
        super().__init__(f"{os.fspath(path)}: {message}")
        self.path = os.fspath(path)
        self.message = message


def read_path(path: str | os.PathLike[str]) -> str:
    """The text of a log file, without a UTF-8 byte-order mark.

    Raises :class:`NotationFileError` when the file cannot be read or is not
    UTF-8 (naming the first bad byte's offset and line).
    """
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise NotationFileError(path, f"cannot read the file: {err.strerror or err}") from None
    skipped = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        offset = skipped + err.start
        line = data.count(b"\n", 0, offset) + 1
        raise NotationFileError(
            path, f"not UTF-8 text: byte 0x{data[offset]:02x} at offset {offset} (line {line})"
        ) from None


def read_games(text: str, source: str = "<text>") -> list[GameRecord]:
    """Every game of ``text``; syntax and header problems go into each game's ``errors``."""
    return list(iter_games(text, source))


def iter_games(text: str, source: str = "<text>") -> Iterator[GameRecord]:
    """The games of ``text`` one at a time, with line numbers of the whole text."""
    return _read_pieces(_pieces((text,)), source)


def iter_chunks(chunks: Iterable[str], source: str = "<text>") -> Iterator[GameRecord]:
    """The games of a text that arrives in pieces (any cut), as :func:`iter_games` reads
    their concatenation; only one game and one chunk are held at a time."""
    return _read_pieces(_pieces(chunks), source)


CHUNK_CHARS = 1 << 20  # how much of a file :func:`iter_path` reads at a time


def iter_path(path: str | os.PathLike[str], source: str | None = None) -> Iterator[GameRecord]:
    """The games of a log file, read a chunk at a time: memory stays flat however big
    the file. The same games as ``iter_games(read_path(path), source)``.

    Raises :class:`NotationFileError` (with :func:`read_path`'s message) when the
    file cannot be opened or turns out not to be UTF-8, possibly after some games
    have been yielded.
    """
    name = os.fspath(path) if source is None else source
    try:
        handle = open(path, encoding="utf-8-sig", newline="")
    except OSError:
        read_path(path)  # raises NotationFileError with the usual words
        raise
    try:
        with handle:
            yield from iter_chunks(iter(lambda: handle.read(CHUNK_CHARS), ""), name)
    except UnicodeDecodeError:
        read_path(path)  # names the first bad byte, as for a file read whole
        raise


def _read_pieces(pieces: Iterable[str], source: str) -> Iterator[GameRecord]:
    index = 0
    line = 1  # the line number where the next piece starts
    for text in pieces:
        record = _read_game(_Piece(text, line), index + 1, source)
        line += text.count("\n")
        if record is not None:
            index += 1
            yield record


# --- Cutting a text into games -------------------------------------------------

_TAG_LINE = re.compile(r"^\ufeff?[ \t]*\[", re.MULTILINE)
_STATEMENT_LINE = re.compile(r"^[ \t]*[^\s#]", re.MULTILINE)  # not blank, not a comment


def _pieces(chunks: Iterable[str]) -> Iterator[str]:
    """The text of each game: a block of tag lines and what follows it.

    Tag lines separated only by blank or comment lines are one block, as in the
    grammar. Text before the first tag line comes out as a piece of its own
    (possibly empty, as is the last piece), and a leading byte-order mark is left
    out. The text may come in chunks cut anywhere: a piece is given out as soon as
    the tag line after it has been seen whole, and only the text from the start of
    the current piece is kept.
    """
    buf = ""
    cut = 0  # where the current piece starts in ``buf``
    scan = 0  # where to look for the next tag line (a line start in ``buf``)
    block_end: int | None = None  # where the current tag block's last line ends
    first = True
    chunks = iter(chunks)
    while True:
        chunk = next(chunks, None)
        done = chunk is None
        if chunk:
            if first:
                first = False
                cut = len(BOM) if chunk.startswith(BOM) else 0
            buf = buf + chunk if buf else chunk
        # only whole lines until the end: a tag line is judged with its newline
        limit = len(buf) if done else buf.rfind("\n") + 1
        for match in _TAG_LINE.finditer(buf, scan, limit):
            at = max(match.start(), cut)  # a first tag line after a BOM starts after it
            if block_end is None or _STATEMENT_LINE.search(buf, block_end, at):
                if at > cut:
                    yield buf[cut:at]
                cut = at
            newline = buf.find("\n", at)
            block_end = len(buf) if newline < 0 else newline + 1
        scan = max(scan, limit)
        if done:
            yield buf[cut:]
            return
        if 0 < cut < scan:  # forget what has been given out
            buf = buf[cut:]
            scan -= cut
            if block_end is not None:
                block_end -= cut
            cut = 0


@dataclass(frozen=True, slots=True)
class _Piece:
    """The text of one game (or of what precedes the first tag) and its first line number."""

    text: str
    first_line: int

    @property
    def line_offset(self) -> int:
        return self.first_line - 1

    def line_text(self, line: int) -> str:
        """The text of ``line`` (a line number of the whole file)."""
        pos = 0
        for _ in range(line - self.first_line):
            pos = self.text.index("\n", pos) + 1
        end = self.text.find("\n", pos)
        return self.text[pos : end if end >= 0 else len(self.text)].rstrip("\r")

    def problem(self, key: str, line: int, column: int, **params: Any) -> SyntaxProblem:
        """The problem ``key`` at ``line`` and ``column``: the English message, and the
        source line with a caret under the column (tabs expanded as a terminal shows them)."""
        text = self.line_text(line)
        caret = " " * len(text[: column - 1].expandtabs()) + "^"
        message = render(key, params, "en")
        return SyntaxProblem(line, column, message, f"{text}\n{caret}", key=key, params=params)


# --- The grammar's reducers -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Stock:
    cards: tuple[Card, ...]
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class _GameText:
    """One game as the grammar reads it, before the header checks."""

    tags: list[Tag]
    setup: list[Deal | _Stock]
    events: list[Event]


def _gather(items: list[Any]) -> list[Any]:
    """Reduce a left-recursive list rule: ``x`` starts a list, ``xs x`` appends to it."""
    if len(items) == 1:
        return items
    head = items[0]
    head.append(items[1])
    return head


class _ToRecords(Transformer[Token, list[_GameText]]):
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

    def start(self, games: list[_GameText]) -> list[_GameText]:
        return games

    def game(self, items: list[Any]) -> _GameText:
        tags: list[Tag] = []
        setup: list[Deal | _Stock] = []
        events: list[Event] = []
        for item in items:
            if isinstance(item, Tag):
                tags.append(item)
            elif isinstance(item[0], Event):
                events = item
            else:
                setup = item
        return _GameText(tags, setup, events)

    # The list rules reduce once per item: no method call in between.
    setups = staticmethod(_gather)
    events = staticmethod(_gather)

    def tag(self, items: list[Any]) -> Tag:
        opening, name, value = items
        return Tag(name.value.rstrip(_BLANKS), _unquote(value.value.rstrip(_BLANKS)),
                   opening.line + self._local.offset, opening.column)

    def deal(self, items: list[Any]) -> Deal:
        keyword, player, cards = items
        return Deal(player.value.rstrip(_BLANKS), _cards(cards.value),
                    keyword.line + self._local.offset, keyword.column)

    def stock(self, items: list[Any]) -> _Stock:
        keyword, cards = items
        return _Stock(_cards(cards.value), keyword.line + self._local.offset, keyword.column)

    # Events keep all their tokens (``!event`` in the grammar): name, keyword, ..., _NL.

    def draw(self, items: list[Any]) -> Draw:
        player, card = items[0], items[2]  # items[2] is _NL when no card is written
        return Draw(player.value.rstrip(_BLANKS), player.line + self._local.offset,
                    player.column, _card(card.value) if card.type == "CARD" else None)

    def take(self, items: list[Any]) -> Take:
        player, card = items[0], items[2]
        return Take(player.value.rstrip(_BLANKS), player.line + self._local.offset,
                    player.column, _card(card.value))

    def meld(self, items: list[Any]) -> Meld:
        player, cards = items[0], items[2]
        return Meld(player.value.rstrip(_BLANKS), player.line + self._local.offset,
                    player.column, _cards(cards.value))

    def layoff(self, items: list[Any]) -> Layoff:
        player, card, number = items[0], items[2], items[4]
        return Layoff(player.value.rstrip(_BLANKS), player.line + self._local.offset,
                      player.column, _card(card.value), int(number.value))

    def discard(self, items: list[Any]) -> Discard:
        player, card = items[0], items[2]
        return Discard(player.value.rstrip(_BLANKS), player.line + self._local.offset,
                       player.column, _card(card.value))

    def call(self, items: list[Any]) -> Call:
        player, accused = items[0], items[2]
        return Call(player.value.rstrip(_BLANKS), player.line + self._local.offset,
                    player.column, accused.value.rstrip(_BLANKS))


_BLANKS = " \t"


_CARD_TOKENS: dict[str, Card] = {}  # token text (blanks and all) -> card, for the usual texts
_CARD_TOKENS_MAX = 4096


def _card(value: str) -> Card:
    """The card of a CARD token (its text, maybe with blanks after it)."""
    card = _CARD_TOKENS.get(value)
    if card is None:
        card = Card.parse(value.rstrip(_BLANKS))
        if len(_CARD_TOKENS) < _CARD_TOKENS_MAX:  # bounded: blanks make texts without end
            _CARD_TOKENS[value] = card
    return card


def _cards(value: str) -> tuple[Card, ...]:
    """The cards of a CARDS token: cards the grammar has checked, separated by blanks."""
    return tuple(map(_card, value.split()))


_ESCAPE = re.compile(r"\\([\"\\])")


def _unquote(value: str) -> str:
    inner = value[1:-1]
    return _ESCAPE.sub(r"\1", inner) if "\\" in inner else inner


_TRANSFORMER = _ToRecords()


# --- The parser: built from the grammar, cached between runs ---------------------------

GRAMMAR_FILE = "rummy.lark"
# Bump when the parser's options or the way it is cached change (the grammar's own text,
# Lark's and Python's versions and the lexer in use are part of the key already).
_CACHE_FORMAT = "1"


def grammar_text() -> str:
    """The text of ``grammar/rummy.lark`` (package data)."""
    return files("grammar").joinpath(GRAMMAR_FILE).read_text(encoding="utf-8")


def build_parser(*, cython: bool = True, strict: bool = True) -> Lark:
    """A Lark LALR parser of the grammar with the reader's transformer, built afresh.

    ``cython`` uses lark-cython's lexer and parser when it is installed (about 1.4x
    faster) and falls back to pure Lark when it is not. lark-cython skips Lark's
    strict checks (colliding terminals, shift/reduce conflicts), so the test suite
    builds ``build_parser(cython=False)`` with ``strict=True`` and no cache to keep
    the grammar honest; the faster parser reads the same grammar file.
    """
    options: dict[str, Any] = {}
    if cython:
        plugins = _cython_plugins()
        if plugins is not None:
            options["_plugins"] = plugins
    return Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        strict=strict,
        transformer=_TRANSFORMER,
        **options,
    )


def _cython_plugins() -> dict[str, Any] | None:
    try:
        import lark_cython
    except ImportError:  # an optional speed-up: pure Lark reads the same grammar
        return None
    return cast(dict[str, Any], lark_cython.plugins)


def parser_cache_path() -> Path | None:
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
    key = "\0".join((_CACHE_FORMAT, grammar_text(), lark.__version__, lexer,
                     sys.version.split()[0], sys.implementation.cache_tag or ""))
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:24]
    return Path(folder) / f"rummy-parser-{digest}.pickle"


def _cython_version() -> str:
    try:
        import lark_cython
    except ImportError:
        return "none"
    return str(getattr(lark_cython, "__version__", "?"))


def _load_cached(path: Path) -> Lark | None:
    """The parser saved at ``path``, or None when there is none or it does not load."""
    options: dict[str, Any] = {"transformer": _TRANSFORMER}
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
            return cast(Lark, Lark.__new__(Lark)._load(handle, **options))
        except Exception:  # noqa: BLE001 - damaged, foreign or from another Lark: rebuild
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
    except Exception:  # noqa: BLE001 - the cache is an optimisation, never an error
        try:
            os.unlink(temp)
        except OSError:
            pass


_PARSER_LOCK = threading.Lock()


@cache
def _parser() -> Lark:
    """The reader's parser: loaded from the cache when a valid one is there (a few
    milliseconds instead of a tenth of a second), else built from the grammar and
    cached. The cache file's name is a hash of the grammar and of everything else the
    parser depends on (:func:`parser_cache_path`)."""
    with _PARSER_LOCK:
        path = parser_cache_path()
        parser = _load_cached(path) if path is not None else None
        if parser is None:
            parser = build_parser()
            if path is not None:
                _save_cached(parser, path)
        return parser


def _parse(text: str, line_offset: int) -> list[_GameText]:
    """The games of ``text`` (reduced by the transformer), lines shifted by ``line_offset``."""
    _TRANSFORMER.set_line_offset(line_offset)
    return cast(list[_GameText], _parser().parse(text))


@cache
def _terminal(name: str) -> re.Pattern[str]:
    """The compiled regular expression of a terminal of the grammar."""
    return re.compile(_parser().get_terminal(name).pattern.to_regexp())


# --- One game: parse, recover, check the header ------------------------------------


def _read_game(piece: _Piece, index: int, source: str) -> GameRecord | None:
    """The game in ``piece``; None when it holds only blank and comment lines."""
    text = piece.text if piece.text.endswith("\n") else piece.text + "\n"
    problem: SyntaxProblem | None = None
    try:
        games = _parse(text, piece.line_offset)
    except (UnexpectedCharacters, UnexpectedToken) as err:
        problem = _syntax_problem(err, piece)
        # Keep the lines before the bad one: they read on their own (an LALR
        # parser stops at the first token no sentence can continue with).
        bad_line_start = text.rfind("\n", 0, err.pos_in_stream) + 1
        games = _parse(text[:bad_line_start], piece.line_offset)
    # The cut falls before every tag block, so a piece holds at most one game.
    assert len(games) <= 1
    if not games:  # only comments, or an error before the first tag line was read
        if problem is None:
            return None
        return GameRecord(index, problem.line, errors=[problem], source=source)
    tags_complete = problem is None or not piece.line_text(problem.line).lstrip().startswith("[")
    record = _build_record(games[0], index, source, piece, tags_complete)
    if problem is not None:
        record.errors.append(problem)
    record.errors.sort(key=lambda p: (p.line, p.column))
    return record


def _build_record(
    game: _GameText, index: int, source: str, piece: _Piece, tags_complete: bool
) -> GameRecord:
    record = GameRecord(index, game.tags[0].line, events=game.events, source=source)
    for tag in game.tags:
        first = record.tags.setdefault(tag.name, tag)
        if first is not tag:
            record.errors.append(
                piece.problem("tag-twice", tag.line, tag.column, tag=tag.name, first=first.line)
            )
    for item in game.setup:
        if isinstance(item, Deal):
            dealt = record.deals.setdefault(item.player, item)
            if dealt is not item:
                record.errors.append(piece.problem(
                    "deal-twice", item.line, item.column, player=item.player, first=dealt.line
                ))
        elif record.stock_line is None:
            record.stock, record.stock_line = item.cards, item.line
        else:
            record.errors.append(
                piece.problem("stock-twice", item.line, item.column, first=record.stock_line)
            )
    players = record.tags.get("Players")
    record.players = () if players is None else tuple(players.value.split())
    record.errors.extend(_header_problems(record, piece, tags_complete))
    return record


def _header_problems(
    record: GameRecord, piece: _Piece, tags_complete: bool
) -> Iterator[SyntaxProblem]:
    """Missing or bad ``Game`` and ``Players`` tags, and house rules with bad values."""
    if tags_complete:
        first_column = next(iter(record.tags.values())).column
        for name in REQUIRED_TAGS:
            if name not in record.tags:
                yield piece.problem("missing-tag", record.line, first_column, tag=name)
    game = record.tags.get("Game")
    if game is not None and game.value not in REGISTRY:
        known = ", ".join(REGISTRY)
        column = _value_column(piece, game)
        yield piece.problem("unknown-game", game.line, column, value=game.value, known=known)
    players = record.tags.get("Players")
    if players is not None:
        yield from _player_problems(players, record.players, piece)
    for tag in record.tags.values():
        knob = knob_name(tag.name)  # any case, as the engine applies it
        if knob is not None:
            try:
                parse_knob(knob, tag.value)
            except KnobError as err:
                column = _value_column(piece, tag)
                yield piece.problem("bad-knob", tag.line, column, tag=tag.name, detail=str(err))


def _player_problems(tag: Tag, names: tuple[str, ...], piece: _Piece) -> Iterator[SyntaxProblem]:
    value_column = _value_column(piece, tag)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        yield piece.problem("player-count", tag.line, value_column,
                            low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(names))
    columns = _word_columns(piece.line_text(tag.line), value_column)
    seen: set[str] = set()
    for name, column in zip(names, columns, strict=False):
        key = _name_problem(name, seen)
        seen.add(name)
        if key is not None:
            yield piece.problem(key, tag.line, column, name=name)


def _name_problem(name: str, seen: set[str]) -> str | None:
    """The message key of what is wrong with a player's name, if anything."""
    if name in seen:
        return "player-twice"
    if _keyword_of(name) is not None:
        return "player-keyword"
    if not all(ch in "_-" or unicodedata.category(ch)[0] in "LMN" for ch in name):
        return "player-characters"
    return None


def _value_column(piece: _Piece, tag: Tag) -> int:
    """The column of the opening quote of ``tag``'s value."""
    return piece.line_text(tag.line).index('"', tag.column) + 1


def _word_columns(line: str, value_column: int) -> list[int]:
    """The column of each space-separated word in the quoted value at ``value_column``."""
    value = _terminal("TAG_VALUE").match(line, value_column - 1)
    assert value is not None
    inside = line[value_column : value_column - 1 + len(value.group().rstrip(_BLANKS)) - 1]
    return [value_column + 1 + word.start() for word in re.finditer(r"\S+", inside)]


_KEYWORDS = ("DEAL", "STOCK", "_DRAW", "_TAKE", "_MELD", "_LAYOFF", "_ON", "_DISCARD", "_CALL")
_EVENT_KEYWORDS = frozenset({"_DRAW", "_TAKE", "_MELD", "_LAYOFF", "_DISCARD", "_CALL"})


def _keyword_of(word: str) -> str | None:
    """The keyword terminal ``word`` spells (English or Spanish, any case), or None."""
    return next((name for name in _KEYWORDS if _terminal(name).fullmatch(word)), None)


# --- Syntax errors in words --------------------------------------------------------

_WORD = re.compile(r"[^\s#]+")


def _syntax_problem(err: UnexpectedCharacters | UnexpectedToken, piece: _Piece) -> SyntaxProblem:
    """A player-readable problem for a Lark error in ``piece``."""
    expected = set(err.expected if isinstance(err, UnexpectedToken) else err.allowed)
    before = err.token_history[-1] if err.token_history else None
    after = before.value.rstrip(_BLANKS) if before is not None and before.type != "_NL" else ""
    if before is not None and before.type == "CARDS":
        expected.add("CARD")  # a list of cards may go on with another card
        after = after.split()[-1]  # the word before the error: the last card
    found = _WORD.match(piece.text, err.pos_in_stream or 0)
    key, params = _explain(expected, after, None if found is None else found.group())
    where = before if key in _AT_WORD_BEFORE and before is not None else err
    return piece.problem(key, where.line + piece.line_offset, where.column, **params)


# Messages about the word before the error (a keyword standing where a name belongs).
_AT_WORD_BEFORE = frozenset({"missing-player", "setup-after-events"})


def _explain(expected: set[str], after: str, found: str | None) -> tuple[str, dict[str, Any]]:
    """The message key and parameters for what the parser ``expected`` where it ``found`` a
    word (None: the end of the line), ``after`` the word before it."""
    if "CARDS" in expected:  # a list of cards starts with a card
        expected = (expected - {"CARDS"}) | {"CARD"}
    if expected & _EVENT_KEYWORDS:
        return _explain_event_word(after, found)
    if "CARD" in expected:
        return _explain_card(expected, after, found)
    if "NAME" in expected:  # at the start of a line, or after `deal` or `call`
        if expected & {"TAG_OPEN", "DEAL"}:
            return "expected-line", {}
        return "expected-player", {"after": after}
    if "TAG_OPEN" in expected:  # a tag, and nothing else: no game has started
        return "no-tags", {}
    if "TAG_VALUE" in expected and found is not None and found.startswith('"'):
        return "bad-tag-value", {}
    for terminal, key in _EXPECTED_KEYS:
        if terminal in expected:
            return key, {"after": after}
    return "unexpected", {"after": after}


# The one thing the parser could take next, and the message that asks for it.
_EXPECTED_KEYS = (
    ("_ON", "expected-on"),
    ("MELD_NUMBER", "expected-meld-number"),
    ("TAG_NAME", "expected-tag-name"),
    ("TAG_VALUE", "expected-tag-value"),
    ("_TAG_CLOSE", "expected-tag-close"),
    ("_COLON", "expected-colon"),
    ("_NL", "expected-end"),
)


def _explain_event_word(name: str, found: str | None) -> tuple[str, dict[str, Any]]:
    """After the player's name: which event is missing, or what the name really was."""
    keyword = _keyword_of(name)
    if keyword in _EVENT_KEYWORDS:
        return "missing-player", {"keyword": name}
    if keyword is not None:
        return "setup-after-events", {"keyword": name}
    if found is None:
        return "expected-event", {}
    return "unknown-event-word", {"word": found}


def _explain_card(expected: set[str], after: str, found: str | None) -> tuple[str, dict[str, Any]]:
    if found is not None:
        card = _case_fixed(found)
        if card != found and _terminal("CARD").fullmatch(card):
            return "card-case", {"word": found, "card": card}
    if "_UNSEEN" in expected:
        return "expected-card-draw", {"after": after}
    if "_NL" in expected:
        return "expected-card-or-end", {"after": after}
    return "expected-card", {"after": after}


def _case_fixed(word: str) -> str:
    """``word`` in a card's case: rank upper, suit lower (``7H`` -> ``7h``, ``jk`` -> ``JK``)."""

    def fix(card: str) -> str:
        return card.upper() if card.upper() == "JK" else card[:-1].upper() + card[-1:].lower()

    head, sep, tail = word.partition("=")
    return fix(head) + sep + (fix(tail) if sep else "")
