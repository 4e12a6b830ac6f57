"""Which deck a game's cards are read under (RULES.md §13), found before it is parsed.

The same text means other cards under other decks (``10c``: the ten of clubs, or the
sota de copas), and what is a card at all depends on the deck (``7o`` is no French
card, ``8o`` no card of the 40-card Spanish deck). So each deck has its own parser
(:mod:`referee.notation.parser`: the grammar with that deck's card terminals).

Which deck a game's cards are read under is said by its tags, before its first deal
or event line (:func:`deck_of`): the ``Deck`` knob of the game its ``Game`` tag names,
wherever the ``Deck`` tag stands among the game's tags, unless the caller's knobs
(``--set Deck=...``, the API's ``Deck`` query) set it. A game whose game has no
``Deck`` knob (argentino) is read under the French deck.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import cast

from referee.cards import FRENCH, Deck
from referee.notation.reducers import unquote

DECK_KNOB = "Deck"  # the knob that names a game's deck (RULES.md §13)

# The lines a game starts with: tags, blank and comment lines (the tags' block).
# (``*+``: possessive, no backtracking record per line: a million blank lines cost nothing.)
# A blank line is any whitespace but the newline (``\r`` too), as when the text is cut
# into games (:mod:`referee.notation.pieces`): a block of tags goes on past it.
_HEAD = re.compile(r"(?:\ufeff?(?:[ \t]*+(?:\[|#)[^\n]*+|[^\S\n]*+)\n)*+")
_DECK_TAG = re.compile(r"^[\ufeff]?[ \t]*\[[ \t]*deck\b", re.IGNORECASE | re.MULTILINE)
_TAG = re.compile(r'^[\ufeff]?[ \t]*\[[ \t]*([^\W\d_]\w*)[ \t]*("(?:[^"\\\n]|\\["\\])*")',
                  re.MULTILINE)


def head_end(text: str) -> int:
    """Where a game's leading block of tag, blank and comment lines ends."""
    found = _HEAD.match(text)
    return 0 if found is None else found.end()


def deck_of(text: str, knobs: Mapping[str, str] | None = None) -> Deck | None:
    """The deck the game in ``text`` (a piece: its tags first) is read under; None when
    its deck cannot be known (a bad ``Deck`` value: its cards are not read, RULES.md
    §13). ``knobs``: the caller's, which win over the tags."""
    wanted = None
    if knobs:
        wanted = next((value for name, value in knobs.items()
                       if name.lower() == DECK_KNOB.lower()), None)
    end = head_end(text)
    if wanted is None and _DECK_TAG.search(text, 0, end) is None:
        return FRENCH  # the usual game: no Deck tag, no Deck knob
    from referee.games import find_game
    from referee.knobs import KnobError

    tags: dict[str, str] = {}
    for found in _TAG.finditer(text, 0, end):
        name = found.group(1)
        key = DECK_KNOB if name.lower() == DECK_KNOB.lower() else name
        tags.setdefault(key, unquote(found.group(2)))
    variant = find_game(tags.get("Game", ""))
    reader = None if variant is None else variant.knob_readers().get(DECK_KNOB)
    if reader is None:
        return FRENCH  # no game, or a game without decks: its Deck tag is an unknown tag
    tag = tags.get(DECK_KNOB)
    try:
        if tag is not None:
            reader(tag)  # a bad value is a syntax error at its tag, whatever the knobs say
        value = wanted if wanted is not None else tag
        return FRENCH if value is None else cast(Deck, reader(value))
    except KnobError:
        return None
