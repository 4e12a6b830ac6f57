"""Argentino log errors planted in simulated hands and matches (ARGENTINO.md 8).

A log error says the record itself is impossible (a card not in hand, a draw that
is not the stock's top...) or breaks the notation's contract (a ``call``, a
``Result`` or ``Scores`` tag that disagrees). Each mutator changes one event or
one tag; the replay skips an impossible event, so the log is cut right after it,
while a wrong tag or a ``call`` leaves the hand to end as simulated.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence

from referee.engine.findings import LOG_ERROR
from referee.notation.events import Call, Discard, Draw, Event, Layoff, Take
from referee.sim import SimulatedHand, SimulatedMatch
from tests.sim.mutations.records import (
    Mutation,
    Outcome,
    cut,
    cut_outcome,
    edited,
    mutator,
    next_seat,
    same_outcome,
    scores_value,
    single,
    stock_card,
    turns_of,
    view_before,
)


def log_error(hand: SimulatedHand, events: Sequence[Event], rule: str, player: str,
              index: int, note: str) -> Mutation:
    """An impossible event at ``index``, the log cut right after it."""
    return single(hand, cut(hand.record, events), rule, player, index, note, cut_outcome(),
                  kind=LOG_ERROR)


@mutator("not-in-hand")
def not_in_hand(hand: SimulatedHand) -> Iterator[Mutation]:
    """A discard of a card another player holds."""
    record = hand.record
    for turn in turns_of(record):
        view = view_before(hand, turn.end)
        own = set(view.hands[turn.player].known)
        other = next((c for name, h in view.hands.items() if name != turn.player
                      for c in h.known if c not in own), None)
        if other is None:
            continue
        events = (*record.events[: turn.end], Discard(turn.player, 0, 0, other))
        yield log_error(hand, events, "not-in-hand", turn.player, turn.end,
                        f"discard {other}, held by another player")


@mutator("card-supply")
def card_supply(hand: SimulatedHand) -> Iterator[Mutation]:
    """The ``stock:`` line's last card (never drawn) written as a card dealt already: one
    copy too many. The hand ends as simulated."""
    record = hand.record
    stock = record.stock
    assert stock is not None
    drawn = sum(isinstance(e, Draw) for e in record.events)
    if hand.refills or drawn >= len(stock) - 1:
        return
    dealt = next(c for deal in record.deals.values() for c in deal.cards if c != stock[-1])
    mutated = edited(record, stock=(*stock[:-1], dealt))
    yield single(hand, mutated, "card-supply", None, "stock",
                 f"stock ends with {dealt} instead of {stock[-1]}", same_outcome(hand),
                 kind=LOG_ERROR)


@mutator("take-mismatch")
def take_mismatch(hand: SimulatedHand) -> Iterator[Mutation]:
    """A take listing a pile it is not (its top card alone, or a card from the hand); or,
    right after a take, a second take of the empty pile."""
    record = hand.record
    for turn in turns_of(record):
        start = record.events[turn.start]
        if not isinstance(start, Take):
            continue
        view = view_before(hand, turn.start)
        if turn.serial % 2:
            events: tuple[Event, ...] = (*record.events[: turn.start + 1],
                                         Take(turn.player, 0, 0, None))
            yield log_error(hand, events, "take-mismatch", turn.player, turn.start + 1,
                            "a second take: the pile is empty")
            continue
        listed = (view.discard_top if view.discard_size > 1
                  else view.hands[turn.player].known[0])
        events = (*record.events[: turn.start], Take(turn.player, 0, 0, (listed,)))
        yield log_error(hand, events, "take-mismatch", turn.player, turn.start,
                        f"take {listed} of a pile of {view.discard_size}")


@mutator("stock-mismatch")
def stock_mismatch(hand: SimulatedHand) -> Iterator[Mutation]:
    """A draw naming a card other than the stock's top."""
    record = hand.record
    assert record.stock is not None
    for turn in turns_of(record):
        draw = record.events[turn.start]
        top = stock_card(hand, turn.start)
        if not isinstance(draw, Draw) or top is None:
            continue
        other = next(c for c in record.stock if c != top)
        events = (*record.events[: turn.start], Draw(turn.player, 0, 0, other))
        yield log_error(hand, events, "stock-mismatch", turn.player, turn.start,
                        f"draw {other}, the stock's top is {top}")


@mutator("no-such-meld")
def no_such_meld(hand: SimulatedHand) -> Iterator[Mutation]:
    """A lay-off onto a meld number not on the table yet."""
    record = hand.record
    for i, event in enumerate(record.events):
        if isinstance(event, Layoff):
            number = len(view_before(hand, i).melds) + 1
            events = (*record.events[:i], Layoff(event.player, 0, 0, event.card, number))
            yield log_error(hand, events, "no-such-meld", event.player, i,
                            f"{event.card} onto meld {number}")


@mutator("after-end")
def after_end(hand: SimulatedHand) -> Iterator[Mutation]:
    """After the going-out discard, the next player draws (or calls)."""
    record = hand.record
    end = len(record.events)
    player = next_seat(hand, hand.winner)
    top = stock_card(hand, end)
    extra: Event = (Draw(player, 0, 0, top) if top is not None and hand.index % 2
                    else Call(player, 0, 0, hand.winner))
    yield single(hand, edited(record, [*record.events, extra]), "after-end", player, end,
                 f"{extra} after the end", same_outcome(hand), kind=LOG_ERROR)


