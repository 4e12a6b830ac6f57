"""Render a message key with its parameters in English or Spanish.

Catalogs live in :mod:`referee.i18n`: one module per family (engine rulings,
syntax errors, report headings), each a dict ``key -> {"en": ..., "es": ...}``
of ``str.format`` templates; a registered game adds its own
(:meth:`~referee.engine.game.Variant.messages`). Rule ids never change with the
language.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.games import Registry

LANGS = ("en", "es")
DEFAULT_LANG = "en"


@cache
def core_catalog() -> dict[str, dict[str, str]]:
    """The referee's own messages."""
    from referee.i18n import (
        cli,
        commands,
        engine,
        knobs,
        live,
        live_form,
        live_page,
        live_seats,
        lsp,
        night,
        report,
        rules,
        syntax,
        web,
    )

    merged: dict[str, dict[str, str]] = {}
    for module in (engine, syntax, report, knobs, rules, web, cli, commands, lsp, live,
                   live_page, live_form, live_seats, night):
        merged.update(module.MESSAGES)
    return merged


def game_messages(games: Registry | None = None) -> Mapping[str, Mapping[str, str]]:
    """The registered games' own messages (a key the core has keeps the core's text);
    ``games``: of these games only (default: every game)."""
    from referee.games import registry

    if games is None:
        games = registry()

    def build() -> Mapping[str, Mapping[str, str]]:
        core = core_catalog()
        return {key: entry for game in games.games.values()
                for key, entry in game.messages().items() if key not in core}

    return games.memo("messages", build)


def catalog() -> Mapping[str, Mapping[str, str]]:
    """Every message: the referee's and each registered game's."""
    extra = game_messages()
    return core_catalog() | dict(extra) if extra else core_catalog()


def entry_of(key: str) -> Mapping[str, str] | None:
    """One message in every language (the core's first: the games are only asked for a
    key the core does not have)."""
    entry = core_catalog().get(key)
    if entry is not None:
        return entry
    from referee.games import lookup

    return lookup(lambda games: game_messages(games).get(key))


def resolve_lang(lang: str | None = None) -> str:
    """``lang``, else ``REFEREE_LANG``, else English; unknown values fall back to English
    (:func:`unknown_lang` tells when that happens)."""
    value = (lang or os.environ.get("REFEREE_LANG") or DEFAULT_LANG).lower()[:2]
    return value if value in LANGS else DEFAULT_LANG


def unknown_lang(lang: str | None = None) -> str | None:
    """The value :func:`resolve_lang` would not recognise (``lang``, else
    ``REFEREE_LANG``), or None when it names a known language or nothing."""
    value = lang or os.environ.get("REFEREE_LANG")
    if not value or value.lower()[:2] in LANGS:
        return None
    return value


def render(key: str, params: Mapping[str, Any] | None = None, lang: str = DEFAULT_LANG) -> str:
    entry = entry_of(key)
    if entry is None:
        if params and "message" in params:
            return str(params["message"])
        return key if not params else f"{key}: {params}"
    template = entry.get(lang) or entry[DEFAULT_LANG]
    if params and lang != DEFAULT_LANG and any(isinstance(v, Phrase) for v in params.values()):
        params = {name: value.rendered(lang) if isinstance(value, Phrase) else value
                  for name, value in params.items()}
    if lang == "es" and params and "verb" in params:
        from referee.i18n.engine import VERBS_ES

        params = dict(params) | {"verb": VERBS_ES.get(params["verb"], params["verb"])}
    try:
        return template.format(**(params or {}))
    except (KeyError, IndexError):
        return entry[DEFAULT_LANG].format_map(_Lenient(params or {}))


def noted(key: str, lang: str = DEFAULT_LANG) -> str:
    """The text of ``key`` (a rule's text, a knob's help) with each registered game's note
    on it, in brackets after it: the message ``key@<game>`` of the games that have one,
    in the registry's order, joined by "; " (``deal-size``: "... (51: 15 for the
    starter, 14 for the others; argentino: 9)"). The core's text names no game; a
    game says what the rule or knob is in it."""
    from referee.games import registry

    notes = [render(f"{key}@{name}", None, lang) for name in registry().games
             if entry_of(f"{key}@{name}") is not None]
    text = render(key, None, lang)
    return f"{text} ({'; '.join(notes)})" if notes else text


def game_title(name: str, lang: str = DEFAULT_LANG, fallback: str | None = None) -> str:
    """A game's title in ``lang`` (its message ``report.variant.<name>``: "51 (La 51),
    rummy colombiano"); ``fallback`` (the game's own English ``title``), else its name,
    for a game that brings no such message."""
    if entry_of(f"report.variant.{name}") is not None:
        return render(f"report.variant.{name}", None, lang)
    return fallback or name


def render_count(key: str, count: int, params: Mapping[str, Any] | None = None,
                 lang: str = DEFAULT_LANG) -> str:
    """``key`` for a count: its singular ``key_one`` when ``count`` is 1 and the catalog
    has it; ``count`` is also passed as the ``count`` parameter."""
    values = {"count": count, **(params or {})}
    if count == 1 and entry_of(f"{key}_one") is not None:
        return render(f"{key}_one", values, lang)
    return render(key, values, lang)


class Phrase(str):
    """A message used as another message's parameter (a faulty meld's reason, "fewer than
    3 cards"): it is its English text, as a string, and :func:`render` puts it in the
    language of the message it fills. Keep one where the words reach a reader in any
    language; compare it as its English text."""

    key: str
    params: dict[str, Any]

    def __new__(cls, key: str, **params: Any) -> Phrase:
        phrase = super().__new__(cls, render(key, params, DEFAULT_LANG))
        phrase.key, phrase.params = key, params
        return phrase

    def rendered(self, lang: str) -> str:
        return render(self.key, self.params, lang)

    def __reduce__(self) -> tuple[Any, ...]:
        return _phrase, (self.key, self.params)


def _phrase(key: str, params: dict[str, Any]) -> Phrase:
    return Phrase(key, **params)


class _Lenient(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"
