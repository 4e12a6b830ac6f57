"""House-rule knobs: how a knob's value is written and read, for every game.

A knob is a tag (``[MinOpen "71"]``), a ``--set MinOpen=71`` option or an API
query parameter. A game declares its knobs as the fields of its config dataclass,
each with its reader in the field's metadata (:func:`knob`)::

    @dataclass(frozen=True, slots=True)
    class RulesMini:
        Decks: int = knob(1, Whole(1, 8))
        RunMin: int = knob(3, Whole(3, 13))
        Scoring: Scoring = knob(Scoring.CARDS, Choice(Scoring))

A field's name is its tag; its default is the game's default. The readers here
are values that compare equal when they read alike (``Whole(1, 8) == Whole(1, 8)``;
plain classes rather than dataclasses: they are made at every start, and a frozen
dataclass costs about half a millisecond to make),
so a knob that two games share (``Decks``, ``Jokers``, ``RunMin``, ``RunWrap``)
can be checked to read the same in both (tests/test_architecture.py). A knob's
help text, in both languages, is the message ``report.knob.<Name>`` (a game brings
its own through :meth:`referee.engine.game.Variant.messages`).

Which games have which knobs is the registry's to say: :func:`all_knobs`,
:func:`knob_name` and :func:`parse_knob` read every registered game
(:mod:`referee.games`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from enum import Enum
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from referee.cards import DECKS, Deck
from referee.games import (  # no circle: the registry imports this module lazily
    known,
    lookup,
    registry,
)

MAX_NUMBER_DIGITS = 9  # a knob's number is a whole number of at most this many digits
READER = "referee.knob"  # the key of a knob's reader in its field's metadata

E = TypeVar("E", bound=Enum)
T = TypeVar("T")


class KnobError(ValueError):
    """A house-rule value that cannot be used (or a knob no game has)."""


YES = frozenset({"yes", "si", "sí"})  # RULES.md §10: yes/no values are yes, no (also si, sí)
NO = frozenset({"no"})


def shown(value: str, width: int = 40) -> str:
    """``value`` quoted for a message, cut to ``width`` characters (a value may be huge)."""
    return repr(value if len(value) <= width else value[: width - 1] + "…")


def _digits(text: str) -> bool:
    """ASCII digits only (``str.isdigit`` also takes ``²`` and ``٣``)."""
    return bool(text) and text.isascii() and text.isdigit()


class Reader(Protocol):
    """A knob's reader: the text of a tag, option or query parameter to its value;
    :class:`KnobError`, saying what was expected, for a value it cannot read.
    ``choices`` are the values a form offers (empty: any text)."""

    @property
    def choices(self) -> tuple[str, ...]: ...

    def __call__(self, value: str, /) -> Any: ...


class _Value:
    """A reader is equal to another of its class with the same settings."""

    __slots__ = ()

    def _key(self) -> tuple[Any, ...]:
        return ()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._key() == self._key()

    def __hash__(self) -> int:
        return hash((type(self), self._key()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}{self._key()!r}"


class YesNo(_Value):
    """``yes`` or ``no`` (also ``si``, ``sí``), any case."""

    __slots__ = ()
    choices: ClassVar[tuple[str, ...]] = ("yes", "no")

    def __call__(self, value: str) -> bool:
        low = value.strip().lower()
        if low in YES:
            return True
        if low in NO:
            return False
        raise KnobError(f"expected yes or no, got {shown(value)}")


class Whole(_Value):
    """A whole number from ``low`` to ``high`` (no upper bound when None)."""

    __slots__ = ("high", "low")
    choices: ClassVar[tuple[str, ...]] = ()

    def __init__(self, low: int, high: int | None = None) -> None:
        self.low = low
        self.high = high

    def _key(self) -> tuple[Any, ...]:
        return (self.low, self.high)

    def __call__(self, value: str) -> int:
        text = value.strip()
        if not _digits(text):
            other = "" if text.isascii() or not text.isdigit() else " in the digits 0-9"
            raise KnobError(f"expected a whole number{other}, got {shown(value)}")
        digits = text.lstrip("0") or "0"  # int() refuses more than 4300 digits, zeros too
        if len(digits) > MAX_NUMBER_DIGITS:
            raise KnobError(f"expected a number of at most {MAX_NUMBER_DIGITS} digits")
        number = int(digits)
        if number < self.low or (self.high is not None and number > self.high):
            bounds = (f"from {self.low} to {self.high}" if self.high is not None
                      else f"at least {self.low}")
            raise KnobError(f"expected a number {bounds}, got {number}")
        return number


class OptionalWhole(_Value):
    """A whole number of at least ``low``, or ``none`` (no limit: the default written out,
    RULES.md §13)."""

    __slots__ = ("low",)
    choices: ClassVar[tuple[str, ...]] = ()

    def __init__(self, low: int) -> None:
        self.low = low

    def _key(self) -> tuple[Any, ...]:
        return (self.low,)

    def __call__(self, value: str) -> int | None:
        if value.strip().lower() == "none":
            return None
        return Whole(self.low)(value)


class Choice(_Value, Generic[E]):
    """One of an enum's values (its members' ``value``), any case."""

    __slots__ = ("enum",)

    def __init__(self, enum: type[E]) -> None:
        self.enum = enum

    def _key(self) -> tuple[Any, ...]:
        return (self.enum,)

    @property
    def choices(self) -> tuple[str, ...]:
        return tuple(str(member.value) for member in self.enum)

    def __call__(self, value: str) -> E:
        try:
            return self.enum(value.strip().lower())
        except ValueError:
            names = ", ".join(str(m.value) for m in self.enum)
            raise KnobError(f"expected one of {names}, got {shown(value)}") from None


class DeckChoice(_Value):
    """The name of a deck (:data:`referee.cards.DECKS`) among ``names``, any case: its
    :class:`~referee.cards.Deck`."""

    __slots__ = ("names",)

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names

    def _key(self) -> tuple[Any, ...]:
        return self.names

    @property
    def choices(self) -> tuple[str, ...]:
        return self.names

    def __call__(self, value: str) -> Deck:
        name = value.strip().lower()
        if name not in self.names:
            raise KnobError(f"expected one of {', '.join(self.names)}, got {shown(value)}")
        return DECKS[name]


yes_no = YesNo()


def knob(default: T, reader: Reader) -> T:
    """A config dataclass field that is a knob: its default and its reader."""
    field: T = dataclasses.field(default=default, metadata={READER: reader})
    return field


def reader_of(field: dataclasses.Field[Any]) -> Reader:
    """The reader a knob's field declares; :class:`TypeError` when it declares none."""
    reader = field.metadata.get(READER)
    if reader is None:
        raise TypeError(f"the knob {field.name} declares no reader: use referee.knobs.knob()")
    return reader  # type: ignore[no-any-return]


