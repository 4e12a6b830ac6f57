"""Playing out of turn, or before drawing: the same rule in every game.

``out-of-turn`` and ``play-before-draw`` for a meld, a lay-off or a discard mean
the same thing in 51 and in Rummy argentino; each game's ``turns`` module judges
its own draws and takes (51 has early draws, argentino does not) and uses this
for plays. A rule function: it reads the turn and returns findings.
"""

from __future__ import annotations

from typing import Protocol

from referee.engine.findings import Rulings, renuncia
from referee.notation.events import Event

IN_TURN: tuple[Rulings, bool] = ((), True)


class TurnView(Protocol):
    """What a play's judgement reads of the turn in progress."""

    @property
    def player(self) -> str: ...

    @property
    def started(self) -> bool: ...


def judge_play(turn: TurnView, ev: Event, verb: str) -> tuple[Rulings, bool]:
    """A meld, lay-off or discard: its renuncia, and whether it is the player's turn."""
    if ev.player != turn.player:
        return (renuncia("out-of-turn", ev.player, ev.line, verb=verb,
                         current=turn.player),), False
    if not turn.started:
        return (renuncia("play-before-draw", ev.player, ev.line, verb=verb),), True
    return IN_TURN
