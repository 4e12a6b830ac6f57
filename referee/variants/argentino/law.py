"""En ley: ``law-below-minimum``.

A player whose match total before the hand is above ``LawAt`` is en ley: their
first lay-down of the hand (every meld and lay-off of that turn) must add up to
``LawMin`` or more, counting the cards the player laid in that turn, in valid melds
and fitting lay-offs, each once at its value when the turn ends (after any wild moved).
Rule functions: they return findings, never change anything.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.engine.findings import Rulings, renuncia
from referee.engine.table import TableMeld
from referee.variants.argentino.knobs import RulesArgentino
from referee.variants.argentino.runs import RunShape
from referee.variants.argentino.sets import SetShape
from referee.variants.argentino.slots import Slot


def en_ley(totals: Mapping[str, int] | None, rules: RulesArgentino) -> frozenset[str]:
    """Who enters the hand en ley (nobody while the totals are unknown)."""
    if totals is None:
        return frozenset()
    return frozenset(name for name, total in totals.items() if total > rules.LawAt)


def points(laid: Sequence[tuple[TableMeld, Slot]]) -> int:
    """What a lay-down is worth now: each card the player laid in it, once, on its (valid)
    meld, at the value it has now.

    ``laid`` holds the cards of the player's new melds and their lay-offs onto any meld
    (a lay-off onto their own new meld is one of that meld's cards, counted once). Read
    when the turn ends, a wild that a later lay-off moved counts where it ends up. Cards
    of other players on the same melds are theirs: a wild of another player that this
    player's lay-off moves counts for neither side of the lay-down.
    """
    total = 0
    for meld, slot in laid:
        shape = meld.shape
        if isinstance(shape, SetShape | RunShape):
            total += slot.value(shape.rank if isinstance(shape, SetShape) else None)
    return total


def judge(player: str, line: int, points: int, rules: RulesArgentino) -> Rulings:
    if points < rules.LawMin:
        return (renuncia("law-below-minimum", player, line, points=points,
                         minimum=rules.LawMin),)
    return ()
