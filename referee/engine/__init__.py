"""Replay engine for 51: physical replay plus rule checks that only record findings.

Public entry points (stable):

- ``audit_game(record, overrides=None) -> GameResult``
- ``replay_to(record, line=None, overrides=None) -> TableView``
"""

from referee.engine.replay import audit_game, replay_to

__all__ = ["audit_game", "replay_to"]
