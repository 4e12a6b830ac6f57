"""Replay engine (being written): physical replay plus rule checks.

Public entry points (stable):

- ``audit_game(record, overrides=None) -> GameResult``
- ``replay_to(record, line=None, overrides=None) -> TableView``
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.events import GameRecord
from referee.results import SYNTAX_ERROR, Finding, GameResult, TableView

ENGINE_READY = False


def audit_game(record: GameRecord, overrides: Mapping[str, str] | None = None) -> GameResult:
    """Placeholder until the engine lands: reports only the record's syntax errors."""
    result = GameResult(
        index=record.index,
        line=record.line,
        ruleset=record.ruleset,
        tags=record.tag_values,
        rules={},
        players=list(record.players),
    )
    for problem in record.errors:
        result.findings.append(
            Finding(SYNTAX_ERROR, "syntax-error", None, problem.line, "syntax-error",
                    {"message": problem.message, "context": problem.context},
                    column=problem.column)
        )
    return result


def replay_to(
    record: GameRecord, line: int | None = None, overrides: Mapping[str, str] | None = None
) -> TableView:
    raise NotImplementedError("replay lands with the engine")
