"""Laying off (agregar): ``layoff-before-down``, ``layoff-mismatch``.

Any player with a meld of their own on the table in this hand may lay off onto
any valid meld. Rule functions: they return findings, never change anything.
"""

from __future__ import annotations

from referee.engine.findings import Rulings, renuncia
from referee.engine.table import TableMeld
from referee.notation.events import Layoff


def judge_layoff(ev: Layoff, down: bool, meld: TableMeld, fits: bool) -> Rulings:
    """One finding at most: before going down, else a card that does not fit."""
    if down and fits:  # the usual lay-off: no finding, no message text to write
        return ()
    params = {"card": str(ev.card), "meld": meld.number, "meld_cards": meld.text()}
    if not down:
        return (renuncia("layoff-before-down", ev.player, ev.line, key="layoff-before-down:meld",
                         **params),)
    key = "layoff-mismatch:invalid" if meld.shape is None else "layoff-mismatch"
    return (renuncia("layoff-mismatch", ev.player, ev.line, key=key, **params),)
