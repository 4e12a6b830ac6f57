"""Writing simulated games: records with the writer's line numbers, hidden records, text.

A simulated record has the layout of :func:`referee.notation.writer.format_game`:
the tags, a blank line, the ``deal`` lines in seat order, the ``up:`` line (Rummy
argentino), the ``stock:`` line, a blank line, then one event a line. Its line
numbers are those of that text, so auditing the record object and auditing the
text give findings at the same lines.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from referee.cards import Card
from referee.notation.events import Deal, Draw, Event, GameRecord, Tag
from referee.notation.writer import format_game

__all__ = ["build_record", "format_record", "hidden_record", "join_games"]


def build_record(
    index: int,
    header: Sequence[tuple[str, str]],
    players: tuple[str, ...],
    deals: Sequence[Sequence[Card]] | None,
    stock: Sequence[Card] | None,
    events: Sequence[Event],
    up: Card | None = None,
) -> GameRecord:
    """A full-information record (``deals`` None: no ``deal`` lines, ``stock`` None: no
    ``stock:`` line; ``up`` None: no ``up:`` line), numbered as the writer lays it out."""
    record = GameRecord(index=index, line=1, players=players)
    for name, value in header:
        record.tags[name] = Tag(name, value, 0, 1)
    if deals is not None:
        for name, cards in zip(players, deals, strict=True):
            record.deals[name] = Deal(name, tuple(cards), 0, 1)
    record.stock = None if stock is None else tuple(stock)
    record.up = up
    record.events = list(events)
    return number_lines(record, up_line=up is not None)


def number_lines(record: GameRecord, up_line: bool) -> GameRecord:
    """Give every line of ``record`` the number the writer's layout gives it (in place)."""
    line = record.line
    for name, tag in record.tags.items():
        record.tags[name] = replace(tag, line=line, column=1)
        line += 1
    line += 1  # the blank line after the tags
    setup = False
    for name, deal in record.deals.items():
        record.deals[name] = replace(deal, line=line, column=1)
        line += 1
        setup = True
    record.up_line = None
    if up_line:
        record.up_line = line
        line += 1
        setup = True
    record.stock_line = None
    if record.stock is not None:
        record.stock_line = line
        line += 1
        setup = True
    if setup:
        line += 1  # the blank line before the events
    record.events = [replace(e, line=line + i, column=1) for i, e in enumerate(record.events)]
    return record


def hidden_record(record: GameRecord) -> GameRecord:
    """The game as a table without a scribe at every seat would record it.

    No ``deal`` lines, no ``stock:`` line, and no drawn card named; the face-up
    card (``up:``), takes, melds, lay-offs and discards are public and stay.
    Line numbers follow the layout of :func:`format_record` for this record.
    """
    hidden = GameRecord(index=record.index, line=record.line, players=record.players)
    hidden.tags = dict(record.tags)
    hidden.up = record.up
    hidden.events = [replace(e, card=None) if isinstance(e, Draw) else e for e in record.events]
    return number_lines(hidden, up_line=record.up_line is not None)


def format_record(record: GameRecord, lang: str = "en", symbols: bool = False) -> str:
    """One game as ``.rummy`` text: the project writer's layout (ends with a newline).

    Unseen draws are written ``draw ??`` on even lines and a bare ``draw`` on odd
    ones, so hidden logs carry both forms. Line numbers match the records that the
    simulators and :func:`hidden_record` build.
    """
    text = format_game(record, lang, symbols)
    if any(isinstance(e, Draw) and e.card is None for e in record.events):
        text = _alternate_unseen(text)
    return text


def join_games(texts: Sequence[str]) -> str:
    """Several games' texts as one log, separated by a blank line."""
    return "\n".join(texts)


_DRAW_UNSEEN = re.compile(r"^(\S+ (?:draw|roba))(?: \?\?)?[ \t]*$")


def _alternate_unseen(text: str) -> str:
    lines = text.split("\n")
    for i, line in enumerate(lines):
        match = _DRAW_UNSEEN.match(line)
        if match:
            lines[i] = match.group(1) + (" ??" if (i + 1) % 2 == 0 else "")
    return "\n".join(lines)
