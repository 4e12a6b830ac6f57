"""Hovers: what the word under the pointer is, as the referee sees it at that line.

- a card: what it is (a joker or a wild 2 with what it stands for), and on a discard
  that is a pegue, the table meld it fits;
- a meld number (``on 2``): that meld's owner, kind, cards and the line it was laid;
- a player's name: their hand after that line (the cards the log shows, and how
  many it does not);
- a tag: a house rule's meaning, its default and its value in this game; another
  tag's meaning.
"""

from __future__ import annotations

from typing import Any

from lsprotocol import types as lsp

from referee.cards import Card, CardError
from referee.games import find_game, games
from referee.knobs import all_knobs, json_value, knob_name
from referee.lsp.analysis import Analysis, Game
from referee.lsp.cursor import CARD, MELD, PLAYER, TAG_NAME, TAG_VALUE, Spot, spot_at
from referee.lsp.lines import Lines
from referee.lsp.tables import event_on, pegue_fit, table_after, table_before
from referee.messages import entry_of, noted, render
from referee.notation.events import Discard


def hover(analysis: Analysis, lines: Lines, line: int, column: int,
          lang: str) -> lsp.Hover | None:
    """The hover at character ``column`` (0-based) of ``line`` (1-based), or None."""
    spot = spot_at(lines.text(line), column)
    if spot is None:
        return None
    game = analysis.game_at(line)
    body = _body(spot, analysis, game, line, lang)
    if body is None:
        return None
    return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=body),
                     range=lines.span(line, spot.start, spot.end))


def _body(spot: Spot, analysis: Analysis, game: Game | None, line: int,
          lang: str) -> str | None:
    if spot.kind in (TAG_NAME, TAG_VALUE):
        return tag_text(spot.tag or "", analysis, game, lang)
    if game is None:
        return None
    if spot.kind == CARD:
        return card_hover(spot, analysis, game, line, lang)
    if spot.kind == MELD:
        return meld_text(spot.word, analysis, game, line, lang)
    if spot.kind == PLAYER:
        return hand_text(spot.word, analysis, game, line, lang)
    return None


def card_name(card: Card, lang: str) -> str:
    """What a card is, in words: ``king of hearts``, ``a joker standing for 6h (...)``."""
    if card.is_joker:
        if card.stands_for is None:
            return render("lsp.joker", None, lang)
        return render("lsp.joker_for", {"card": card.stands_for,
                                        "name": card_name(card.stands_for, lang)}, lang)
    assert card.rank is not None and card.suit is not None
    if card.suit.spanish:
        from referee.cards import card_name as named

        return named(card, lang)
    name = render("lsp.card", {"rank": render(f"lsp.rank.{int(card.rank)}", None, lang),
                               "suit": render(f"lsp.suit.{card.suit.value}", None, lang)},
                  lang)
    if card.stands_for is None:
        return name
    return render("lsp.two_for", {"name": name, "card": card.stands_for,
                                  "target": card_name(card.stands_for, lang)}, lang)


def card_hover(spot: Spot, analysis: Analysis, game: Game, line: int,
               lang: str) -> str | None:
    try:
        card = analysis.record(game).deck.parse(spot.word)
    except CardError:
        return None
    text = f"**{card}**: {card_name(card, lang)}"
    event = event_on(analysis.record(game), line)
    if isinstance(event, Discard) and event.card == card:
        fit = pegue_fit(analysis, game, line, card)
        if fit is not None:
            text += "\n\n" + render("lsp.pegue", {"meld": fit.number, "cards": fit.cards,
                                                  "owner": fit.owner, "line": fit.line}, lang)
    return text


def meld_text(word: str, analysis: Analysis, game: Game, line: int, lang: str) -> str | None:
    if not (word.isascii() and word.isdigit()):
        return None
    number = int(word)
    view = table_before(analysis, game, line)
    if view is None:
        return None
    meld = next((m for m in view.melds if m.number == number), None)
    if meld is None:
        return render("lsp.no_meld", {"number": number}, lang)
    head = render("lsp.meld", {"number": number, "owner": meld.owner, "line": meld.line,
                               "kind": render(f"lsp.kind.{meld.kind}", None, lang)}, lang)
    cards = render("lsp.meld.cards", {"cards": " ".join(str(c) for c in meld.cards)}, lang)
    return f"**{head}**\n\n{cards}"


def hand_text(player: str, analysis: Analysis, game: Game, line: int,
              lang: str) -> str | None:
    view = table_after(analysis, game, line)
    if view is None or player not in view.hands:
        return None
    hand = view.hands[player]
    head = render("lsp.hand", {"player": player, "line": line, "count": hand.size}, lang)
    parts = [f"**{head}**"]
    if hand.known:
        parts.append(render("lsp.hand.known", {"cards": " ".join(str(c) for c in hand.known)},
                            lang))
    if hand.hidden:
        parts.append(render("lsp.hand.hidden", {"count": hand.hidden}, lang))
    if player in view.out:
        parts.append(render("lsp.hand.out", None, lang))
    return "\n\n".join(parts)


def shown_value(value: Any) -> str:
    """A knob's value as a tag would spell it."""
    value = json_value(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else str(value)


def tag_text(name: str, analysis: Analysis, game: Game | None, lang: str) -> str | None:
    """A tag's meaning; for a house rule, its default and its value in this game."""
    knob = knob_name(name)
    if knob is None:
        key = f"lsp.tag.{name}"
        if entry_of(key) is None:
            return None
        return render("lsp.tag", {"name": name, "help": render(key, None, lang)}, lang)
    record = None if game is None else analysis.record(game)
    variant = find_game(None if record is None else record.ruleset)
    every = games()
    having = [variant] if variant is not None and variant.has_knob(knob) else [
        every[g] for g in all_knobs()[knob].games]
    meaning = noted(f"report.knob.{knob}", lang)
    parts = [f"**{render('lsp.knob', {'name': knob, 'help': meaning}, lang)}**"]
    for each in having:
        default = shown_value(each.defaults_json()[knob])
        label = "" if len(having) == 1 else f"{render(f'report.variant.{each.name}', None, lang)}: "
        parts.append(label + render("lsp.knob.default", {"value": default}, lang))
    if record is not None and variant is not None and variant.has_knob(knob):
        config = variant.config(record.tag_values, len(record.players))
        parts.append(render("lsp.knob.here", {"value": shown_value(getattr(config, knob))},
                            lang))
    return "\n\n".join(parts)
