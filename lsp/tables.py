"""The table at a line of an open log: the engine's replay, in the game's context.

Hovers and completion ask what the table held at a line: the hands, the melds. The
engine answers (:func:`referee.engine.replay_to`, with the series the games before
left, so a hand knows its match), and the game itself says which meld a discard
would fit (:meth:`~referee.engine.game.Variant.discard_fit`, for a game that judges
discards against the table: the hover tells what the card fits whatever the house
rules make of it).
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.audit import make_referee, replay_to
from referee.cards import Card
from referee.engine.views import TableView
from referee.lsp.analysis import Analysis, Game
from referee.notation.events import Event, GameRecord


@dataclass(frozen=True, slots=True)
class Fit:
    """The table meld a discarded card fits."""

    number: int
    owner: str
    cards: str
    line: int


def event_on(record: GameRecord, line: int) -> Event | None:
    """The event written on ``line``, if any."""
    return next((event for event in record.events if event.line == line), None)


def table_after(analysis: Analysis, game: Game, line: int) -> TableView | None:
    """The table after ``line`` (None: the game cannot be replayed)."""
    try:
        return replay_to(analysis.record(game), line, None, analysis.series_before(game))
    except ValueError:
        return None


def table_before(analysis: Analysis, game: Game, line: int) -> TableView | None:
    """The table as the event on ``line`` found it."""
    return table_after(analysis, game, line - 1)


def pegue_fit(analysis: Analysis, game: Game, line: int, card: Card) -> Fit | None:
    """The meld that the card discarded on ``line`` fits, in a game that judges pegues."""
    record = analysis.record(game)
    made = make_referee(record, None, analysis.series_before(game))
    if made is None:
        return None
    variant, config, ref = made
    ref.play([event for event in record.events if event.line < line])
    meld = variant.discard_fit(ref.table.melds, card, config)
    if meld is None:
        return None
    return Fit(meld.number, meld.owner, meld.text(), meld.line)
