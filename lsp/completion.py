"""Completion: what may be written next, as the game stands at that line.

Tag names (the standard tags, the game's own and its house rules) and a house
rule's values; player names from ``Players``; event keywords in the language the
game is written in (:func:`referee.lsp.locale.log_lang`); after ``discard``,
``meld`` or ``layoff``, the cards the log shows in the player's hand at that line;
after ``on``, the melds on the table.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from lsprotocol import types as lsp

from referee.games import find_game, games
from referee.knobs import STANDARD_TAGS, all_knobs, knob_name
from referee.lsp.analysis import Analysis, Game
from referee.lsp.cursor import (
    CARD,
    KEYWORD,
    LINE_START,
    MELD,
    ON,
    PLAYER,
    TAG_NAME,
    TAG_VALUE,
    Expecting,
    expecting,
)
from referee.lsp.hover import card_name, shown_value
from referee.lsp.lines import Lines
from referee.lsp.locale import log_lang
from referee.lsp.tables import table_before
from referee.messages import entry_of, render
from referee.notation.writer import KEYWORDS

if TYPE_CHECKING:
    from referee.engine.game import Variant

EVENT_WORDS = ("draw", "take", "meld", "layoff", "discard", "call")
SETUP_WORDS = ("deal", "stock", "up")
Item = tuple[str, lsp.CompletionItemKind, str]  # label, kind, detail


def completion(analysis: Analysis, lines: Lines, line: int, column: int,
               lang: str) -> lsp.CompletionList:
    """The completion at character ``column`` (0-based) of ``line`` (1-based)."""
    wanted = expecting(lines.text(line)[:column])
    if wanted is None:
        return lsp.CompletionList(is_incomplete=False, items=[])
    game = analysis.game_at(line)
    items = list(_items(wanted, analysis, game, lines, line, lang))
    edit_range = lines.span(line, wanted.start, column)
    folded = wanted.partial.casefold()
    return lsp.CompletionList(is_incomplete=False, items=[
        lsp.CompletionItem(label=label, kind=kind, detail=detail, sort_text=f"{order:04d}",
                           text_edit=lsp.TextEdit(edit_range, label))
        for order, (label, kind, detail) in enumerate(items)
        if label.casefold().startswith(folded)])


def _items(wanted: Expecting, analysis: Analysis, game: Game | None, lines: Lines, line: int,
           lang: str) -> Iterable[Item]:
    record = None if game is None else analysis.record(game)
    variant = find_game(None if record is None else record.ruleset)
    if wanted.kind == TAG_NAME:
        return tag_names(variant, lang)
    if wanted.kind == TAG_VALUE:
        return tag_values(wanted.tag or "", variant, () if record is None else record.players,
                          lang)
    if game is None or record is None:
        return []
    words = KEYWORDS[game_lang(lines, game, lang)]
    if wanted.kind == LINE_START:
        return [*players(record.players, lang), *(
            (words[w], lsp.CompletionItemKind.Keyword, render("lsp.completion.keyword", None,
                                                              lang)) for w in SETUP_WORDS)]
    if wanted.kind == KEYWORD:
        return [(words[w], lsp.CompletionItemKind.Keyword,
                 render("lsp.completion.keyword", None, lang)) for w in EVENT_WORDS]
    if wanted.kind == PLAYER:
        return players([p for p in record.players if p != wanted.player], lang, record.players)
    if wanted.kind == ON:
        return [(words["on"], lsp.CompletionItemKind.Keyword,
                 render("lsp.completion.keyword", None, lang))]
    if wanted.kind == CARD:
        return hand_cards(analysis, game, line, wanted, lang)
    if wanted.kind == MELD:
        return melds(analysis, game, line)
    return []


def game_lang(lines: Lines, game: Game, default: str) -> str:
    """The language of the game's keywords (``default`` when it has none yet)."""
    return log_lang(lines.lines[game.first_line - 1:game.end_line], default)


def players(names: Iterable[str], lang: str, seats: tuple[str, ...] | None = None) -> list[Item]:
    order = list(seats) if seats is not None else list(names)
    return [(name, lsp.CompletionItemKind.Variable,
             render("lsp.completion.player", {"seat": order.index(name) + 1}, lang))
            for name in names]


def tag_names(variant: Variant[Any] | None, lang: str) -> list[Item]:
    having = [variant] if variant is not None else list(games().values())
    own = [t for v in having for t in v.match_tags]
    knobs = [k for k in all_knobs() if any(v.has_knob(k) for v in having)]
    tag = render("lsp.completion.tag", None, lang)
    knob = render("lsp.completion.knob", None, lang)
    items: list[Item] = [(name, lsp.CompletionItemKind.Property, tag)
                         for name in dict.fromkeys([*STANDARD_TAGS, *own]) if name not in knobs]
    items += [(name, lsp.CompletionItemKind.Property, f"{knob}: "
               + render(f"report.knob.{name}", None, lang)) for name in knobs]
    return items


def tag_values(tag: str, variant: Variant[Any] | None, seated: tuple[str, ...],
               lang: str) -> list[Item]:
    """The values a tag takes: a house rule's (its choices, or its default), the games
    for ``Game``, the players (or ``*``) for ``Result``."""
    value = lsp.CompletionItemKind.Value
    if tag == "Game":
        return [(name, value, render(f"report.variant.{name}", None, lang))
                for name in games() if entry_of(f"report.variant.{name}") is not None]
    if tag == "Result":
        return [(name, value, "") for name in (*seated, "*")]
    knob = knob_name(tag)
    if knob is None:
        return []
    every = games()
    having = [variant] if variant is not None and variant.has_knob(knob) else [
        every[g] for g in all_knobs()[knob].games]
    found: dict[str, str] = {}
    for each in having:
        default = each.config_class.__dataclass_fields__[knob].default
        for choice in each.knob_readers()[knob].choices:
            found.setdefault(choice, "")
        shown = shown_value(default)
        found[shown] = render("lsp.knob.default", {"value": shown}, lang)
    return [(choice, value, detail) for choice, detail in found.items()]


def hand_cards(analysis: Analysis, game: Game, line: int, wanted: Expecting,
               lang: str) -> list[Item]:
    """The cards the log shows in the player's hand as this line finds it, less those
    already written on the line."""
    view = table_before(analysis, game, line)
    if view is None or wanted.player not in view.hands:
        return []
    left = list(view.hands[wanted.player].known)
    for word in wanted.typed:
        for card in left:
            if str(card) == word or str(card.physical) == word:
                left.remove(card)
                break
    detail = render("lsp.completion.in_hand", {"player": wanted.player}, lang)
    return [(str(card), lsp.CompletionItemKind.Value, f"{card_name(card, lang)} · {detail}")
            for card in dict.fromkeys(left)]


def melds(analysis: Analysis, game: Game, line: int) -> list[Item]:
    view = table_before(analysis, game, line)
    if view is None:
        return []
    return [(str(m.number), lsp.CompletionItemKind.Reference,
             f"{m.owner}: {' '.join(str(c) for c in m.cards)}") for m in view.melds]
