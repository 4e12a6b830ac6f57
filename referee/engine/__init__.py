"""The replay engine shared by every game: the table, the event loop, the findings.

The engine imports no game and never looks one up: each entry point takes the game
(a :class:`~referee.engine.game.Variant`, or None for an unknown ``Game`` tag).
:mod:`referee.audit` looks the game up in the registry and is what the CLI, the
API and the language server call.

- ``audit_record(record, game, overrides=None, series=None, deadline=None) -> GameResult``
- ``replay_record_to(record, game, line=None, overrides=None, series=None) -> TableView``
- ``record_timeline(record, game, overrides=None, series=None) -> list[TableView]``
- ``audit_record_live(record, game, overrides=None, series=None) -> LiveAudit``: both at once
- ``Series``: what a file's games carry from one to the next (argentino's matches)
- ``OutOfTimeError``: a replay past its caller's deadline

What a game is to the engine: :mod:`referee.engine.game`.
"""

from referee.engine.audit import (
    LiveAudit,
    Series,
    audit_record,
    audit_record_live,
    replay_record_to,
)
from referee.engine.replay import OutOfTimeError
from referee.engine.timeline import record_timeline

__all__ = ["LiveAudit", "OutOfTimeError", "Series", "audit_record", "audit_record_live",
           "record_timeline", "replay_record_to"]