@mutator("no-calls")
def no_calls(hand: SimulatedHand) -> Iterator[Mutation]:
    """A call between two turns (argentino has none); the hand goes on as simulated."""
    record = hand.record
    turns = turns_of(record)
    if len(turns) < 3:
        return
    turn = turns[len(turns) // 2]
    caller = next_seat(hand, turn.player)
    events = [*record.events]
    events.insert(turn.end + 1, Call(caller, 0, 0, turn.player))
    yield single(hand, edited(record, events), "no-calls", caller, turn.end + 1,
                 f"{caller} calls {turn.player}", same_outcome(hand), kind=LOG_ERROR)


@mutator("result-mismatch")
def result_mismatch(hand: SimulatedHand) -> Iterator[Mutation]:
    """The ``Result`` tag names a player who did not go out."""
    other = next_seat(hand, hand.winner)
    yield single(hand, edited(hand.record, tags={"Result": other}), "result-mismatch", None,
                 "tag:Result", f"Result {other}, {hand.winner} went out", same_outcome(hand),
                 kind=LOG_ERROR)


@mutator("scores-mismatch/missing")
def scores_missing(hand: SimulatedHand) -> Iterator[Mutation]:
    """A single hand's ``Scores`` tag leaves a player out: they enter with 0."""
    if "Scores" not in hand.record.tags:
        return
    left_out = hand.players[-1]
    given = {p: hand.entering[p] for p in hand.players if p != left_out}
    standings = dict(hand.standings) | {left_out: hand.standings[left_out]
                                        - hand.entering[left_out]}
    if hand.entering[left_out] > 700 or any(t > 700 for t in given.values()):
        return  # en ley players stay so; one left out would no longer be
    mutated = edited(hand.record, tags={"Scores": scores_value(given)})
    yield single(hand, mutated, "scores-mismatch", None, "tag:Scores",
                 f"Scores without {left_out}",
                 Outcome(True, hand.winner, hand.report_scores(), standings), kind=LOG_ERROR)


# --- matches ------------------------------------------------------------------------------

MatchMutator = Callable[[Sequence[SimulatedMatch]], Iterator[Mutation]]
MATCH_MUTATORS: dict[str, MatchMutator] = {}


def match_mutator(name: str) -> Callable[[MatchMutator], MatchMutator]:
    def register(fn: MatchMutator) -> MatchMutator:
        MATCH_MUTATORS[name] = fn
        return fn

    return register


def records(matches: Sequence[SimulatedMatch]) -> list[SimulatedHand]:
    return [hand for match in matches for hand in match.hands]


@match_mutator("scores-mismatch/match")
def scores_off(matches: Sequence[SimulatedMatch]) -> Iterator[Mutation]:
    """A later hand's ``Scores`` tag with one total off by 5, or a player left out; the
    computed totals stand."""
    for number, match in enumerate(matches):
        for hand in match.hands[1:]:
            given = {p: hand.entering[p] for p in hand.players}
            if number % 2:
                del given[hand.players[0]]  # names other players than the hand's
            else:
                given[hand.players[0]] += 5
            mutated = edited(hand.record, tags={"Scores": scores_value(given)})
            hands = records(matches)
            out = [h.record for h in hands]
            out[hands.index(hand)] = mutated
            yield Mutation(hand, tuple(out), hands.index(hand), LOG_ERROR, "scores-mismatch",
                           None, "tag:Scores", f"Scores {scores_value(given)}",
                           same_outcome(hand))
            break


@match_mutator("match-players")
def match_players(matches: Sequence[SimulatedMatch]) -> Iterator[Mutation]:
    """A match's hands tagged with the previous match's name: other players. The hand
    starts a new match, which goes on as simulated."""
    for previous, match in itertools.pairwise(matches):
        if set(previous.hands[0].players) == set(match.hands[0].players):
            continue
        name = previous.hands[0].record.tags["Match"].value
        hands = records(matches)
        out = [h.record for h in hands]
        for hand in match.hands:
            out[hands.index(hand)] = edited(hand.record, tags={"Match": name})
        first = match.hands[0]
        yield Mutation(first, tuple(out), hands.index(first), LOG_ERROR, "match-players", None,
                       "tag:Players", f"hands of {name} with other players",
                       same_outcome(first))


@match_mutator("after-end/match")
def hand_after_match(matches: Sequence[SimulatedMatch]) -> Iterator[Mutation]:
    """The last hand of a finished match written twice: the copy comes after its end."""
    for match in matches:
        last = match.hands[-1]
        copy = edited(last.record)
        hands = records(matches)
        out = [h.record for h in hands]
        position = hands.index(last) + 1
        out.insert(position, copy)
        yield Mutation(last, tuple(out), position, LOG_ERROR, "after-end", None, "tag:Game",
                       "a hand after the match ended",
                       Outcome(False, None, [], dict(last.standings)))
