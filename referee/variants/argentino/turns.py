"""Whose turn it is: ``out-of-turn``, ``extra-draw`` (for plays out of turn or before
drawing, the rule every game shares: :mod:`referee.variants.plays`).

Argentino has no early draw: a draw or take before the current player discards is
out of turn (the card is kept; the player draws again at their own turn). Rule
functions: they read the turn and return findings, never change anything.
"""

from __future__ import annotations

from referee.engine.findings import Rulings, renuncia
from referee.notation.events import Draw, Take
from referee.variants.argentino.state import Turn
from referee.variants.plays import judge_play as judge_play


def judge_start(turn: Turn, ev: Draw | Take) -> tuple[Rulings, bool]:
    """A draw or take: its renuncia, and whether it starts the player's turn."""
    verb = "draw" if isinstance(ev, Draw) else "take"
    if ev.player != turn.player:
        return (renuncia("out-of-turn", ev.player, ev.line, verb=verb,
                         current=turn.player),), False
    if turn.started:
        return (renuncia("extra-draw", ev.player, ev.line, verb=verb),), False
    return (), True
