"""Whose turn it is: ``out-of-turn``, ``play-before-draw``, ``extra-draw``.

Argentino has no early draw: a draw or take before the current player discards is
out of turn (the card is kept; the player draws again at their own turn). Rule
functions: they read the turn and return findings, never change anything.
"""

from __future__ import annotations

from referee.engine.findings import Rulings
from referee.engine.replay import renuncia
from referee.notation.events import Draw, Event, Take
from referee.variants.argentino.state import Turn


def judge_start(turn: Turn, ev: Draw | Take) -> tuple[Rulings, bool]:
    """A draw or take: its renuncia, and whether it starts the player's turn."""
    verb = "draw" if isinstance(ev, Draw) else "take"
    if ev.player != turn.player:
        return (renuncia("out-of-turn", ev.player, ev.line, verb=verb,
                         current=turn.player),), False
    if turn.started:
        return (renuncia("extra-draw", ev.player, ev.line, verb=verb),), False
    return (), True


def judge_play(turn: Turn, ev: Event, verb: str) -> tuple[Rulings, bool]:
    """A meld, lay-off or discard: its renuncia, and whether it is the player's turn."""
    if ev.player != turn.player:
        return (renuncia("out-of-turn", ev.player, ev.line, verb=verb,
                         current=turn.player),), False
    if not turn.started:
        return (renuncia("play-before-draw", ev.player, ev.line, verb=verb),), True
    return (), True
