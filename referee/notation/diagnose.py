"""Syntax errors in words: what the parser expected, said as a player would.

A Lark error names grammar symbols; :func:`syntax_problem` turns it into a
message key of :mod:`referee.i18n.syntax` with its parameters (the word before
the error, the word at it), at the right line and column.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from lark.exceptions import UnexpectedCharacters, UnexpectedToken

from referee.cards import FRENCH, SPANISH_40, CardError, Deck
from referee.notation.controls import STRAY_CLASS, char_name, is_stray
from referee.notation.events import SyntaxProblem
from referee.notation.hints import did_you_mean
from referee.notation.pieces import Piece, clip
from referee.notation.terminals import (
    EVENT_KEYWORDS,
    KEYWORDS,
    SETUP_KEYWORDS,
    keyword_of,
    spellings,
    terminal,
)

_WORD = re.compile(r"[^\s#]+")
# The messages that show a card as an example (``expected a card like 7h or JK``).
_CARD_EXAMPLE = frozenset({"expected-card", "expected-card-draw", "expected-card-or-unseen",
                           "expected-take", "expected-card-or-end"})


def example_card(deck: Deck) -> str:
    """The card those messages show: the 7 of hearts, or of oros under a Spanish deck."""
    return "7h" if deck is FRENCH else "7o"


def syntax_problem(err: UnexpectedCharacters | UnexpectedToken, piece: Piece) -> SyntaxProblem:
    """A player-readable problem for a Lark error in ``piece``."""
    stray = _stray_at(err, piece)
    if stray is not None:
        return stray
    expected = set(err.expected if isinstance(err, UnexpectedToken) else err.allowed)
    before = err.token_history[-1] if err.token_history else None
    after = before.value.rstrip(" \t") if before is not None and before.type != "_NL" else ""
    if before is not None and before.type in ("CARDS", "PILE"):
        expected.add("CARD")  # a list of cards may go on with another card
        after = after[max(after.rfind(" "), after.rfind("\t")) + 1 :]  # the last card
    found = _WORD.match(piece.text, err.pos_in_stream or 0)
    key, params = _explain(expected, clip(after), None if found is None else found.group())
    if key in ("bad-card", "card-case") and found is not None:
        key, params = deck_card_problem(found.group(), piece.deck, key, params)
    if key in _CARD_EXAMPLE:
        params["card"] = example_card(piece.deck)
    where = before if key in _AT_WORD_BEFORE and before is not None else err
    return piece.problem(key, where.line + piece.line_offset, where.column, **params)


def _stray_at(err: UnexpectedCharacters | UnexpectedToken, piece: Piece) -> SyntaxProblem | None:
    """The problem of a stray control character (:mod:`referee.notation.controls`) that
    stopped the lexer: at the error, inside the word there (``7h\\x01``: the card's word
    goes on), or inside the tag value there (whose closing quote it keeps from being
    read); None when the error has another cause. (No token holds such a character: the
    grammar lets none into any terminal. But a token the parser refuses, ``7h`` where
    Lark's lexer falls back to every terminal and reads a name, may stop right before
    one: ``7h\\x7f`` is a card's word that goes on.)"""
    pos = err.pos_in_stream
    if pos is None:
        return None
    text = piece.text
    ends = [found.end() for pattern in (_VALUE_START, _RAW_WORD)
            if (found := pattern.match(text, pos)) is not None]  # (a value starts with ")
    at = next((end for end in sorted(ends) if end < len(text) and is_stray(text[end])), None)
    if at is None:
        return None
    return piece.problem("control-character", err.line + piece.line_offset,
                         err.column + at - pos, char=char_name(text[at]))


# Where a stray control character may stop the lexer after the error's position: the
# rest of a word (up to a blank, a line end or a comment), or of a tag value's text.
_RAW_WORD = re.compile(f"[^\\t \\r\\n#{STRAY_CLASS}]*")
_VALUE_START = re.compile(f'"(?:[^"\\\\\\r\\n{STRAY_CLASS}]|\\\\["\\\\])*')


# Messages about the word before the error (a keyword standing where a name belongs, a
# misspelt setup keyword read as a name).
_AT_WORD_BEFORE = frozenset({"missing-player", "setup-after-events", "unknown-setup-word:hint"})


def _explain(expected: set[str], after: str, found: str | None) -> tuple[str, dict[str, Any]]:
    """The message key and parameters for what the parser ``expected`` where it ``found`` a
    word (None: the end of the line), ``after`` the word before it."""
    if "PILE" in expected and "CARD" not in expected:  # right after `take`
        return _explain_take(after, found)
    if "CARDS" in expected:  # a list of cards starts with a card
        expected = (expected - {"CARDS"}) | {"CARD"}
    if expected & EVENT_KEYWORDS:
        return _explain_event_word(after, found)
    if "NAME" in expected and found is not None and len(_name_part(found)) > MAX_NAME:
        return "name-too-long", {"word": clip(found), "max": MAX_NAME}
    if "CARD" in expected:
        return _explain_card(expected, after, found)
    if "NAME" in expected:  # at the start of a line, or after `deal` or `call`
        if expected & {"TAG_OPEN", "DEAL"}:
            return "expected-line", {}
        return "expected-player", {"after": after}
    return _explain_other(expected, after, found)


def _explain_other(expected: set[str], after: str, found: str | None) -> tuple[str, dict[str, Any]]:
    if "TAG_OPEN" in expected:  # a tag, and nothing else: no game has started
        return "no-tags", {}
    if "TAG_VALUE" in expected and found is not None and found.startswith('"'):
        return "bad-tag-value", {}
    if "MELD_NUMBER" in expected and found is not None and found.isascii() and found.isdigit():
        return "meld-number-too-long", {"word": clip(found), "digits": MELD_NUMBER_DIGITS}
    for name, key in _EXPECTED_KEYS:
        if name in expected:
            return key, {"after": after}
    return "unexpected", {"after": after}


# The one thing the parser could take next, and the message that asks for it.
_EXPECTED_KEYS = (
    ("_ON", "expected-on"),
    ("MELD_NUMBER", "expected-meld-number"),
    ("TAG_NAME", "expected-tag-name"),
    ("TAG_VALUE", "expected-tag-value"),
    ("_TAG_CLOSE", "expected-tag-close"),
    ("_COLON", "expected-colon"),
    ("_NL", "expected-end"),
)


def _explain_event_word(name: str, found: str | None) -> tuple[str, dict[str, Any]]:
    """After the player's name: which event is missing, or what the name really was
    (with a "did you mean" for a keyword one or two letters off, in either language)."""
    keyword = keyword_of(name)
    if keyword in EVENT_KEYWORDS:
        return "missing-player", {"keyword": name}
    if keyword is not None:
        return "setup-after-events", {"keyword": name}
    if found is not None:
        hint = _closest(found, spellings(*_EVENT_KEYWORDS))
        if hint is not None:
            return "unknown-event-word:hint", {"word": clip(found), "hint": hint}
    hint = _closest(name, spellings(*SETUP_KEYWORDS))
    if hint is not None:  # `dael Ana: 7h`, `stok: 7h`: the name is a misspelt keyword
        return "unknown-setup-word:hint", {"word": name, "hint": hint}
    if found is None:
        return "expected-event", {}
    return "unknown-event-word", {"word": clip(found)}


_EVENT_KEYWORDS = tuple(name for name in KEYWORDS if name in EVENT_KEYWORDS)
MAX_NAME = 64  # grammar/rummy.lark: NAME
_NAME_PART = re.compile(f"[^\\s{STRAY_CLASS}!-,.\\/:-@\\[-^`{{-~]*")


def _name_part(word: str) -> str:
    """The characters a player's name may hold at the start of ``word``."""
    match = _NAME_PART.match(word)
    return match.group() if match is not None else ""


_closest = lru_cache(maxsize=1024)(did_you_mean)  # the same typo, line after line
MELD_NUMBER_DIGITS = 9  # grammar/rummy.lark: MELD_NUMBER


def _explain_card(expected: set[str], after: str, found: str | None) -> tuple[str, dict[str, Any]]:
    if found is not None:
        card = _case_fixed(found)
        if card != found and terminal("CARD").fullmatch(card):
            return "card-case", {"word": clip(found), "card": card}
        return "bad-card", {"word": clip(found)}  # say what ranks and suits there are
    if "UNSEEN" in expected:
        if "_NL" not in expected:  # `up:` names a card or ??
            return "expected-card-or-unseen", {"after": after}
        return "expected-card-draw", {"after": after}
    if "_NL" in expected:
        return "expected-card-or-end", {"after": after}
    return "expected-card", {"after": after}


def _explain_take(after: str, found: str | None) -> tuple[str, dict[str, Any]]:
    if found is not None:
        card = _case_fixed(found)
        if card != found and terminal("CARD").fullmatch(card):
            return "card-case", {"word": clip(found), "card": card}
        return "bad-card", {"word": clip(found)}
    return "expected-take", {"after": after}


def _case_fixed(word: str) -> str:
    """``word`` in a card's case: rank upper, suit lower (``7H`` -> ``7h``, ``jk`` -> ``JK``)."""

    def fix(card: str) -> str:
        return card.upper() if card.upper() == "JK" else card[:-1].upper() + card[-1:].lower()

    head, sep, tail = word.partition("=")
    return fix(head) + sep + (fix(tail) if sep else "")


# --- A word that is no card of the game's deck (RULES.md §13) -----------------------------

_FRENCH_SUITS = frozenset("dhs♣♦♥♠♧♢♡♤")
_LETTER_RANKS = frozenset("JQKT")


def _is_card(word: str, deck: Deck) -> bool:
    try:
        deck.parse(word.translate(_SELECTORS))
    except CardError:
        return False
    return True


_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")


_SPANISH_ONLY_RANKS = frozenset({"1", "11", "12"})
_SPANISH_ONLY_SUITS = frozenset("oeb")
_ANY_RANK = frozenset({*(str(n) for n in range(1, 13)), *"AJQKT"})


def _spanish_like(word: str) -> bool:
    """A word that would be a card but for a rank (1, 11, 12) or a suit (o, e, b) only the
    Spanish deck has (each card of a ``JK=...`` looked at)."""
    found = False
    for part in word.split("="):
        if part == "JK" or _is_card(part, FRENCH):
            continue
        rank, suit = part[:-1], part[-1:]
        if rank not in _ANY_RANK or not (suit in _FRENCH_SUITS or suit in "oceb"):
            return False
        if rank not in _SPANISH_ONLY_RANKS and suit not in _SPANISH_ONLY_SUITS:
            return False
        found = True
    return found


def deck_card_problem(word: str, deck: Deck, key: str,
                      params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """``bad-card`` or ``card-case`` said for the game's deck: under the French deck a
    Spanish card names ``[Deck "spanish-48"]``; under a Spanish deck a French suit, a
    letter rank (J, Q, K, T) or an 8 or 9 of the 40-card deck say why."""
    shown = clip(word)
    if not deck.spanish:
        if key == "bad-card" and _spanish_like(_case_fixed(word).translate(_SELECTORS)):
            return "bad-card:spanish", {"word": shown}
        return key, params
    fixed = _case_fixed(word)
    if fixed != word and _is_card(fixed, deck):
        return "card-case", {"word": shown, "card": fixed}
    for part in word.translate(_SELECTORS).split("="):
        if part == "JK" or _is_card(part, deck):
            continue
        rank, suit = part[:-1], part[-1:]
        if suit.lower() in _FRENCH_SUITS:
            return "bad-card:french-suit", {"word": shown}
        if rank.upper() in _LETTER_RANKS:
            return "bad-card:letter-rank", {"word": shown}
        if deck is SPANISH_40 and rank in ("8", "9"):
            return "bad-card:no-8-9", {"word": shown}
        break
    return "bad-card:spanish-deck", {"word": shown}
