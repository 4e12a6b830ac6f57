"""En ley: ``law-below-minimum``.

A player whose match total before the hand is above ``LawAt`` is en ley: their
first lay-down of the hand (every meld and lay-off of that turn) must add up to
``LawMin`` or more, counting valid melds and fitting lay-offs at their values when
the turn ends. Rule functions: they return findings, never change anything.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.engine.findings import Rulings
from referee.engine.replay import renuncia
from referee.engine.table import TableMeld
from referee.variants.argentino.knobs import RulesArgentino
from referee.variants.argentino.melds import RunShape, SetShape, Slot


def en_ley(totals: Mapping[str, int] | None, rules: RulesArgentino) -> frozenset[str]:
    """Who enters the hand en ley (nobody while the totals are unknown)."""
    if totals is None:
        return frozenset()
    return frozenset(name for name, total in totals.items() if total > rules.LawAt)


def points(melds: Sequence[TableMeld], layoffs: Sequence[tuple[TableMeld, Slot]]) -> int:
    """What a lay-down is worth now: its valid melds, and its lay-offs onto valid melds."""
    total = 0
    for meld in melds:
        if isinstance(meld.shape, SetShape | RunShape):
            total += meld.shape.points()
    for meld, slot in layoffs:
        shape = meld.shape
        total += slot.value(shape.rank if isinstance(shape, SetShape) else None)
    return total


def judge(player: str, line: int, points: int, rules: RulesArgentino) -> Rulings:
    if points < rules.LawMin:
        return (renuncia("law-below-minimum", player, line, points=points,
                         minimum=rules.LawMin),)
    return ()
