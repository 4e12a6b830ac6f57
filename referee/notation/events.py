"""What the reader produces: typed, frozen events and the game record.

Every event carries its source line and column (1-based). The reader never
judges legality: a record holds what was written, the engine decides what it
means.

Events are never changed once read. They are not frozen dataclasses all the same:
a frozen dataclass sets each field through ``object.__setattr__``, which made
building an event cost several times a plain one (the reader builds one per line;
docs/performance.md). ``unsafe_hash`` keeps them hashable and equal by value, as
they were.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.cards import FRENCH, Card, Deck

KEYWORDS: dict[str, dict[str, str]] = {
    "en": {"deal": "deal", "stock": "stock", "up": "up", "draw": "draw", "take": "take",
           "meld": "meld", "layoff": "layoff", "on": "on", "discard": "discard", "call": "call"},
    "es": {"deal": "reparte", "stock": "mazo", "up": "pozo", "draw": "roba", "take": "toma",
           "meld": "baja", "layoff": "pega", "on": "en", "discard": "descarta", "call": "canta"},
}
"""The keyword the writer (:mod:`referee.notation.writer`) uses for each statement, by
language."""

UNSEEN = "??"  # how the writer writes a card nobody saw


def written_cards(cards: Iterable[Card | None], symbols: bool = False) -> str:
    """Cards as the writer writes them, separated by a space (``??`` for an unseen one)."""
    return " ".join(UNSEEN if card is None else card.format(symbols) for card in cards)


@dataclass(slots=True, unsafe_hash=True)
class Event:
    """One line of a game's record: who did what, and where it is written."""

    player: str
    line: int
    column: int

    def __str__(self) -> str:
        """The event as a line of notation (English keywords)."""
        return f"{self.player} {self.action(KEYWORDS['en'])}"

    def action(self, words: Mapping[str, str], symbols: bool = False) -> str:
        """The line after the player's name, in the keywords ``words`` (a language of
        :data:`KEYWORDS`), suits as symbols when ``symbols``."""
        raise TypeError(f"not an event of the notation: {self!r}")


@dataclass(slots=True, unsafe_hash=True)
class Draw(Event):
    """Top card of the stock; ``card`` is None when nobody saw it (``??`` or no card)."""

    card: Card | None = None

    def action(self, words: Mapping[str, str], symbols: bool = False) -> str:
        return f"{words['draw']} {written_cards((self.card,), symbols)}"


@dataclass(slots=True, unsafe_hash=True)
class Take(Event):
    """Cards from the discard pile: in 51 the top card (one card named); in Rummy
    argentino the whole pile, ``cards`` None for a bare ``take`` or the pile listed
    (``None`` in the list for ``??``, a card nobody saw)."""

    cards: tuple[Card | None, ...] | None

    def action(self, words: Mapping[str, str], symbols: bool = False) -> str:
        if self.cards is None:
            return words["take"]
        return f"{words['take']} {written_cards(self.cards, symbols)}"

    @property
    def card(self) -> Card | None:
        """The one card a 51 ``take`` names (None for a bare take or ``??``)."""
        return self.cards[0] if self.cards and len(self.cards) == 1 else None


@dataclass(slots=True, unsafe_hash=True)
class Meld(Event):
    """One meld laid on the table, cards in the order laid."""

    cards: tuple[Card, ...]

    def action(self, words: Mapping[str, str], symbols: bool = False) -> str:
        return f"{words['meld']} {written_cards(self.cards, symbols)}"


@dataclass(slots=True, unsafe_hash=True)
class Layoff(Event):
    """``card`` added to table meld number ``meld`` (1-based)."""

    card: Card
    meld: int

    def action(self, words: Mapping[str, str], symbols: bool = False) -> str:
        return f"{words['layoff']} {self.card.format(symbols)} {words['on']} {self.meld}"


@dataclass(slots=True, unsafe_hash=True)
class Discard(Event):
    """``card`` laid face up on the discard pile, ending the turn."""

    card: Card

    def action(self, words: Mapping[str, str], symbols: bool = False) -> str:
        return f"{words['discard']} {self.card.format(symbols)}"


@dataclass(slots=True, unsafe_hash=True)
class Call(Event):
    """``player`` says aloud that ``accused`` committed a renuncia."""

    accused: str

    def action(self, words: Mapping[str, str], symbols: bool = False) -> str:
        return f"{words['call']} {self.accused}"


@dataclass(frozen=True, slots=True)
class Deal:
    """A ``deal`` line: the cards a player was dealt, as the log shows them."""

    player: str
    cards: tuple[Card, ...]
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Tag:
    """A ``[Name "value"]`` tag of a game's header."""

    name: str
    value: str
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class SyntaxProblem:
    """A notation error: the line could not be read (or a header is wrong).

    ``message`` is the English rendering of ``key`` (a catalog entry of
    :mod:`referee.i18n.syntax`) with ``params``, so a client can render it in
    another language with :func:`referee.messages.render`.
    """

    line: int
    column: int
    message: str
    context: str = ""  # the source line with a caret under the column
    key: str = "syntax-error"
    params: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


@dataclass(slots=True)
class GameRecord:
    """One game as written: tags, setup lines and events, in file order."""

    index: int  # 1-based position of the game in its file
    line: int  # line of the game's first tag
    tags: dict[str, Tag] = field(default_factory=dict)
    players: tuple[str, ...] = ()
    deals: dict[str, Deal] = field(default_factory=dict)
    stock: tuple[Card, ...] | None = None
    stock_line: int | None = None
    up: Card | None = None  # the face-up card that starts the pile (argentino's ``up:``)
    up_line: int | None = None  # None: no ``up:`` line (the card is unseen, as ``up: ??``)
    events: list[Event] = field(default_factory=list)  # those before the first bad line
    errors: list[SyntaxProblem] = field(default_factory=list)
    source: str = "<text>"  # the file (or stream) the game was read from
    # Things read but probably not meant (a tag one letter off a house rule): the
    # engine reports each as a notice; the same shape as ``errors``.
    notices: list[SyntaxProblem] = field(default_factory=list)
    # The first line the grammar could not read (None: every line read). Its events
    # stop there: nothing after it is judged on a partial record, though the lines
    # after it are still read for their own syntax errors.
    stopped_at: int | None = None
    # The game's first bad line when it is one of its tags, before every setup and
    # event line (:func:`referee.notation.header.first_bad_tag`): nothing of the game
    # is judged (RULES.md §14). None: the tags hold no syntax error.
    bad_tag: int | None = None
    # The deck its cards were read under (RULES.md §13: its Deck tag, or the caller's).
    deck: Deck = FRENCH

    @property
    def tag_values(self) -> dict[str, str]:
        return {name: tag.value for name, tag in self.tags.items()}

    @property
    def ruleset(self) -> str | None:
        tag = self.tags.get("Game")
        return None if tag is None else tag.value
