"""Rule sets as frozen configs, resolved from the ``Game`` tag through a registry.

Every house-rule knob (docs/rules.md) is a typed field with its default. A game's
tags override the defaults, and a caller (``--set KNOB=VALUE``, API query
parameters) overrides the tags.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any


class DiscardPegue(Enum):
    ALL = "all"  # any player's discard is judged
    DOWN = "down"  # only players who have gone down
    OFF = "off"


class RenunciaPays(Enum):
    MAX = "max"  # Stake x PenaltyCards
    HAND = "hand"  # Stake x the cards in hand when eliminated


class KnobError(ValueError):
    """A house-rule value that cannot be used."""


@dataclass(frozen=True, slots=True)
class Rules51:
    """The knobs of 51, with the defaults of docs/rules.md."""

    Decks: int = 2
    Jokers: int = 4
    MinOpen: int = 51
    OpenExact: bool = False
    BeatPrevious: bool = True
    RunMin: int = 4
    RunWrap: bool = True
    AlternateColors: bool = True
    MaxJokers: int | None = None
    EarlyDraw: bool = True
    LayoffsCount: bool = True
    DiscardPegue: DiscardPegue = DiscardPegue.ALL
    RequireFinalDiscard: bool = True
    CallsRequired: bool = True
    MissedCallCascade: bool = True
    RenunciaPays: RenunciaPays = RenunciaPays.MAX
    PenaltyCards: int = 14
    Stake: int = 0

    def with_knobs(self, knobs: Mapping[str, str]) -> Rules51:
        """A copy with each knob in ``knobs`` (tag spelling) parsed and applied."""
        changes = {name: parse_knob(name, value) for name, value in knobs.items()}
        return dataclasses.replace(self, **changes) if changes else self

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = value.value if isinstance(value, Enum) else value
        return out


YES = frozenset({"yes", "si", "sí", "true", "on", "1"})
NO = frozenset({"no", "false", "off", "0"})


def _bool(value: str) -> bool:
    low = value.strip().lower()
    if low in YES:
        return True
    if low in NO:
        return False
    raise KnobError(f"expected yes or no, got {value!r}")


def _int(low: int, high: int | None = None) -> Callable[[str], int]:
    def parse(value: str) -> int:
        text = value.strip()
        if not text.isdigit():
            raise KnobError(f"expected a whole number, got {value!r}")
        number = int(text)
        if number < low or (high is not None and number > high):
            bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise KnobError(f"expected a number {bounds}, got {number}")
        return number

    return parse


def _optional_int(low: int) -> Callable[[str], int | None]:
    inner = _int(low)

    def parse(value: str) -> int | None:
        if value.strip().lower() in {"none", "no", "-", ""}:
            return None
        return inner(value)

    return parse


def _choice(enum: type[Enum]) -> Callable[[str], Enum]:
    def parse(value: str) -> Enum:
        try:
            return enum(value.strip().lower())
        except ValueError:
            names = ", ".join(m.value for m in enum)
            raise KnobError(f"expected one of {names}, got {value!r}") from None

    return parse


KNOB_PARSERS: dict[str, Callable[[str], Any]] = {
    "Decks": _int(1, 8),
    "Jokers": _int(0, 32),
    "MinOpen": _int(0),
    "OpenExact": _bool,
    "BeatPrevious": _bool,
    "RunMin": _int(3, 13),
    "RunWrap": _bool,
    "AlternateColors": _bool,
    "MaxJokers": _optional_int(0),
    "EarlyDraw": _bool,
    "LayoffsCount": _bool,
    "DiscardPegue": _choice(DiscardPegue),
    "RequireFinalDiscard": _bool,
    "CallsRequired": _bool,
    "MissedCallCascade": _bool,
    "RenunciaPays": _choice(RenunciaPays),
    "PenaltyCards": _int(0),
    "Stake": _int(0),
}

KNOB_HELP: dict[str, str] = {
    "Decks": "French decks of 52 in play",
    "Jokers": "jokers in play, in all",
    "MinOpen": "points a first lay-down (bajada) must reach",
    "OpenExact": "the bajada must equal MinOpen exactly",
    "BeatPrevious": "a bajada must beat the most recent bajada of another player",
    "RunMin": "shortest run (escalera)",
    "RunWrap": "runs may wrap round the ace (K-A-2-3)",
    "AlternateColors": "sets are laid with alternating colours",
    "MaxJokers": "most jokers in one meld (none: no cap)",
    "EarlyDraw": "the next player may draw before the current player discards",
    "LayoffsCount": "lay-offs onto others' melds count towards the bajada",
    "DiscardPegue": "whose discards are judged for discard-pegue: all, down or off",
    "RequireFinalDiscard": "a player must keep a card to discard when going out",
    "CallsRequired": "a renuncia needs a call to take effect (no: automatic elimination)",
    "MissedCallCascade": "players who let a renuncia pass are eliminated with it",
    "RenunciaPays": "what an eliminated player pays: max (PenaltyCards) or hand",
    "PenaltyCards": "cards an eliminated player pays for with RenunciaPays=max",
    "Stake": "money per card owed to the winner",
}


def parse_knob(name: str, value: str) -> Any:
    """Parse one knob value; raise :class:`KnobError` for an unknown knob or bad value."""
    parser = KNOB_PARSERS.get(name)
    if parser is None:
        raise KnobError(f"unknown house rule {name!r} (known: {', '.join(KNOB_PARSERS)})")
    return parser(value)


def knob_name(text: str) -> str | None:
    """The canonical spelling of a knob named case-insensitively, or None."""
    return _KNOB_BY_LOWER.get(text.lower())


_KNOB_BY_LOWER = {name.lower(): name for name in KNOB_PARSERS}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """An entry of the registry: the ``Game`` tag value and its default config."""

    name: str
    title: str
    defaults: Rules51 | None  # None: readable, not yet auditable
    first_hand: int = 15
    hand: int = 14

    @property
    def supported(self) -> bool:
        return self.defaults is not None


REGISTRY: dict[str, Ruleset] = {
    "51": Ruleset("51", "51 (La 51), Colombian rummy", Rules51()),
    "rummy-argentino": Ruleset("rummy-argentino", "Rummy argentino", None, first_hand=9, hand=9),
}


def resolve(game: str) -> Ruleset:
    """The ruleset for a ``Game`` tag value; KeyError for an unknown one."""
    return REGISTRY[game]
