"""An argentino bot's choices: draw or take the pile, what to lay, what to discard.

Greedy, with two temperaments chosen per hand: an eager bot lays whatever it
can; a hider holds its melds until it can go out in one turn (hidden, 100),
for a few turns at most. Every bot keeps a card to discard (no empty hand
without a final discard) and, before every seat has had a turn, two (no
``cut-first-round``); a bot en ley first goes down with ``LawMin`` or more.
Lay-offs go onto any meld once the bot is down (this turn or before), a wild
where the rules put a bare one, a natural card that names an end wild moving
that wild.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from referee.sim.argentino.candidates import Cand, candidates, packings
from referee.sim.argentino.melds import Slot, Written, hand_value, is_wild
from referee.sim.argentino.state import HandState
from referee.sim.argentino.table import TableMeld
from referee.sim.cards import IDS, JK, cid, rank_at, rank_of, suit_of

PACKINGS = 150  # packings looked at per turn
TRIED = 5  # of which the best are carried out
BIG_PILE = 12  # a pile this big is never taken by choice


@dataclass(frozen=True, slots=True)
class MovesArgentino:
    """How the bots play (and how often they make their rarer moves)."""

    listed_take: float = 0.3  # a take written with the pile listed
    bare_wild: float = 0.5  # a wild written bare where its reading is unique
    hider: float = 0.35  # a bot holds its melds to go out hidden
    hold_turns: int = 4  # a hider lays anyway after this many turns
    idle_take: float = 0.04  # a small pile taken for no reason
    wild_layoff: float = 0.3  # a wild laid off before the last cards
    cut_bonus: float = 0.1  # a hand whose cutter set aside exactly the dealt cards
    layoffs_first: float = 0.3  # a player already down lays off before melding


MOVES = MovesArgentino()


@dataclass(slots=True)
class TurnPlan:
    """A turn the bot may play: its melds, its lay-offs, its discard, and what it leaves."""

    melds: list[Cand]
    layoffs: list[tuple[Written, int]]  # (card, meld number), in order after the melds
    discard: int
    left: list[int] = field(default_factory=list)  # the hand before the discard
    laid: int = 0  # the value laid this turn

    @property
    def score(self) -> tuple[bool, int, int]:
        shed = sum(len(c.items) for c in self.melds) + len(self.layoffs)
        return (sum(self.left) == 1, shed, self.laid)


class Bot:
    """One seat's player for one hand."""

    def __init__(self, seat: int, rng: random.Random, moves: MovesArgentino,
                 en_ley: bool) -> None:
        self.seat = seat
        self.rng = rng
        self.moves = moves
        self.en_ley = en_ley
        self.hider = rng.random() < moves.hider
        self.turns = 0

    # -- the start ------------------------------------------------------------------------

    def wants_take(self, state: HandState) -> bool:
        """Take the whole pile (else draw)?"""
        pile = state.pile
        if not pile or len(pile) > BIG_PILE:
            return False
        if any(is_wild(c) for c in pile) and len(pile) <= 3:
            return True
        hand = state.hands[self.seat]
        if not any(_related(c, hand) for c in pile):
            return len(pile) <= 2 and self.rng.random() < self.moves.idle_take
        with_pile = list(hand)
        for c in pile:
            with_pile[c] += 1
        gain = _best_points(with_pile, state) - _best_points(hand, state)
        if gain > 0 and gain >= sum(hand_value(c) for c in pile) // 2:
            return True
        return len(pile) <= 2 and self.rng.random() < self.moves.idle_take

    # -- the rest of the turn -------------------------------------------------------------

    def plan(self, state: HandState) -> TurnPlan:
        """Melds, lay-offs and the discard, for the hand as it is after the start."""
        self.turns += 1
        hand = state.hands[self.seat]
        keep = 1 if state.may_go_out() else 2
        found = packings(candidates(hand, state.rules), hand, PACKINGS)
        found = [p for p in found if sum(len(c.items) for c in p) <= sum(hand) - keep]
        found.sort(key=lambda p: (-sum(len(c.items) for c in p), -sum(c.points for c in p)))
        best: TurnPlan | None = None
        for packing in found[:TRIED]:
            trial = self._trial(state, packing, keep)
            if self._acceptable(state, trial) and (best is None or trial.score > best.score):
                best = trial
        if best is None:
            best = TurnPlan([], [], 0, list(hand))
        best.discard = self._discard(best.left)
        return best

    def _acceptable(self, state: HandState, trial: TurnPlan) -> bool:
        """May this plan be played (en ley, a hider's patience)?"""
        if state.is_down(self.seat) or not (trial.melds or trial.layoffs):
            return True
        if not trial.melds:
            return False  # lay-offs need a meld of one's own first
        if self.en_ley and trial.laid < state.rules.LawMin:
            return False
        goes_out = sum(trial.left) == 1
        return not self.hider or goes_out or self.turns > self.moves.hold_turns

    def _trial(self, state: HandState, packing: list[Cand], keep: int) -> TurnPlan:
        """Lay ``packing``, then lay off what fits (keeping ``keep`` cards)."""
        left = list(state.hands[self.seat])
        table = [m.clone() for m in state.table]
        for k, cand in enumerate(packing):
            for c in cand.uses:
                left[c] -= 1
            table.append(_as_table_meld(cand, len(state.table) + k + 1, self.seat,
                                        state.serial))
        layoffs: list[tuple[Written, int]] = []
        if packing or state.is_down(self.seat):
            layoffs = self._lay_offs(state, table, left, keep)
        laid = sum(m.value_of(s) for m in table for s in m.slots
                   if s.owner == self.seat and s.turn == state.serial)
        return TurnPlan(packing, layoffs, 0, left, laid)

    def _lay_offs(
        self, state: HandState, table: list[TableMeld], left: list[int], keep: int
    ) -> list[tuple[Written, int]]:
        done: list[tuple[Written, int]] = []
        changed = True
        while changed:
            changed = False
            for card in self._layoff_order(left):
                if sum(left) <= keep:
                    return done
                spot = _lay_somewhere(state, table, Written(card), self.seat)
                if spot is not None:
                    left[card] -= 1
                    done.append((Written(card), spot))
                    changed = True
        return done

    def _layoff_order(self, left: Sequence[int]) -> list[int]:
        """Natural cards first; wilds only near the end of the hand, or now and then."""
        naturals = [c for c in range(IDS) if left[c] > 0 and not is_wild(c)]
        wilds = [c for c in range(IDS) if left[c] > 0 and is_wild(c)]
        if wilds and (len(naturals) <= 1 or self.rng.random() < self.moves.wild_layoff):
            return naturals + wilds
        return naturals

    def _discard(self, left: Sequence[int]) -> int:
        """The least useful card (a wild only when nothing else is left)."""
        options = [c for c in range(IDS) if left[c] > 0]
        naturals = [c for c in options if not is_wild(c)]
        pool = naturals or options
        return min(pool, key=lambda c: (_usefulness(c, left), c))


