"""Mutators for whose turn it is: ``out-of-turn``, ``play-before-draw``, ``extra-draw``.

A meld or lay-off moved before the draw (its cards in hand already) changes no
card: the hand ends as simulated. A discard that empties the hand ends it even
out of turn or before the draw (ARGENTINO.md 12).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

from referee.notation.events import Discard, Draw, Event, Layoff, Meld, Take
from referee.sim import SimulatedHand
from tests.sim.mutations.records import (
    Mutation,
    cut,
    cut_outcome,
    edited,
    free,
    mutator,
    next_seat,
    rescored,
    same_outcome,
    single,
    stock_card,
    turns_of,
    view_after,
    view_before,
)

# --- turns --------------------------------------------------------------------------------


@mutator("out-of-turn")
def out_of_turn(hand: SimulatedHand) -> Iterator[Mutation]:
    """Before a player's turn starts, the next seat discards: cut there."""
    record = hand.record
    for turn in turns_of(record):
        other = next_seat(hand, turn.player)
        held = view_before(hand, turn.start).hands[other].known
        if len(held) >= 2:
            events = (*record.events[: turn.start], Discard(other, 0, 0, held[0]))
            yield single(hand, cut(record, events), "out-of-turn", other, turn.start,
                         f"{other} discards {held[0]} in {turn.player}'s turn", cut_outcome())


@mutator("out-of-turn/draw")
def draw_out_of_turn(hand: SimulatedHand) -> Iterator[Mutation]:
    """Before a player's turn starts, the next seat draws; the player draws and discards;
    the next seat, at their own turn, draws again (the card drawn out of turn did not
    start it) and discards the card drawn out of turn."""
    record = hand.record
    assert record.stock is not None
    for turn in turns_of(record):
        drawn = sum(isinstance(e, Draw) for e in record.events[: turn.start])
        if stock_card(hand, turn.start) is None or drawn + 3 > len(record.stock):
            continue
        early, own, again = record.stock[drawn:drawn + 3]
        other = next_seat(hand, turn.player)
        events = (*record.events[: turn.start], Draw(other, 0, 0, early),
                  Draw(turn.player, 0, 0, own), Discard(turn.player, 0, 0, own),
                  Draw(other, 0, 0, again), Discard(other, 0, 0, early))
        yield single(hand, cut(record, events), "out-of-turn", other, turn.start,
                     f"{other} draws {early} in {turn.player}'s turn", cut_outcome())


@mutator("out-of-turn/meld")
def meld_out_of_turn(hand: SimulatedHand) -> Iterator[Mutation]:
    """The next seat's first meld of their next turn laid before this player's draw (its
    cards were in hand; no meld comes between): the hand goes on."""
    record = hand.record
    turns = turns_of(record)
    for turn, following in itertools.pairwise(turns):
        melds = following.of(record, Meld)
        if turn.of(record, Meld) or not melds or not free(hand, following.player):
            continue
        meld = record.events[melds[0]]
        assert isinstance(meld, Meld)
        held = Counter(view_before(hand, turn.start).hands[following.player].known)
        if Counter(c.physical for c in meld.cards) - held:
            continue
        events = [*record.events]
        events.insert(turn.start, events.pop(melds[0]))
        mutated = edited(record, events)
        yield single(hand, mutated, "out-of-turn", meld.player, turn.start,
                     f"{meld} in {turn.player}'s turn", rescored(mutated))


@mutator("play-before-draw/meld")
def meld_before_draw(hand: SimulatedHand) -> Iterator[Mutation]:
    """A turn's first meld laid before the draw (its cards were in hand already): the
    hand goes on as simulated."""
    record = hand.record
    for turn in turns_of(record):
        melds = turn.of(record, Meld)
        if not melds or not free(hand, turn.player):
            continue
        meld = record.events[melds[0]]
        assert isinstance(meld, Meld)
        held = Counter(view_before(hand, turn.start).hands[turn.player].known)
        if Counter(c.physical for c in meld.cards) - held:
            continue
        events = [*record.events]
        events.insert(turn.start, events.pop(melds[0]))
        yield single(hand, edited(record, events), "play-before-draw", turn.player,
                     turn.start, f"{meld} before the draw", same_outcome(hand))


