"""The reader's fast path: the grammar with each event's line end folded into its last token.

``grammar/rummy.lark`` ends every event with ``_NL`` (the line end, a trailing
comment, the blank lines after it): a token of its own, a fifth of all the lexer's
matches. :func:`fold_newlines` derives from that grammar, mechanically, one whose
event rules end with ``X_NL`` terminals instead, each defined as ``X _NL``: the same
language, one token fewer per event (docs/performance.md). The grammar file stays
the one definition; this is written from it.

:func:`parse` reads a game with the folded grammar; when that fails it reads the
game again with the grammar file's parser, whose syntax error (or result) is the
answer, so every syntax error message, column and caret is the grammar file's,
whatever the folded grammar would have said.

:func:`fold_lines` also reads each whole ``tag``, ``deal`` and ``stock:`` line as one
token where it can (``TAG_LINE.3: TAG_OPEN TAG_NAME TAG_VALUE _TAG_CLOSE _NL``, tried
before any keyword), the rule's own terminals staying as the other alternative: a line
the one-token form does not match is read token by token, as the grammar file reads
it. These lines never repeat, so the line memo (:mod:`referee.notation.memo`) leaves
them to Lark in every game.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from referee.notation import parser
from referee.notation.events import Call, Deal, Discard, Draw, Layoff, Meld, Tag, Take
from referee.notation.lark_private import terminal_regexp
from referee.notation.reducers import BLANKS, GameText, Records, StockLine, unquote

if TYPE_CHECKING:
    from lark import Lark

# The last item of an event alternative before its _NL: ``(A | B)?``, ``A?`` or ``A``.
_LAST = re.compile(r"(?:\((?P<alts>[A-Z_]+(?: \| [A-Z_]+)*)\)\?|(?P<opt>[A-Z_]+)\?|"
                   r"(?P<one>[A-Z_]+)) _NL(?= +->)")
_EVENT_BLOCK = re.compile(r"^!event:.*?(?=^\S|\Z)", re.MULTILINE | re.DOTALL)


def fold_newlines(grammar: str) -> str:
    """``grammar`` with the line end of every event alternative folded into its last
    terminal (``discard CARD _NL`` to ``discard CARD_NL``, ``CARD_NL: CARD _NL``)."""
    block = _EVENT_BLOCK.search(grammar)
    if block is None:
        raise ValueError("the grammar has no !event rule")
    folded: list[str] = []

    def nl(name: str) -> str:
        if name not in folded:
            folded.append(name)
        return name + "_NL"

    def fold(match: re.Match[str]) -> str:
        if match["alts"]:
            return "(" + " | ".join([nl(a) for a in match["alts"].split(" | ")] + ["_NL"]) + ")"
        if match["opt"]:
            return f"({nl(match['opt'])} | _NL)"
        return nl(match["one"])

    events, count = _LAST.subn(fold, block.group())
    if count != events.count("->"):
        raise ValueError("an event alternative does not end with a terminal and _NL")
    terminals = "".join(f"{name}_NL: {name} _NL\n" for name in folded)
    return grammar[: block.start()] + events + "\n" + terminals + "\n" + grammar[block.end():]


# Rules read as one token where the whole line matches: made of terminals, ending with _NL.
LINE_RULES = ("tag", "deal", "stock")
LINE_PRIORITY = 3  # above the keywords' 2: the whole line is tried before its first word


def fold_lines(grammar: str) -> str:
    """``grammar`` with each of :data:`LINE_RULES` (``deal: DEAL NAME _COLON CARDS _NL``)
    given a one-token alternative (``deal: DEAL_LINE | DEAL NAME _COLON CARDS _NL`` and
    ``DEAL_LINE.3: DEAL NAME _COLON CARDS _NL``).

    The same language: the terminal is the rule's terminals one after the other, each of
    which the lexer is offered alone after the one before it (its whole line is one way
    to cut it), and where it does not match, the lexer offers the rule's first terminal
    as before (``deal`` followed by anything else is still the keyword)."""
    for rule in LINE_RULES:
        found = _line_rule(grammar, rule)
        terms, name = " ".join([*found.group("terms").split(), "_NL"]), line_terminal(rule)
        grammar = (grammar[: found.start()] + f"{rule}: {name} | {terms}\n"
                   + f"{name}.{LINE_PRIORITY}: {terms}" + grammar[found.end():])
    return grammar


def line_terminal(rule: str) -> str:
    """The one-token terminal of a rule of :data:`LINE_RULES`: ``tag`` to ``TAG_LINE``."""
    return rule.upper() + "_LINE"


def _line_rule(grammar: str, rule: str) -> re.Match[str]:
    """The line of ``rule`` in ``grammar``, folded or not (``deal: [DEAL_LINE | ]DEAL NAME
    _COLON CARDS _NL``); its group ``terms`` holds the rule's terminals before ``_NL``."""
    found = re.search(rf"^{rule}: (?:{line_terminal(rule)} \| )?(?P<terms>(?:[A-Z_]+ )+)_NL$",
                      grammar, re.MULTILINE)
    if found is None:
        raise ValueError(f"the grammar's {rule} rule is not terminals and _NL")
    return found


