"""Every rule id, knob and game, as data (``referee rules --json``, ``GET /v1/rules``).

Each rule id and knob says which games (``Game`` tag values) it belongs to; each
game lists its own knobs and defaults. A knob's ``default`` is the default of the
first registered game that has it (the field as it always was), else its game's.
The games are the registry's (:mod:`referee.games`): a plugin's rules and knobs
are listed like the referee's own.
"""

from __future__ import annotations

from typing import Any

from typing_extensions import TypedDict

from referee.messages import noted, render


class RuleData(TypedDict):
    id: str
    kind: str
    title: str  # its short title (a plugin rule without one: its text)
    text: str
    seed: str
    games: list[str]


class KnobData(TypedDict):
    name: str
    default: Any
    help: str
    games: list[str]
    defaults: dict[str, Any]  # each game's default


class RulesetData(TypedDict):
    name: str
    title: str
    supported: bool
    players: str  # e.g. "2-6"
    knobs: list[str]
    defaults: dict[str, Any]


class CatalogData(TypedDict):
    """Every rule id and house-rule knob, and the games."""

    rules: list[RuleData]
    knobs: list[KnobData]
    rulesets: list[RulesetData]


def knob_help(name: str, lang: str = "en") -> str:
    """A knob's help line in ``lang`` (catalog :mod:`referee.i18n.knobs`, or its
    game's words), with the games' notes on it."""
    return noted(f"report.knob.{name}", lang)


def rules_catalog(lang: str = "en", game: str | None = None) -> CatalogData:
    """The catalog in ``lang``; ``game`` keeps only that game's rules and knobs."""
    from referee.games import games as registered
    from referee.knobs import all_knobs
    from referee.rulebook import all_rules, games_of

    every = registered()
    variants = [v for name, v in every.items() if game is None or name == game]
    defaults = {v.name: v.defaults_json() for v in variants}
    rules: list[RuleData] = []
    for rule in all_rules():
        games = [g for g in games_of(rule.id) if g in defaults]
        if games:
            rules.append({"id": rule.id, "kind": rule.kind, "title": rule.title(lang),
                          "text": rule.text(lang),
                          "seed": rule.seed, "games": games})
    knobs: list[KnobData] = []
    for name, knob in all_knobs().items():
        per_game = {g: defaults[g][name] for g in knob.games if g in defaults}
        if per_game:
            first = per_game.get(knob.games[0], next(iter(per_game.values())))
            knobs.append({"name": name, "default": first, "help": knob_help(name, lang),
                          "games": list(per_game), "defaults": per_game})
    rulesets: list[RulesetData] = [
        {"name": v.name, "title": render(f"report.variant.{v.name}", None, lang),
         "supported": True, "players": f"{v.min_players}-{v.max_players}",
         "knobs": list(v.knob_names()), "defaults": defaults[v.name]}
        for v in variants]
    return {"rules": rules, "knobs": knobs, "rulesets": rulesets}