def json_value(value: Any) -> Any:
    """A knob's value as the report's ``rules`` shows it (enums by their tag spelling)."""
    if isinstance(value, Deck):
        return value.name
    return value.value if isinstance(value, Enum) else value


# --------------------------------------------------------------------------- every game's


class Knob:
    """A knob of the registered games: its name, its reader, the games that have it."""

    __slots__ = ("games", "name", "parse")

    def __init__(self, name: str, parse: Reader, games: tuple[str, ...]) -> None:
        self.name = name
        self.parse = parse
        self.games = games

    @property
    def choices(self) -> tuple[str, ...]:
        return tuple(self.parse.choices)


def all_knobs() -> Mapping[str, Knob]:
    """Every knob of every registered game, by its canonical name, in the order
    ``referee rules`` lists them (the games in order, each game's fields in order; a
    knob two games share where the first has it)."""
    return registry().knobs


STANDARD_TAGS = ("Game", "Players", "Event", "Site", "Date", "Round", "Table", "Stake",
                 "Currency", "Result")
"""The notation's standard tags (docs/notation.md). A game's knob may have one's name
(``Stake``), which the referee's own games know: a plugin's knob never has the name of
a standard tag or of a shipped game's match tag (docs/plugins.md)."""
_STANDARD = frozenset(name.lower() for name in STANDARD_TAGS)


def knob_name(text: str) -> str | None:
    """The canonical spelling of a knob named case-insensitively, or None."""
    low = text.lower()
    games = known()
    found = games.knob_names.get(low)
    if found is None and low not in _STANDARD and low not in games.match_tags:
        found = lookup(lambda games: games.knob_names.get(low))
    return found


def parse_knob(name: str, value: str) -> Any:
    """Read one knob's value; :class:`KnobError` for a knob no game has or a bad value."""
    found = all_knobs().get(name)
    if found is None:
        known = ", ".join(all_knobs())
        raise KnobError(f"unknown house rule {shown(name)} (known: {known})")
    return found.parse(value)


def config_knobs(config_class: type[Any]) -> dict[str, tuple[Reader, Any]]:
    """A config dataclass's knobs: each field's reader and default, in field order."""
    return {f.name: (reader_of(f), f.default) for f in dataclasses.fields(config_class)}

