"""One simulated hand of Rummy argentino: the deal, the turns, the events, the scores.

The deal (ARGENTINO.md section 2): the shuffled deck gives 9 cards to each seat
in turn order, then the face-up card that starts the pile, then the stock, top
first. A turn: the bot draws or takes the whole pile (written bare, or with the
pile listed), lays melds and lay-offs, discards. An empty stock is refilled
from the pile but its top card, shuffled; with neither, the bot takes the pile.
Every event is applied to the :class:`~referee.sim.argentino.state.HandState`
that scores the hand, and each meld is written so that it reads as the bot
meant it (wilds bare where that reading is the spec's, else with their card).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from referee.cards import Card
from referee.notation.events import Discard, Draw, Event, Layoff, Meld, Take
from referee.sim.argentino.bot import Bot, MovesArgentino, TurnPlan
from referee.sim.argentino.candidates import Cand, Item
from referee.sim.argentino.melds import Written, read_meld
from referee.sim.argentino.state import HandState
from referee.sim.argentino.table import TableMeld, suit_missing
from referee.sim.cards import CARDS, ID, cid, counts_of, full_deck, stands, suit_of
from referee.sim.knobs import argentino_decks
from referee.variants.argentino.knobs import RulesArgentino

HAND = 9
MAX_ROUNDS = 60
"""A hand still running after this many rounds is dealt again."""

STALL_ROUNDS = 12
"""A hand whose table has not changed for this many rounds is dealt again (a stock
run dry and a one-card pile going round, nobody able to lay, is such a hand)."""


class Stuck(Exception):
    """The hand cannot finish; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class HandGame:
    """The bots of one hand, the state they play on, and the events they write."""

    def __init__(self, rng: random.Random, rules: RulesArgentino, players: tuple[str, ...],
                 entering: Mapping[str, int] | None, moves: MovesArgentino) -> None:
        self.rng = rng
        self.rules = rules
        self.moves = moves
        self.players = players
        n = len(players)
        deck = full_deck(*argentino_decks(rules, n))
        rng.shuffle(deck)
        self.deals = [deck[HAND * s : HAND * (s + 1)] for s in range(n)]
        self.up: Card = deck[HAND * n]
        self.initial_stock = deck[HAND * n + 1 :]
        self.stock = [ID[c] for c in self.initial_stock]
        self.state = HandState(players, rules, [counts_of(d) for d in self.deals],
                               pile=[ID[self.up]])
        if rng.random() < moves.cut_bonus:
            self.state.cutter = (n - 2) % n  # the player on the dealer's left cuts
        law = rules.LawAt
        self.en_ley = [entering is not None and entering.get(p, 0) > law for p in players]
        self.bots = [Bot(s, rng, moves, self.en_ley[s]) for s in range(n)]
        self.events: list[Event] = []
        self.refills: list[int] = []

    def play(self) -> None:
        """Play to the end of the hand; :class:`Stuck` when it cannot finish."""
        n = len(self.players)
        changed = 0
        for turn in range(MAX_ROUNDS * n):
            before = len(self.events)
            if self._turn(turn % n):
                return
            if any(isinstance(e, Meld | Layoff) for e in self.events[before:]):
                changed = turn
            elif turn - changed > STALL_ROUNDS * n:
                raise Stuck("stalled")
        raise Stuck("round-cap")

    # -- a turn ---------------------------------------------------------------------------

    def _turn(self, seat: int) -> bool:
        state, bot, name = self.state, self.bots[seat], self.players[seat]
        can_draw = bool(self.stock) or len(state.pile) > 1
        if not can_draw or bot.wants_take(state):
            listed = self.rng.random() < self.moves.listed_take
            pile = [CARDS[c] for c in state.take(seat)]
            if listed and len(pile) > 1 and self.rng.random() < 0.5:
                self.rng.shuffle(pile)  # any order lists the pile
            self.events.append(Take(name, 0, 0, tuple(pile) if listed else None))
        else:
            card = self._stock_card()
            state.draw(seat, card)
            self.events.append(Draw(name, 0, 0, CARDS[card]))
        first_down = not state.is_down(seat)
        plan = bot.plan(state)
        self._carry_out(seat, plan)
        if first_down and state.is_down(seat) and self.en_ley[seat]:
            assert state.laid_this_turn(seat) >= self.rules.LawMin, "en ley: under LawMin"
        self.events.append(Discard(name, 0, 0, CARDS[plan.discard]))
        return state.discard(seat, plan.discard)

    def _stock_card(self) -> int:
        if not self.stock:
            pile = self.state.pile
            self.stock = pile[:-1]
            del pile[:-1]
            self.rng.shuffle(self.stock)
            self.refills.append(len(self.events))
        return self.stock.pop(0)

    def _carry_out(self, seat: int, plan: TurnPlan) -> None:
        """Melds, then lay-offs; a player already down sometimes lays off onto the melds
        of earlier turns first (once down, any order is legal: ARGENTINO.md 5)."""
        layoffs = plan.layoffs
        if self.state.is_down(seat) and self.rng.random() < self.moves.layoffs_first:
            old = len(self.state.table)
            first = [(w, n) for w, n in layoffs if n <= old]
            self._lay_off(seat, first)
            layoffs = [(w, n) for w, n in layoffs if n > old]
        for cand in plan.melds:
            written = self._layout(cand)
            meld = self.state.meld(seat, [Written.of(c) for c in written])
            assert meld.kind == cand.kind, f"{written} does not read as meant"
            self.events.append(Meld(self.players[seat], 0, 0, written))
        self._lay_off(seat, layoffs)

    def _lay_off(self, seat: int, layoffs: Sequence[tuple[Written, int]]) -> None:
        for w, number in layoffs:
            card = self._layoff_text(w, self.state.table[number - 1])
            assert self.state.layoff(seat, Written.of(card), number), f"{card} on {number}"
            self.events.append(Layoff(self.players[seat], 0, 0, card, number))

    # -- writing --------------------------------------------------------------------------

    def _layout(self, cand: Cand) -> tuple[Card, ...]:
        """The meld as laid: a run in either direction, a set in any order; each wild
        bare or with its card, bare only where the meld then reads as meant."""
        items = list(cand.items)
        if cand.kind == "run" and self.rng.random() < 0.5:
            items.reverse()
        if cand.kind == "set":
            self.rng.shuffle(items)
        written = self._wilds_written(cand, items, self.moves.bare_wild)
        if not _reads_as(written, cand, items, self.rules):
            written = self._wilds_written(cand, items, 0.0)
            assert _reads_as(written, cand, items, self.rules), f"{written} is ambiguous"
        return written

    def _wilds_written(self, cand: Cand, items: Sequence[Item], bare: float) -> tuple[Card, ...]:
        taken = {suit_of(s) for _, s, _ in items if s is not None}
        out: list[Card] = []
        for card, target, wild in items:
            if not wild or self.rng.random() < bare:
                out.append(CARDS[card])
            elif target is not None:
                out.append(stands(card, target))
            else:  # a set's wild: name one of the suits it lacks
                suit = self.rng.choice([s for s in range(4) if s not in taken])
                taken.add(suit)
                out.append(stands(card, cid(cand.rank, suit)))
        return tuple(out)

    def _layoff_text(self, w: Written, meld: TableMeld) -> Card:
        """A lay-off as written: a wild bare or, now and then, with the card it takes."""
        at = meld.placement(w, self.rules)
        assert at is not None
        if not at.wild or self.rng.random() < self.moves.bare_wild:
            return CARDS[w.card]
        target = at.stands
        if target is None:
            target = cid(meld.rank, self.rng.choice(suit_missing(meld)))
        return stands(w.card, target)

    # -- the end --------------------------------------------------------------------------

    def hand_cards(self, seat: int) -> tuple[Card, ...]:
        hand = self.state.hands[seat]
        return tuple(CARDS[c] for c in range(len(hand)) for _ in range(hand[c]))

    def table_cards(self) -> tuple[tuple[Card, ...], ...]:
        """The physical cards of each table meld (lay-offs that did not fit included)."""
        return tuple(tuple(CARDS[s.card] for s in (*m.slots, *m.loose))
                     for m in self.state.table)

    def stock_cards(self) -> list[Card]:
        return [CARDS[c] for c in self.stock]

    def pile_cards(self) -> list[Card]:
        return [CARDS[c] for c in self.state.pile]


def _reads_as(
    written: Sequence[Card], cand: Cand, items: Sequence[Item], rules: RulesArgentino
) -> bool:
    reading = read_meld([Written.of(c) for c in written], rules)
    if reading is None or reading.kind != cand.kind:
        return False
    if cand.kind == "set":
        return reading.rank == cand.rank
    return list(reading.items) == list(items)
