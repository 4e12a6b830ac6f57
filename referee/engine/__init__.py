"""The replay engine shared by every game: the table, the event loop, the findings.

Public entry points (stable):

- ``audit_game(record, overrides=None, series=None, deadline=None) -> GameResult``
- ``replay_to(record, line=None, overrides=None, series=None) -> TableView``
- ``timeline(record, overrides=None, series=None) -> list[TableView]``
- ``audit_live(record, overrides=None, series=None) -> LiveAudit``: both at once
- ``Series``: what a file's games carry from one to the next (argentino's matches)
- ``OutOfTimeError``: a replay past its caller's deadline

Each game's own rulings live in :mod:`referee.variants`.
"""

from referee.engine.audit import LiveAudit, Series, audit_game, audit_live, replay_to
from referee.engine.replay import OutOfTimeError
from referee.engine.timeline import timeline

__all__ = ["LiveAudit", "OutOfTimeError", "Series", "audit_game", "audit_live", "replay_to",
           "timeline"]
