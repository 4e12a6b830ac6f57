"""Argentino's runs (escaleras): one suit, consecutive ranks, wilds standing for the
missing cards; a lay-off that names what a wild at either end stands for moves that
wild to the other end (docs/argentino.md). The best reading of a laid meld is searched
only at the lows where its first pinned card lands on its rank."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from referee.cards import Card, Rank, Suit
from referee.messages import Phrase
from referee.variants.argentino.knobs import RulesArgentino
from referee.variants.argentino.slots import (
    MAX_RUN,
    RANKS,
    Slot,
    is_wild_card,
    natural,
    rank_at,
    readings,
)

# Why a meld is faulty: messages, said in the finding's language (meld-invalid's reason).
NEITHER = Phrase("meld.reason.neither")

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
    # The last placement asked for (its card and answer): the replay asks whether a
    # lay-off fits, then lays it off, which needs the same answer (docs/performance.md).
    # Only lay_off changes the run, and it forgets it.
    _asked: tuple[Card, RunLayoff | None] | None = field(
        default=None, init=False, repr=False, compare=False)

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
        where = self._placement(card)
        self._asked = (card, where)
        return where

    def _placement(self, card: Card) -> RunLayoff | None:
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
        asked, self._asked = self._asked, None
        where = asked[1] if asked is not None and asked[0] is card else self._placement(card)
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
        cards = readings(self.slots)
        return cards if self.ascending else cards[::-1]


@dataclass(slots=True, unsafe_hash=True)
class RunLayoff:
    """Where a card goes on a run: the ``up`` (high) or low end, as a wild standing for
    ``stands`` or natural; ``moves``: it takes the place of the end wild, which moves.
    Never changed once made (not frozen: one per lay-off judged, as
    :class:`~referee.variants.argentino.result.HandScore`)."""

    up: bool
    wild: bool
    stands: Card | None
    moves: bool = False


@dataclass(slots=True)
class _Reading:
    """One way to read a run: its suit, lowest value and direction, its slots, whether
    a natural card is among them and whether two wilds stand side by side."""

    suit: Suit
    low: int
    ascending: bool
    slots: list[Slot]
    natural: bool
    adjacent: bool

    def points(self) -> int:
        return sum(s.value() for s in self.slots)


def read_run(cards: Sequence[Card], by: str,
             rules: RulesArgentino) -> RunShape | tuple[str, str]:
    """The best run these cards make (most points, ascending on a tie), or its first
    defect (rule id, reason)."""
    n = len(cards)
    if n > MAX_RUN:
        return "meld-invalid", Phrase("meld.reason.run-of", count=n)
    suits = _run_suits(cards)
    if suits is None:
        return "meld-invalid", NEITHER
    ordered = [r for r in _readings(cards, by, suits, rules.RunWrap) if r.natural]
    if not ordered:
        return "run-not-ordered", ""
    if n < rules.RunMin:
        return "run-too-short", ""
    valid = [r for r in ordered if not r.adjacent]
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
              wrap: bool) -> list[_Reading]:
    """Every placement of the cards, in the order laid, at consecutive values."""
    n = len(cards)
    lows = range(1, 14) if wrap else range(1, 16 - n)
    pin = _pin(cards)
    found: list[_Reading] = []
    for suit in suits:
        for ascending in (True, False):
            for low in _pinned_lows(lows, pin, n, ascending):
                reading = _place(cards, by, suit, low, ascending)
                if reading is not None:
                    found.append(reading)
    return found


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
    low :func:`_place` refuses: it needs that card at its natural value). Lows run
    from 1 up to 13 (14 for a run of one card), so one low lands the pin on its rank
    (or two): where ``low + offset - 1`` is ``rank`` modulo 13."""
    if pin is None:
        return lows
    index, rank = pin
    offset = index if ascending else n - 1 - index
    low = (rank - offset) % 13 + 1
    if low + 13 in lows:
        return low, low + 13
    return (low,) if low in lows else ()


def _place(cards: Sequence[Card], by: str, suit: Suit, low: int,
           ascending: bool) -> _Reading | None:
    """The cards read at consecutive values from ``low`` in ``suit`` (in the order laid,
    or the other way), or None when a card cannot stand at its value."""
    n = len(cards)
    slots: list[Slot] = []  # in the order laid, which is the run's order one way or the other
    natural_seen = adjacent = before_wild = False
    for i, card in enumerate(cards):
        value = low + i if ascending else low + n - 1 - i
        rank = RANKS[(value - 1) % 13]
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
        if slot.wild:
            adjacent = adjacent or before_wild
            before_wild = True
        else:
            natural_seen, before_wild = True, False
        slots.append(slot)
    if not ascending:
        slots.reverse()  # from the lowest value up
    return _Reading(suit, low, ascending, slots, natural_seen, adjacent)
