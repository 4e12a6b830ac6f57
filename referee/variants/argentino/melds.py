"""Argentino's melds: sets and runs with wild cards (jokers and monos), and their values.

A wild card is a joker (the morrucho) or a 2 (the mono); a 2 is a natural card
(the "2 real") where it stands as its own suit's 2 in a run, or in a set of 2s.
One finding per meld (docs/argentino.md), the first that applies of
``meld-invalid``, ``set-repeated-suit``, ``run-not-ordered``, ``run-too-short``,
``set-two-wilds``, ``run-adjacent-wilds``. A valid meld becomes a
:class:`SetShape` or :class:`RunShape` that takes lay-offs: a card that names
what a wild at either end of a run stands for moves that wild to the other end.

Every card on the table remembers who laid it (:class:`Slot`): a hand's score
counts each player's own cards at their final value, after any moves.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache

from referee.cards import JOKER, Card, Rank, Suit
from referee.engine.findings import Rulings, renuncia
from referee.notation.events import Meld
from referee.variants.argentino.knobs import RulesArgentino, SetWilds

MAX_RUN = 13
JOKER_VALUE = 50


def rank_value(rank: Rank) -> int:
    """A natural card's value: 2 (a natural 2) to 7 count 5; 8 to K count 10; an ace 15."""
    return _RANK_VALUE[rank]


def mono_value(rank: Rank) -> int:
    """A mono (a wild 2) counts 5 standing for a 2 to 7, 20 for an 8 or higher or an ace."""
    return _MONO_VALUE[rank]


def hand_value(card: Card) -> int:
    """What a card left in hand counts against: a 2 is a mono (20), a joker 50."""
    rank = card.rank
    return JOKER_VALUE if rank is None else _HAND_VALUE[rank]


# The values above by rank (a rank is an int: a tuple lookup, no call).
_RANK_VALUE = (0, 15, *(5 for _ in range(2, 8)), *(10 for _ in range(8, 14)))
_MONO_VALUE = (0, 20, *(5 for _ in range(2, 8)), *(20 for _ in range(8, 14)))
_HAND_VALUE = (0, 15, 20, *_RANK_VALUE[3:])


def is_wild_card(card: Card) -> bool:
    """A joker or a 2: wild unless it stands as a natural 2."""
    return card.rank is None or card.rank == Rank.TWO


_RANKS = tuple(Rank(value) for value in range(1, 14))  # rank_at's table (no enum call)


def rank_at(value: int) -> Rank:
    """The rank at a run position: values are consecutive integers, 1 and 14 are aces."""
    return _RANKS[(value - 1) % 13]


# The natural cards by suit and rank: a run's wilds stand for them, and building a Card
# each time cost more than the rest of reading the meld (issue 23). Keyed by the suit's
# ``_value_``, a str: an Enum member hashes in Python, and ``.value`` is a Python
# descriptor (CPython 3.11), a plain attribute read is not.
_NATURALS: dict[str, tuple[Card, ...]] = {}


def natural(rank: Rank, suit: Suit) -> Card:
    """The natural card of ``rank`` and ``suit`` (:meth:`Card.natural`, made once)."""
    row = _NATURALS.get(suit._value_)
    if row is None:
        row = _NATURALS[suit._value_] = tuple(Card.natural(r, suit) for r in _RANKS)
    return row[rank - 1]


