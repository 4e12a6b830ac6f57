"""Laying off (pegar): ``layoff-before-down``, ``layoff-same-turn``, ``layoff-mismatch``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.engine.state import TableMeld
from referee.notation.events import Layoff

if TYPE_CHECKING:
    from referee.engine.replay import Referee


def judge_layoff(ref: Referee, ev: Layoff, meld: TableMeld) -> bool:
    """Record the first lay-off defect that applies; True when the card fits the meld."""
    turn = ref.turn
    fits = meld.shape is not None and meld.shape.placement(ev.card) is not None
    if turn.took is not None and not turn.took_resolved and ev.card.physical == turn.took:
        turn.took_resolved = True
        ref.renuncia("take-not-melded", ev.player, ev.line, key="take-not-melded:layoff",
                     card=str(ev.card), meld=meld.number)
    params: dict[str, Any] = {"card": str(ev.card), "meld": meld.number, "meld_cards": meld.text()}
    if not ref.players[ev.player].down:
        ref.renuncia("layoff-before-down", ev.player, ev.line, **params)
    elif meld.turn == turn.serial:
        ref.renuncia("layoff-same-turn", ev.player, ev.line, **params)
    elif not fits:
        key = "layoff-mismatch:invalid" if meld.shape is None else "layoff-mismatch"
        ref.renuncia("layoff-mismatch", ev.player, ev.line, key=key, **params)
    turn.layoffs += 1
    return fits
