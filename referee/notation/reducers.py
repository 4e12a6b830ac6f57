"""The reducers: each rule of ``grammar/rummy.lark`` to an event as the parser reaches it.

:class:`Records` is the transformer the parser (:mod:`referee.notation.parser`)
reduces with, so no parse tree is built. A game comes out as a :class:`GameText`
(its tags, setup lines and events), which the reader (:mod:`referee.notation.reader`)
checks and turns into a game record.

The cards of a token are read by :class:`CardTokens`, the one place the reader turns
text into cards, with its deck's ``parse`` (each deck's parser has its own).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from lark import Transformer

from referee.cards import Card
from referee.notation.events import Call, Deal, Discard, Draw, Event, Layoff, Meld, Tag, Take

BLANKS = " \t"
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


def _words(value: str) -> Iterable[str]:
    """The blank-separated words of a token; a huge one (a 10 MB meld line) one word at
    a time, so no list of millions of strings is built beside the cards."""
    if len(value) <= _SPLIT_MAX:
        return value.split()
    return (match.group() for match in _WORD.finditer(value))


class CardTokens:
    """The cards of card tokens' texts (cards the grammar has checked) under one deck,
    each text read once: the usual ones are remembered, up to ``size`` texts. Shared by
    the threads that read: a text read twice at once is remembered once, as the same
    card."""

    def __init__(self, parse: Callable[[str], Card] = Card.parse, size: int = 4096) -> None:
        self.parse = parse
        self.size = size
        self.known: dict[str, Card] = {}

    def card(self, value: str) -> Card:
        """The card of a ``CARD`` token's text."""
        card = self.known.get(value)
        if card is None:
            card = self.parse(value.translate(VARIATION_SELECTORS))
            if len(self.known) < self.size:
                self.known[value] = card
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


class Records(Transformer[Any, list[GameText]]):
    """Reduces the rules of ``grammar/rummy.lark`` as the parser reaches them (Lark's
    ``transformer=`` option of an LALR parser: each method is called with a rule's
    children, by the rule's name or alias).

    Lark counts lines from the start of the piece it parses; the line offset
    (one per thread, as the parser is shared) turns them into lines of the file.
    """

    def __init__(self, cards: CardTokens) -> None:
        super().__init__()
        self._local = threading.local()
        self.card, self.cards, self.pile = cards.card, cards.cards, cards.pile

    def set_line_offset(self, offset: int) -> None:
        self._local.offset = offset

    def start(self, games: list[GameText]) -> list[GameText]:
        return games

    def game(self, items: list[Any]) -> GameText:
        tags: list[Tag] = items[0]
        setup: list[Setup] = []
        events: list[Event] = []
        for item in items[1:]:
            if isinstance(item[0], Event):
                events = item
            else:
                setup = item
        return GameText(tags, setup, events)

    # The list rules reduce once per item: no method call in between.
    tags = staticmethod(_gather)
    setups = staticmethod(_gather)
    events = staticmethod(_gather)

    # Every rule below keeps all its tokens (``!`` in the grammar), the line end too.

    def tag(self, items: list[Any]) -> Tag:
        opening, name, value = items[0], items[1], items[2]
        return Tag(name.value, unquote(value.value), opening.line + self._local.offset,
                   opening.column)

    def deal(self, items: list[Any]) -> Deal:
        keyword, player, cards = items[0], items[1], items[3]
        return Deal(player.value, self.cards(cards.value), keyword.line + self._local.offset,
                    keyword.column)

    def stock(self, items: list[Any]) -> StockLine:
        keyword, cards = items[0], items[2]
        return StockLine(self.cards(cards.value), keyword.line + self._local.offset,
                         keyword.column)

    def up(self, items: list[Any]) -> UpLine:
        keyword, card = items[0], items[2]
        return UpLine(self.card(card.value) if card.type == "CARD" else None,
                      keyword.line + self._local.offset, keyword.column)

    def draw(self, items: list[Any]) -> Draw:
        player, card = items[0], items[2]  # items[2] is _NL when no card is written
        return Draw(player.value, player.line + self._local.offset, player.column,
                    self.card(card.value) if card.type == "CARD" else None)

    def take(self, items: list[Any]) -> Take:
        player, pile = items[0], items[2]  # items[2] is _NL for a bare take
        return Take(player.value, player.line + self._local.offset, player.column,
                    self.pile(pile.value) if pile.type == "PILE" else None)

    def meld(self, items: list[Any]) -> Meld:
        player, cards = items[0], items[2]
        return Meld(player.value, player.line + self._local.offset, player.column,
                    self.cards(cards.value))

    def layoff(self, items: list[Any]) -> Layoff:
        player, card, number = items[0], items[2], items[4]
        return Layoff(player.value, player.line + self._local.offset, player.column,
                      self.card(card.value), int(number.value))

    def discard(self, items: list[Any]) -> Discard:
        player, card = items[0], items[2]
        return Discard(player.value, player.line + self._local.offset, player.column,
                       self.card(card.value))

    def call(self, items: list[Any]) -> Call:
        player, accused = items[0], items[2]
        return Call(player.value, player.line + self._local.offset, player.column,
                    accused.value)
