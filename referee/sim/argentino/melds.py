"""Rummy argentino's cards and melds, as the simulator reads them (ARGENTINO.md section 4).

Card values: a 2 standing as a natural card (the "2 real") to 7 count 5; 8 to K
count 10; an ace 15; a joker 50 whatever it stands for; a mono (a wild 2) 5
standing for a 2 to 7 and 20 standing for an 8 or higher or an ace. In hand a 2
counts 20 and a joker 50.

:func:`read_meld` reads a meld as it is written, the way the spec says a
referee reads it: a meld that can be read as a set is a set; otherwise a run,
the reading worth the most points, ascending when two are worth the same.
Written readings (``JK=6h``, ``2s=Kh``) are fixed; the order laid fixes each
wild's place in a run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from referee.cards import Card
from referee.sim.cards import ID, JK, cid, physical_id, rank_at, rank_of, suit_of
from referee.variants.argentino.knobs import RulesArgentino, SetWilds

MAX_RUN = 13
ACE, TWO = 1, 2


def rank_value(rank: int) -> int:
    """A natural card's value: 2 to 7 five, 8 to K ten, an ace fifteen."""
    if rank == ACE:
        return 15
    return 5 if rank <= 7 else 10


def hand_value(card: int) -> int:
    """What a card left in hand counts against: a joker 50, a 2 (a mono) 20."""
    if card == JK:
        return 50
    rank = rank_of(card)
    return 20 if rank == TWO else rank_value(rank)


def is_two(card: int) -> bool:
    return card != JK and rank_of(card) == TWO


def is_wild(card: int) -> bool:
    """A joker or a 2: a card that may stand for another."""
    return card == JK or rank_of(card) == TWO


@dataclass(frozen=True, slots=True)
class Slot:
    """A card on the table: the physical card, what it stands for, who laid it.

    ``stands`` is None only for a wild of a set with no reading written (open).
    """

    card: int
    stands: int | None
    wild: bool
    owner: int
    turn: int = 0  # the serial of the turn it was laid in

    def value(self, rank: int) -> int:
        """Its value standing for a card of ``rank``."""
        if self.card == JK:
            return 50
        if self.wild:
            return 5 if TWO <= rank <= 7 else 20
        return rank_value(rank)


@dataclass(frozen=True, slots=True)
class Written:
    """A card as written in a meld or lay-off: its physical id and the reading it names."""

    card: int
    says: int | None = None

    @staticmethod
    def of(card: Card) -> Written:
        says = None if card.stands_for is None else ID[card.stands_for]
        return Written(physical_id(card), says)


@dataclass(frozen=True, slots=True)
class Reading:
    """A valid reading of a meld: its shape and each card's place, in the order laid."""

    kind: str  # "set" or "run"
    rank: int  # set: its rank
    suit: int  # run: its suit
    low: int  # run: the value of its lowest card
    items: tuple[tuple[int, int | None, bool], ...]  # per card: (physical, stands, wild)
    points: int
    ascending: bool = True


def read_meld(cards: Sequence[Written], rules: RulesArgentino) -> Reading | None:
    """The reading of a meld as written, or None when it has no valid reading."""
    if len(cards) < 3:
        return None
    found = read_set(cards, rules)
    return found if found is not None else best_run(cards, rules)


def wilds_allowed(jokers: int, monos: int, rules: RulesArgentino) -> bool:
    """Within the set's wild limit (``SetWilds``)?"""
    if rules.SetWilds is SetWilds.DISTINCT:
        return jokers <= 1 and monos <= 1
    return jokers + monos <= 1


def set_rank(cards: Sequence[Written]) -> int | None:
    """The rank a set of these cards would have: the rank of its cards that are not
    wild, or 2 when there are none (a set of 2s); None when they differ."""
    ranks = {rank_of(w.card) for w in cards if not is_wild(w.card)}
    if len(ranks) > 1:
        return None
    return ranks.pop() if ranks else TWO


def read_set(cards: Sequence[Written], rules: RulesArgentino) -> Reading | None:
    """The set reading of ``cards``, or None."""
    rank = set_rank(cards)
    if rank is None or len(cards) > 4:
        return None
    items: list[tuple[int, int | None, bool]] = []
    for w in cards:
        natural = w.card != JK and rank_of(w.card) == rank and w.says is None
        if natural:
            items.append((w.card, w.card, False))
        elif w.says is not None and rank_of(w.says) != rank:
            return None
        else:
            items.append((w.card, w.says, True))
    if not set_items_valid(items, rules):
        return None
    points = sum(Slot(c, s, wild, 0).value(rank) for c, s, wild in items)
    return Reading("set", rank, 0, 0, tuple(items), points)


def set_items_valid(items: Sequence[tuple[int, int | None, bool]], rules: RulesArgentino) -> bool:
    """One natural at least, no suit twice, room for the open wilds, the wild limit."""
    suits = [suit_of(s) for _, s, _ in items if s is not None]
    naturals = sum(1 for _, _, wild in items if not wild)
    jokers = sum(1 for c, _, wild in items if wild and c == JK)
    monos = sum(1 for c, _, wild in items if wild and c != JK)
    return (naturals >= 1 and len(set(suits)) == len(suits)
            and wilds_allowed(jokers, monos, rules))


def run_lows(n: int, wrap: bool) -> range:
    """The values a run of ``n`` cards may start at (1 and 14 are aces)."""
    return range(1, 14) if wrap else range(1, 16 - n)


def best_run(cards: Sequence[Written], rules: RulesArgentino) -> Reading | None:
    """The run reading worth the most points (ascending on a tie), or None."""
    n = len(cards)
    if n < rules.RunMin or n > MAX_RUN:
        return None
    best: Reading | None = None
    for suit in range(4):
        for low in run_lows(n, rules.RunWrap):
            for ascending in (True, False):
                found = run_reading(cards, suit, low, ascending)
                if found is not None and (
                    best is None or (found.points, found.ascending) > (best.points, best.ascending)
                ):
                    best = found
    return best


def run_reading(
    cards: Sequence[Written], suit: int, low: int, ascending: bool
) -> Reading | None:
    """``cards`` as the run of ``suit`` from value ``low`` in that direction, or None."""
    n = len(cards)
    items: list[tuple[int, int | None, bool]] = []
    for i, w in enumerate(cards):
        value = low + i if ascending else low + n - 1 - i
        item = place_in_run(w, cid(rank_at(value), suit))
        if item is None:
            return None
        items.append(item)
    wild = [item[2] for item in items]
    if all(wild) or any(a and b for a, b in pairwise(wild)):
        return None
    points = sum(Slot(c, s, w, 0).value(rank_of(s)) for c, s, w in items if s is not None)
    return Reading("run", 0, suit, low, tuple(items), points, ascending)


def place_in_run(w: Written, target: int) -> tuple[int, int | None, bool] | None:
    """A written card standing at the run position of card ``target``, or None."""
    if w.card == JK:
        return (JK, target, True) if w.says in (None, target) else None
    if is_two(w.card):
        if w.says is None and w.card == target:
            return (w.card, target, False)  # the 2 real: its own suit's 2
        return (w.card, target, True) if w.says in (None, target) else None
    return (w.card, target, False) if w.card == target else None
