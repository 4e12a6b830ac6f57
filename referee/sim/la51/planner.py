"""A 51 bot's turn: which melds to lay, what to lay off, what to discard.

The bot is greedy (RULES.md sections 3 to 5): it looks for the packing of melds
that sheds the most cards (then the most points) and still leaves a legal
discard, with the bajada's minimum (``MinOpen``, ``OpenExact``, ``BeatPrevious``)
while it is not yet down; melds first, then lay-offs onto melds of earlier
turns, whoever laid them; the discard is never a card some table meld could
take (a pegue), and the hand never empties before it. When every card left
would be a pegue it tries holding one back from its lay-offs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from referee.sim.cards import IDS, JK, SimDeck, cid, rank_at, rank_of, sim_deck, suit_of
from referee.sim.la51.candidates import Cand, candidates, packings
from referee.sim.la51.table import TableMeld

if TYPE_CHECKING:
    from referee.sim.la51.game import Game51

PACKINGS = 600  # packings looked at per turn
TRIED = 60  # of which the best are carried out
ENOUGH = 6  # feasible plans before settling for the best


@dataclass(slots=True)
class Plan:
    """A turn the player may play: melds, lay-offs, discard, and what it is worth."""

    melds: list[Cand]
    layoffs: list[tuple[int, int]]  # (card id, meld number), in order
    discard: int
    shed: int
    win: bool
    points: int  # bajada points (only meaningful when going down)

    @property
    def score(self) -> tuple[int, int, int]:
        return (1 if self.win else 0, self.shed, self.points)


@dataclass(slots=True)
class Layoffs:
    """Lay-offs being planned: the table copied on write, and what went where."""

    seat: int
    table: list[TableMeld]
    deck: SimDeck = field(default_factory=sim_deck)
    done: list[tuple[int, int]] = field(default_factory=list)
    bonus: int = 0  # points laid off onto other players' melds
    copied: set[int] = field(default_factory=set)

    def place(self, card: int) -> bool:
        target = find_target(self.table, card)
        if target is None:
            return False
        index, where, stands = target
        meld = self.table[index]
        if index not in self.copied:
            meld = self.table[index] = meld.clone()
            self.copied.add(index)
        meld.add(where, stands, self.deck.cards[card])
        self.done.append((card, meld.number))
        if meld.owner != self.seat:
            self.bonus += self.deck.points[rank_of(stands)]
        return True


def find_target(table: list[TableMeld], card: int) -> tuple[int, int, int] | None:
    """Where ``card`` can be laid off: (table index, end, card it stands for), or None.

    A joker goes to a meld without a joker when there is one."""
    if card != JK:
        for index, meld in enumerate(table):
            where = meld.fit(card)
            if where is not None:
                return index, where, card
        return None
    fallback: tuple[int, int, int] | None = None
    for index, meld in enumerate(table):
        spot = meld.joker_fit()
        if spot is None:
            continue
        if meld.jokers == 0:
            return index, spot[0], spot[1]
        if fallback is None:
            fallback = (index, spot[0], spot[1])
    return fallback


class Planner:
    """Plans the turns of every bot of one game (it reads the game's state)."""

    def __init__(self, game: Game51) -> None:
        self.game = game
        self.rules = game.rules
        self.deck = sim_deck(game.rules.Deck)

    # -- the bajada's minimum -------------------------------------------------------------

    def beat_previous(self) -> bool:
        """``BeatPrevious`` as applied: ``OpenExact`` switches it off (RULES.md 12)."""
        return self.rules.BeatPrevious and not self.rules.OpenExact

    def need(self) -> int:
        """The fewest points a bajada may have now (``OpenExact`` aside)."""
        need = self.rules.MinOpen
        if self.beat_previous() and self.game.last_bajada is not None:
            need = max(need, self.game.last_bajada + 1)
        return need

    def requirement_met(self, total: int) -> bool:
        if self.rules.OpenExact:
            return total == self.rules.MinOpen
        return total >= self.need()

    # -- a whole turn ---------------------------------------------------------------------

    def plan(self, seat: int, hand: list[int], taken: int | None) -> Plan | None:
        """The best turn after the draw (or with the taken card in ``hand``), or None."""
        down = self.game.down[seat]
        cands = candidates(hand, self.rules, self.game.moves.two_jokers)
        first: int | None = None
        if taken is not None:
            holders = [c for c in cands if c.holds(taken)]
            if not holders:
                return None
            first = len(holders)
            cands = holders + [c for c in cands if not c.holds(taken)]
        bound = 0
        if not down and self.rules.LayoffsCount and not self.rules.OpenExact:
            bound = self.lay_off(seat, hand, None, None).bonus
        if not down and not self._bajada_possible(cands, hand, bound):
            if taken is not None:
                return None
            cands = []
        scored = self._scored(packings(cands, hand, PACKINGS, first), hand, down, bound)
        return self._best(seat, hand, scored, taken)

    def _bajada_possible(self, cands: list[Cand], hand: list[int], bound: int) -> bool:
        """Could any bajada reach the minimum this turn (a quick upper bound)?"""
        if self.rules.OpenExact:
            return self.need() <= self.rules.MinOpen
        usable = [0] * IDS
        for cand in cands:
            for c in cand.uses:
                usable[c] = hand[c]
        values = self.deck.points
        most = sum(values[rank_of(c)] * usable[c] for c in self.deck.naturals) + 10 * usable[JK]
        return most + bound >= self.need()

    def _scored(
        self, found: list[list[Cand]], hand: list[int], down: bool, bound: int
    ) -> list[list[Cand]]:
        """The packings worth trying, most cards first, then most points."""
        total = sum(hand)
        scored: list[tuple[int, int, int, list[Cand]]] = []
        for i, packing in enumerate(found):
            cards = sum(len(c.uses) for c in packing)
            if cards >= total:
                continue  # keep a card to discard
            laid = sum(c.points for c in packing)
            if not down and packing and not self._may_open(laid, bound):
                continue
            scored.append((-cards, -laid, i, packing))
        scored.sort(key=lambda t: (t[0], t[1], t[2]))
        return [packing for *_, packing in scored]

    def _may_open(self, laid: int, bound: int) -> bool:
        if self.rules.OpenExact:
            return laid == self.rules.MinOpen
        return laid + bound >= self.need()

    def _best(
        self, seat: int, hand: list[int], scored: list[list[Cand]], taken: int | None
    ) -> Plan | None:
        tried = scored[:TRIED]
        if taken is None and len(scored) > TRIED:
            tried.append(scored[-1])  # the empty packing: no melds this turn
        best: Plan | None = None
        feasible = 0
        for packing in tried:
            plan = self.evaluate(seat, hand, packing, taken)
            if plan is None:
                continue
            feasible += 1
            if best is None or plan.score > best.score:
                best = plan
            if best.win or feasible >= ENOUGH:
                break
        return best

    # -- one packing ----------------------------------------------------------------------

    def evaluate(
        self, seat: int, hand: list[int], packing: list[Cand], taken: int | None
    ) -> Plan | None:
        """The turn that lays ``packing``, then lays off what it can, then discards."""
        if taken is not None:
            first = next(i for i, c in enumerate(packing) if c.holds(taken))
            packing = [packing[first], *packing[:first], *packing[first + 1 :]]
        rest = list(hand)
        for cand in packing:
            for c in cand.uses:
                rest[c] -= 1
        game = self.game
        new = [game.new_meld(c, -1 - k, seat) for k, c in enumerate(packing)]
        plan, retry = self._attempt(seat, rest, packing, new, taken, None)
        if plan is not None or not retry:
            return plan
        best: Plan | None = None
        for reserve in self._reserves(rest, taken, new):
            plan, _ = self._attempt(seat, rest, packing, new, taken, reserve)
            if plan is not None and (best is None or plan.score > best.score):
                best = plan
                if best.win:
                    break
        return best

    @staticmethod
    def _reserves(rest: list[int], taken: int | None, new: list[TableMeld]) -> list[int]:
        """Cards that could be held back from the lay-offs to keep a legal discard."""
        return [
            c for c in range(52)
            if rest[c] > 0 and c != taken and not any(m.fit(c) is not None for m in new)
        ]

    def _attempt(
        self, seat: int, rest: list[int], packing: list[Cand], new: list[TableMeld],
        taken: int | None, reserve: int | None,
    ) -> tuple[Plan | None, bool]:
        """The plan with ``reserve`` held back, or None; True: holding a card back may help."""
        rules = self.rules
        down = self.game.down[seat]
        going_down = not down and bool(packing)
        if down or (going_down and not rules.OpenExact):
            lay = self.lay_off(seat, rest, reserve, taken)
        else:
            lay = Layoffs(seat, list(self.game.table), self.deck)
        left = list(rest)
        for card, _ in lay.done:
            left[card] -= 1
        laid = sum(c.points for c in packing) + (lay.bonus if rules.LayoffsCount else 0)
        if going_down and not self.requirement_met(laid):
            return None, False
        discard = self.choose_discard(seat, left, taken, [*lay.table, *new])
        if discard is None:
            return None, reserve is None and bool(lay.done)
        shed = sum(len(c.uses) for c in packing) + len(lay.done)
        return Plan(packing, lay.done, discard, shed, sum(left) == 1,
                    laid if going_down else 0), False

    def lay_off(
        self, seat: int, rest: list[int], reserve: int | None, forbid: int | None
    ) -> Layoffs:
        """Lay off all it can onto melds of earlier turns, keeping a card (and ``reserve``)."""
        left = list(rest)
        lay = Layoffs(seat, list(self.game.table), self.deck)
        if reserve is not None:
            left[reserve] -= 1  # held back: it stays in hand whatever fits
        keep = 0 if reserve is not None else 1
        remaining = sum(left)
        changed = True
        while changed and remaining > keep:
            changed = False
            for card in [c for c in range(IDS) if left[c] > 0 and c != forbid]:
                while left[card] > 0 and remaining > keep and lay.place(card):
                    left[card] -= 1
                    remaining -= 1
                    changed = True
        return lay

    # -- the discard ----------------------------------------------------------------------

    def choose_discard(
        self, seat: int, hand: list[int], forbid: int | None, table: list[TableMeld]
    ) -> int | None:
        """A card no table meld could take (the best to lose), or None."""
        options = [
            c for c in range(IDS)
            if hand[c] > 0 and c != forbid and not any(m.takes(c, c == JK) for m in table)
        ]
        if not options:
            return None
        if self.game.down[seat] and sum(hand) == 2 and len(options) == 2:
            # keep the card least likely to become a pegue before the next turn
            return max(options, key=lambda c: (risk(c, table), -c))
        return min(options, key=lambda c: (self.usefulness(c, hand), c))

    def usefulness(self, card: int, hand: list[int]) -> float:
        """How much a card helps the hand (the least useful one is discarded)."""
        if card == JK:  # keep jokers for melds, unless no meld may hold one
            return -100.0 if self.rules.MaxJokers == 0 else 1000.0
        rank, suit = rank_of(card), suit_of(card)
        ranks = self.deck.ranks
        score = 0.0
        for other in range(4):
            if other != suit and hand[cid(rank, other)] > 0:
                score += 3
        for dist, weight in ((1, 3.0), (2, 1.5)):
            for value in (rank + dist, rank - dist):
                if not self.rules.RunWrap and not 1 <= value <= ranks + 1:
                    continue
                if hand[cid(rank_at(value, ranks), suit)] > 0:
                    score += weight
        if hand[card] > 1:
            score -= 1
        return score + self.deck.points[rank] * 0.05


def risk(card: int, table: list[TableMeld]) -> float:
    """How likely a card is to become a pegue as the table grows."""
    if card == JK:
        return 100.0
    total = 0.0
    rank, suit = rank_of(card), suit_of(card)
    for meld in table:
        if meld.kind == "run" and meld.suit == suit and meld.length < meld.ranks:
            for dist in range(1, 4):
                if rank_at(meld.low + meld.length - 1 + dist, meld.ranks) == rank:
                    total += 1.0 / dist
                if rank_at(meld.low - dist, meld.ranks) == rank:
                    total += 1.0 / dist
        elif meld.kind == "set" and meld.rank == rank:
            total += 0.1
    return total
