"""The table at a line of an open log: the engine's replay, in the game's context.

Hovers and completion ask what the table held at a line: the hands, the melds. The
engine answers (:func:`referee.engine.replay_to`, with the series the games before
left, so an argentino hand knows its match), and the rule itself says whether a
discard is a pegue (:func:`referee.variants.la51.discards.judge_pegue`, asked as if
``DiscardPegue`` were ``all``, since the hover tells what the card fits whatever the
house rule makes of it).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from referee.cards import Card
from referee.engine import replay_to
from referee.engine.audit import make_referee
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
    if made is None or "discard-pegue" not in made[0].rule_ids:
        return None
    _, config, ref = made
    ref.play([event for event in record.events if event.line < line])
    from referee.variants.knobs import DiscardPegue
    from referee.variants.la51.discards import judge_pegue

    every = dataclasses.replace(config, DiscardPegue=DiscardPegue.ALL)
    found = judge_pegue("", line, card.physical, True, ref.table.melds, every)
    if not found:
        return None
    number = int(found[0].params["meld"])
    meld = next(m for m in ref.table.melds if m.number == number)
    return Fit(number, meld.owner, str(found[0].params["meld_cards"]), meld.line)
