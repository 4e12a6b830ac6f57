"""Document symbols (one per game, its turns inside) and go-to-definition (from
``on N`` to the line that laid meld N)."""

from __future__ import annotations

from collections.abc import Sequence

from lsprotocol import types as lsp

from referee.lsp.analysis import Analysis, Game
from referee.lsp.completion import game_lang
from referee.lsp.cursor import MELD, spot_at
from referee.lsp.lines import Lines
from referee.lsp.tables import table_before
from referee.messages import render
from referee.notation.events import Event
from referee.notation.writer import format_event


def document_symbols(analysis: Analysis, lines: Lines, lang: str) -> list[lsp.DocumentSymbol]:
    return [game_symbol(analysis, game, lines, lang) for game in analysis.games]


def game_symbol(analysis: Analysis, game: Game, lines: Lines, lang: str) -> lsp.DocumentSymbol:
    """A game: named by its ``Event`` tag (else its number), its game and players as
    detail, its turns as children."""
    record = analysis.record(game)
    event = record.tags.get("Event")
    name = event.value if event is not None and event.value.strip() else render(
        "lsp.symbol.game", {"index": game.index}, lang)
    detail = " · ".join(part for part in (record.ruleset or "", " ".join(record.players)) if part)
    last = min(game.end_line, len(lines))
    whole = lsp.Range(lines.position(game.first_line, 0),
                      lines.position(last, len(lines.text(last))))
    words = game_lang(lines, game, lang)
    return lsp.DocumentSymbol(
        name=name, detail=detail, kind=lsp.SymbolKind.Namespace, range=whole,
        selection_range=lines.statement(game.first_line),
        children=[turn_symbol(number, turn, lines, lang, words)
                  for number, turn in enumerate(turns(record.events), 1)])


def turns(events: Sequence[Event]) -> list[list[Event]]:
    """The events cut where the player changes."""
    out: list[list[Event]] = []
    for event in events:
        if out and out[-1][-1].player == event.player:
            out[-1].append(event)
        else:
            out.append([event])
    return out


def turn_symbol(number: int, turn: list[Event], lines: Lines, lang: str,
                words: str) -> lsp.DocumentSymbol:
    player = turn[0].player
    first, last = turn[0].line, turn[-1].line
    detail = " · ".join(format_event(e, words)[len(e.player) + 1:] for e in turn)
    return lsp.DocumentSymbol(
        name=render("lsp.symbol.turn", {"number": number, "player": player}, lang),
        detail=detail, kind=lsp.SymbolKind.Event,
        range=lsp.Range(lines.position(first, 0), lines.position(last, len(lines.text(last)))),
        selection_range=lines.statement(first))


def definition(analysis: Analysis, lines: Lines, line: int, column: int,
               uri: str) -> lsp.Location | None:
    """From a meld number (``layoff 6h on 1``) to the line that laid that meld."""
    spot = spot_at(lines.text(line), column)
    game = analysis.game_at(line)
    if (spot is None or spot.kind != MELD or game is None
            or not (spot.word.isascii() and spot.word.isdigit())):
        return None
    view = table_before(analysis, game, line)
    number = int(spot.word)
    meld = None if view is None else next((m for m in view.melds if m.number == number), None)
    if meld is None:
        return None
    return lsp.Location(uri, lines.statement(meld.line))
