"""The seam every game plugs into: a :class:`Variant` per game, found by its ``Game`` tag.

In the spirit of python-chess's ``variant.py``: one class per game, holding the
game's facts as class attributes (its name, players, deal, knobs, what its
notation allows) and the hooks the shared engine calls (:meth:`Variant.referee`,
the game's own rulings). :func:`find_variant` looks a class up in
:data:`REGISTRY`, keyed by the ``Game`` tag; :func:`register` adds one. Adding a
game is one package under :mod:`referee.variants` and one ``register``.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from referee.variants.knobs import KNOBS, KnobError, json_value, knob_name

if TYPE_CHECKING:
    from referee.engine.findings import GameResult
    from referee.engine.replay import Referee
    from referee.notation.events import GameRecord, Tag


class Variant:
    """A game the referee judges. Subclasses set the facts and implement the hooks."""

    name: ClassVar[str]  # the Game tag's value
    title: ClassVar[str]  # in English; the i18n catalog has it as ``variant.<name>``
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    config_class: ClassVar[type[Any]]  # a frozen dataclass: one field per knob of the game
    rule_ids: ClassVar[tuple[str, ...]]  # every rule id its rulings cite

    # What the game's notation allows beyond the common events (docs/notation.md).
    take_whole_pile: ClassVar[bool] = False  # ``take`` takes the pile (bare, or listed)
    face_up_card: ClassVar[bool] = False  # an ``up:`` line starts the pile
    wild_twos: ClassVar[bool] = False  # a 2 may say what it stands for (``2s=Kh``)
    match_tags: ClassVar[tuple[str, ...]] = ()  # tags this game reads beyond knobs

    # -- knobs ---------------------------------------------------------------------------

    @classmethod
    def knob_names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(cls.config_class))

    @classmethod
    def has_knob(cls, name: str) -> bool:
        return name in {f.name for f in dataclasses.fields(cls.config_class)}

    def config(self, tags: Mapping[str, str], players: int,
               overrides: Mapping[str, str] | None = None) -> Any:
        """The knobs in force: the defaults, the game's tags, then the caller's overrides.

        Tags of knobs this game does not have are ignored (kept, like any unknown
        tag); a bad tag value is ignored here (the reader has reported it). A bad
        override raises :class:`KnobError` (the CLI and the API check them first).
        """
        values: dict[str, Any] = {}
        for name, value in tags.items():
            canonical = knob_name(name)
            if canonical is not None and self.has_knob(canonical):
                with contextlib.suppress(KnobError):
                    values[canonical] = KNOBS[canonical].parse(value)
        for name, value in (overrides or {}).items():
            canonical = knob_name(name) or name
            if canonical not in KNOBS:
                raise KnobError(f"unknown house rule {name!r}")
            parsed = KNOBS[canonical].parse(value)
            if self.has_knob(canonical):
                values[canonical] = parsed
        return self.complete(self.config_class(**values), players)

    def complete(self, config: Any, players: int) -> Any:
        """The config with what depends on the player count worked out (a hook)."""
        return config

    def config_json(self, config: Any) -> dict[str, Any]:
        """The knobs as the report's ``rules`` lists them."""
        return {f.name: json_value(getattr(config, f.name))
                for f in dataclasses.fields(config)}

    @classmethod
    def defaults_json(cls) -> dict[str, Any]:
        """Each knob's default (as a tag would spell it), before any player count."""
        return {f.name: json_value(f.default) for f in dataclasses.fields(cls.config_class)}

    # -- the deal ------------------------------------------------------------------------

    def deal_size(self, seat: int, players: int, config: Any) -> int:
        """Cards dealt to the player in ``seat`` (0 is the first to play)."""
        raise NotImplementedError

    def decks(self, config: Any) -> tuple[int, int]:
        """French decks of 52 and jokers in play."""
        return int(config.Decks), int(config.Jokers)

    # -- notation ------------------------------------------------------------------------

    def tag_problems(self, tags: Mapping[str, Tag]) -> list[tuple[Tag, str, dict[str, Any]]]:
        """Syntax problems in this game's own tags: (tag, message key, parameters)."""
        return []

    # -- judging -------------------------------------------------------------------------

    def referee(self, record: GameRecord, config: Any, context: Any = None) -> Referee:
        """The referee of one game (a hand, in argentino) of a log. ``context`` is what
        this game carries from the earlier games of the same file (:meth:`new_context`)."""
        raise NotImplementedError

    def not_judged(self, record: GameRecord, context: Any, result: GameResult) -> None:
        """A game whose tags hold a syntax error is not judged (RULES.md §14); what it
        still is to the file's later games goes into ``context`` and ``result``
        (argentino: a hand of its match). Nothing, by default."""

    def new_context(self) -> Any:
        """What this game carries from one game of a file to the next (argentino's
        matches); None when nothing carries over."""
        return None


REGISTRY: dict[str, Variant] = {}
"""Every game the referee knows, by the value of its ``Game`` tag."""


def register(cls: type[Variant]) -> type[Variant]:
    """Class decorator: add a game to :data:`REGISTRY`."""
    REGISTRY[cls.name] = cls()
    return cls


def find_variant(name: str | None) -> Variant | None:
    """The game named by a ``Game`` tag, or None for an unknown name."""
    return REGISTRY.get(name or "")
