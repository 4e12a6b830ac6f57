"""Laying off (pegar): ``layoff-before-down``, ``layoff-same-turn``, ``layoff-mismatch``,
and ``meld-after-layoff``.

Rule functions: they read the turn and the meld and return findings, never change
anything.
"""

from __future__ import annotations

from typing import Any

from referee.engine.findings import Rulings, renuncia
from referee.engine.table import TableMeld
from referee.notation.events import Layoff, Meld
from referee.variants.la51.melds import cards_text
from referee.variants.la51.state import Turn


def judge_layoff(turn: Turn, down: bool, ev: Layoff, meld: TableMeld,
                 fits: bool) -> Rulings:
    """The first lay-off defect that applies, if any."""
    if not down:
        return (renuncia("layoff-before-down", ev.player, ev.line, **_params(ev, meld)),)
    if meld.turn == turn.serial:
        return (renuncia("layoff-same-turn", ev.player, ev.line, **_params(ev, meld)),)
    if not fits:
        key = "layoff-mismatch:invalid" if meld.shape is None else "layoff-mismatch"
        return (renuncia("layoff-mismatch", ev.player, ev.line, key=key, **_params(ev, meld)),)
    return ()


def _params(ev: Layoff, meld: TableMeld) -> dict[str, Any]:
    """A lay-off finding's message parameters, written only for a finding (the meld's
    text is a card format per card: docs/performance.md)."""
    return {"card": str(ev.card), "meld": meld.number, "meld_cards": meld.text()}


def judge_meld_order(turn: Turn, ev: Meld) -> Rulings:
    """A meld after laying off in the same turn."""
    if turn.layoffs:
        return (renuncia("meld-after-layoff", ev.player, ev.line, cards=cards_text(ev.cards)),)
    return ()
