"""One round's seating: who sits at which table, who starts, who has a bye.

No library fitted (the lead's list, and the package index's: the chess pairing
engines pair two players, OR-Tools' CP-SAT or a MIP model would solve a social
golfer's round but brings a large native dependency and needs equal tables;
networkx has no grouping of this kind), so this is a small seeded search:

- ``random``: a shuffle, cut into the tables' sizes;
- ``mixer``: as few repeated pairs as possible. Starts from a deal (the players
  ordered by their last table, dealt one to each table in turn: with at least as
  many tables as seats at the largest table, round 2 has no repeat) and from
  shuffles, each improved by swapping two players of different tables while that
  lowers the repeats (hill climbing, then a few random swaps to leave a local
  minimum); the best seating found is kept. The work is bounded by counts, never by
  time, so a seed gives the same seating on any machine;
- ``standings``: the players in standings order cut into tables (the top players
  together), then swaps between neighbouring tables, each player staying within one
  table of their place, while they lower the repeats.

In every method the starter is the player at the table who has started fewest
times so far, then the draw (the table's shuffled order); the seats follow the
draw from the starter on. Everything random comes from ``random.Random`` seeded
with the night's seed and the round's number.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import TypeVar

from referee.night.sizes import fewest_byes, table_sizes

METHODS = ("mixer", "standings", "random")
RESTARTS = 6  # starts of the mixer's search (the deal, then shuffles)
KICKS = 8  # random swaps that shake a local minimum, per start
POLISH_PASSES = 40  # hill-climbing passes over every swap, per descent at most


@dataclass(slots=True)
class History:
    """What earlier rounds leave: how often each pair sat together, each player's starts
    and byes, and each player's last table (for the deal)."""

    met: dict[frozenset[str], int] = field(default_factory=dict)
    starts: dict[str, int] = field(default_factory=dict)
    byes: dict[str, int] = field(default_factory=dict)
    last_table: dict[str, int] = field(default_factory=dict)

    def seat(self, tables: Sequence[Sequence[str]], byes: Sequence[str] = (),
             starters: Sequence[str] = ()) -> None:
        """Add a round: its tables (each player's last table), their starters, byes."""
        for number, players in enumerate(tables, start=1):
            for a, b in combinations(players, 2):
                pair = frozenset((a, b))
                self.met[pair] = self.met.get(pair, 0) + 1
            for player in players:
                self.last_table[player] = number
        for player in starters:
            self.starts[player] = self.starts.get(player, 0) + 1
        for player in byes:
            self.byes[player] = self.byes.get(player, 0) + 1

    def repeats(self, tables: Sequence[Sequence[str]]) -> int:
        """The pairs seated together who already were, each counted once per earlier
        meeting."""
        return sum(self.met.get(frozenset(pair), 0)
                   for players in tables for pair in combinations(players, 2))


@dataclass(frozen=True, slots=True)
class SeatedRound:
    """A round's seating: each table's players in seat order (the starter first), the
    byes, and the repeated pairs."""

    tables: list[list[str]]
    byes: list[str]
    repeats: int


class SeatingError(ValueError):
    """The players present cannot be seated at all (fewer than the smallest table)."""


def round_rng(seed: int, round_number: int, part: str = "") -> random.Random:
    return random.Random(f"{seed}:{round_number}:{part}")


def seat_round(present: Sequence[str], sizes: tuple[int, int], method: str, seed: int,
               round_number: int, history: History, ranking: Sequence[str] = (),
               ) -> SeatedRound:
    """Seat ``present`` (in the night's order) for round ``round_number``; ``ranking`` is
    the standings order (best first), for the byes and the ``standings`` method."""
    if method not in METHODS:
        raise ValueError(f"unknown seating method {method!r}")
    low, high = sizes
    rng = round_rng(seed, round_number)
    place = {player: i for i, player in enumerate(ranking)}
    byes = _byes(present, fewest_byes(len(present), low, high), history, place, rng)
    seated = [p for p in present if p not in byes]
    counts = table_sizes(len(seated), low, high)
    if counts is None or (not counts and present):
        raise SeatingError(len(present))
    if method == "random":
        order = list(seated)
        rng.shuffle(order)
        tables = _cut(order, counts)
    elif method == "mixer":
        tables = mix(seated, counts, history, rng)
    else:
        ordered = sorted(seated, key=lambda p: place.get(p, len(place)))
        tables = _near_standings(_cut(ordered, counts), history)
    seats = [_seat_order(players, history.starts, rng) for players in tables]
    return SeatedRound(seats, byes, history.repeats(seats))


def _byes(present: Sequence[str], count: int, history: History, place: Mapping[str, int],
          rng: random.Random) -> list[str]:
    """The ``count`` players who sit out: the fewest byes so far, then the lowest in the
    standings, then the draw."""
    if count == 0:
        return []
    draw = {player: rng.random() for player in present}
    chosen = sorted(present, key=lambda p: (history.byes.get(p, 0), -place.get(p, -1),
                                            draw[p]))
    return chosen[:count]


T = TypeVar("T")


def _cut(order: Sequence[T], counts: Sequence[int]) -> list[list[T]]:
    """``order`` cut into tables of ``counts`` players."""
    tables: list[list[T]] = []
    start = 0
    for size in counts:
        tables.append(list(order[start:start + size]))
        start += size
    return tables


def _seat_order(players: Sequence[str], starts: Mapping[str, int],
                rng: random.Random) -> list[str]:
    """The table's seats: the draw, turned so that the player with the fewest starts so
    far (the first of them in the draw) sits first."""
    order = list(players)
    rng.shuffle(order)
    if not order:
        return order
    first = min(range(len(order)), key=lambda i: (starts.get(order[i], 0), i))
    return order[first:] + order[:first]


