"""One hand of Rummy argentino as it happens: hands, pile, table, turns, the end, the scores.

The simulator plays a hand by applying each event it writes to a
:class:`HandState`; :mod:`referee.sim.argentino.replay` applies the events of a
recorded hand the same way. Both then score it (ARGENTINO.md section 7):

- ``laid``: the value of every card the player put on the table in valid melds
  and fitting lay-offs, wilds at their final value (after any moves);
- ``in_hand``: the value of every card left in hand (a 2 counts 20, a joker 50;
  with ``HandPenalty`` = ``wilds`` only the jokers and 2s count);
- ``bonus``: 100 for going out hidden (nothing laid in an earlier turn), 50
  shown, and 50 for the cutter named by ``CutBonus``;
- ``penalty``: 50 for every run of 12 or more cards laid by another player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from referee.sim.argentino.melds import Slot, Written, hand_value, is_wild, read_meld
from referee.sim.argentino.table import PENALTY_RUN, TableMeld
from referee.sim.cards import IDS
from referee.variants.argentino.knobs import HandPenalty, RulesArgentino

OUT_HIDDEN, OUT_SHOWN, CUT, PENALTY = 100, 50, 50, 50


@dataclass(frozen=True, slots=True)
class Score:
    """One player's score for a hand (the report's ``scores`` entry)."""

    player: str
    laid: int
    in_hand: int
    bonus: int
    penalty: int
    total: int

    def as_dict(self) -> dict[str, int | str]:
        return {"player": self.player, "laid": self.laid, "in_hand": self.in_hand,
                "bonus": self.bonus, "penalty": self.penalty, "total": self.total}


@dataclass(slots=True)
class HandState:
    """The physical state of a hand and the turn facts the rules need."""

    players: tuple[str, ...]
    rules: RulesArgentino
    hands: list[list[int]]
    pile: list[int] = field(default_factory=list)  # bottom first
    table: list[TableMeld] = field(default_factory=list)
    cutter: int | None = None  # the seat ``CutBonus`` names
    current: int | None = None  # the seat whose turn is running
    serial: int = 0  # turns started so far
    turn_of: list[int] = field(default_factory=list)  # by seat: serial of their current turn
    first_laid: list[int | None] = field(default_factory=list)  # by seat: serial of first lay
    started: set[int] = field(default_factory=set)
    winner: int | None = None
    hidden_out: bool = False

    def __post_init__(self) -> None:
        n = len(self.players)
        self.turn_of = [0] * n
        self.first_laid = [None] * n

    # -- events ---------------------------------------------------------------------------

    def start(self, seat: int) -> None:
        self._act(seat)
        self.started.add(seat)

    def _act(self, seat: int) -> None:
        """``seat`` plays: a turn begins with the first play after a discard, or when the
        player who acts changes (a play before the draw belongs to the player's new turn,
        as ARGENTINO.md counts turns)."""
        if self.current != seat:
            self.serial += 1
            self.current = seat
            self.turn_of[seat] = self.serial

    def draw(self, seat: int, card: int) -> None:
        self.start(seat)
        self.hands[seat][card] += 1

    def take(self, seat: int) -> list[int]:
        """The whole pile into the hand; returns it (bottom first)."""
        self.start(seat)
        taken, self.pile = self.pile, []
        for card in taken:
            self.hands[seat][card] += 1
        return taken

    def meld(self, seat: int, cards: Sequence[Written]) -> TableMeld:
        self._act(seat)
        for w in cards:
            self._lose(seat, w.card)
        reading = read_meld(cards, self.rules)
        number = len(self.table) + 1
        if reading is None:
            meld = TableMeld(number, seat, "faulty")
        else:
            meld = TableMeld.from_reading(number, seat, reading, self.serial)
        self.table.append(meld)
        self._laid(seat)
        return meld

    def layoff(self, seat: int, w: Written, number: int) -> bool:
        """Lay off ``w`` onto meld ``number``; False when it does not fit (it lies beside)."""
        self._act(seat)
        self._lose(seat, w.card)
        meld = self.table[number - 1]
        at = meld.placement(w, self.rules)
        self._laid(seat)
        if at is None:
            meld.loose.append(Slot(w.card, w.says, is_wild(w.card), seat, self.serial))
            return False
        meld.lay(w, seat, at, self.serial)
        return True

    def discard(self, seat: int, card: int) -> bool:
        """Discard; True when this discard goes out and ends the hand."""
        self._act(seat)
        self._lose(seat, card)
        self.pile.append(card)
        self.current = None  # a discard ends the turn: whoever plays next starts one
        if sum(self.hands[seat]) or len(self.started) < len(self.players):
            return False  # not out, or cut-first-round: the hand goes on
        self.winner = seat
        laid = self.first_laid[seat]
        self.hidden_out = laid is None or laid >= self.turn_of[seat]
        return True

    def _lose(self, seat: int, card: int) -> None:
        hand = self.hands[seat]
        hand[card] -= 1
        assert hand[card] >= 0, f"{self.players[seat]} plays a card not in hand"

    def _laid(self, seat: int) -> None:
        if self.first_laid[seat] is None:
            self.first_laid[seat] = self.serial

    # -- facts ----------------------------------------------------------------------------

    def is_down(self, seat: int) -> bool:
        return self.first_laid[seat] is not None

    def may_go_out(self) -> bool:
        """Has every seat had a turn (the current one counts)?"""
        return len(self.started) == len(self.players)

    def laid_this_turn(self, seat: int) -> int:
        """The value of the cards ``seat`` laid in their current turn, as they stand now
        (the en-ley check)."""
        turn = self.turn_of[seat]
        return sum(meld.value_of(s) for meld in self.table for s in meld.slots
                   if s.owner == seat and s.turn == turn)

    # -- scoring --------------------------------------------------------------------------

    def scores(self) -> list[Score]:
        """Every player's score, in seat order (the hand must have ended)."""
        assert self.winner is not None
        out = []
        for seat, name in enumerate(self.players):
            laid = sum(meld.value_of(s) for meld in self.table for s in meld.slots
                       if s.owner == seat)
            in_hand = self.in_hand(seat)
            bonus = self.bonus(seat)
            penalty = PENALTY * sum(
                1 for meld in self.table
                if meld.kind == "run" and len(meld.slots) >= PENALTY_RUN and meld.owner != seat
            )
            out.append(Score(name, laid, in_hand, bonus, penalty,
                             laid - in_hand + bonus - penalty))
        return out

    def in_hand(self, seat: int) -> int:
        wilds_only = self.rules.HandPenalty is HandPenalty.WILDS
        hand = self.hands[seat]
        return sum(hand_value(c) * hand[c] for c in range(IDS)
                   if hand[c] and (not wilds_only or is_wild(c)))

    def bonus(self, seat: int) -> int:
        bonus = 0
        if seat == self.winner:
            bonus += OUT_HIDDEN if self.hidden_out else OUT_SHOWN
        if seat == self.cutter:
            bonus += CUT
        return bonus

