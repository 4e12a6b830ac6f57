"""Mutators of turns and of the cards' moves: a play out of turn or before drawing, a
second draw, a card taken from the pile and not melded, or not melded first, and the
log errors of a card that is not where the log says (not in hand, not the stock's or
the pile's top). Each registers itself in ``MUTATORS`` under its rule id."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from referee.notation.events import Discard, Draw, Layoff, Meld, Take
from referee.sim import SimulatedGame
from tests.variants.la51.mutations.simulated import (
    Mutation,
    first_turns,
    hand_of,
    mutator,
    pegue,
    runs_wrap,
    stock_top_after,
    view_before,
)


@mutator("take-not-melded")
def take_not_melded(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    for turn in first_turns(game):
        if len(turn.events) != 2:
            continue
        draw, discard = (record.events[i] for i in turn.events)
        if not isinstance(draw, Draw) or not isinstance(discard, Discard):
            continue
        top = view_before(record, turn.start).discard_top
        if top is None or top.is_joker or discard.card == draw.card:
            continue
        take = Take(turn.player, 0, 0, (top,))
        events = (*record.events[: turn.start], take, discard)
        yield Mutation(game, events, "take-not-melded", turn.player, turn.start + 1,
                       f"take {top} instead of drawing, then discard {discard.card}")


@mutator("take-not-first")
def take_not_first(game: SimulatedGame) -> Iterator[Mutation]:
    yield from take_not_first_sites(game, keep_going=False)


def take_not_first_sites(game: SimulatedGame, keep_going: bool) -> Iterator[Mutation]:
    """Swap the first meld of a take turn with a later one that lacks the taken card.

    With ``keep_going`` the rest of the game follows, lay-offs renumbered so the
    table stays physically the same.
    """
    record = game.record
    for turn in first_turns(game):
        start = record.events[turn.start]
        if not isinstance(start, Take):
            continue
        melds = turn.indexes_of(record, Meld)
        for j in melds[1:]:
            later = record.events[j]
            assert isinstance(later, Meld)
            if start.card in later.cards:
                continue
            first = melds[0]
            events = list(record.events)
            events[first], events[j] = events[j], events[first]
            if keep_going:
                table_before = sum(isinstance(e, Meld) for e in record.events[:first])
                a, b = table_before + 1, table_before + 1 + melds.index(j)
                swap = {a: b, b: a}
                events = [
                    replace(e, meld=swap.get(e.meld, e.meld)) if isinstance(e, Layoff) else e
                    for e in events
                ]
            else:
                events = events[: turn.discard + 1]
            yield Mutation(game, tuple(events), "take-not-first", turn.player, first,
                           f"first meld without the taken {start.card}")
            break


@mutator("out-of-turn")
def out_of_turn(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    wrap = runs_wrap(record)
    players = record.players
    for turn in first_turns(game):
        view = view_before(record, turn.start)
        other = players[(players.index(turn.player) + 1) % len(players)]
        for card in sorted(hand_of(view, other), key=str):
            if not card.is_joker and not pegue(view, card, wrap):
                events = (*record.events[: turn.start], Discard(other, 0, 0, card))
                yield Mutation(game, events, "out-of-turn", other, turn.start,
                               f"{other} discards {card} in {turn.player}'s turn")
                return


@mutator("play-before-draw")
def play_before_draw(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    wrap = runs_wrap(record)
    for turn in first_turns(game):
        view = view_before(record, turn.start)
        for card in sorted(hand_of(view, turn.player), key=str):
            if not card.is_joker and not pegue(view, card, wrap):
                events = (*record.events[: turn.start], Discard(turn.player, 0, 0, card))
                yield Mutation(game, events, "play-before-draw", turn.player, turn.start,
                               f"discard {card} before drawing")
                return


@mutator("extra-draw")
def extra_draw(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    for turn in first_turns(game):
        if not isinstance(record.events[turn.start], Draw):
            continue
        top = stock_top_after(game, turn.start)
        if top is None:
            continue
        events = (*record.events[: turn.start + 1], Draw(turn.player, 0, 0, top))
        yield Mutation(game, events, "extra-draw", turn.player, turn.start + 1,
                       f"a second draw ({top})")
        return


@mutator("not-in-hand")
def not_in_hand(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    wrap = runs_wrap(record)
    for turn in first_turns(game):
        d = turn.discard
        view = view_before(record, d)
        hand = hand_of(view, turn.player)
        for card in sorted({c for h in view.hands.values() for c in h.known}, key=str):
            if card.is_joker or hand[card] or pegue(view, card, wrap):
                continue
            events = (*record.events[:d], replace(record.events[d], card=card))
            yield Mutation(game, events, "not-in-hand", turn.player, d,
                           f"discard {card}, which is not in hand")
            return


@mutator("stock-mismatch")
def stock_mismatch(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    for turn in first_turns(game):
        draw = record.events[turn.start]
        if not isinstance(draw, Draw) or stock_top_after(game, turn.start) is None:
            continue
        assert draw.card is not None
        other = next(c for c in sorted(set(record.stock or ()), key=str) if c != draw.card)
        events = (*record.events[: turn.start], replace(draw, card=other))
        yield Mutation(game, events, "stock-mismatch", turn.player, turn.start,
                       f"draw {other} instead of {draw.card}")
        return


@mutator("take-mismatch")
def take_mismatch(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    for turn in first_turns(game):
        take = record.events[turn.start]
        if not isinstance(take, Take):
            continue
        view = view_before(record, turn.start)
        other = next(c for c in sorted(hand_of(view, turn.player), key=str) if c != take.card)
        events = (*record.events[: turn.start], replace(take, cards=(other,)))
        yield Mutation(game, events, "take-mismatch", turn.player, turn.start,
                       f"take {other}, which is not the top discard {take.card}")
        return
