"""House rules for the simulators: knob names and values as tags, read into the
games' config dataclasses.

Only :mod:`referee.knobs` (each knob's reader) and the config dataclasses
(:class:`~referee.variants.la51.knobs.Rules51`,
:class:`~referee.variants.argentino.knobs.RulesArgentino`) come from the referee:
what the knobs mean is the simulators' own business.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from referee.knobs import KnobError, knob_name, parse_knob
from referee.variants.argentino.knobs import RulesArgentino
from referee.variants.la51.knobs import Rules51

__all__ = ["KnobError", "SimulationError", "knob_tags", "rules_51", "rules_argentino"]

STAKE = "100"  # a simulated 51 game's Stake when no knob sets it
BIG_TABLE = 5  # argentino: from this many players, two decks and four jokers


class SimulationError(ValueError):
    """The simulator cannot do what it was asked (players, decks, house rules).

    ``key`` and ``params`` name the message in the catalog (:mod:`referee.i18n.report`),
    so the CLI can say it in Spanish too; ``str()`` is the English text.
    """

    def __init__(self, message: str, key: str, **params: object) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


def knob_tags(
    knobs: Mapping[str, str] | None, config: type[Any]
) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The knobs of ``config``'s game: parsed values by canonical name, and the tags
    to write (canonical name, value as given). Knobs of the other game are checked
    and left out; a knob no game has, or a bad value, raises :class:`KnobError`."""
    fields = {f.name for f in dataclasses.fields(config)}
    values: dict[str, Any] = {}
    tags: list[tuple[str, str]] = []
    for raw, value in (knobs or {}).items():
        name = knob_name(raw)
        if name is None:
            raise KnobError(f"unknown house rule {raw!r}")
        parsed = parse_knob(name, value)
        if name in fields:
            values[name] = parsed
            tags.append((name, value.strip()))
    return values, tags


def rules_51(knobs: Mapping[str, str] | None) -> tuple[Rules51, list[tuple[str, str]], str]:
    """51's knobs: the rules, the knob tags other than ``Stake``, and the stake."""
    values, tags = knob_tags(knobs, Rules51)
    stake = next((value for name, value in tags if name == "Stake"), STAKE)
    values["Stake"] = int(stake)
    rules = Rules51(**values)
    if rules.Deck.spanish and "Jokers" not in values:  # 2 per Spanish deck (RULES.md §13)
        rules = dataclasses.replace(rules, Jokers=2 * rules.Decks)
    return rules, [(n, v) for n, v in tags if n != "Stake"], stake


def rules_argentino(
    knobs: Mapping[str, str] | None,
) -> tuple[RulesArgentino, list[tuple[str, str]]]:
    """Argentino's knobs (``Decks`` and ``Jokers`` None when not set) and their tags."""
    values, tags = knob_tags(knobs, RulesArgentino)
    return RulesArgentino(**values), tags


def argentino_decks(rules: RulesArgentino, players: int) -> tuple[int, int]:
    """French decks and jokers for a hand of ``players`` (ARGENTINO.md section 2)."""
    big = players >= BIG_TABLE
    decks = rules.Decks if rules.Decks is not None else (2 if big else 1)
    jokers = rules.Jokers if rules.Jokers is not None else (4 if big else 2)
    return decks, jokers
