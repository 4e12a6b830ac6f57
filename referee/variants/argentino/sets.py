"""Argentino's sets (grupos): one rank, no suit twice, wilds within the ``SetWilds``
limit (docs/argentino.md); read from a laid meld, they take lay-offs of their rank."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from referee.cards import Card, Rank, Suit
from referee.messages import Phrase
from referee.variants.argentino.knobs import RulesArgentino, SetWilds
from referee.variants.argentino.slots import Slot, readings

# Why a meld is faulty: messages, said in the finding's language (meld-invalid's reason).
NO_NATURAL = Phrase("meld.reason.no-natural")
NEITHER = Phrase("meld.reason.neither")
SET_OF_5 = Phrase("meld.reason.set-of-5")
OTHER_RANK = Phrase("meld.reason.other-rank")

# --- sets -----------------------------------------------------------------------------


@dataclass(slots=True)
class SetShape:
    """A grupo of one rank: 3 or 4 cards, no suit twice, wilds within the limit."""

    rank: Rank
    slots: list[Slot]
    limit: SetWilds
    kind: str = "set"
    # The last placement asked for, as a run keeps it (RunShape._asked): lay_off reuses
    # the slot and forgets it.
    _asked: tuple[Card, Slot | None] | None = field(
        default=None, init=False, repr=False, compare=False)

    def points(self) -> int:
        return sum(s.value(self.rank) for s in self.slots)

    def suits(self) -> list[Suit]:
        """The suits taken: natural cards' and written readings'."""
        out: list[Suit] = []
        for slot in self.slots:
            card = slot.stands if slot.wild else slot.card
            if card is not None and card.suit is not None:
                out.append(card.suit)
        return out

    def placement(self, card: Card) -> Slot | None:
        """The slot ``card`` would take completing the set to 4, or None."""
        slot = self._placement(card)
        self._asked = (card, slot)
        return slot

    def _placement(self, card: Card) -> Slot | None:
        if len(self.slots) != 3:
            return None
        slot = _set_slot(card, self.rank, "")
        if slot is None:
            return None
        taken = self.suits()
        suit = (slot.stands if slot.wild else slot.card)
        if suit is not None and suit.suit in taken:
            return None
        if slot.wild and not _wilds_allowed([*self.slots, slot], self.limit):
            return None
        return slot

    def lay_off(self, card: Card, by: str) -> Slot:
        asked, self._asked = self._asked, None
        slot = asked[1] if asked is not None and asked[0] is card else self._placement(card)
        assert slot is not None, "lay_off needs a card that fits"
        slot.by = by
        self.slots.append(slot)
        return slot

    def readings(self) -> list[Card]:
        return readings(self.slots)


def _set_slot(card: Card, rank: Rank, by: str) -> Slot | None:
    """``card`` as a slot of a set of ``rank``: natural, or a wild; None when it cannot be."""
    if card.rank is None or (card.rank == Rank.TWO and (rank != Rank.TWO or card.stands_for)):
        stands = card.stands_for
        if stands is not None and stands.rank != rank:
            return None
        return Slot(card.physical, by, True, stands, fixed=stands is not None)
    if card.rank != rank or card.stands_for is not None:
        return None
    return Slot(card, by, False)


def _wilds_allowed(slots: Sequence[Slot], limit: SetWilds) -> bool:
    jokers = monos = 0
    for slot in slots:
        if slot.wild:
            if slot.card.rank is None:
                jokers += 1
            else:
                monos += 1
    if limit is SetWilds.DISTINCT:
        return jokers <= 1 and monos <= 1
    return jokers + monos <= 1


def _set_rank(cards: Sequence[Card]) -> Rank | None:
    """The rank a set of these cards would have: its natural cards', else a written
    reading's, else 2 (a set of 2s); None when natural cards differ."""
    rank: Rank | None = None  # the natural cards' (one loop, no set: issue 23)
    for card in cards:
        natural_rank = card.rank
        if natural_rank is not None and natural_rank != Rank.TWO:
            if rank is None:
                rank = natural_rank
            elif natural_rank != rank:
                return None
    if rank is not None:
        return rank
    readings = {c.stands_for.rank for c in cards if c.stands_for is not None}
    if len(readings) == 1:
        return next(iter(readings))
    return Rank.TWO if not readings else None


def read_set(cards: Sequence[Card], by: str,
             rules: RulesArgentino) -> SetShape | tuple[str, str]:
    """The set these cards make, or its first defect (rule id, reason): a card that
    cannot stand in a set of its rank, no natural card, a suit twice, too many wilds."""
    rank = _set_rank(cards)
    if rank is None:
        return "meld-invalid", NEITHER
    if len(cards) > 4:
        return "meld-invalid", SET_OF_5
    placed: list[Slot] = []
    natural = False
    for card in cards:  # one loop, no passes over the slots after it (issue 23)
        slot = _set_slot(card, rank, by)
        if slot is None:
            return "meld-invalid", OTHER_RANK
        placed.append(slot)
        natural = natural or not slot.wild
    if not natural:
        return "meld-invalid", NO_NATURAL
    shape = SetShape(rank, placed, rules.SetWilds)
    suits = shape.suits()
    if len({suit._value_ for suit in suits}) != len(suits):  # by value: a str hashes in C
        return "set-repeated-suit", ""
    if not _wilds_allowed(placed, rules.SetWilds):
        return "set-two-wilds", ""
    return shape