@cache
def _line_parts(rule: str) -> tuple[re.Pattern[str], tuple[str, ...]]:
    """A regular expression that cuts a rule's one-token line into its terminals, and the
    names of its groups that hold them, in order (``_NL`` left out). The grammar's own
    terminals, so it cuts a token's text as the token's terminal matched it; the last
    one is the rest of the line before its end (a ``#`` or a line break, which none of
    these lines' last terminals, ``]`` and CARDS, holds): its expression, CARDS's long
    one, is not compiled again."""
    *names, _last = _line_rule(folded_grammar(), rule).group("terms").split()
    groups = tuple(f"t{at}" for at in range(len(names) + 1))
    return re.compile("".join(f"(?P<{group}>{terminal_expression(name)})"
                              for group, name in zip(groups, names, strict=False))
                      + f"(?P<{groups[-1]}>[^#\r\n]*)"), groups


_EXPRESSIONS: dict[str, str] = {}  # terminal -> its expression, as the parser compiles it


def terminal_expression(name: str) -> str:
    """The regular expression the folded grammar's parser compiles for its terminal
    ``name`` (:func:`~referee.notation.lark_private.terminal_regexp`): asked of the
    parser once, or kept from an earlier process (:func:`keep_expressions`), so a game the
    line memo reads whole needs no parser loaded."""
    found = _EXPRESSIONS.get(name)
    if found is None:
        found = _EXPRESSIONS[name] = terminal_regexp(get_folded_parser(), name)
    return found


def keep_expressions(kept: dict[str, str]) -> None:
    """Take the expressions an earlier process asked of the same grammar's parser
    (:mod:`referee.notation.lessons` says when it is the same)."""
    for name, expression in kept.items():
        if isinstance(name, str) and isinstance(expression, str):
            _EXPRESSIONS.setdefault(name, expression)


def known_expressions() -> dict[str, str]:
    """The terminals' expressions known so far (a copy), to be kept."""
    return dict(_EXPRESSIONS)


@cache
def line_groups(rule: str) -> re.Pattern[str]:
    """The one-token line terminal of ``rule`` (``TAG_LINE`` for ``tag``) with each of the
    rule's terminals, ``_NL`` last, in a group of its own (``t0``, ``t1``...): the line
    terminal's expression is those terminals' expressions one after the other (checked
    here), so this matches exactly what the terminal matches, and cuts it as
    :func:`text_parts` would, in one match."""
    names = [*_line_rule(folded_grammar(), rule).group("terms").split(), "_NL"]
    parts = [terminal_expression(name) for name in names]
    if "".join(parts) != terminal_expression(line_terminal(rule)):
        raise ValueError(f"{line_terminal(rule)} is not the {rule} rule's terminals in a row")
    return re.compile("".join(f"(?P<t{at}>{part})" for at, part in enumerate(parts)))


def line_parts(rule: str, token: Any) -> tuple[str, ...]:
    """The texts of the terminals a one-token line of ``rule`` is made of, in order."""
    return text_parts(rule, token.value)


def text_parts(rule: str, text: str) -> tuple[str, ...]:
    """The texts of the terminals a one-token line of ``rule`` is made of, from its text."""
    pattern, groups = _line_parts(rule)
    found = pattern.match(text)
    assert found is not None, "a one-token line is its terminals one after the other"
    return cast(tuple[str, ...], found.group(*groups))


def tag_of(parts: tuple[str, ...], line: int, column: int) -> Tag:
    """The tag of a one-token tag line cut in its ``parts`` (:func:`line_parts`), at
    ``line`` and ``column``."""
    _, name, value, _ = parts
    return Tag(name.rstrip(BLANKS), unquote(value.rstrip(BLANKS)), line, column)


