"""Whose turn it is: ``out-of-turn``, ``early-draw``, ``extra-draw`` (for plays out of turn
or before drawing, the rule every game shares: :mod:`referee.variants.plays`).

Rule functions: they read the turn and return findings, never change anything.
"""

from __future__ import annotations

from enum import Enum

from referee.engine.findings import Rulings, renuncia
from referee.notation.events import Draw, Take
from referee.variants.la51.state import Turn
from referee.variants.plays import judge_play as judge_play


class Start(Enum):
    """What a draw or take does to the turns."""

    OWN = "own"  # starts the player's own turn
    EARLY = "early"  # the next player's early draw: it starts their coming turn
    NONE = "none"  # starts nothing (a renuncia)


def judge_start(turn: Turn, ev: Draw | Take, next_player: str | None,
                early_draw: bool) -> tuple[Rulings, Start]:
    """A draw or take: whose turn it starts, and its renuncia if any."""
    verb = "draw" if isinstance(ev, Draw) else "take"
    if ev.player == turn.player:
        if turn.started:
            return (renuncia("extra-draw", ev.player, ev.line, verb=verb),), Start.NONE
        return (), Start.OWN
    if ev.player == next_player and turn.started:
        if isinstance(ev, Take):
            return (renuncia("out-of-turn", ev.player, ev.line, key="out-of-turn:early-take",
                             current=turn.player),), Start.NONE
        if turn.early == ev.player:
            return (renuncia("extra-draw", ev.player, ev.line, verb=verb),), Start.NONE
        if not early_draw:
            # The timing is the renuncia; the card is still their draw for the coming turn.
            return (renuncia("early-draw", ev.player, ev.line, current=turn.player),), Start.EARLY
        return (), Start.EARLY
    return (renuncia("out-of-turn", ev.player, ev.line, verb=verb,
                     current=turn.player),), Start.NONE
