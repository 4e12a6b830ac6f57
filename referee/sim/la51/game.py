"""One simulated game of 51: the deal, the turns, the events, the end.

The deal: the shuffled deck is dealt in blocks, 15 cards to the first seat and
14 to each next one; the rest is the stock, top first. A turn starts by taking
the top discard only when the bot can meld it in the first meld of this turn
(and, when not yet down, go down with it); else it draws. An empty stock is
refilled from the discard pile but its top card, shuffled (RULES.md section 8).

With ``EarlyDraw`` the next player sometimes draws early: after the current
player started and before their discard (RULES.md sections 2 and 12), at a
random place among the current player's melds and lay-offs; their turn then
starts without a draw.

A game that cannot finish raises :class:`Stuck`: a bot with no legal discard
(every card left is a pegue), no card to draw, a table that stopped changing
for :data:`STALL_ROUNDS` rounds, or :data:`MAX_ROUNDS` rounds. The caller deals
again.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from referee.cards import JOKER, Card
from referee.notation.events import Discard, Draw, Event, Layoff, Meld, Take
from referee.sim.cards import IDS, JK, cid, rank_at, sim_deck
from referee.sim.la51.candidates import Cand
from referee.sim.la51.planner import Plan, Planner, find_target
from referee.sim.la51.table import TableMeld, arrange, only_reading
from referee.variants.la51.knobs import DiscardPegue, Rules51

MAX_ROUNDS = 100
"""A game still running after this many rounds is dealt again."""

STALL_ROUNDS = 30
"""A game whose table has not changed for this many rounds is dealt again."""


@dataclass(frozen=True, slots=True)
class Moves51:
    """How often the bots make the moves that a greedy bot would never need."""

    early_draw: float = 0.15  # the next player draws early (with EarlyDraw)
    bare_joker: float = 0.5  # a joker is written bare where its reading is unique
    two_jokers: bool = True  # melds with two jokers (within MaxJokers)


MOVES = Moves51()
PLAIN = Moves51(early_draw=0.0)
"""No early draws: every turn runs from its own draw or take to its discard."""


class Stuck(Exception):
    """The game cannot finish; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Game51:
    """The state of one game and its bots' turns."""

    def __init__(
        self, rng: random.Random, rules: Rules51, players: tuple[str, ...], moves: Moves51
    ) -> None:
        self.rng = rng
        self.rules = rules
        self.moves = moves
        self.players = players
        self.n = len(players)
        self.deck = sim = sim_deck(rules.Deck)
        self.cards, self.ids = sim.cards, sim.ids
        deck = sim.full_deck(rules.Decks, rules.Jokers)
        rng.shuffle(deck)
        self.deals: list[list[Card]] = []
        pos = 0
        for seat in range(self.n):
            size = 15 if seat == 0 else 14
            self.deals.append(deck[pos : pos + size])
            pos += size
        self.initial_stock = deck[pos:]
        self.stock: list[Card] = list(self.initial_stock)  # top first
        self.discard: list[Card] = []  # bottom first
        self.hands: list[list[int]] = [sim.counts_of(cards) for cards in self.deals]
        self.table: list[TableMeld] = []
        self.down = [False] * self.n
        self.last_bajada: int | None = None
        self.actions: list[Event] = []
        self.turn = 0
        self.changed = 0  # the last turn that laid something on the table
        self.early = [False] * self.n  # drew early: their turn starts without a draw
        self.refills: list[int] = []  # event index of the first draw from each new stock
        self.winner: int | None = None
        self.planner = Planner(self)

    # -- playing --------------------------------------------------------------------------

    def play(self) -> None:
        """Play to the end; :class:`Stuck` when the game cannot finish."""
        seat = 0
        for turn in range(MAX_ROUNDS * self.n):
            self.turn = turn
            if turn == 0:
                self._first_turn(seat)
            else:
                self._turn(seat)
            if sum(self.hands[seat]) == 0:
                self.winner = seat
                return
            if turn - self.changed > STALL_ROUNDS * self.n:
                raise Stuck("stalled")
            seat = (seat + 1) % self.n
        raise Stuck("round-cap")

    def new_meld(self, cand: Cand, number: int, owner: int) -> TableMeld:
        """The table meld ``cand`` becomes (jokers of a set take the first missing suits)."""
        rules = self.rules
        meld = TableMeld(number, owner, self.turn, cand.kind, rules.RunWrap, rules.MaxJokers,
                         jokers=cand.jokers, cards=[self.cards[c] for c in cand.uses],
                         ranks=self.deck.ranks)
        if cand.kind == "set":
            missing = [s for s in range(4) if s not in cand.suits]
            meld.rank = cand.rank
            meld.suits = [*cand.suits, *missing[: cand.jokers]]
        else:
            meld.suit, meld.low, meld.length = cand.suit, cand.low, cand.length
        return meld

    def _first_turn(self, seat: int) -> None:
        choice = self.planner.choose_discard(seat, self.hands[seat], None, self.table)
        if choice is None:
            raise Stuck("stuck")
        self._discard(seat, choice)

    def _turn(self, seat: int) -> None:
        hand = self.hands[seat]
        if self.early[seat]:
            self.early[seat] = False
        elif self._take(seat):
            return
        else:
            card = self._draw_card()
            hand[self.ids[card] if not card.is_joker else JK] += 1
            self.actions.append(Draw(self.players[seat], 0, 0, card))
        plan = self.planner.plan(seat, hand, taken=None)
        self._execute(seat, plan if plan is not None else self._desperate(seat))

    def _take(self, seat: int) -> bool:
        """Take the top discard when a plan melds it; True when the turn was played."""
        top = self.discard[-1] if self.discard else None
        if top is None or top.is_joker:
            return False
        hand = self.hands[seat]
        tid = self.ids[top]
        hand[tid] += 1
        plan = self.planner.plan(seat, hand, taken=tid)
        if plan is None or not plan.melds:
            hand[tid] -= 1
            return False
        self.discard.pop()
        self.actions.append(Take(self.players[seat], 0, 0, (top,)))
        self._execute(seat, plan)
        return True

    def _draw_card(self) -> Card:
        if not self.stock:
            if len(self.discard) <= 1:
                raise Stuck("stock-empty")
            pile = self.discard[:-1]
            self.discard = self.discard[-1:]
            self.rng.shuffle(pile)
            self.stock = pile
            self.refills.append(len(self.actions))
        return self.stock.pop(0)

    def _desperate(self, seat: int) -> Plan:
        """No plan keeps a legal discard: discard a pegue where the house rules allow it."""
        rule = self.rules.DiscardPegue
        if rule is DiscardPegue.OFF or (rule is DiscardPegue.DOWN and not self.down[seat]):
            hand = self.hands[seat]
            card = min((c for c in range(IDS) if hand[c] > 0), key=lambda c: (c == JK, c))
            return Plan([], [], card, 0, sum(hand) == 1, 0)
        raise Stuck("stuck")

    # -- carrying a plan out --------------------------------------------------------------

    def _execute(self, seat: int, plan: Plan) -> None:
        if plan.melds and not self.down[seat]:
            self.down[seat] = True
            self.last_bajada = plan.points
        if plan.melds or plan.layoffs:
            self.changed = self.turn
        steps = len(plan.melds) + len(plan.layoffs)
        early_at = self._early_at(seat, steps)
        for step, cand in enumerate(plan.melds):
            if step == early_at:
                self._early_draw(seat)
            self._meld(seat, cand)
        for step, (card, number) in enumerate(plan.layoffs, start=len(plan.melds)):
            if step == early_at:
                self._early_draw(seat)
            self._layoff(seat, card, number)
        if early_at == steps:
            self._early_draw(seat)
        judged = self.rules.DiscardPegue is DiscardPegue.ALL or (
            self.rules.DiscardPegue is DiscardPegue.DOWN and self.down[seat]
        )
        assert not judged or not any(m.takes(plan.discard, plan.discard == JK)
                                     for m in self.table), "a pegue"
        self._discard(seat, plan.discard)

    def _early_at(self, seat: int, steps: int) -> int | None:
        """Where among this turn's melds and lay-offs the next player draws early, or None."""
        if not self.rules.EarlyDraw or self.moves.early_draw <= 0:
            return None
        if self.rng.random() >= self.moves.early_draw:
            return None
        if not self.stock and len(self.discard) <= 1:
            return None
        return self.rng.randint(0, steps)

    def _early_draw(self, seat: int) -> None:
        drawer = (seat + 1) % self.n
        card = self._draw_card()
        self.hands[drawer][JK if card.is_joker else self.ids[card]] += 1
        self.early[drawer] = True
        self.actions.append(Draw(self.players[drawer], 0, 0, card))

    def _meld(self, seat: int, cand: Cand) -> None:
        hand = self.hands[seat]
        for c in cand.uses:
            hand[c] -= 1
            assert hand[c] >= 0
        meld = self.new_meld(cand, len(self.table) + 1, seat)
        self.table.append(meld)
        self.actions.append(Meld(self.players[seat], 0, 0, self._layout(cand, meld)))

    def _layoff(self, seat: int, card: int, number: int) -> None:
        meld = self.table[number - 1]
        target = find_target([meld], card)
        assert target is not None and meld.turn != self.turn
        _, where, stands = target
        meld.add(where, stands, self.cards[card])
        self.hands[seat][card] -= 1
        assert self.hands[seat][card] >= 0
        written = self.cards[card]
        if card == JK and self.rng.random() >= self.moves.bare_joker:
            written = Card(None, None, self.cards[stands])  # else bare: its place is the rule's
        self.actions.append(Layoff(self.players[seat], 0, 0, written, number))

    def _discard(self, seat: int, card: int) -> None:
        self.hands[seat][card] -= 1
        self.discard.append(self.cards[card])
        self.actions.append(Discard(self.players[seat], 0, 0, self.cards[card]))

    # -- writing melds --------------------------------------------------------------------

    def _layout(self, cand: Cand, meld: TableMeld) -> tuple[Card, ...]:
        """The cards of a meld in the order laid, jokers written bare or with their reading."""
        bare = self.rng.random() < self.moves.bare_joker
        if cand.kind == "run":
            return self._run_layout(cand, bare)
        return self._set_layout(cand, meld, bare)

    def _run_layout(self, cand: Cand, bare: bool) -> tuple[Card, ...]:
        values = list(range(cand.low, cand.low + cand.length))
        # one natural card and two bare jokers could read as a set (or ascending)
        bare = bare and cand.length - cand.jokers > 1
        if self.rng.random() < 0.5:
            values.reverse()
        cards: list[Card] = []
        for v in values:
            natural = self.cards[cid(rank_at(v, self.deck.ranks), cand.suit)]
            if v in cand.joker_values:
                cards.append(JOKER if bare else Card(None, None, natural))
            else:
                cards.append(natural)
        return tuple(cards)

    def _set_layout(self, cand: Cand, meld: TableMeld, bare: bool) -> tuple[Card, ...]:
        alternate = self.rules.alternate_colors
        suits = arrange(meld.suits, self.rng, alternate)
        joker_suits = meld.suits[len(cand.suits):]
        out: list[Card] = []
        for slot, s in enumerate(suits):
            natural = self.cards[cid(cand.rank, s)]
            if s not in joker_suits:
                out.append(natural)
            elif bare and cand.jokers == 1 and only_reading(suits, slot, alternate):
                out.append(JOKER)
            else:
                out.append(Card(None, None, natural))
        return tuple(out)

    # -- the end --------------------------------------------------------------------------

    def settlement(self, stake: int) -> list[tuple[str, str, int, int]]:
        """(payer, payee, cards, amount): each player pays the winner per card in hand."""
        if self.winner is None or stake <= 0:
            return []
        payee = self.players[self.winner]
        out = []
        for k in range(1, self.n):
            seat = (self.winner + k) % self.n
            cards = sum(self.hands[seat])
            out.append((self.players[seat], payee, cards, cards * stake))
        return out

    def hand_cards(self, seat: int) -> tuple[Card, ...]:
        return self.deck.cards_of(self.hands[seat])
