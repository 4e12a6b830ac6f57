"""The reducers: each rule of ``grammar/rummy.lark`` to an event as the parser reaches it.

:class:`Records` is the transformer the grammar file's parser
(:mod:`referee.notation.parser`) reduces with, so no parse tree is built; the folded
grammar's reducers (:mod:`referee.notation.folded`) extend it. A game comes out as a
:class:`GameText` (its tags, setup lines and events), which the reader
(:mod:`referee.notation.reader`) checks and turns into a game record.

The cards of a token are read by :class:`CardTokens`, the one place the reader turns
text into cards. A deck whose cards are written otherwise (a game's ``Deck`` tag)
plugs in there: another ``CardTokens`` with its own ``parse``, given to the reducers
for that game (as the line offset is, per thread) and keeping its own texts.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from referee.cards import Card
from referee.notation.events import Call, Deal, Discard, Draw, Event, Layoff, Meld, Tag, Take

BLANKS = " \t"  # what the grammar folds into the end of every token (``_S``)
UNSEEN = "??"


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


VARIATION_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")  # `Q♥️` is `Q♥`
_SPLIT_MAX = 4096  # a longer list of cards is read word by word, never split whole
_WORD = re.compile(r"\S+")
_HEAD = re.compile(r"[^\s#]+")  # a card or a number: it ends at a blank, a line end or `#`


def _words(value: str) -> Iterable[str]:
    """The blank-separated words of a token; a huge one (a 10 MB meld line) one word at
    a time, so no list of millions of strings is built beside the cards."""
    if len(value) <= _SPLIT_MAX:
        return value.split()
    return (match.group() for match in _WORD.finditer(value))


class CardTokens:
    """The cards of card tokens' texts (cards the grammar has checked), each text read
    once: the usual ones (``7h``, ``7h `` and so on) are remembered, up to ``size``
    texts (blanks make texts without end). Shared by the threads that read: a text
    read twice at once is remembered once, as the same card."""

    def __init__(self, parse: Callable[[str], Card] = Card.parse, size: int = 4096) -> None:
        self.parse = parse
        self.size = size
        self.known: dict[str, Card] = {}

    def card(self, value: str) -> Card:
        """The card of a ``CARD`` token (its text, maybe with blanks after it)."""
        card = self.known.get(value)
        if card is None:
            card = self.parse(value.rstrip(BLANKS).translate(VARIATION_SELECTORS))
            self._keep(value, card)
        return card

    def card_at_start(self, value: str) -> Card:
        """The card that starts a token's text (a folded ``CARD_NL``: the card, blanks,
        the line end and its comment)."""
        card = self.known.get(value)
        if card is None:
            head = _HEAD.match(value)
            assert head is not None
            card = self.card(head.group())
            self._keep(value, card)
        return card

    def cards(self, value: str) -> tuple[Card, ...]:
        """The cards of a ``CARDS`` token: cards separated by blanks."""
        words = _words(value)
        try:  # the usual cards, each known already: no call per card
            return tuple(map(self.known.__getitem__, words))
        except KeyError:
            return tuple(map(self.card, _words(value)))

    def pile(self, value: str) -> tuple[Card | None, ...]:
        """The cards of a ``PILE`` token: cards or ``??`` (None), separated by blanks."""
        return tuple(None if word == UNSEEN else self.card(word) for word in _words(value))

    def _keep(self, value: str, card: Card) -> None:
        if len(self.known) < self.size:
            self.known[value] = card


CARDS = CardTokens()
"""The standard deck's card tokens, shared by both grammars' reducers."""


_ESCAPE = re.compile(r"\\([\"\\])")


def unquote(value: str) -> str:
    """A tag value's text: its quotes off, ``\\"`` and ``\\\\`` unescaped."""
    inner = value[1:-1]
    return _ESCAPE.sub(r"\1", inner) if "\\" in inner else inner


def _gather(items: list[Any]) -> list[Any]:
    """Reduce a left-recursive list rule: ``x`` starts a list, ``xs x`` appends to it."""
    if len(items) == 1:
        return items
    head: list[Any] = items[0]
    head.append(items[1])
    return head


class Records:
    """Reduces the rules of ``grammar/rummy.lark`` as the parser reaches them.

    Lark calls a transformer's methods by rule name as its LALR parser reduces (any
    object's: :mod:`referee.notation.lark_private`); this class is not Lark's
    ``Transformer``, so that a game the line memo reads whole needs no Lark loaded.

    Lark counts lines from the start of the piece it parses; the line offset
    (one per thread, as the parser is shared) turns them into lines of the file.
    Token values end with the blanks that follow them in the text (the grammar
    folds them into every terminal), hence the ``rstrip``.
    """

    def __init__(self, cards: CardTokens = CARDS) -> None:
        self._local = threading.local()
        self.card, self.cards, self.pile = cards.card, cards.cards, cards.pile
        self.card_at_start = cards.card_at_start

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
        return Tag(name.value.rstrip(BLANKS), unquote(value.value.rstrip(BLANKS)),
                   opening.line + self._local.offset, opening.column)

    def deal(self, items: list[Any]) -> Deal:
        keyword, player, cards = items
        return Deal(player.value.rstrip(BLANKS), self.cards(cards.value),
                    keyword.line + self._local.offset, keyword.column)

    def stock(self, items: list[Any]) -> StockLine:
        keyword, cards = items
        return StockLine(self.cards(cards.value), keyword.line + self._local.offset,
                         keyword.column)

    def up(self, items: list[Any]) -> UpLine:
        keyword, card = items
        return UpLine(self.card(card.value) if card.type == "CARD" else None,
                      keyword.line + self._local.offset, keyword.column)

    # Events keep all their tokens (``!event`` in the grammar): name, keyword, ..., _NL.

    def draw(self, items: list[Any]) -> Draw:
        player, card = items[0], items[2]  # items[2] is _NL when no card is written
        return Draw(player.value.rstrip(BLANKS), player.line + self._local.offset,
                    player.column, self.card(card.value) if card.type == "CARD" else None)

    def take(self, items: list[Any]) -> Take:
        player, pile = items[0], items[2]  # items[2] is _NL for a bare take
        cards = self.pile(pile.value) if pile.type == "PILE" else None
        return Take(player.value.rstrip(BLANKS), player.line + self._local.offset,
                    player.column, cards)

    def meld(self, items: list[Any]) -> Meld:
        player, cards = items[0], items[2]
        return Meld(player.value.rstrip(BLANKS), player.line + self._local.offset,
                    player.column, self.cards(cards.value))

    def layoff(self, items: list[Any]) -> Layoff:
        player, card, number = items[0], items[2], items[4]
        return Layoff(player.value.rstrip(BLANKS), player.line + self._local.offset,
                      player.column, self.card(card.value), int(number.value))

    def discard(self, items: list[Any]) -> Discard:
        player, card = items[0], items[2]
        return Discard(player.value.rstrip(BLANKS), player.line + self._local.offset,
                       player.column, self.card(card.value))

    def call(self, items: list[Any]) -> Call:
        player, accused = items[0], items[2]
        return Call(player.value.rstrip(BLANKS), player.line + self._local.offset,
                    player.column, accused.value.rstrip(BLANKS))
