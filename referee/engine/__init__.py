"""The replay engine shared by every game: the table, the event loop, the findings.

Public entry points (stable):

- ``audit_game(record, overrides=None, series=None, deadline=None) -> GameResult``
- ``replay_to(record, line=None, overrides=None, series=None) -> TableView``
- ``timeline(record, overrides=None, series=None) -> list[TableView]``
- ``Series``: what a file's games carry from one to the next (argentino's matches)
- ``OutOfTimeError``: a replay past its caller's deadline

Each game's own rulings live in :mod:`referee.variants`.
"""

from referee.engine.audit import Series, audit_game, replay_to
from referee.engine.replay import OutOfTimeError
from referee.engine.timeline import timeline

__all__ = ["OutOfTimeError", "Series", "audit_game", "replay_to", "timeline"]