@dataclass(slots=True)
class Slot:
    """A card on a meld: as laid, who laid it, and what it stands for when wild."""

    card: Card  # the physical card
    by: str  # the player who laid it
    wild: bool
    stands: Card | None = None  # a wild's natural card (None: a set's wild, open)
    fixed: bool = False  # a set's wild whose reading was written (JK=6h)

    def value(self, set_rank: Rank | None = None) -> int:
        if self.card.rank is None:
            return JOKER_VALUE
        if not self.wild:
            return _RANK_VALUE[self.card.rank]
        rank = self.stands.rank if self.stands is not None else set_rank
        assert rank is not None
        return _MONO_VALUE[rank]

    def text(self) -> str:
        if self.wild and self.stands is not None:
            return f"{self.card}={self.stands}"
        return str(self.card)


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
        return MeldVerdict(None, "meld-invalid", "fewer than 3 cards")
    set_shape = read_set(cards, by, rules)
    if isinstance(set_shape, SetShape):
        return MeldVerdict(set_shape)
    run_shape = read_run(cards, by, rules)
    if isinstance(run_shape, RunShape):
        return MeldVerdict(run_shape)
    naturals = [c for c in cards if not is_wild_card(c)] or [
        c for c in cards if c.rank is not None]
    if not naturals:
        return MeldVerdict(None, "meld-invalid", "no natural card")
    if len({c.rank for c in naturals}) == 1:
        return MeldVerdict(None, *set_shape)
    return MeldVerdict(None, *run_shape)


# --- sets -----------------------------------------------------------------------------


@dataclass(slots=True)
class SetShape:
    """A grupo of one rank: 3 or 4 cards, no suit twice, wilds within the limit."""

    rank: Rank
    slots: list[Slot]
    limit: SetWilds
    kind: str = "set"

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
        slot = self.placement(card)
        assert slot is not None, "lay_off needs a card that fits"
        slot.by = by
        self.slots.append(slot)
        return slot

    def readings(self) -> list[Card]:
        return [_reading(s) for s in self.slots]


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
    """The set these cards make, or its first defect (rule id, reason)."""
    rank = _set_rank(cards)
    if rank is None:
        return "meld-invalid", "neither a set nor a run"
    if len(cards) > 4:
        return "meld-invalid", "a set of 5 or more cards"
    slots = [_set_slot(card, rank, by) for card in cards]
    if any(s is None for s in slots):
        return "meld-invalid", "a card stands for one of another rank"
    placed = [s for s in slots if s is not None]
    if all(s.wild for s in placed):
        return "meld-invalid", "no natural card"
    shape = SetShape(rank, placed, rules.SetWilds)
    suits = shape.suits()
    if len({suit._value_ for suit in suits}) != len(suits):  # a str (see _NATURALS)
        return "set-repeated-suit", ""
    if not _wilds_allowed(placed, rules.SetWilds):
        return "set-two-wilds", ""
    return shape


# --- runs -----------------------------------------------------------------------------


