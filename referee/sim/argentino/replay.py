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

from referee.notation.events import Discard, Draw, Event, GameRecord, Layoff, Meld, Take
from referee.sim.argentino.melds import Written
from referee.sim.argentino.state import HandState
from referee.sim.cards import ID, counts_of, physical_id
from referee.sim.knobs import rules_argentino
from referee.variants.knobs import knob_name

CUT_BONUS = "CutBonus"


class NotReplayable(ValueError):
    """The record hides something the scorer needs (a hand, a drawn card)."""


def replay_hand(record: GameRecord) -> HandState:
    """The hand's state after its events (or after the discard that ends it)."""
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
    for event in record.events:
        if apply(state, event):
            break
    return state


def apply(state: HandState, event: Event) -> bool:
    """Apply one event; True when it ends the hand."""
    seat = state.players.index(event.player)
    match event:
        case Draw(card=None):
            raise NotReplayable(f"line {event.line}: a draw with no card")
        case Draw(card=card) if card is not None:
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
