"""Whose turn it is: ``out-of-turn``, ``early-draw``, ``play-before-draw``, ``extra-draw``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.notation.events import Draw, Event, Take

if TYPE_CHECKING:
    from referee.engine.replay import Referee


def judge_start(ref: Referee, ev: Draw | Take) -> bool:
    """Judge a draw or take; True when it legitimately starts the player's turn."""
    turn = ref.turn
    verb = "draw" if isinstance(ev, Draw) else "take"
    if ev.player == turn.player:
        if turn.started:
            ref.renuncia("extra-draw", ev.player, ev.line, verb=verb)
            return False
        return True
    if ev.player == ref.next_player() and turn.started:
        if isinstance(ev, Take):
            ref.renuncia("out-of-turn", ev.player, ev.line, key="out-of-turn:early-take",
                         current=turn.player)
            return False
        if turn.early == ev.player:
            ref.renuncia("extra-draw", ev.player, ev.line, verb=verb)
            return False
        if not ref.rules.EarlyDraw:
            # The timing is the renuncia; the card is still their draw for the coming turn.
            ref.renuncia("early-draw", ev.player, ev.line, current=turn.player)
        return True
    ref.renuncia("out-of-turn", ev.player, ev.line, verb=verb, current=turn.player)
    return False


def judge_play(ref: Referee, ev: Event, verb: str) -> bool:
    """Judge a meld, lay-off or discard; True when it is the player's turn to play it."""
    turn = ref.turn
    if ev.player != turn.player:
        ref.renuncia("out-of-turn", ev.player, ev.line, verb=verb, current=turn.player)
        return False
    if not turn.started:
        ref.renuncia("play-before-draw", ev.player, ev.line, verb=verb)
    return True
