"""Argentino's melds: sets and runs with wild cards (jokers and monos), and their values.

A wild card is a joker (the morrucho) or a 2 (the mono); a 2 is a natural card
(the "2 real") where it stands as its own suit's 2 in a run, or in a set of 2s.
One finding per meld (docs/argentino.md), the first that applies of
``meld-invalid``, ``set-repeated-suit``, ``run-not-ordered``, ``run-too-short``,
``set-two-wilds``, ``run-adjacent-wilds``. A valid meld becomes a
:class:`SetShape` or :class:`RunShape` that takes lay-offs: a card that names
what a wild at either end of a run stands for moves that wild to the other end.

Every card on the table remembers who laid it (:class:`~.slots.Slot`): a hand's score
counts each player's own cards at their final value, after any moves.

This module judges a laid meld; the readings are :mod:`.sets` and :mod:`.runs`, the
cards' values and the slots :mod:`.slots`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.cards import Card
from referee.engine.findings import Rulings, renuncia
from referee.messages import Phrase
from referee.notation.events import Meld
from referee.variants.argentino.knobs import RulesArgentino
from referee.variants.argentino.runs import RunShape, read_run
from referee.variants.argentino.sets import SetShape, read_set
from referee.variants.argentino.slots import is_wild_card

# Why a meld is faulty: messages, said in the finding's language (meld-invalid's reason).
FEWER_THAN_3 = Phrase("meld.reason.fewer-than-3")
NO_NATURAL = Phrase("meld.reason.no-natural")

# --- reading a laid meld ----------------------------------------------------------------


@dataclass(slots=True)
class MeldVerdict:
    """The outcome of judging one laid meld: its shape, or its one defect."""

    shape: SetShape | RunShape | None
    defect: str | None = None
    reason: str = ""

    @property
    def points(self) -> int:
        return 0 if self.shape is None else self.shape.points()


def judge_shape(ev: Meld, rules: RulesArgentino) -> tuple[MeldVerdict, Rulings]:
    """A laid meld: its verdict (the player's cards), and its one defect as a renuncia."""
    verdict = judge_meld(ev.cards, ev.player, rules)
    if verdict.defect is None:
        return verdict, ()
    return verdict, (renuncia(verdict.defect, ev.player, ev.line,
                              cards=" ".join(str(c) for c in ev.cards), reason=verdict.reason,
                              run_min=rules.RunMin),)


def judge_meld(cards: Sequence[Card], by: str, rules: RulesArgentino) -> MeldVerdict:
    """Judge a meld as laid: a set when it can be read as one, else a run in its best
    reading, else the first defect of the shape its natural cards suggest."""
    if len(cards) < 3:
        return MeldVerdict(None, "meld-invalid", FEWER_THAN_3)
    set_shape = read_set(cards, by, rules)
    if isinstance(set_shape, SetShape):
        return MeldVerdict(set_shape)
    run_shape = read_run(cards, by, rules)
    if isinstance(run_shape, RunShape):
        return MeldVerdict(run_shape)
    naturals = [c for c in cards if not is_wild_card(c)] or [
        c for c in cards if c.rank is not None]
    if not naturals:
        return MeldVerdict(None, "meld-invalid", NO_NATURAL)
    if len({c.rank for c in naturals}) == 1:
        return MeldVerdict(None, *set_shape)
    return MeldVerdict(None, *run_shape)