@mutator("play-before-draw/layoff")
def layoff_before_draw(hand: SimulatedHand) -> Iterator[Mutation]:
    """A player down lays off first thing in their turn, onto an older meld, a card they
    held before drawing: that lay-off moved before the draw. The hand goes on."""
    record = hand.record
    for turn in turns_of(record):
        first = record.events[turn.start + 1]
        if not turn.was_down or not isinstance(first, Layoff) or not free(hand, turn.player):
            continue
        if first.meld > len(view_before(hand, turn.start).melds):
            continue
        held = view_before(hand, turn.start).hands[turn.player].known
        if first.card.physical not in held or len(held) < 2:  # one card: no-final-discard
            continue
        events = [*record.events]
        events.insert(turn.start, events.pop(turn.start + 1))
        yield single(hand, edited(record, events), "play-before-draw", turn.player,
                     turn.start, f"{first} before the draw", same_outcome(hand))


@mutator("play-before-draw/discard")
def discard_before_draw(hand: SimulatedHand) -> Iterator[Mutation]:
    """A discard before the draw (the hand keeps a card): cut there."""
    record = hand.record
    for turn in turns_of(record):
        held = view_before(hand, turn.start).hands[turn.player].known
        if len(held) < 2:
            continue
        events = (*record.events[: turn.start], Discard(turn.player, 0, 0, held[-1]))
        yield single(hand, cut(record, events), "play-before-draw", turn.player, turn.start,
                     f"discard {held[-1]} before drawing", cut_outcome())


def gone_out(hand: SimulatedHand, index: int, player: str, rule: str,
             note: str) -> Iterator[Mutation]:
    """Before event ``index``, ``player`` discards their last card: the hand ends there,
    the finding stands, and they had laid cards in an earlier turn (bonus 50)."""
    record = hand.record
    held = view_before(hand, index).hands[player].known
    if len(held) == 1 and free(hand, player):
        events = [*record.events[:index], Discard(player, 0, 0, held[0])]
        mutated = edited(record, events, tags={"Result": player})
        yield single(hand, mutated, rule, player, index, note, rescored(mutated))


@mutator("play-before-draw/out")
def out_before_draw(hand: SimulatedHand) -> Iterator[Mutation]:
    """A player with one card left discards it before drawing: they go out all the same."""
    for turn in turns_of(hand.record):
        yield from gone_out(hand, turn.start, turn.player, "play-before-draw",
                            f"{turn.player} goes out before drawing")


@mutator("out-of-turn/out")
def out_out_of_turn(hand: SimulatedHand) -> Iterator[Mutation]:
    """A player with one card left discards it in another's turn: they go out all the same."""
    for turn in turns_of(hand.record)[len(hand.players):]:  # every seat has played
        for other in hand.players:
            if other != turn.player:
                yield from gone_out(hand, turn.start, other, "out-of-turn",
                                    f"{other} goes out in {turn.player}'s turn")


@mutator("extra-draw")
def extra_draw(hand: SimulatedHand) -> Iterator[Mutation]:
    """A second draw (or a take of the pile) after the turn's draw: cut there."""
    record = hand.record
    for turn in turns_of(record):
        if not isinstance(record.events[turn.start], Draw):
            continue
        after = turn.start + 1
        top = stock_card(hand, after)
        if turn.serial % 2 and view_after(hand, turn.start).discard_size:
            event: Event = Take(turn.player, 0, 0, None)
        elif top is not None:
            event = Draw(turn.player, 0, 0, top)
        else:
            continue
        events = (*record.events[:after], event)
        yield single(hand, cut(record, events), "extra-draw", turn.player, after,
                     f"then {event}", cut_outcome())
