"""The melds a 51 hand could lay, and packings of them that fit the hand together.

A candidate names the card ids it uses (:data:`~referee.sim.cards.JK` once per
joker) and its shape. Jokers per meld: up to two, within ``MaxJokers``; a meld
keeps at least one natural card (RULES.md section 3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from referee.sim.cards import JK, SimDeck, cid, rank_at, sim_deck
from referee.variants.la51.knobs import Rules51

MAX_RUN = 13


def points(rank: int) -> int:
    """A card's value in 51: 2 to 10 their number; J, Q, K and A ten."""
    return 10 if rank == 1 or rank >= 10 else rank


@dataclass(frozen=True, slots=True)
class Cand:
    """A meld the hand could lay: which card ids it uses and its shape."""

    kind: str
    uses: tuple[int, ...]  # card ids, JK once per joker
    points: int
    rank: int = 0  # set
    suits: tuple[int, ...] = ()  # set: the natural suits
    suit: int = 0  # run
    low: int = 0  # run
    length: int = 0  # run
    joker_values: tuple[int, ...] = ()  # run: the values the jokers stand for

    @property
    def jokers(self) -> int:
        return self.uses.count(JK)

    def holds(self, card: int) -> bool:
        return card in self.uses and card != JK


def joker_cap(counts: Sequence[int], rules: Rules51, two: bool) -> int:
    """How many jokers one meld may hold here."""
    cap = 2 if two else 1
    if rules.MaxJokers is not None:
        cap = min(cap, rules.MaxJokers)
    return min(cap, counts[JK])


def candidates(counts: Sequence[int], rules: Rules51, two_jokers: bool = True) -> list[Cand]:
    """Every set and run the hand holds, most cards first, then most points."""
    jokers = joker_cap(counts, rules, two_jokers)
    deck = sim_deck(rules.Deck)
    out = [*_sets(counts, jokers, deck)]
    for suit in range(4):
        out.extend(_runs(counts, suit, jokers, rules, deck))
    out.sort(key=lambda c: (-len(c.uses), -c.points))
    return out


def _sets(counts: Sequence[int], jokers: int, deck: SimDeck) -> list[Cand]:
    out: list[Cand] = []
    for rank in range(1, deck.ranks + 1):
        suits = [s for s in range(4) if counts[cid(rank, s)] > 0]
        value = deck.points[rank]
        for wild in range(jokers + 1):
            for size in (3, 4):
                k = size - wild
                if k < 1:
                    continue
                for combo in combinations(suits, k):
                    uses = (*(cid(rank, s) for s in combo), *(JK,) * wild)
                    out.append(Cand("set", uses, value * size, rank=rank, suits=combo))
    return out


def _runs(counts: Sequence[int], suit: int, jokers: int, rules: Rules51,
          deck: SimDeck) -> list[Cand]:
    ranks = deck.ranks
    have = [counts[cid(r, suit)] > 0 for r in range(1, ranks + 1)]
    if sum(have) < max(1, rules.RunMin - jokers):
        return []
    out: list[Cand] = []
    for start in range(1, ranks + 1) if rules.RunWrap else range(1, ranks + 2):
        out.extend(_runs_from(have, suit, start, jokers, rules, deck))
    return out


def _runs_from(
    have: Sequence[bool], suit: int, start: int, jokers: int, rules: Rules51, deck: SimDeck
) -> list[Cand]:
    out: list[Cand] = []
    missing: list[int] = []
    total = 0
    ranks = deck.ranks
    for n in range(1, ranks + 1):
        value = start + n - 1
        if not rules.RunWrap and value > ranks + 1:
            break
        rank = rank_at(value, ranks)
        total += deck.points[rank]
        if not have[rank - 1]:
            if len(missing) == jokers:
                break
            missing.append(value)
        if n >= rules.RunMin and len(missing) < n:
            naturals = tuple(
                cid(rank_at(v, ranks), suit) for v in range(start, start + n) if v not in missing
            )
            out.append(Cand("run", (*naturals, *(JK,) * len(missing)), total, suit=suit,
                            low=start, length=n, joker_values=tuple(missing)))
    return out


def packings(
    cands: list[Cand], counts: Sequence[int], limit: int, first: int | None = None
) -> list[list[Cand]]:
    """Sets of candidates that fit the hand together (up to ``limit`` of them).

    With ``first``, every packing starts with one of ``cands[:first]`` (and the
    empty packing is left out).
    """
    avail = list(counts)
    found: list[list[Cand]] = [] if first is not None else [[]]
    chosen: list[Cand] = []

    def grow(start: int, stop: int) -> None:
        for j in range(start, stop):
            if len(found) >= limit:
                return
            uses = cands[j].uses
            if not _take(avail, uses):
                continue
            chosen.append(cands[j])
            found.append(list(chosen))
            grow(j + 1, len(cands))
            chosen.pop()
            for c in uses:
                avail[c] += 1

    grow(0, len(cands) if first is None else first)
    return found


def _take(avail: list[int], uses: tuple[int, ...]) -> bool:
    """Take ``uses`` out of ``avail`` when it holds them all (else leave it as it was)."""
    for i, c in enumerate(uses):
        avail[c] -= 1
        if avail[c] < 0:
            for d in uses[: i + 1]:
                avail[d] += 1
            return False
    return True
