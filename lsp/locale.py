"""The server's settings: its language, the docs site its rule links point at, the
debounce of changes; and the language a log is written in.

Language: the editor's ``initializationOptions.lang``, else ``referee lsp --lang``,
else ``REFEREE_LANG``, else the client's locale (``es-CO`` is Spanish), else
English. An explicit choice beats the editor's locale.

Rule links (a diagnostic's ``codeDescription``): ``{docs}/rules/PAGE/#RULE``, PAGE
the game's ``docs_page`` (the first registered game's for an unknown game;
:func:`rule_page`: the docs site builds its rule pages with the same names,
docsite/rulepages.py), with ``docs`` from ``initializationOptions.docsUrl``,
``--docs-url`` or ``REFEREE_DOCS_URL``, else :data:`DEFAULT_DOCS_URL`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from referee.messages import DEFAULT_LANG, LANGS
from referee.notation.terminals import keyword_of
from referee.notation.writer import KEYWORDS

DEFAULT_DOCS_URL = "https://referee51.readthedocs.io/en/latest"
DEFAULT_DEBOUNCE_MS = 250


@dataclass(frozen=True, slots=True)
class Settings:
    """The server's settings: the language, where the docs are, the debounce."""

    lang: str = "en"
    docs_url: str = DEFAULT_DOCS_URL
    debounce: float = DEFAULT_DEBOUNCE_MS / 1000  # seconds


def _known(value: Any) -> str | None:
    """``value`` as a language the referee speaks, or None."""
    if not isinstance(value, str) or not value:
        return None
    code = value.lower()[:2]
    return code if code in LANGS else None


def choose_lang(init_lang: Any = None, option: str | None = None,
                locale: str | None = None) -> str:
    for value in (init_lang, option, os.environ.get("REFEREE_LANG"), locale):
        code = _known(value)
        if code is not None:
            return code
    return DEFAULT_LANG


def settings(init_options: Any = None, locale: str | None = None, lang: str | None = None,
             docs_url: str | None = None, debounce_ms: int | None = None) -> Settings:
    """The settings from the editor's initialization options over the command line's."""
    options: Mapping[str, Any] = init_options if isinstance(init_options, Mapping) else {}
    url = options.get("docsUrl") or docs_url or os.environ.get("REFEREE_DOCS_URL")
    delay = options.get("debounceMs", debounce_ms)
    if not isinstance(delay, int) or isinstance(delay, bool) or delay < 0:
        delay = DEFAULT_DEBOUNCE_MS
    return Settings(choose_lang(options.get("lang"), lang, locale),
                    str(url or DEFAULT_DOCS_URL).rstrip("/"), delay / 1000)


def rule_page(game: str | None) -> str:
    """The name of a game's rule page on the docs site (``rules/<page>/``): the game's
    ``docs_page``, else its name; the first registered game's for an unknown game."""
    from referee.games import find_game, games

    found = find_game(game) or next(iter(games().values()), None)
    return (found.docs_page or found.name) if found is not None else ""


def rule_link(docs_url: str, ruleset: str | None, rule: str) -> str:
    """The docs page of ``rule`` for the game ``ruleset`` (the first game's when unknown)."""
    return f"{docs_url}/rules/{rule_page(ruleset)}/#{rule}"


_SECOND_WORD = re.compile(r"[ \t]*[^\s#\[]+[ \t]+([^\s#:]+)")
_FIRST_WORD = re.compile(r"[ \t]*([^\s#:\[]+)")
_ENGLISH = frozenset(KEYWORDS["en"].values())
MAX_LINES = 400  # statement lines looked at to tell a log's language


def log_lang(lines: Iterable[str], default: str) -> str:
    """The language of a log's keywords (``draw`` or ``roba``), by most lines among its
    first statements; ``default`` when they hold no keyword."""
    votes = {"en": 0, "es": 0}
    seen = 0
    for text in lines:
        word = _keyword(text)
        if word is None:
            continue
        votes["en" if word.lower() in _ENGLISH else "es"] += 1
        seen += 1
        if seen >= MAX_LINES:
            break
    if votes["en"] == votes["es"]:
        return default
    return "en" if votes["en"] > votes["es"] else "es"


def _keyword(text: str) -> str | None:
    """The keyword of a statement line (``deal``, ``stock``, ``up`` first, an event's
    after the player's name), or None."""
    first = _FIRST_WORD.match(text)
    if first is None:
        return None
    word = first.group(1)
    if keyword_of(word) in ("DEAL", "STOCK", "UP"):
        return word
    second = _SECOND_WORD.match(text)
    if second is not None and keyword_of(second.group(1)) is not None:
        return second.group(1)
    return None
