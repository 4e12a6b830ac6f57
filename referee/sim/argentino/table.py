"""Rummy argentino's table: melds and where a card laid off goes (ARGENTINO.md 4, 5, 12).

A run keeps its cards lowest value first. A lay-off extends a run at either end
or completes a set to four. A wild at either end of a run moves to the other
end when a lay-off names the card it stands for (the laid card takes its place;
a wild 2 that lands on its own suit's 2 becomes natural). A bare wild laid off
on a run goes at the high end when it may legally stand there, else at the low
end; a bare 2 that can stand as its own suit's 2 at an end is natural there.
No two wilds side by side; a set holds no more wilds than ``SetWilds`` allows.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.sim.argentino.melds import (
    MAX_RUN,
    Reading,
    Slot,
    Written,
    is_two,
    is_wild,
    set_items_valid,
)
from referee.sim.cards import JK, cid, rank_at, rank_of, suit_of
from referee.variants.argentino.knobs import RulesArgentino

HIGH, LOW, MOVE_UP, MOVE_DOWN, SET = "high", "low", "move-up", "move-down", "set"
"""Where a lay-off goes: a run's high or low end; onto an end wild's place, the wild
moving to the high end (``MOVE_UP``) or to the low end (``MOVE_DOWN``); into a set."""

PENALTY_RUN = 12  # a run this long costs the other players 50 each (section 7)


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a card is laid (a meld or a new one), what it stands for, whether it is wild."""

    where: str
    stands: int | None  # the card the laid card stands for (None: an open set wild)
    wild: bool


@dataclass(slots=True)
class TableMeld:
    """A meld on the table: a valid set or run, or a faulty meld (scores nothing)."""

    number: int
    owner: int
    kind: str  # "set", "run" or "faulty"
    rank: int = 0  # set
    suit: int = 0  # run
    low: int = 0  # run: the value of slots[0]
    slots: list[Slot] = field(default_factory=list)  # run: lowest value first
    loose: list[Slot] = field(default_factory=list)  # lay-offs that did not fit

    @staticmethod
    def from_reading(number: int, owner: int, reading: Reading, turn: int = 0) -> TableMeld:
        slots = [Slot(c, s, w, owner, turn) for c, s, w in reading.items]
        if reading.kind == "run" and not reading.ascending:
            slots.reverse()
        return TableMeld(number, owner, reading.kind, reading.rank, reading.suit, reading.low,
                         slots)

    def clone(self) -> TableMeld:
        return TableMeld(self.number, self.owner, self.kind, self.rank, self.suit, self.low,
                         list(self.slots), list(self.loose))

    @property
    def high(self) -> int:
        return self.low + len(self.slots) - 1

    def slot_rank(self, slot: Slot) -> int:
        return self.rank if self.kind == "set" or slot.stands is None else rank_of(slot.stands)

    def value_of(self, slot: Slot) -> int:
        return 0 if self.kind == "faulty" else slot.value(self.slot_rank(slot))

    # -- where a card goes ---------------------------------------------------------------

    def placement(self, w: Written, rules: RulesArgentino) -> Placement | None:
        """Where the written card goes when laid off here, or None (``layoff-mismatch``)."""
        if self.kind == "set":
            return self._set_placement(w, rules)
        if self.kind == "run":
            return self._run_placement(w, rules)
        return None

    def _grows(self, up: bool, wrap: bool) -> bool:
        if len(self.slots) >= MAX_RUN:
            return False
        if wrap:
            return True
        return self.high + 1 <= 14 if up else self.low - 1 >= 1

    def next_card(self, up: bool) -> int:
        """The card one step beyond the high (or low) end."""
        return cid(rank_at(self.high + 1 if up else self.low - 1), self.suit)

    def _run_placement(self, w: Written, rules: RulesArgentino) -> Placement | None:
        wrap = rules.RunWrap
        up, down = self._grows(True, wrap), self._grows(False, wrap)
        if not is_wild(w.card) or (is_two(w.card) and w.says is None):
            natural = self._natural_end(w.card, up, down)
            if natural is not None or not is_wild(w.card):
                return natural if natural is not None else self._move(w.card, False, wrap)
            moved = self._move(w.card, False, wrap)
            return moved if moved is not None else self._bare_wild(up, down)
        if w.says is None:
            return self._bare_wild(up, down)
        return self._named_wild(w.says, up, down, wrap)

    def _natural_end(self, card: int, up: bool, down: bool) -> Placement | None:
        if up and card == self.next_card(True):
            return Placement(HIGH, card, False)
        if down and card == self.next_card(False):
            return Placement(LOW, card, False)
        return None

    def _bare_wild(self, up: bool, down: bool) -> Placement | None:
        if up and not self.slots[-1].wild:
            return Placement(HIGH, self.next_card(True), True)
        if down and not self.slots[0].wild:
            return Placement(LOW, self.next_card(False), True)
        return None

    def _named_wild(self, says: int, up: bool, down: bool, wrap: bool) -> Placement | None:
        if up and says == self.next_card(True) and not self.slots[-1].wild:
            return Placement(HIGH, says, True)
        if down and says == self.next_card(False) and not self.slots[0].wild:
            return Placement(LOW, says, True)
        return self._move(says, True, wrap)

    def _move(self, named: int, wild: bool, wrap: bool) -> Placement | None:
        """The laid card takes the place of the end wild standing for ``named``."""
        first, last = self.slots[0], self.slots[-1]
        if first.wild and first.stands == named and self._grows(True, wrap) and not last.wild:
            return Placement(MOVE_UP, named, wild)
        if last.wild and last.stands == named and self._grows(False, wrap) and not first.wild:
            return Placement(MOVE_DOWN, named, wild)
        return None

    def _set_placement(self, w: Written, rules: RulesArgentino) -> Placement | None:
        if len(self.slots) != 3:
            return None
        natural = w.card != JK and rank_of(w.card) == self.rank and w.says is None
        if natural:
            laid = Placement(SET, w.card, False)
        elif not is_wild(w.card) or (w.says is not None and rank_of(w.says) != self.rank):
            return None
        else:
            laid = Placement(SET, w.says, True)
        items = [(s.card, s.stands, s.wild) for s in self.slots]
        items.append((w.card, laid.stands, laid.wild))
        return laid if set_items_valid(items, rules) else None

    # -- laying it -----------------------------------------------------------------------

    def lay(self, w: Written, owner: int, at: Placement, turn: int = 0) -> None:
        """Put a card where :meth:`placement` said."""
        laid = Slot(w.card, at.stands, at.wild, owner, turn)
        if at.where in (HIGH, SET):
            self.slots.append(laid)
        elif at.where == LOW:
            self.slots.insert(0, laid)
            self.low -= 1
        elif at.where == MOVE_UP:
            moved = self.slots[0]
            self.slots[0] = laid
            self.slots.append(_moved(moved, self.next_card(True)))
        else:
            moved = self.slots[-1]
            self.slots[-1] = laid
            self.slots.insert(0, _moved(moved, self.next_card(False)))
            self.low -= 1


def _moved(wild: Slot, stands: int) -> Slot:
    """An end wild at its new place: a 2 on its own suit's 2 is natural there."""
    return Slot(wild.card, stands, wild.card != stands, wild.owner, wild.turn)


def suit_missing(meld: TableMeld) -> list[int]:
    """The suits a set lacks (its written readings count as present)."""
    present = {suit_of(s.stands) for s in meld.slots if s.stands is not None}
    return [s for s in range(4) if s not in present]
