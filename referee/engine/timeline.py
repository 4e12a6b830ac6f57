"""The table after every line of a game: what a step-through replay shows.

``timeline(record, overrides)`` gives one :class:`~referee.results.TableView` for
the start of the game (the table as dealt, at the game's first line) and one
after each line that holds an event, in line order. It uses the engine's public
:func:`referee.engine.replay_to` once per line for now; an incremental replay
can take its place without changing the answer.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.engine.replay import replay_to
from referee.notation.events import GameRecord
from referee.results import TableView


def event_lines(record: GameRecord) -> list[int]:
    """The lines of the game that hold an event, in order, each once."""
    return sorted({event.line for event in record.events})


def timeline(record: GameRecord, overrides: Mapping[str, str] | None = None) -> list[TableView]:
    """The start of the game, then the table after each event line.

    Raises ``ValueError`` like :func:`replay_to` for a game the engine cannot
    replay (a ruleset it does not judge yet, no players...), and ``KnobError``
    for a bad override.
    """
    start = replay_to(record, record.line, overrides)
    return [start, *(replay_to(record, line, overrides) for line in event_lines(record))]
