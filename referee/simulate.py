"""Simulated legal games of 51, played by simple bots (issue 5).

The simulator deals real decks and lets every player follow docs/rules.md with a
greedy bot, so each game it writes should audit clean. It feeds the property
tests (every simulated game audits clean; mutating one event gives exactly the
finding it should) and the bench ``bench/simulate_audit.py``.

Public API:

- :func:`simulate_games` yields :class:`SimulatedGame` objects: the full
  information :class:`~referee.notation.events.GameRecord` (a ``deal`` line for every
  player, the ``stock:`` line, every drawn card named; tags ``Game``, ``Event``,
  ``Players``, ``Stake``, ``Result`` and the house-rule knobs), the true winner,
  whether the game finished and the settlement (payer, payee, cards, amount);
- :func:`simulate_log` returns the same games as ``.rummy`` text (the project
  writer's layout), in English or Spanish, optionally with hidden information;
- :func:`hidden_record` is what a table without a scribe at every seat records:
  no ``deal`` and no ``stock:`` lines and every draw unseen (written ``draw ??``
  and bare ``draw`` on alternate lines); takes, melds, lay-offs and discards are
  public and stay.

Everything random comes from one ``random.Random(seed)``: a seed gives the same
games, byte for byte, in any process (nothing iterates over a set or another
hash-ordered container).

What the bots do (decisions where docs/rules.md leaves the bot a choice):

- the deal: the shuffled deck is dealt in blocks, 15 cards to the first seat and
  14 to each next one; the rest is the stock, top first;
- a turn starts by taking the top discard only when the bot can meld it in the
  first meld of this turn (and, when not yet down, go down with it); else it
  draws. When the stock is empty the discard pile but its top is shuffled into
  a new stock (the drawn cards are still written);
- a player not yet down goes down as soon as the best packing of melds found
  (plus, with ``LayoffsCount``, lay-offs onto other players' melds) reaches
  ``MinOpen`` (with ``OpenExact`` exactly, and then without lay-offs) and beats
  the most recent bajada (``BeatPrevious``); a player already down melds all it
  can, then lays off all it can;
- melds first, then lay-offs (never onto a meld of this turn), then a discard
  that no table meld could take; the hand never empties before the discard;
  when every card left would be a pegue, the bot holds one back from its
  lay-offs if that leaves it a legal discard;
- at most one joker in a meld as laid; a joker is written ``JK=<card>`` or a bare
  ``JK`` at random where the bare reading is unique (always in runs, in a set
  only when one suit fits); a joker laid off always says what it stands for;
  jokers are kept for melds, never discarded while a meld could take them;
- a game stops unfinished (``Result "*"``) when the bot to play has no legal
  discard at all (``stuck``: every card left is a pegue), when a draw finds the
  stock and the discard pile empty, or after :data:`MAX_ROUNDS` rounds. With
  ``DiscardPegue`` ``off`` (or ``down``, for a player not yet down) a stuck bot
  discards a pegue instead, which those house rules allow.
- ``MaxJokers 0`` is played but poorly: jokers can then be neither melded nor
  discarded once a meld could take them, so many such games stop unfinished.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations, pairwise

from referee.cards import JOKER, Card, Rank, Suit
from referee.notation.events import Deal, Discard, Draw, Event, GameRecord, Layoff, Meld, Tag, Take
from referee.notation.writer import format_game
from referee.variants.knobs import DiscardPegue, KnobError, knob_name, parse_knob
from referee.variants.la51.knobs import Rules51

__all__ = [
    "MAX_ROUNDS",
    "NAMES",
    "SimulatedGame",
    "format_record",
    "hidden_record",
    "simulate_games",
    "simulate_log",
]

NAMES: tuple[str, ...] = (
    "Ana", "Beto", "Caro", "José", "María", "Sofía", "Andrés", "Camila", "Julián",
    "Valentina", "Simón", "Lucía", "Martín", "Ramón", "Inés", "Óscar", "Tomás",
    "Mónica", "Hernán", "Íngrid", "Nicolás", "Ximena", "Wilson", "Lalo", "Nora",
    "Teo", "Hugo", "Karen", "Pablo", "Irene", "Jaime", "Rita", "Vero", "Marta",
    "Álvaro", "Nubia", "Fabián", "Yolanda", "Germán", "Consuelo",
)
"""Player names the simulator picks from (Spanish and Colombian first names)."""

MAX_ROUNDS = 100
"""A game still running after this many rounds is written unfinished."""

STAKE = "100"

# --- cards as small integers -------------------------------------------------------------

_SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_RED = (False, True, True, False)  # by suit index
JK = 52  # the id of a joker
_CARDS: tuple[Card, ...] = (
    *(Card.natural(Rank(r), s) for s in _SUITS for r in range(1, 14)),
    JOKER,
)
_ID: dict[Card, int] = {card: i for i, card in enumerate(_CARDS)}


def _cid(rank: int, suit: int) -> int:
    return suit * 13 + rank - 1


def _rank(cid: int) -> int:
    return cid % 13 + 1


def _suit(cid: int) -> int:
    return cid // 13


def _points(rank: int) -> int:
    return 10 if rank == 1 or rank >= 10 else rank


def _rank_at(value: int) -> int:
    """Rank at a run value: values are consecutive integers, 1 and 14 are aces."""
    return (value - 1) % 13 + 1


def _physical_id(card: Card) -> int:
    return JK if card.is_joker else _ID[card]


# --- the table ---------------------------------------------------------------------------


@dataclass(slots=True)
class _TMeld:
    """A valid meld on the table, as the simulator tracks it."""

    number: int
    owner: int  # seat
    turn: int  # serial of the turn it was laid in
    kind: str  # "set" or "run"
    wrap: bool
    rank: int = 0  # set: its rank
    suits: list[int] = field(default_factory=list)  # set: suits (joker readings included)
    suit: int = 0  # run: its suit
    low: int = 0  # run: value of its lowest card
    length: int = 0  # run: cards
    jokers: int = 0
    cards: list[Card] = field(default_factory=list)  # physical cards on it

    def clone(self) -> _TMeld:
        return _TMeld(self.number, self.owner, self.turn, self.kind, self.wrap, self.rank,
                      list(self.suits), self.suit, self.low, self.length, self.jokers,
                      list(self.cards))

    def _up(self) -> bool:
        return self.length < 13 and (self.wrap or self.low + self.length <= 14)

    def _down(self) -> bool:
        return self.length < 13 and (self.wrap or self.low >= 2)

    def fit(self, cid: int) -> int | None:
        """Where natural ``cid`` goes: 1 high end, -1 low end, 0 a set; None: it does not fit."""
        if self.kind == "set":
            if len(self.suits) == 3 and _rank(cid) == self.rank and _suit(cid) not in self.suits:
                return 0
            return None
        if _suit(cid) != self.suit:
            return None
        rank = _rank(cid)
        if self._up() and _rank_at(self.low + self.length) == rank:
            return 1
        if self._down() and _rank_at(self.low - 1) == rank:
            return -1
        return None

    def joker_fit(self) -> tuple[int, int] | None:
        """Where a joker goes and the card it then stands for, or None."""
        if self.kind == "set":
            if len(self.suits) != 3:
                return None
            missing = next(s for s in range(4) if s not in self.suits)
            return 0, _cid(self.rank, missing)
        if self._up():
            return 1, _cid(_rank_at(self.low + self.length), self.suit)
        if self._down():
            return -1, _cid(_rank_at(self.low - 1), self.suit)
        return None

    def takes(self, cid: int) -> bool:
        """Could this meld take ``cid`` (a pegue)? Jokers: whenever it can grow at all."""
        return (self.joker_fit() if cid == JK else self.fit(cid)) is not None

    def add(self, where: int, stands: int, physical: Card) -> None:
        if self.kind == "set":
            self.suits.append(_suit(stands))
        else:
            if where < 0:
                self.low -= 1
            self.length += 1
        if physical.is_joker:
            self.jokers += 1
        self.cards.append(physical)


# --- candidate melds and plans -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Cand:
    """A meld the hand could lay: which physical cards it uses and its shape."""

    kind: str
    uses: tuple[int, ...]  # card ids, JK for the joker
    points: int
    rank: int = 0  # set
    suits: tuple[int, ...] = ()  # set: the natural suits
    suit: int = 0  # run
    low: int = 0  # run
    length: int = 0  # run
    joker_value: int | None = None  # run: the value the joker stands for

    def holds(self, cid: int) -> bool:
        return cid in self.uses and cid != JK


@dataclass(slots=True)
class _Plan:
    melds: list[_Cand]
    layoffs: list[tuple[int, int]]  # (card id, meld number), in order
    discard: int
    shed: int
    win: bool
    points: int  # bajada points (only meaningful when going down)

    @property
    def score(self) -> tuple[int, int, int]:
        return (1 if self.win else 0, self.shed, self.points)


def _candidates(counts: Sequence[int], rules: Rules51) -> list[_Cand]:
    out: list[_Cand] = []
    jokers = counts[JK] > 0 and (rules.MaxJokers is None or rules.MaxJokers >= 1)
    for rank in range(1, 14):
        suits = [s for s in range(4) if counts[_cid(rank, s)] > 0]
        value = _points(rank)
        for k in (3, 4):
            for combo in combinations(suits, k):
                uses = tuple(_cid(rank, s) for s in combo)
                out.append(_Cand("set", uses, value * k, rank=rank, suits=combo))
        if jokers:
            for k in (2, 3):
                for combo in combinations(suits, k):
                    uses = (*(_cid(rank, s) for s in combo), JK)
                    out.append(_Cand("set", uses, value * (k + 1), rank=rank, suits=combo))
    for suit in range(4):
        have = [counts[_cid(r, suit)] > 0 for r in range(1, 14)]
        if sum(have) < (2 if jokers else rules.RunMin):
            continue
        starts = range(1, 14) if rules.RunWrap else range(1, 15)
        for start in starts:
            missing: int | None = None
            points = 0
            for n in range(1, 14):
                value = start + n - 1
                if not rules.RunWrap and value > 14:
                    break
                rank = _rank_at(value)
                points += _points(rank)
                if not have[rank - 1]:
                    if missing is not None or not jokers:
                        break
                    missing = value
                if n >= rules.RunMin:
                    uses = tuple(
                        _cid(_rank_at(v), suit) for v in range(start, start + n) if v != missing
                    )
                    if missing is not None:
                        uses = (*uses, JK)
                    out.append(
                        _Cand("run", uses, points, suit=suit, low=start, length=n,
                              joker_value=missing)
                    )
    out.sort(key=lambda c: (-len(c.uses), -c.points))
    return out


def _packings(
    cands: list[_Cand], counts: Sequence[int], limit: int, first: int | None = None
) -> list[list[_Cand]]:
    """Sets of candidates that fit the hand together (up to ``limit`` of them).

    Each candidate uses a card id at most once. With ``first``, every packing
    starts with one of ``cands[:first]`` (and the empty packing is left out).
    """
    avail = list(counts)
    found: list[list[_Cand]] = [] if first is not None else [[]]
    chosen: list[_Cand] = []

    def grow(start: int, stop: int) -> None:
        for j in range(start, stop):
            if len(found) >= limit:
                return
            uses = cands[j].uses
            if any(avail[c] <= 0 for c in uses):
                continue
            for c in uses:
                avail[c] -= 1
            chosen.append(cands[j])
            found.append(list(chosen))
            grow(j + 1, len(cands))
            chosen.pop()
            for c in uses:
                avail[c] += 1

    grow(0, len(cands) if first is None else first)
    return found


def _as_meld(cand: _Cand, number: int, owner: int, turn: int, wrap: bool) -> _TMeld:
    jokers = 1 if JK in cand.uses else 0
    if cand.kind == "set":
        suits = list(cand.suits)
        if jokers:
            suits.append(_set_joker_suit(cand.suits))
        return _TMeld(number, owner, turn, "set", wrap, rank=cand.rank, suits=suits,
                      jokers=jokers, cards=[_CARDS[c] for c in cand.uses])
    return _TMeld(number, owner, turn, "run", wrap, suit=cand.suit, low=cand.low,
                  length=cand.length, jokers=jokers, cards=[_CARDS[c] for c in cand.uses])


def _set_joker_suit(suits: Sequence[int]) -> int:
    """The suit a set's joker takes (for the table model): the first missing one.

    The bot writes the same suit (``JK=...``) or a bare joker only where that is
    the one suit that fits.
    """
    return next(s for s in range(4) if s not in suits)


# --- the game ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SimulatedGame:
    """One simulated game: its full-information record and the true outcome."""

    record: GameRecord
    winner: str | None
    finished: bool
    settlement: list[tuple[str, str, int, int]]  # (payer, payee, cards, amount)
    index: int
    seed: int
    stop_reason: str  # "won", "round-cap", "stuck" or "stock-empty"
    hands: dict[str, tuple[Card, ...]]  # every hand at the end of the log
    table: tuple[tuple[Card, ...], ...]  # the physical cards of each table meld
    stock: tuple[Card, ...]  # the stock at the end, top first
    discard_pile: tuple[Card, ...]  # bottom first
    refills: tuple[int, ...]  # index in record.events of the first draw after each refill

    @property
    def players(self) -> tuple[str, ...]:
        return self.record.players

    def hidden(self) -> GameRecord:
        """The same game with hidden information (see :func:`hidden_record`)."""
        return hidden_record(self.record)


class _Stuck(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _Game:
    def __init__(self, rng: random.Random, rules: Rules51, players: tuple[str, ...]) -> None:
        self.rng = rng
        self.rules = rules
        self.players = players
        self.n = len(players)
        deck = [c for c in _CARDS[:52] for _ in range(rules.Decks)]
        deck += [JOKER] * rules.Jokers
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
        self.hands: list[list[int]] = []
        for cards in self.deals:
            counts = [0] * 53
            for card in cards:
                counts[_physical_id(card)] += 1
            self.hands.append(counts)
        self.table: list[_TMeld] = []
        self.down = [False] * self.n
        self.last_bajada: int | None = None
        self.actions: list[Event] = []
        self.turn = 0
        self.refills: list[int] = []  # event index of the first draw from each new stock
        self.winner: int | None = None
        self.stop_reason = "round-cap"

    # -- playing ----------------------------------------------------------------------

    def play(self) -> None:
        seat = 0
        for turn in range(MAX_ROUNDS * self.n):
            self.turn = turn
            try:
                if turn == 0:
                    self._first_turn(seat)
                else:
                    self._turn(seat)
            except _Stuck as stuck:
                self.stop_reason = stuck.reason
                return
            if sum(self.hands[seat]) == 0:
                self.winner = seat
                self.stop_reason = "won"
                return
            seat = (seat + 1) % self.n

    def _emit(self, event: Event) -> None:
        self.actions.append(event)

    def _first_turn(self, seat: int) -> None:
        hand = self.hands[seat]
        choice = self._choose_discard(seat, hand, forbid=None, table=self.table)
        if choice is None:
            raise _Stuck("stuck")
        self._discard(seat, choice)

    def _turn(self, seat: int) -> None:
        hand = self.hands[seat]
        top = self.discard[-1] if self.discard else None
        if top is not None and not top.is_joker:
            tid = _ID[top]
            hand[tid] += 1
            plan = self._plan(seat, hand, taken=tid)
            hand[tid] -= 1
            if plan is not None and plan.melds:
                self.discard.pop()
                hand[tid] += 1
                self._emit(Take(self.players[seat], 0, 0, (top,)))
                self._execute(seat, plan)
                return
        card = self._draw_card()
        hand[_physical_id(card)] += 1
        self._emit(Draw(self.players[seat], 0, 0, card))
        plan = self._plan(seat, hand, taken=None)
        if plan is None:
            plan = self._desperate(seat)
        self._execute(seat, plan)

    def _draw_card(self) -> Card:
        if not self.stock:
            if len(self.discard) <= 1:
                raise _Stuck("stock-empty")
            pile = self.discard[:-1]
            self.discard = self.discard[-1:]
            self.rng.shuffle(pile)
            self.stock = pile
            self.refills.append(len(self.actions))
        return self.stock.pop(0)

    def _desperate(self, seat: int) -> _Plan:
        """No plan keeps a legal discard: discard a pegue where the house rules allow it."""
        rule = self.rules.DiscardPegue
        if rule is DiscardPegue.OFF or (rule is DiscardPegue.DOWN and not self.down[seat]):
            hand = self.hands[seat]
            cid = min((c for c in range(53) if hand[c] > 0), key=lambda c: (c == JK, c))
            return _Plan([], [], cid, 0, sum(hand) == 1, 0)
        raise _Stuck("stuck")

    def _discard(self, seat: int, cid: int) -> None:
        self.hands[seat][cid] -= 1
        card = _CARDS[cid]
        self.discard.append(card)
        self._emit(Discard(self.players[seat], 0, 0, card))

    # -- planning a turn --------------------------------------------------------------

    def _requirement_met(self, points: int) -> bool:
        rules = self.rules
        if rules.OpenExact:
            if points != rules.MinOpen:
                return False
        elif points < rules.MinOpen:
            return False
        if rules.BeatPrevious and self.last_bajada is not None:
            return points > self.last_bajada
        return True

    def _plan(self, seat: int, hand: list[int], taken: int | None) -> _Plan | None:
        """The best turn after the draw (or with the taken card in ``hand``), or None."""
        rules = self.rules
        down = self.down[seat]
        cands = _candidates(hand, rules)
        first: int | None = None
        if taken is not None:
            holders = [c for c in cands if c.holds(taken)]
            if not holders:
                return None
            first = len(holders)
            cands = holders + [c for c in cands if not c.holds(taken)]
        total = sum(hand)
        need = self._need()
        bonus_bound = 0
        if not down and rules.LayoffsCount and not rules.OpenExact:
            bonus_bound = self._lay_off(seat, hand, None, None)[2]
        if not down and rules.OpenExact and need > rules.MinOpen:
            cands = []  # exactly MinOpen can no longer beat the previous bajada
            if taken is not None:
                return None
        elif not down:
            usable = [0] * 53
            for cand in cands:
                for c in cand.uses:
                    usable[c] = hand[c]
            most = sum(_points(_rank(c)) * usable[c] for c in range(52)) + 10 * usable[JK]
            if most + bonus_bound < need:
                cands = []  # no bajada is possible this turn
                if taken is not None:
                    return None
        packings = _packings(cands, hand, 600, first)
        scored: list[tuple[int, int, int, list[_Cand]]] = []
        for i, packing in enumerate(packings):
            cards = sum(len(c.uses) for c in packing)
            if cards >= total:
                continue  # keep a card to discard
            points = sum(c.points for c in packing)
            if not down and packing:
                if rules.OpenExact and points != rules.MinOpen:
                    continue
                if points + bonus_bound < need:
                    continue
            scored.append((-cards, -points, i, packing))
        scored.sort(key=lambda t: (t[0], t[1], t[2]))
        best: _Plan | None = None
        feasible = 0
        tried = scored[:60]
        if taken is None and len(scored) > 60:
            tried.append(scored[-1])  # the empty packing: no melds this turn
        for _, _, _, packing in tried:
            plan = self._evaluate(seat, hand, packing, taken)
            if plan is None:
                continue
            feasible += 1
            if best is None or plan.score > best.score:
                best = plan
            if best.win or feasible >= 6:
                break
        return best

    def _need(self) -> int:
        """The fewest points a bajada may have now (OpenExact aside)."""
        need = self.rules.MinOpen
        if self.rules.BeatPrevious and self.last_bajada is not None:
            need = max(need, self.last_bajada + 1)
        return need

    def _evaluate(
        self, seat: int, hand: list[int], packing: list[_Cand], taken: int | None
    ) -> _Plan | None:
        """The turn that lays ``packing``, then lays off what it can, then discards."""
        rules = self.rules
        down = self.down[seat]
        if taken is not None:
            first = next(i for i, c in enumerate(packing) if c.holds(taken))
            packing = [packing[first], *packing[:first], *packing[first + 1 :]]
        rest = list(hand)
        for cand in packing:
            for c in cand.uses:
                rest[c] -= 1
        melded = sum(len(c.uses) for c in packing)
        melds_points = sum(c.points for c in packing)
        going_down = not down and bool(packing)
        may_lay_off = down or (going_down and not rules.OpenExact)
        new = [_as_meld(c, -1 - k, seat, self.turn, rules.RunWrap) for k, c in enumerate(packing)]
        reserves: list[int | None] = [None]
        best: _Plan | None = None
        while reserves:
            reserve = reserves.pop(0)
            if may_lay_off:
                layoffs, left, bonus, table = self._lay_off(seat, rest, reserve, taken)
            else:
                layoffs, left, bonus, table = [], rest, 0, self.table
            points = melds_points + (bonus if rules.LayoffsCount else 0)
            if going_down and not self._requirement_met(points):
                if reserve is None:
                    return None  # holding a card back only lowers the points
                continue
            discard = self._choose_discard(seat, left, forbid=taken, table=[*table, *new])
            if discard is not None:
                plan = _Plan(packing, layoffs, discard, melded + len(layoffs), sum(left) == 1,
                             points if going_down else 0)
                if best is None or plan.score > best.score:
                    best = plan
                if reserve is None or best.win:
                    break
            elif reserve is None and layoffs:
                # every card left is a pegue: try holding one back from the lay-offs
                reserves = [
                    c for c in range(52)
                    if rest[c] > 0 and c != taken and not any(m.fit(c) is not None for m in new)
                ]
        return best

    def _lay_off(
        self, seat: int, rest: list[int], reserve: int | None, forbid: int | None,
    ) -> tuple[list[tuple[int, int]], list[int], int, list[_TMeld]]:
        """Lay off all it can onto melds of earlier turns, keeping a card (and ``reserve``).

        Returns the lay-offs (card id, meld number), the cards left, the points laid
        off onto other players' melds and the table after (melds copied on write).
        """
        left = list(rest)
        table = list(self.table)
        copied: set[int] = set()
        layoffs: list[tuple[int, int]] = []
        bonus = 0
        if reserve is not None:
            left[reserve] -= 1  # held back: it stays in hand whatever fits
        remaining = sum(left)
        keep = 0 if reserve is not None else 1
        max_jokers = self.rules.MaxJokers
        changed = True
        while changed and remaining > keep:
            changed = False
            for cid in [c for c in range(53) if left[c] > 0 and c != forbid]:
                while left[cid] > 0 and remaining > keep:
                    target = self._target(table, cid, max_jokers)
                    if target is None:
                        break
                    index, where, stands = target
                    meld = table[index]
                    if index not in copied:
                        meld = table[index] = meld.clone()
                        copied.add(index)
                    meld.add(where, stands, _CARDS[cid])
                    left[cid] -= 1
                    remaining -= 1
                    layoffs.append((cid, meld.number))
                    if meld.owner != seat:
                        bonus += _points(_rank(stands))
                    changed = True
        if reserve is not None:
            left[reserve] += 1
        return layoffs, left, bonus, table

    @staticmethod
    def _target(
        table: list[_TMeld], cid: int, max_jokers: int | None
    ) -> tuple[int, int, int] | None:
        """Where ``cid`` can be laid off: (table index, end, card it stands for), or None."""
        if cid != JK:
            for index, meld in enumerate(table):
                where = meld.fit(cid)
                if where is not None:
                    return index, where, cid
            return None
        fallback: tuple[int, int, int] | None = None
        for index, meld in enumerate(table):
            if max_jokers is not None and meld.jokers + 1 > max_jokers:
                continue
            spot = meld.joker_fit()
            if spot is None:
                continue
            if meld.jokers == 0:
                return index, spot[0], spot[1]
            if fallback is None:
                fallback = (index, spot[0], spot[1])
        return fallback

    def _choose_discard(
        self, seat: int, hand: list[int], forbid: int | None, table: list[_TMeld]
    ) -> int | None:
        options = [
            c for c in range(53)
            if hand[c] > 0 and c != forbid and not any(m.takes(c) for m in table)
        ]
        if not options:
            return None
        if self.down[seat] and sum(hand) == 2 and len(options) == 2:
            # keep the card least likely to become a pegue before the next turn
            return max(options, key=lambda c: (self._risk(c, table), -c))
        return min(options, key=lambda c: (self._usefulness(c, hand), c))

    def _usefulness(self, cid: int, hand: list[int]) -> float:
        if cid == JK:  # keep jokers for melds, unless no meld may hold one
            return -100.0 if self.rules.MaxJokers == 0 else 1000.0
        rank, suit = _rank(cid), _suit(cid)
        score = 0.0
        for other in range(4):
            if other != suit and hand[_cid(rank, other)] > 0:
                score += 3
        for dist, weight in ((1, 3.0), (2, 1.5)):
            for value in (rank + dist, rank - dist):
                if not self.rules.RunWrap and not 1 <= value <= 14:
                    continue
                if hand[_cid(_rank_at(value), suit)] > 0:
                    score += weight
        if hand[cid] > 1:
            score -= 1
        return score + _points(rank) * 0.05

    @staticmethod
    def _risk(cid: int, table: list[_TMeld]) -> float:
        if cid == JK:
            return 100.0
        risk = 0.0
        rank, suit = _rank(cid), _suit(cid)
        for meld in table:
            if meld.kind == "run" and meld.suit == suit and meld.length < 13:
                for dist in range(1, 4):
                    if _rank_at(meld.low + meld.length - 1 + dist) == rank:
                        risk += 1.0 / dist
                    if _rank_at(meld.low - dist) == rank:
                        risk += 1.0 / dist
            elif meld.kind == "set" and meld.rank == rank:
                risk += 0.1
        return risk

    # -- carrying a plan out ----------------------------------------------------------

    def _execute(self, seat: int, plan: _Plan) -> None:
        name = self.players[seat]
        hand = self.hands[seat]
        if plan.melds and not self.down[seat]:
            self.down[seat] = True
            self.last_bajada = plan.points
        for cand in plan.melds:
            for c in cand.uses:
                hand[c] -= 1
                assert hand[c] >= 0
            number = len(self.table) + 1
            meld = _as_meld(cand, number, seat, self.turn, self.rules.RunWrap)
            self.table.append(meld)
            self._emit(Meld(name, 0, 0, self._layout(cand, meld)))
        for cid, number in plan.layoffs:
            meld = self.table[number - 1]
            target = self._target([meld], cid, self.rules.MaxJokers)
            assert target is not None and meld.turn != self.turn
            where, stands = target[1], target[2]
            meld.add(where, stands, _CARDS[cid])
            hand[cid] -= 1
            assert hand[cid] >= 0
            written = Card(None, None, _CARDS[stands]) if cid == JK else _CARDS[cid]
            self._emit(Layoff(name, 0, 0, written, number))
        judged = self.rules.DiscardPegue is DiscardPegue.ALL or (
            self.rules.DiscardPegue is DiscardPegue.DOWN and self.down[seat]
        )
        assert not judged or not any(m.takes(plan.discard) for m in self.table), "a pegue"
        self._discard(seat, plan.discard)

    def _layout(self, cand: _Cand, meld: _TMeld) -> tuple[Card, ...]:
        """The cards of a meld in the order laid, jokers written bare or with their reading."""
        rng = self.rng
        bare = rng.random() < 0.5
        if cand.kind == "run":
            values = list(range(cand.low, cand.low + cand.length))
            if rng.random() < 0.5:
                values.reverse()
            cards: list[Card] = []
            for v in values:
                natural = _CARDS[_cid(_rank_at(v), cand.suit)]
                if v == cand.joker_value:
                    cards.append(JOKER if bare else Card(None, None, natural))
                else:
                    cards.append(natural)
            return tuple(cards)
        suits = _arrange(meld.suits, rng, self.rules.AlternateColors)
        joker_suit = meld.suits[-1] if meld.jokers else None
        out: list[Card] = []
        for s in suits:
            natural = _CARDS[_cid(cand.rank, s)]
            if s == joker_suit:
                unique = _only_reading(suits, suits.index(s), self.rules.AlternateColors)
                out.append(JOKER if bare and unique else Card(None, None, natural))
            else:
                out.append(natural)
        return tuple(out)

    # -- the record -------------------------------------------------------------------

    def settlement(self, stake: int) -> list[tuple[str, str, int, int]]:
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
        hand = self.hands[seat]
        return tuple(_CARDS[c] for c in range(53) for _ in range(hand[c]))


def _arrange(suits: Sequence[int], rng: random.Random, alternate: bool) -> list[int]:
    """Suits of a set in an order whose neighbours alternate colours."""
    blacks = [s for s in suits if not _RED[s]]
    reds = [s for s in suits if _RED[s]]
    rng.shuffle(blacks)
    rng.shuffle(reds)
    if len(blacks) == len(reds):
        first, second = (blacks, reds) if rng.random() < 0.5 else (reds, blacks)
    elif len(blacks) > len(reds):
        first, second = blacks, reds
    else:
        first, second = reds, blacks
    out: list[int] = []
    for i in range(len(suits)):
        out.append(first[i // 2] if i % 2 == 0 else second[i // 2])
    assert not alternate or all(_RED[a] != _RED[b] for a, b in pairwise(out))
    return out


def _only_reading(suits: Sequence[int], slot: int, alternate: bool) -> bool:
    """True when the joker at ``slot`` of a set can stand for one suit only."""
    fixed = [s for i, s in enumerate(suits) if i != slot]
    fits = 0
    for s in range(4):
        if s in fixed:
            continue
        trial = list(suits)
        trial[slot] = s
        if not alternate or all(_RED[a] != _RED[b] for a, b in pairwise(trial)):
            fits += 1
    return fits == 1


# --- building records and text -----------------------------------------------------------


def _knob_tags(knobs: Mapping[str, str] | None) -> tuple[Rules51, list[tuple[str, str]], str]:
    rules = Rules51()
    tags: list[tuple[str, str]] = []
    stake = STAKE
    for raw, value in (knobs or {}).items():
        name = knob_name(raw)
        if name is None:
            raise KnobError(f"unknown house rule {raw!r}")
        parse_knob(name, value)
        if name == "Stake":
            stake = value.strip()
        else:
            tags.append((name, value))
    from referee.variants import La51

    rules = La51().config({name: value for name, value in tags} | {"Stake": stake}, 2)
    return rules, tags, stake


def simulate_games(
    games: int,
    players: tuple[int, int],
    seed: int,
    knobs: Mapping[str, str] | None = None,
) -> Iterator[SimulatedGame]:
    """Simulate ``games`` legal games; the player count of each is drawn from ``players``.

    ``knobs`` are house rules in tag spelling (``{"MinOpen": "71"}``); they are
    written as tags and the bots follow them. ``Stake`` defaults to 100.
    """
    low, high = players
    if not 2 <= low <= high <= 6:
        raise ValueError(f"players must be a range within 2..6, got {players}")
    rules, tags, stake = _knob_tags(knobs)
    if 15 + 14 * (high - 1) > 52 * rules.Decks + rules.Jokers:
        raise ValueError("not enough cards to deal that many players")
    rng = random.Random(seed)
    for index in range(1, games + 1):
        count = rng.randint(low, high)
        names = tuple(rng.sample(NAMES, count))
        game = _Game(rng, rules, names)
        game.play()
        winner = None if game.winner is None else names[game.winner]
        header = [
            ("Game", "51"),
            ("Event", f"Simulated game {index} (seed {seed})"),
            ("Players", " ".join(names)),
            ("Stake", stake),
            ("Result", winner if winner is not None else "*"),
            *tags,
        ]
        record = _build_record(index, header, names, game)
        yield SimulatedGame(
            record=record,
            winner=winner,
            finished=winner is not None,
            settlement=game.settlement(int(stake)),
            index=index,
            seed=seed,
            stop_reason=game.stop_reason,
            hands={names[s]: game.hand_cards(s) for s in range(count)},
            table=tuple(tuple(m.cards) for m in game.table),
            stock=tuple(game.stock),
            discard_pile=tuple(game.discard),
            refills=tuple(game.refills),
        )


def _build_record(
    index: int, header: list[tuple[str, str]], names: tuple[str, ...], game: _Game
) -> GameRecord:
    record = GameRecord(index=index, line=1, players=names)
    line = 1
    for name, value in header:
        record.tags[name] = Tag(name, value, line, 1)
        line += 1
    line += 1  # blank
    for seat, name in enumerate(names):
        record.deals[name] = Deal(name, tuple(game.deals[seat]), line, 1)
        line += 1
    record.stock = tuple(game.initial_stock)
    record.stock_line = line
    line += 2  # stock line, blank
    record.events = _renumber(game.actions, line)
    return record


def _renumber(events: Sequence[Event], first_line: int) -> list[Event]:
    return [replace(e, line=first_line + i, column=1) for i, e in enumerate(events)]


def hidden_record(record: GameRecord) -> GameRecord:
    """The game as a table without a scribe at every seat would record it.

    No ``deal`` lines, no ``stock:`` line, and no drawn card named; takes, melds,
    lay-offs and discards are public and stay. Line numbers follow the layout of
    :func:`format_record` for this record.
    """
    hidden = GameRecord(index=record.index, line=record.line, players=record.players)
    line = record.line
    for name, tag in record.tags.items():
        hidden.tags[name] = replace(tag, line=line)
        line += 1
    line += 1  # blank
    events = [replace(e, card=None) if isinstance(e, Draw) else e for e in record.events]
    hidden.events = _renumber(events, line)
    return hidden


def format_record(record: GameRecord, lang: str = "en", symbols: bool = False) -> str:
    """One game as ``.rummy`` text: the project writer's layout (ends with a newline).

    Unseen draws are written ``draw ??`` on even lines and a bare ``draw`` on odd
    ones, so hidden logs carry both forms. Line numbers match the records that
    :func:`simulate_games` and :func:`hidden_record` build.
    """
    text = format_game(record, lang, symbols)
    if any(isinstance(e, Draw) and e.card is None for e in record.events):
        text = _alternate_unseen(text)
    return text


_DRAW_UNSEEN = re.compile(r"^(\S+ (?:draw|roba))(?: \?\?)?[ \t]*$")


def _alternate_unseen(text: str) -> str:
    lines = text.split("\n")
    for i, line in enumerate(lines):
        match = _DRAW_UNSEEN.match(line)
        if match:
            lines[i] = match.group(1) + (" ??" if (i + 1) % 2 == 0 else "")
    return "\n".join(lines)


def simulate_log(
    games: int,
    players: tuple[int, int],
    seed: int,
    knobs: Mapping[str, str] | None = None,
    hidden: bool = False,
    lang: str = "en",
) -> str:
    """The simulated games as one ``.rummy`` text, games separated by a blank line.

    ``hidden`` writes the same games with hidden information: no ``deal`` and no
    ``stock:`` lines, and every draw unseen (``draw ??`` or a bare ``draw``).
    ``lang`` picks English or Spanish keywords.
    """
    chunks = []
    for game in simulate_games(games, players, seed, knobs):
        record = hidden_record(game.record) if hidden else game.record
        chunks.append(format_record(record, lang))
    return "\n".join(chunks)
