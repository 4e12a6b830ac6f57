"""Players' names at a live table (and at a club night): the checks a name passes.

A name is one word the notation reads (no blank, no ASCII punctuation but ``_`` and
``-``), and is told apart from the others the way people read it, not byte by byte:
names are compared after Unicode NFC normalization and case folding (``Ana`` and
``ana``, ``José`` typed with a combining accent and without, are one name). A name
is refused (400, with a hint) when it

- holds a blank (``Abuela María``: the hint joins it, ``Abuela_María``),
- mixes scripts (``Ana`` with a Cyrillic A, U+0410): two names that look alike would be
  two players,
- reads as a card of any deck (``7h``, ``JK``, ``10o``) or as a keyword of the
  notation in either language (``draw``, ``roba``), in any case,
- names the scribe.

The cards and keywords are the grammar's own (:mod:`referee.notation.terminals`
and each deck's parser), never copies.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from referee.api.errors import ApiError
from referee.api.live import tokens
from referee.cards import DECKS
from referee.knobs import shown
from referee.messages import render
from referee.notation.parser import deck_parser
from referee.notation.terminals import keyword_of

PUNCTUATION = '"\\[]#'  # never in a name (the notation's tags and comments)
# Scripts that are written together (Japanese, Korean, Chinese with Latin letters):
# a name may mix the scripts of one of these sets, and no others.
TOGETHER = (frozenset({"LATIN", "CJK", "HIRAGANA", "KATAKANA"}),
            frozenset({"LATIN", "CJK", "HANGUL"}),
            frozenset({"LATIN", "CJK", "BOPOMOFO"}))


def folded(name: str) -> str:
    """The name as names are compared: NFC, then case folded."""
    return unicodedata.normalize("NFC", name).casefold()


def script_of(char: str) -> str | None:
    """The script of a letter (the first word of its Unicode name: LATIN, CYRILLIC,
    GREEK, CJK...); None for what is no letter (digits, marks, ``_``)."""
    if not unicodedata.category(char).startswith("L"):
        return None
    name = unicodedata.name(char, "")
    return name.split(" ", 1)[0] if name else None


def mixes_scripts(name: str) -> bool:
    scripts = {s for s in map(script_of, name) if s is not None}
    return len(scripts) > 1 and not any(scripts <= together for together in TOGETHER)


@cache
def _card_patterns() -> tuple[re.Pattern[str], ...]:
    """Each deck's ``CARD`` terminal, compiled to match in any case."""
    patterns = []
    for deck in DECKS.values():
        regexp = deck_parser(deck).parser().get_terminal("CARD").pattern.to_regexp()
        patterns.append(re.compile(regexp, re.IGNORECASE))
    return tuple(patterns)


def reads_as_card(name: str) -> bool:
    """``name`` is a card of some deck, in any case (``7h``, ``jk``, ``10O``)."""
    return any(p.fullmatch(name) is not None for p in _card_patterns())


def bad(key: str, lang: str, hint: str | None = None, **params: Any) -> ApiError:
    details = {} if hint is None else {"hint": hint}
    return ApiError(400, render(key, params, lang), details=details)


def check_name(name: str, lang: str) -> None:
    """One name alone (400 with a hint for a name no table takes)."""
    if not name.strip():
        raise bad("live.error.empty_name", lang)
    if any(ch.isspace() for ch in name):
        joined = "_".join(name.split())
        raise bad("live.error.name_space", lang, joined, name=shown(name), joined=joined)
    if name != name.strip() or any(ch in PUNCTUATION for ch in name):
        raise bad("live.error.bad_name", lang, name=shown(name))
    if folded(name) == tokens.SCRIBE:
        raise bad("live.error.scribe_name", lang, name=name)
    if mixes_scripts(name):
        scripts = sorted({s for s in map(script_of, name) if s is not None})
        raise bad("live.error.name_scripts", lang, name=shown(name),
                  scripts=", ".join(s.capitalize() for s in scripts))
    if reads_as_card(name):
        raise bad("live.error.name_card", lang, f"{name}_", name=name, other=f"{name}_")
    if keyword_of(name) is not None:
        other = name.capitalize() + "_"
        raise bad("live.error.name_keyword", lang, other, name=name, other=other)


def check_players(players: Sequence[str], lang: str, taken: Iterable[str] = (),
                  twice: str = "live.error.name_twice") -> None:
    """Every name of ``players`` (:func:`check_name`), none the same as another or as one
    of ``taken`` once folded (``twice``: the message key of a name given twice, with
    ``name`` and ``other``)."""
    seen = {folded(name): name for name in taken}
    for name in players:
        check_name(name, lang)
        key = folded(name)
        if key in seen:
            raise bad(twice, lang, name=shown(name), other=shown(seen[key]))
        seen[key] = name