@dataclass(slots=True)
class RunShape:
    """An escalera of one suit: ``slots`` from the lowest value up (``low``, ``low + 1``...);
    ``ascending`` is the order it was laid in, which is the order it reads in."""

    suit: Suit
    low: int
    slots: list[Slot]
    ascending: bool
    wrap: bool
    kind: str = "run"

    @property
    def high(self) -> int:
        return self.low + len(self.slots) - 1

    def points(self) -> int:
        return sum(s.value() for s in self.slots)

    def _can_grow(self, up: bool) -> bool:
        if len(self.slots) >= MAX_RUN:
            return False
        if self.wrap:
            return True
        return self.high + 1 <= 14 if up else self.low - 1 >= 1

    def _natural(self, value: int) -> Card:
        return natural(rank_at(value), self.suit)

    def placement(self, card: Card) -> RunLayoff | None:
        """Where ``card`` goes on this run, or None when it does not fit (docs/argentino.md:
        an end, the place of an end wild that moves, or for a bare wild the high end, else
        the low end, never beside another wild)."""
        wild = is_wild_card(card) and not self._natural_two(card)
        named = card.stands_for if wild else card.physical
        if named is None:  # a bare wild
            for up in (True, False):
                if self._can_grow(up) and not self._end(up).wild:
                    return RunLayoff(up, wild=True, stands=self._natural(self._next(up)))
            return None
        if named.suit != self.suit or named.rank is None:
            return None
        for up in (True, False):
            if self._can_grow(up) and rank_at(self._next(up)) == named.rank and not (
                    wild and self._end(up).wild):
                return RunLayoff(up, wild=wild, stands=named if wild else None)
        for up in (True, False):  # the card an end wild stands for: the wild moves over
            end = self._end(up)
            if (end.wild and end.stands == named and self._can_grow(not up)
                    and not self._end(not up).wild and len(self.slots) >= 2):
                return RunLayoff(up, wild=wild, stands=named if wild else None, moves=True)
        return None

    def _natural_two(self, card: Card) -> bool:
        """A bare 2 of this suit that can stand as its own 2 at an end."""
        if card.rank != Rank.TWO or card.stands_for is not None or card.suit != self.suit:
            return False
        return any(self._can_grow(up) and rank_at(self._next(up)) == Rank.TWO
                   for up in (True, False)) or any(
            self._end(up).wild and self._end(up).stands == card.physical for up in (True, False))

    def _next(self, up: bool) -> int:
        return self.high + 1 if up else self.low - 1

    def _end(self, up: bool) -> Slot:
        return self.slots[-1] if up else self.slots[0]

    def lay_off(self, card: Card, by: str) -> Slot:
        """Add a card that fits (see :meth:`placement`); the slot it takes."""
        where = self.placement(card)
        assert where is not None, "lay_off needs a card that fits"
        slot = Slot(card.physical, by, where.wild, where.stands)
        if where.moves:
            self._move_end_wild(where.up)
            self._replace_end(where.up, slot)
        else:
            self._add(where.up, slot)
        return slot

    def _add(self, up: bool, slot: Slot) -> None:
        if up:
            self.slots.append(slot)
        else:
            self.slots.insert(0, slot)
            self.low -= 1

    def _replace_end(self, up: bool, slot: Slot) -> None:
        self.slots[-1 if up else 0] = slot

    def _move_end_wild(self, up: bool) -> None:
        """The wild at the ``up`` end moves to the other end, standing for the next card
        there (a 2 that lands on its own suit's 2 is natural again). The slot itself
        moves: it still counts for whoever laid it."""
        wild = self._end(up)
        other = not up
        stands = self._natural(self._next(other))
        if wild.card.rank == Rank.TWO and wild.card == stands:
            wild.wild, wild.stands = False, None
        else:
            wild.stands = stands
        self._add(other, wild)

    def readings(self) -> list[Card]:
        cards = [_reading(s) for s in self.slots]
        return cards if self.ascending else cards[::-1]


@dataclass(frozen=True, slots=True)
class RunLayoff:
    """Where a card goes on a run: the ``up`` (high) or low end, as a wild standing for
    ``stands`` or natural; ``moves``: it takes the place of the end wild, which moves."""

    up: bool
    wild: bool
    stands: Card | None
    moves: bool = False


def _reading(slot: Slot) -> Card:
    if slot.wild and slot.stands is not None:
        return _written(slot.card, slot.stands)
    return slot.card


@cache
def _written(card: Card, stands: Card) -> Card:
    """A wild card with its reading written (``JK=6h``): cards are immutable, so one
    object serves every meld (a bounded set: 5 wilds by 52 readings)."""
    return Card(card.rank, card.suit, stands)


@dataclass(slots=True)
class _Reading:
    """One way to read a run: its suit, lowest value and direction, and what it costs."""

    suit: Suit
    low: int
    ascending: bool
    slots: list[Slot] = field(default_factory=list)

    def points(self) -> int:
        return sum(s.value() for s in self.slots)

    def adjacent_wilds(self) -> bool:
        return any(a.wild and b.wild for a, b in itertools.pairwise(self.slots))


