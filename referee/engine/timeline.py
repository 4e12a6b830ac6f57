"""The table after every line of a game: what a step-through replay shows.

``record_timeline(record, game, overrides, series)`` gives one
:class:`~referee.engine.views.TableView` for the start of the game (the table as
dealt, at the game's first line) and one after each event, in line order, from a
single replay: each view equals :func:`~referee.engine.audit.replay_record_to` at its
line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from referee.engine.audit import Series, make_referee
from referee.notation.events import GameRecord

if TYPE_CHECKING:
    from referee.engine.game import Variant
    from referee.engine.views import TableView


def event_lines(record: GameRecord) -> list[int]:
    """The lines of the game that hold an event, in order."""
    return [event.line for event in record.events]


def record_timeline(record: GameRecord, variant: Variant[Any] | None,
                    overrides: Mapping[str, str] | None = None,
                    series: Series | None = None) -> list[TableView]:
    """The start of the game, then the table after each event.

    Raises ``ValueError`` like :func:`~referee.engine.audit.replay_record_to` for a game
    the engine cannot replay (no players...), and ``KnobError`` for a bad override.
    ``series`` carries the file's earlier games (argentino's matches).
    """
    made = make_referee(record, variant, overrides, series)
    if made is None:
        raise ValueError("this game cannot be replayed (see its syntax errors)")
    ref = made[2]
    return [ref.view(), *ref.iter_play(record.events)]
