"""House-rule knobs: how a knob's value is written and read, for every game.

A knob is a tag (``[MinOpen "71"]``), a ``--set MinOpen=71`` option or an API
query parameter. Its name and its reader are the same in every game that has it
(``Decks``, ``Jokers``, ``RunMin`` and ``RunWrap`` are knobs of both games); which
knobs a game has, and their defaults, is the game's own config dataclass
(:mod:`referee.variants.la51.knobs`, :mod:`referee.variants.argentino.knobs`).
Knob help texts, in both languages, live in :mod:`referee.i18n.knobs`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

MAX_NUMBER_DIGITS = 9  # a knob's number is a whole number of at most this many digits


class KnobError(ValueError):
    """A house-rule value that cannot be used (or a knob no game has)."""


class DiscardPegue(Enum):
    """51: whose discards are judged for ``discard-pegue``."""

    ALL = "all"
    DOWN = "down"
    OFF = "off"


class RenunciaPays(Enum):
    """51: what an eliminated player pays."""

    MAX = "max"  # Stake x PenaltyCards
    HAND = "hand"  # Stake x the cards in hand when eliminated


class SetWilds(Enum):
    """Argentino: the wild cards a set may hold."""

    ONE = "one"  # at most one wild
    DISTINCT = "distinct"  # one joker and one mono at most, never two of a kind


class HandPenalty(Enum):
    """Argentino: which cards left in hand count against a player."""

    ALL = "all"
    WILDS = "wilds"


YES = frozenset({"yes", "si", "sí"})  # RULES.md §10: yes/no values are yes, no (also si, sí)
NO = frozenset({"no"})


def shown(value: str, width: int = 40) -> str:
    """``value`` quoted for a message, cut to ``width`` characters (a value may be huge)."""
    return repr(value if len(value) <= width else value[: width - 1] + "…")


def yes_no(value: str) -> bool:
    low = value.strip().lower()
    if low in YES:
        return True
    if low in NO:
        return False
    raise KnobError(f"expected yes or no, got {shown(value)}")


def _digits(text: str) -> bool:
    """ASCII digits only (``str.isdigit`` also takes ``²`` and ``٣``)."""
    return bool(text) and text.isascii() and text.isdigit()


def whole(low: int, high: int | None = None) -> Callable[[str], int]:
    def parse(value: str) -> int:
        text = value.strip()
        if not _digits(text):
            other = "" if text.isascii() or not text.isdigit() else " in the digits 0-9"
            raise KnobError(f"expected a whole number{other}, got {shown(value)}")
        digits = text.lstrip("0") or "0"  # int() refuses more than 4300 digits, zeros too
        if len(digits) > MAX_NUMBER_DIGITS:
            raise KnobError(f"expected a number of at most {MAX_NUMBER_DIGITS} digits")
        number = int(digits)
        if number < low or (high is not None and number > high):
            bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise KnobError(f"expected a number {bounds}, got {number}")
        return number

    return parse


def optional_whole(low: int) -> Callable[[str], int | None]:
    inner = whole(low)

    def parse(value: str) -> int | None:
        if value.strip().lower() == "none":  # the default written out (RULES.md §13)
            return None
        return inner(value)

    return parse


def choice(enum: type[Enum]) -> Callable[[str], Enum]:
    def parse(value: str) -> Enum:
        try:
            return enum(value.strip().lower())
        except ValueError:
            names = ", ".join(m.value for m in enum)
            raise KnobError(f"expected one of {names}, got {shown(value)}") from None

    return parse


@dataclass(frozen=True, slots=True)
class Knob:
    """A knob's name and reader, with the games that have it."""

    name: str
    parse: Callable[[str], Any]
    games: tuple[str, ...]


_51 = ("51",)
_AR = ("rummy-argentino",)
_BOTH = ("51", "rummy-argentino")

KNOBS: dict[str, Knob] = {
    knob.name: knob
    for knob in (
        Knob("Decks", whole(1, 8), _BOTH),
        Knob("Jokers", whole(0, 32), _BOTH),
        Knob("MinOpen", whole(0), _51),
        Knob("OpenExact", yes_no, _51),
        Knob("BeatPrevious", yes_no, _51),
        Knob("RunMin", whole(3, 13), _BOTH),
        Knob("RunWrap", yes_no, _BOTH),
        Knob("AlternateColors", yes_no, _51),
        Knob("MaxJokers", optional_whole(0), _51),
        Knob("EarlyDraw", yes_no, _51),
        Knob("LayoffsCount", yes_no, _51),
        Knob("DiscardPegue", choice(DiscardPegue), _51),
        Knob("RequireFinalDiscard", yes_no, _51),
        Knob("CallsRequired", yes_no, _51),
        Knob("MissedCallCascade", yes_no, _51),
        Knob("RenunciaPays", choice(RenunciaPays), _51),
        Knob("PenaltyCards", whole(0), _51),
        Knob("Stake", whole(0), _51),
        Knob("SetWilds", choice(SetWilds), _AR),
        Knob("LawAt", whole(0), _AR),
        Knob("LawMin", whole(0), _AR),
        Knob("Target", whole(0), _AR),
        Knob("HandPenalty", choice(HandPenalty), _AR),
    )
}
"""Every knob of every game, by its canonical name (the order ``referee rules`` lists)."""

_BY_LOWER = {name.lower(): name for name in KNOBS}


def knob_name(text: str) -> str | None:
    """The canonical spelling of a knob named case-insensitively, or None."""
    return _BY_LOWER.get(text.lower())


def parse_knob(name: str, value: str) -> Any:
    """Read one knob's value; :class:`KnobError` for a knob no game has or a bad value."""
    knob = KNOBS.get(name)
    if knob is None:
        raise KnobError(f"unknown house rule {shown(name)} (known: {', '.join(KNOBS)})")
    return knob.parse(value)


def json_value(value: Any) -> Any:
    """A knob's value as the report's ``rules`` shows it (enums by their tag spelling)."""
    return value.value if isinstance(value, Enum) else value
