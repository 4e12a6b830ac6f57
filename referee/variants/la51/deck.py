"""51's deck as its tags set it (RULES.md §13): the supply of the deal, the jokers a
Spanish deck brings, and the knob a Spanish deck has no use for.

- ``deal-supply`` (a syntax error at the ``Players`` tag): the deal needs more cards
  than the decks and jokers hold, under every deck; the message names both numbers
  and the fix (the fewest decks that would do).
- ``knob-not-applicable`` (a notice at the tag): ``AlternateColors`` under a Spanish
  deck, whose suits have no colours; the tag is kept and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from referee.knobs import KnobError, knob_name

if TYPE_CHECKING:
    from referee.notation.events import Tag
    from referee.variants.la51 import La51

SUPPLY_KNOBS = ("Deck", "Decks", "Jokers")
MOST_DECKS = 8  # the Decks knob's highest value
_SUPPLY_LOWER = frozenset(knob.lower() for knob in SUPPLY_KNOBS)


def _names(tags: Mapping[str, Tag], overrides: Mapping[str, str] | None) -> set[str]:
    """The names the tags and overrides give, in lower case (knobs are named in any case)."""
    found = {name.lower() for name in tags}
    if overrides:
        found.update(name.lower() for name in overrides)
    return found


def _named(tags: Mapping[str, Tag]) -> dict[str, Tag]:
    """The game's knob tags by the knob's canonical name (tags name knobs in any case)."""
    found: dict[str, Tag] = {}
    for name, tag in tags.items():
        canonical = knob_name(name)
        if canonical is not None:
            found.setdefault(canonical, tag)
    return found


def _override(overrides: Mapping[str, str] | None, knob: str) -> str | None:
    if not overrides:
        return None
    return next((value for name, value in overrides.items()
                 if (knob_name(name) or name) == knob), None)


def jokers_given(tags: Mapping[str, str], overrides: Mapping[str, str] | None) -> bool:
    """Whether a good ``Jokers`` value is given, by a tag or an override."""
    from referee.variants.la51 import La51

    reader = La51.knob_readers()["Jokers"]
    values = [value for name, value in tags.items() if knob_name(name) == "Jokers"]
    given = _override(overrides, "Jokers")
    for value in [*values, *([given] if given is not None else [])]:
        try:
            reader(value)
        except KnobError:
            continue
        return True
    return False


def supply_problems(game: La51, tags: Mapping[str, Tag], players: int,
                    overrides: Mapping[str, str] | None
                    ) -> list[tuple[Tag, str, dict[str, Any]]]:
    """``deal-supply`` at the ``Players`` tag when the decks cannot supply the deal;
    nothing when the deck, decks or jokers are bad (their tags say so) or the player
    count is out of range (the ``Players`` tag says so)."""
    players_tag = tags.get("Players")
    if players_tag is None or not game.min_players <= players <= game.max_players:
        return []
    if not _SUPPLY_LOWER & _names(tags, overrides):
        return []  # the default decks (2 French and 4 jokers: 108 cards) deal 6 players
    named = _named(tags)
    readers = game.knob_readers()
    values: dict[str, str] = {}
    for knob in SUPPLY_KNOBS:
        tag = named.get(knob)
        value = _override(overrides, knob) or (tag.value if tag is not None else None)
        try:
            if tag is not None:
                readers[knob](tag.value)
            if value is not None:
                readers[knob](value)
        except KnobError:
            return []
        if tag is not None:
            values[knob] = tag.value
    try:
        config = game.config(values, players, overrides)
    except KnobError:
        return []
    need = sum(game.deal_size(seat, players, config) for seat in range(players))
    shoe = game.shoe(config)
    if need <= shoe.total:
        return []
    given = jokers_given(values, overrides)
    fix = next((decks for decks in range(config.Decks + 1, MOST_DECKS + 1)
                if decks * shoe.deck.size + (config.Jokers if given or not shoe.deck.spanish
                                             else 2 * decks) >= need), MOST_DECKS)
    return [(players_tag, "deal-supply",
             {"need": need, "players": players, "have": shoe.total, "decks": shoe.decks,
              "size": shoe.deck.size, "jokers": shoe.jokers, "fix": fix})]


def not_applicable(game: La51, tags: Mapping[str, Tag], overrides: Mapping[str, str] | None
                   ) -> list[tuple[Tag, str, dict[str, Any]]]:
    """``knob-not-applicable`` at an ``AlternateColors`` tag under a Spanish deck (a tag
    with a bad value is a syntax error instead)."""
    if "alternatecolors" not in _names(tags, None):
        return []
    named = _named(tags)
    colors = named.get("AlternateColors")
    if colors is None:
        return []
    readers = game.knob_readers()
    deck_tag = named.get("Deck")
    value = _override(overrides, "Deck") or (deck_tag.value if deck_tag is not None else None)
    try:
        readers["AlternateColors"](colors.value)
        deck = readers["Deck"](value) if value is not None else None
    except KnobError:
        return []
    if deck is None or not deck.spanish:
        return []
    return [(colors, "knob-not-applicable", {"tag": colors.name, "deck": deck.name})]
