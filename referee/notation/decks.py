"""A game's cards read under its deck (RULES.md §13): one grammar and parser per deck.

The same text means other cards under other decks (``10c``: the ten of clubs, or the
sota de copas), and what is a card at all depends on the deck (``7o`` is no French
card, ``8o`` no card of the 40-card Spanish deck). So each deck reads with a grammar
of its own: ``grammar/rummy.lark`` with its card terminals written for that deck
(:func:`deck_grammar`: the ranks and suits of the deck, nothing else changed), whose
parsers reduce with reducers of their own (:class:`~referee.notation.reducers.CardTokens`
over :meth:`referee.cards.Deck.parse`) and are cached as the French ones are. The
French deck's are the grammar file's own (:mod:`referee.notation.parser`,
:mod:`referee.notation.folded`), untouched.

Which deck a game's cards are read under is said by its tags, before its first deal
or event line (:func:`deck_of`): the ``Deck`` knob of the game its ``Game`` tag names,
wherever the ``Deck`` tag stands among the game's tags, unless the caller's knobs
(``--set Deck=...``, the API's ``Deck`` query) set it. A game whose game has no
``Deck`` knob (argentino) is read under the French deck.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, cast

from referee.cards import FRENCH, Deck
from referee.notation import folded, parser
from referee.notation.reducers import CardTokens, GameText, Records, unquote

if TYPE_CHECKING:
    from lark import Lark

Parse = Callable[[str, int], list[GameText]]

DECK_KNOB = "Deck"  # the knob that names a game's deck (RULES.md §13)

# The card terminals of grammar/rummy.lark, as the deck-free parts of its text.
_FRENCH_RANK = "(?:10|[2-9AJQKT])"
_FRENCH_SUIT = "(?:[cdhs]|[♣♦♥♠♧♢♡♤][\\ufe0e\\ufe0f]?)"
_RANK_LINE = '_RANK: "10" | /[2-9AJQKT]/'


def rank_expression(deck: Deck) -> str:
    """A regular expression of the deck's rank texts (the longer first)."""
    if not deck.spanish:
        return _FRENCH_RANK
    units = "".join(str(int(rank)) for rank in deck.ranks if int(rank) < 10)
    return f"(?:1[0-2]|[{units}A])"


def deck_grammar(deck: Deck) -> str:
    """``grammar/rummy.lark`` with its cards written for ``deck`` (the French deck: the
    file as it is)."""
    grammar = parser.grammar_text()
    if not deck.spanish:
        return grammar
    rank, suit = rank_expression(deck), "[oceb]"
    out = grammar.replace(_FRENCH_RANK, rank).replace(_FRENCH_SUIT, suit)
    out = out.replace(_RANK_LINE, f"_RANK: /{rank}/")
    if out.count(rank) < 5 or _FRENCH_SUIT in out or _RANK_LINE in out:
        raise ValueError("grammar/rummy.lark's card terminals are not where decks.py looks")
    return out


class DeckNotation:
    """The parsers of one deck's grammar and their reducers; ``read`` reads a game (the
    folded grammar, then the grammar file's for what that cannot read), ``read_folded``
    with the folded grammar alone, ``parse`` with the grammar file's (its error as it
    is)."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        cards = CardTokens(deck.parse)
        self.records = Records(cards)
        self.folded_records = folded.FoldedRecords(cards)
        self.grammar = deck_grammar(deck)

    @cache  # noqa: B019 (one object per deck, for the process's life)
    def parser(self) -> Lark:
        return parser.cached_parser(self.grammar, self.records, f"rummy-{self.deck.name}")

    @cache  # noqa: B019
    def folded_parser(self) -> Lark:
        grammar = folded.fold_lines(folded.fold_newlines(self.grammar))
        return parser.cached_parser(grammar, self.folded_records,
                                    f"rummy-folded-{self.deck.name}")

    def parse(self, text: str, line_offset: int) -> list[GameText]:
        self.records.set_line_offset(line_offset)
        return cast(list[GameText], self.parser().parse(text))

    def read_folded(self, text: str, line_offset: int) -> list[GameText]:
        self.folded_records.set_line_offset(line_offset)
        return cast(list[GameText], self.folded_parser().parse(text))

    def read(self, text: str, line_offset: int) -> list[GameText]:
        from lark.exceptions import UnexpectedInput

        try:
            return self.read_folded(text, line_offset)
        except UnexpectedInput:
            return self.parse(text, line_offset)


class _French(DeckNotation):
    """The French deck's: the grammar file's parsers themselves."""

    def __init__(self) -> None:
        self.deck = FRENCH

    def parse(self, text: str, line_offset: int) -> list[GameText]:
        return parser.parse(text, line_offset)

    def read_folded(self, text: str, line_offset: int) -> list[GameText]:
        return folded.parse_folded(text, line_offset)

    def read(self, text: str, line_offset: int) -> list[GameText]:
        return folded.parse(text, line_offset)


_FRENCH_NOTATION = _French()


@cache
def _spanish(deck: Deck) -> DeckNotation:
    return DeckNotation(deck)


def notation(deck: Deck) -> DeckNotation:
    """The parsers that read ``deck``'s cards."""
    return _FRENCH_NOTATION if deck is FRENCH else _spanish(deck)


# --------------------------------------------------------------------------- a game's deck

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