def read_run(cards: Sequence[Card], by: str,
             rules: RulesArgentino) -> RunShape | tuple[str, str]:
    """The best run these cards make (most points, ascending on a tie), or its first
    defect (rule id, reason)."""
    n = len(cards)
    if n > MAX_RUN:
        return "meld-invalid", f"a run of {n} cards"
    suits = _run_suits(cards)
    if suits is None:
        return "meld-invalid", "neither a set nor a run"
    ordered = [r for r in _readings(cards, by, suits, rules.RunWrap)
               if any(not s.wild for s in r.slots)]
    if not ordered:
        return "run-not-ordered", ""
    if n < rules.RunMin:
        return "run-too-short", ""
    valid = [r for r in ordered if not r.adjacent_wilds()]
    if not valid:
        return "run-adjacent-wilds", ""
    best = valid[0] if len(valid) == 1 else max(valid, key=lambda r: (r.points(), r.ascending))
    return RunShape(best.suit, best.low, best.slots, best.ascending, rules.RunWrap)


def _run_suits(cards: Sequence[Card]) -> list[Suit] | None:
    """The suits a run of these cards could be in; None when natural cards differ."""
    found = False  # a natural card, and its suit (one loop, no set of suits: issue 23)
    suit: Suit | None = None
    for card in cards:
        rank = card.rank
        if rank is not None and rank != Rank.TWO:
            if not found:
                found, suit = True, card.suit
            elif card.suit is not suit:
                return None
    if found:
        return [] if suit is None else [suit]
    readings = {c.stands_for.suit for c in cards if c.stands_for is not None}
    if len(readings) > 1:
        return None
    if readings:
        return [s for s in readings if s is not None]
    return sorted({c.suit for c in cards if c.suit is not None}, key=lambda s: s.value)


def _readings(cards: Sequence[Card], by: str, suits: Sequence[Suit],
              wrap: bool) -> Iterator[_Reading]:
    """Every placement of the cards, in the order laid, at consecutive values."""
    n = len(cards)
    lows = range(1, 14) if wrap else range(1, 16 - n)
    pin = _pin(cards)
    for suit in suits:
        for ascending in (True, False):
            for low in _pinned_lows(lows, pin, n, ascending):
                reading = _place(cards, by, suit, low, ascending)
                if reading is not None:
                    yield reading


def _pin(cards: Sequence[Card]) -> tuple[int, int] | None:
    """(index, rank - 1) of the first card whose rank a placement must match: a natural
    card other than a 2, or a written wild's reading; None when every card is a bare wild
    or a 2 (which may stand as itself or as a mono anywhere)."""
    for i, card in enumerate(cards):
        named = card.stands_for
        if named is not None:
            return (i, named.rank - 1) if named.rank is not None else None
        rank = card.rank
        if rank is not None and rank != Rank.TWO:
            return i, rank - 1
    return None


def _pinned_lows(lows: range, pin: tuple[int, int] | None, n: int,
                 ascending: bool) -> Sequence[int] | range:
    """The lows, in order, at which the pinned card lands on its own rank (every other
    low :func:`_place` refuses: it needs that card at its natural value)."""
    if pin is None:
        return lows
    index, rank = pin
    offset = index if ascending else n - 1 - index
    return [low for low in lows if (low + offset - 1) % 13 == rank]


def _place(cards: Sequence[Card], by: str, suit: Suit, low: int,
           ascending: bool) -> _Reading | None:
    n = len(cards)
    slots: list[Slot] = [Slot(JOKER, by, True)] * n
    for i, card in enumerate(cards):
        value = low + i if ascending else low + n - 1 - i
        rank = _RANKS[(value - 1) % 13]
        named = card.stands_for
        if card.rank is None or named is not None:  # a wild (written or bare)
            stands = natural(rank, suit)
            if named is not None and named != stands:
                return None
            slot = Slot(card.physical, by, True, stands)
        elif card.rank == rank and card.suit == suit:  # a natural card, a 2 at its own place
            slot = Slot(card, by, False)
        elif card.rank == Rank.TWO:  # a mono standing for another card
            slot = Slot(card, by, True, natural(rank, suit))
        else:
            return None
        slots[value - low] = slot
    return _Reading(suit, low, ascending, slots)
