"""The melds an argentino hand could lay (ARGENTINO.md section 4), and packings of them.

A candidate is an intended reading: each card with the card it stands for
(None: a set's wild left open) and whether it is wild, runs lowest value
first. Sets hold at most one wild (``SetWilds`` = ``distinct``: a joker and a
mono); runs hold wilds never side by side and at least one natural card; a 2
of the run's suit at the 2's place is natural (the 2 real), and 2s in a set of
2s are natural.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from referee.sim.argentino.melds import MAX_RUN, TWO, Slot, rank_value, run_lows
from referee.sim.cards import JK, cid, rank_at, rank_of
from referee.variants.argentino.knobs import RulesArgentino, SetWilds

Item = tuple[int, int | None, bool]  # (physical, stands, wild)

TWOS = tuple(cid(TWO, s) for s in range(4))


@dataclass(frozen=True, slots=True)
class Cand:
    """A meld the hand could lay, as the bot means it to be read."""

    kind: str  # "set" or "run"
    items: tuple[Item, ...]
    points: int
    rank: int = 0  # set
    suit: int = 0  # run
    low: int = 0  # run
    uses: tuple[int, ...] = ()  # the physical cards (filled in from ``items``)

    def __post_init__(self) -> None:
        object.__setattr__(self, "uses", tuple(c for c, _, _ in self.items))


def candidates(counts: Sequence[int], rules: RulesArgentino) -> list[Cand]:
    """Every set and run the hand holds, most cards first, then most points."""
    out = list(_sets(counts, rules))
    for suit in range(4):
        out.extend(_runs(counts, suit, rules))
    out.sort(key=lambda c: (-len(c.items), -c.points))
    return out


def _wild_choices(counts: Sequence[int], rank: int, rules: RulesArgentino) -> list[tuple[int, ...]]:
    """The wilds a set of ``rank`` could hold: none, one, or a joker and a mono."""
    monos = [t for t in TWOS if counts[t] > 0] if rank != TWO else []
    singles = ([JK] if counts[JK] > 0 else []) + monos
    choices: list[tuple[int, ...]] = [(), *((w,) for w in singles)]
    if rules.SetWilds is SetWilds.DISTINCT and counts[JK] > 0:
        choices.extend((JK, m) for m in monos)
    return choices


def _sets(counts: Sequence[int], rules: RulesArgentino) -> Iterator[Cand]:
    for rank in range(1, 14):
        suits = [s for s in range(4) if counts[cid(rank, s)] > 0]
        if not suits:
            continue
        for wilds in _wild_choices(counts, rank, rules):
            for k in range(1, 5):
                if len(wilds) + k not in (3, 4):
                    continue
                for combo in combinations(suits, k):
                    items: list[Item] = [(cid(rank, s), cid(rank, s), False) for s in combo]
                    items.extend((w, None, True) for w in wilds)
                    yield Cand("set", tuple(items), _points(items, rank), rank=rank)


def _points(items: Sequence[Item], rank: int) -> int:
    return sum(Slot(c, s, w, 0).value(rank if s is None else rank_of(s)) for c, s, w in items)


def _runs(counts: Sequence[int], suit: int, rules: RulesArgentino) -> Iterator[Cand]:
    supply = counts[JK] + sum(counts[t] for t in TWOS)
    naturals = sum(1 for r in range(1, 14) if counts[cid(r, suit)] > 0)
    if naturals == 0 or naturals + supply < rules.RunMin:
        return
    for low in run_lows(rules.RunMin, rules.RunWrap):
        if supply or counts[cid(rank_at(low), suit)] > 0:
            yield from _runs_from(counts, suit, low, supply, rules)


def _runs_from(
    counts: Sequence[int], suit: int, low: int, supply: int, rules: RulesArgentino
) -> Iterator[Cand]:
    """Runs of ``suit`` starting at value ``low``: each length that the hand can fill."""
    targets: list[int] = []
    wild_at: list[bool] = []
    for value in range(low, low + MAX_RUN):
        if not rules.RunWrap and value > 14:
            return
        target = cid(rank_at(value), suit)
        missing = counts[target] == 0
        if missing and (sum(wild_at) >= supply or (wild_at and wild_at[-1])):
            return
        targets.append(target)
        wild_at.append(missing)
        if len(targets) >= rules.RunMin and not all(wild_at):
            cand = _assign(counts, suit, low, targets, wild_at)
            if cand is not None:
                yield cand


def _assign(
    counts: Sequence[int], suit: int, low: int, targets: list[int], wild_at: list[bool]
) -> Cand | None:
    """The run with wilds given out: monos where they are worth 20, jokers elsewhere."""
    left = list(counts)
    for target, wild in zip(targets, wild_at, strict=True):
        if not wild:
            left[target] -= 1
    items: list[Item] = []
    for target, wild in zip(targets, wild_at, strict=True):
        if not wild:
            items.append((target, target, False))
            continue
        card = _pick_wild(left, rank_value(rank_of(target)) >= 10)
        if card is None:
            return None
        left[card] -= 1
        items.append((card, target, True))
    points = sum(Slot(c, s, w, 0).value(rank_of(s)) for c, s, w in items if s is not None)
    return Cand("run", tuple(items), points, suit=suit, low=low)


def _pick_wild(left: Sequence[int], high: bool) -> int | None:
    monos = [t for t in TWOS if left[t] > 0]
    if high and monos:
        return monos[0]
    if left[JK] > 0:
        return JK
    return monos[0] if monos else None


def packings(cands: list[Cand], counts: Sequence[int], limit: int) -> list[list[Cand]]:
    """Sets of candidates that fit the hand together (the empty one first), up to ``limit``."""
    avail = list(counts)
    found: list[list[Cand]] = [[]]
    chosen: list[Cand] = []

    def grow(start: int) -> None:
        for j in range(start, len(cands)):
            if len(found) >= limit:
                return
            uses = cands[j].uses
            if not _take(avail, uses):
                continue
            chosen.append(cands[j])
            found.append(list(chosen))
            grow(j + 1)
            chosen.pop()
            for c in uses:
                avail[c] += 1

    grow(0)
    return found


def _take(avail: list[int], uses: tuple[int, ...]) -> bool:
    for i, c in enumerate(uses):
        avail[c] -= 1
        if avail[c] < 0:
            for d in uses[: i + 1]:
                avail[d] += 1
            return False
    return True