def _body(value: str) -> str:
    """A folded token's text before its line end's comment (a card, a name or a number
    never holds ``#``); the blanks and line ends left are split off by the callers."""
    return value.partition("#")[0] if "#" in value else value


class FoldedRecords(Records):
    """The reducers of the folded grammar: the events' last token also holds the line
    end, a tag, deal or stock line may be one token (cut by :func:`line_parts`);
    everything else reduces as :class:`~referee.notation.reducers.Records`."""

    def tag(self, items: list[Any]) -> Tag:
        if len(items) > 1:
            return super().tag(items)
        line = items[0]
        return tag_of(line_parts("tag", line), line.line + self._local.offset, line.column)

    def deal(self, items: list[Any]) -> Deal:
        if len(items) > 1:
            return super().deal(items)
        line = items[0]
        _, player, _, cards = line_parts("deal", line)
        return Deal(player.rstrip(BLANKS), self.cards(cards),
                    line.line + self._local.offset, line.column)

    def stock(self, items: list[Any]) -> StockLine:
        if len(items) > 1:
            return super().stock(items)
        line = items[0]
        _, _, cards = line_parts("stock", line)
        return StockLine(self.cards(cards), line.line + self._local.offset, line.column)

    def draw(self, items: list[Any]) -> Draw:
        player, card = items[0], items[2]  # CARD_NL, UNSEEN_NL or _NL
        return Draw(player.value.rstrip(BLANKS), player.line + self._local.offset,
                    player.column,
                    self.card_at_start(card.value) if card.type == "CARD_NL" else None)

    def take(self, items: list[Any]) -> Take:
        player, pile = items[0], items[2]  # PILE_NL or _NL
        cards = self.pile(_body(pile.value)) if pile.type == "PILE_NL" else None
        return Take(player.value.rstrip(BLANKS), player.line + self._local.offset,
                    player.column, cards)

    def meld(self, items: list[Any]) -> Meld:
        player, cards = items[0], items[2]
        return Meld(player.value.rstrip(BLANKS), player.line + self._local.offset,
                    player.column, self.cards(_body(cards.value)))

    def layoff(self, items: list[Any]) -> Layoff:
        player, card, number = items[0], items[2], items[4]
        return Layoff(player.value.rstrip(BLANKS), player.line + self._local.offset,
                      player.column, self.card(card.value), int(_body(number.value)))

    def discard(self, items: list[Any]) -> Discard:
        player, card = items[0], items[2]
        return Discard(player.value.rstrip(BLANKS), player.line + self._local.offset,
                       player.column, self.card_at_start(card.value))

    def call(self, items: list[Any]) -> Call:
        player, accused = items[0], items[2]
        return Call(player.value.rstrip(BLANKS), player.line + self._local.offset,
                    player.column, _body(accused.value).rstrip())


FOLDED_RECORDS = FoldedRecords()
"""The folded grammar's parser's reducers (shared as
:data:`~referee.notation.parser.RECORDS` is)."""


@cache
def folded_grammar() -> str:
    return fold_lines(fold_newlines(parser.grammar_text()))


def build_folded_parser(*, cython: bool = True, strict: bool = True) -> Lark:
    """The folded grammar's parser, built afresh (the tests build it strict)."""
    return parser.build_parser(cython=cython, strict=strict, grammar=folded_grammar(),
                               transformer=FOLDED_RECORDS)


@cache
def get_folded_parser() -> Lark:
    """The folded grammar's parser, cached as :func:`~referee.notation.parser.get_parser`
    is (its own file, ``rummy-folded-HASH.pickle``)."""
    return parser.cached_parser(folded_grammar(), FOLDED_RECORDS, "rummy-folded")


def parse_folded(text: str, line_offset: int) -> list[GameText]:
    """The games of ``text`` read with the folded grammar; raises its error as it is."""
    FOLDED_RECORDS.set_line_offset(line_offset)
    return cast(list[GameText], get_folded_parser().parse(text))


def parse(text: str, line_offset: int) -> list[GameText]:
    """:func:`referee.notation.parser.parse`'s games, read with the folded grammar; a text
    it cannot read is read again by the grammar file's parser, which raises its error."""
    from lark.exceptions import UnexpectedInput  # Lark reads now (imported here if not before)

    try:
        return parse_folded(text, line_offset)
    except UnexpectedInput:
        return parser.parse(text, line_offset)