# --------------------------------------------------------------------------- the mixer


class _Search:
    """Tables as lists of player numbers, with the meetings as a matrix, for fast swaps."""

    def __init__(self, players: Sequence[str], history: History) -> None:
        self.players = list(players)
        n = len(players)
        self.met = [[0] * n for _ in range(n)]
        for i, a in enumerate(players):
            row = self.met[i]
            for j in range(i + 1, n):
                count = history.met.get(frozenset((a, players[j])), 0)
                row[j] = count
                self.met[j][i] = count

    def cost(self, tables: Sequence[Sequence[int]]) -> int:
        met = self.met
        return sum(met[a][b] for t in tables for a, b in combinations(t, 2))

    def delta(self, table_a: Sequence[int], ia: int, table_b: Sequence[int], ib: int) -> int:
        """The change in repeats if ``table_a[ia]`` and ``table_b[ib]`` swap tables."""
        a, b = table_a[ia], table_b[ib]
        ma, mb = self.met[a], self.met[b]
        change = 0
        for k, x in enumerate(table_a):
            if k != ia:
                change += mb[x] - ma[x]
        for k, y in enumerate(table_b):
            if k != ib:
                change += ma[y] - mb[y]
        return change

    def descend(self, tables: list[list[int]], cost: int,
                allowed: _Allowed | None = None) -> int:
        """Swap while a swap lowers the cost (the best swap of each pair of tables)."""
        for _ in range(POLISH_PASSES):
            improved = False
            for ta in range(len(tables)):
                for tb in range(ta + 1, len(tables)):
                    if allowed is not None and not allowed.tables(ta, tb):
                        continue
                    gain = self._best_swap(tables, ta, tb, allowed)
                    if gain < 0:
                        cost += gain
                        improved = True
            if not improved or cost == 0:
                break
        return cost

    def _best_swap(self, tables: list[list[int]], ta: int, tb: int,
                   allowed: _Allowed | None) -> int:
        """Make the best swap between tables ``ta`` and ``tb`` if it lowers the cost; the
        change (0: none made)."""
        best = (0, -1, -1)
        a_table, b_table = tables[ta], tables[tb]
        for ia in range(len(a_table)):
            for ib in range(len(b_table)):
                if allowed is not None and not allowed.swap(a_table[ia], tb, b_table[ib], ta):
                    continue
                d = self.delta(a_table, ia, b_table, ib)
                if d < best[0]:
                    best = (d, ia, ib)
        if best[0] < 0:
            _, ia, ib = best
            a_table[ia], b_table[ib] = b_table[ib], a_table[ia]
        return best[0]


class _Allowed:
    """The standings method's bounds: a player stays within one table of their place."""

    def __init__(self, home: Mapping[int, int]) -> None:
        self.home = home

    def tables(self, ta: int, tb: int) -> bool:
        return tb - ta == 1

    def swap(self, a: int, to_a: int, b: int, to_b: int) -> bool:
        return abs(self.home[a] - to_a) <= 1 and abs(self.home[b] - to_b) <= 1


def mix(players: Sequence[str], counts: Sequence[int], history: History,
        rng: random.Random) -> list[list[str]]:
    """The seating with the fewest repeated pairs found (``counts``: the tables' sizes)."""
    search = _Search(players, history)
    n = len(players)
    starts: list[list[int]] = [_deal(players, counts, history)]
    for _ in range(RESTARTS - 1):
        order = list(range(n))
        rng.shuffle(order)
        starts.append(order)
    best: list[list[int]] | None = None
    best_cost = -1
    for order in starts:
        tables = [list(t) for t in _cut(order, counts)]
        cost = search.descend(tables, search.cost(tables))
        for _ in range(KICKS):
            if cost == 0 or len(tables) < 2:
                break
            trial = [list(t) for t in tables]
            _kick(trial, rng)
            trial_cost = search.descend(trial, search.cost(trial))
            if trial_cost <= cost:
                tables, cost = trial, trial_cost
        if best is None or cost < best_cost:
            best, best_cost = tables, cost
        if best_cost == 0:
            break
    assert best is not None
    return [[players[i] for i in table] for table in best]


def _deal(players: Sequence[str], counts: Sequence[int], history: History) -> list[int]:
    """The players ordered by their last table, dealt one to each table in turn: an order
    whose cut (:func:`_cut_ints`) gives those tables."""
    ranked = sorted(range(len(players)),
                    key=lambda i: (history.last_table.get(players[i], 0), i))
    tables: list[list[int]] = [[] for _ in counts]
    k = 0
    for i in ranked:
        while len(tables[k % len(tables)]) >= counts[k % len(tables)]:
            k += 1
        tables[k % len(tables)].append(i)
        k += 1
    return [i for table in tables for i in table]


def _kick(tables: list[list[int]], rng: random.Random) -> None:
    """Swap two random players of two random tables."""
    ta, tb = rng.sample(range(len(tables)), 2)
    ia, ib = rng.randrange(len(tables[ta])), rng.randrange(len(tables[tb]))
    tables[ta][ia], tables[tb][ib] = tables[tb][ib], tables[ta][ia]


def _near_standings(tables: list[list[str]], history: History) -> list[list[str]]:
    """The standings' tables with the repeats lowered by swaps between neighbouring
    tables, each player within one table of their place."""
    players = [p for t in tables for p in t]
    search = _Search(players, history)
    index = {p: i for i, p in enumerate(players)}
    ints = [[index[p] for p in t] for t in tables]
    home = {index[p]: number for number, t in enumerate(tables) for p in t}
    search.descend(ints, search.cost(ints), _Allowed(home))
    return [[players[i] for i in t] for t in ints]
