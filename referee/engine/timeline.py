"""The table after every line of a game: what a step-through replay shows.

``timeline(record, overrides, series)`` gives one
:class:`~referee.engine.views.TableView` for the start of the game (the table as
dealt, at the game's first line) and one after each event, in line order, from a
single replay: each view equals :func:`referee.engine.replay_to` at its line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from referee.engine.audit import Series, make_referee
from referee.notation.events import GameRecord

if TYPE_CHECKING:
    from referee.engine.views import TableView


def event_lines(record: GameRecord) -> list[int]:
    """The lines of the game that hold an event, in order."""
    return [event.line for event in record.events]


def timeline(record: GameRecord, overrides: Mapping[str, str] | None = None,
             series: Series | None = None) -> list[TableView]:
    """The start of the game, then the table after each event.

    Raises ``ValueError`` like :func:`referee.engine.replay_to` for a game the engine
    cannot replay (no players...), and ``KnobError`` for a bad override. ``series``
    carries the file's earlier games (argentino's matches).
    """
    made = make_referee(record, overrides, series)
    if made is None:
        raise ValueError("this game cannot be replayed (see its syntax errors)")
    ref = made[2]
    return [ref.view(), *ref.iter_play(record.events)]
