"""51's table as the simulator tracks it: valid melds and where a card would go.

A :class:`TableMeld` is a set (its rank and the suits it holds, a joker's reading
included) or a run (its suit, the value of its lowest card and its length). It
answers where a natural card or a joker can be laid off (RULES.md sections 3
and 5, 12: a joker laid off goes at the high end when the run can grow there,
else at the low end; ``MaxJokers`` counts jokers laid off too), which also says
whether discarding a card would be a pegue.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from referee.cards import Card
from referee.sim.cards import RED, cid, rank_at, rank_of, suit_of

MAX_RUN = 13

HIGH, LOW, SET = 1, -1, 0
"""Where a lay-off goes: the run's high end, its low end, or into a set."""


@dataclass(slots=True)
class TableMeld:
    """A valid meld on the table."""

    number: int
    owner: int  # seat
    turn: int  # serial of the turn it was laid in
    kind: str  # "set" or "run"
    wrap: bool
    max_jokers: int | None
    rank: int = 0  # set: its rank
    suits: list[int] = field(default_factory=list)  # set: suits (joker readings included)
    suit: int = 0  # run: its suit
    low: int = 0  # run: value of its lowest card
    length: int = 0  # run: cards
    jokers: int = 0
    cards: list[Card] = field(default_factory=list)  # physical cards on it
    ranks: int = MAX_RUN  # the deck's ranks (a run's positions: 1 to ranks + 1)

    def clone(self) -> TableMeld:
        return TableMeld(self.number, self.owner, self.turn, self.kind, self.wrap,
                         self.max_jokers, self.rank, list(self.suits), self.suit, self.low,
                         self.length, self.jokers, list(self.cards), self.ranks)

    def can_grow_up(self) -> bool:
        return self.length < self.ranks and (self.wrap or self.low + self.length <= self.ranks + 1)

    def can_grow_down(self) -> bool:
        return self.length < self.ranks and (self.wrap or self.low >= 2)

    def fit(self, card: int) -> int | None:
        """Where natural ``card`` goes (HIGH, LOW or SET), or None: it does not fit."""
        if self.kind == "set":
            full = len(self.suits) != 3
            return None if full or rank_of(card) != self.rank or suit_of(card) in self.suits \
                else SET
        if suit_of(card) != self.suit:
            return None
        rank = rank_of(card)
        if self.can_grow_up() and rank_at(self.low + self.length, self.ranks) == rank:
            return HIGH
        if self.can_grow_down() and rank_at(self.low - 1, self.ranks) == rank:
            return LOW
        return None

    def joker_fit(self) -> tuple[int, int] | None:
        """Where a joker goes and the card it then stands for, or None."""
        if self.max_jokers is not None and self.jokers >= self.max_jokers:
            return None
        if self.kind == "set":
            if len(self.suits) != 3:
                return None
            missing = next(s for s in range(4) if s not in self.suits)
            return SET, cid(self.rank, missing)
        if self.can_grow_up():
            return HIGH, cid(rank_at(self.low + self.length, self.ranks), self.suit)
        if self.can_grow_down():
            return LOW, cid(rank_at(self.low - 1, self.ranks), self.suit)
        return None

    def takes(self, card: int, joker: bool) -> bool:
        """Could this meld take ``card`` (a pegue)? ``joker``: the card is a joker."""
        return (self.joker_fit() if joker else self.fit(card)) is not None

    def add(self, where: int, stands: int, physical: Card) -> None:
        if self.kind == "set":
            self.suits.append(suit_of(stands))
        else:
            if where == LOW:
                self.low -= 1
            self.length += 1
        if physical.is_joker:
            self.jokers += 1
        self.cards.append(physical)


def arrange(suits: Sequence[int], rng: random.Random, alternate: bool) -> list[int]:
    """Suits of a set in an order whose neighbours alternate colours."""
    blacks = [s for s in suits if not RED[s]]
    reds = [s for s in suits if RED[s]]
    rng.shuffle(blacks)
    rng.shuffle(reds)
    if len(blacks) == len(reds):
        first, second = (blacks, reds) if rng.random() < 0.5 else (reds, blacks)
    elif len(blacks) > len(reds):
        first, second = blacks, reds
    else:
        first, second = reds, blacks
    out = [first[i // 2] if i % 2 == 0 else second[i // 2] for i in range(len(suits))]
    assert not alternate or all(RED[a] != RED[b] for a, b in pairwise(out))
    return out


def only_reading(suits: Sequence[int], slot: int, alternate: bool) -> bool:
    """True when a bare joker at ``slot`` of a set (the other slots fixed) can stand for
    one suit only."""
    fixed = [s for i, s in enumerate(suits) if i != slot]
    fits = 0
    for s in range(4):
        if s in fixed:
            continue
        trial = list(suits)
        trial[slot] = s
        if not alternate or all(RED[a] != RED[b] for a, b in pairwise(trial)):
            fits += 1
    return fits == 1