def _as_table_meld(cand: Cand, number: int, seat: int, turn: int) -> TableMeld:
    slots = [Slot(c, s, w, seat, turn) for c, s, w in cand.items]
    return TableMeld(number, seat, cand.kind, cand.rank, cand.suit, cand.low, slots)


def _lay_somewhere(
    state: HandState, table: list[TableMeld], w: Written, seat: int
) -> int | None:
    """Lay ``w`` off onto the first meld that takes it; its number, or None."""
    for meld in table:
        at = meld.placement(w, state.rules)
        if at is not None:
            meld.lay(w, seat, at, state.serial)
            return meld.number
    return None


def _best_points(hand: Sequence[int], state: HandState) -> int:
    """The most points one packing of melds in ``hand`` lays (a quick estimate)."""
    cands = candidates(hand, state.rules)[:40]
    return max(sum(c.points for c in p) for p in packings(cands, hand, 60))


def _related(card: int, hand: Sequence[int]) -> bool:
    """Could ``card`` join a meld with cards of ``hand`` (same rank, or near in its suit)?"""
    if is_wild(card):
        return True
    rank, suit = rank_of(card), suit_of(card)
    if any(hand[cid(rank, s)] > 0 for s in range(4) if s != suit):
        return True
    return any(hand[cid(rank_at(rank + d), suit)] > 0 for d in (-2, -1, 1, 2))


def _usefulness(card: int, hand: Sequence[int]) -> float:
    """How much a card helps the hand; costly cards count a little less."""
    if is_wild(card):
        return 1000.0
    rank, suit = rank_of(card), suit_of(card)
    score = sum(3.0 for other in range(4) if other != suit and hand[cid(rank, other)] > 0)
    for dist, weight in ((1, 3.0), (2, 1.5)):
        for value in (rank + dist, rank - dist):
            if hand[cid(rank_at(value), suit)] > 0:
                score += weight
    if hand[card] > 1:
        score -= 1
    return score - hand_value(card) * 0.05


__all__ = ["JK", "MOVES", "Bot", "MovesArgentino", "TurnPlan"]
