"""Replaying a recorded argentino hand with the simulator's own rules, to score it.

For full-information records (a ``deal`` line for every player, every drawn card
named): the simulator's own hands, and hand-written examples. Each event is
applied as it happened, as the referee does (ARGENTINO.md section 8): a faulty
meld stays on the table and scores nothing, a lay-off that does not fit lies
beside its meld, a discard that empties the hand before every seat has had a
turn does not end the hand. Turn order is not checked: this is a scorer, not a
referee.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.knobs import knob_name
from referee.notation.events import Discard, Draw, Event, GameRecord, Layoff, Meld, Take
from referee.sim.argentino.match import MatchInfo, match_end, standings_after
from referee.sim.argentino.melds import Written
from referee.sim.argentino.state import HandState, Score
from referee.sim.cards import ID, counts_of, physical_id
from referee.sim.knobs import argentino_decks, rules_argentino

HAND = 9
CUT_BONUS = "CutBonus"
MATCH = "Match"
SCORES = "Scores"


class NotReplayable(ValueError):
    """The record hides something the scorer needs (a hand, a drawn card)."""


def replay_hand(record: GameRecord) -> HandState:
    """The hand's state after its events (or after the discard that ends it)."""
    replay = start_replay(record)
    for event in record.events:
        if replay.apply(event):
            break
    return replay.state


def start_replay(record: GameRecord) -> Replay:
    """The hand as dealt, ready for its events."""
    knobs = {n: v for n, v in record.tag_values.items() if knob_name(n) is not None}
    rules, _ = rules_argentino(knobs)
    players = record.players
    if any(name not in record.deals for name in players):
        raise NotReplayable("a player has no deal line")
    state = HandState(players, rules, [counts_of(record.deals[n].cards) for n in players])
    cut = record.tag_values.get(CUT_BONUS)
    state.cutter = players.index(cut) if cut in players else None
    if record.up is None:
        raise NotReplayable("the face-up card is unseen (no up: line)")
    state.pile.append(ID[record.up])
    decks, jokers = argentino_decks(rules, len(players))
    return Replay(state, 52 * decks + jokers - HAND * len(players) - 1)


@dataclass(slots=True)
class Replay:
    """A hand being replayed, and how many cards its stock holds (a ``stock:`` line may
    list only its top, so the count follows the deck)."""

    state: HandState
    stock_left: int

    def apply(self, event: Event) -> bool:
        """Apply one event; True when it ends the hand."""
        state = self.state
        seat = state.players.index(event.player)
        match event:
            case Draw(card=None):
                raise NotReplayable(f"line {event.line}: a draw with no card")
            case Draw(card=card) if card is not None:
                self._draw_from_stock()
                state.draw(seat, physical_id(card))
            case Take():
                state.take(seat)
            case Meld(cards=cards):
                state.meld(seat, [Written.of(c) for c in cards])
            case Layoff(card=card, meld=number):
                state.layoff(seat, Written.of(card), number)
            case Discard(card=card):
                return state.discard(seat, physical_id(card))
        return False

    def _draw_from_stock(self) -> None:
        """An empty stock is refilled from the pile but its top card (section 3)."""
        if self.stock_left == 0:
            pile = self.state.pile
            self.stock_left = len(pile) - 1
            del pile[:-1]
        self.stock_left -= 1


@dataclass(frozen=True, slots=True)
class ReplayedHand:
    """A recorded hand as the simulator's rules score it (``scores`` [] and
    ``standings`` None when the record hides a card the scorer needs)."""

    winner: str | None
    scores: tuple[Score, ...]
    standings: dict[str, int] | None
    match: MatchInfo


def replay_log(records: Sequence[GameRecord]) -> list[ReplayedHand]:
    """Every hand of a log, with the match totals carried across the hands of a match
    (consecutive hands with one ``Match`` name; a ``Scores`` tag on a match's first
    hand gives the totals entering it)."""
    out: list[ReplayedHand] = []
    name: str | None = None
    number = 0
    totals: dict[str, int] | None = {}
    for record in records:
        tags = record.tag_values
        match = tags.get(MATCH)
        if match is None or match != name:
            number, totals = 0, _entering(tags.get(SCORES))
        elif totals is None and SCORES in tags:
            totals = _entering(tags[SCORES])  # unknown totals, given again
        name, number = match, number + 1
        hand = _replayed(record, name, number, totals)
        totals = hand.standings
        out.append(hand)
    return out


def _entering(scores: str | None) -> dict[str, int]:
    """A ``Scores`` tag's totals (``Rosa 120, Juan -35``)."""
    totals: dict[str, int] = {}
    for piece in (scores or "").split(","):
        if piece.strip():
            player, value = piece.split()
            totals[player] = int(value)
    return totals


def _replayed(record: GameRecord, name: str | None, number: int,
              totals: dict[str, int] | None) -> ReplayedHand:
    try:
        state = replay_hand(record)
    except NotReplayable:
        state = None
    info = MatchInfo(name, number, False, None, ())
    if state is None or state.winner is None:
        winner = None if state is None or state.winner is None else record.players[state.winner]
        return ReplayedHand(winner, (), None, info)
    scores = tuple(state.scores())
    standings = None if totals is None else standings_after(totals, scores)
    if standings is not None:
        over, leader, tied = match_end(standings, state.rules.Target)
        info = MatchInfo(name, number, over, leader, tied)
    return ReplayedHand(record.players[state.winner], scores, standings, info)
