"""Mutators of melds and lay-offs: a meld of the wrong shape, a bajada under the minimum
or not above the previous one, lay-offs before going down, on a meld of this turn or
where the card does not fit, a meld after a lay-off, a discard that fits a meld. Each
registers itself in ``MUTATORS`` under its rule id."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from referee.audit import replay_to
from referee.engine.views import MeldView
from referee.notation.events import Discard, Draw, GameRecord, Layoff, Meld, Take
from referee.sim import SimulatedGame
from tests.variants.la51.mutations.simulated import (
    Mutation,
    first_turns,
    fits,
    hand_of,
    is_run,
    meld_points,
    mutator,
    natural_set,
    pegue,
    runs_wrap,
    taken_in,
    turns_of,
    view_after,
    view_before,
)


@mutator("discard-pegue")
def discard_pegue(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    wrap = runs_wrap(record)
    for turn in first_turns(game):
        start = record.events[turn.start]
        taken = start.card if isinstance(start, Take) else None
        d = turn.discard
        original = record.events[d]
        assert isinstance(original, Discard)
        view = view_before(record, d)
        for card in sorted(hand_of(view, turn.player), key=str):
            if card.is_joker or card == taken or card == original.card:
                continue
            if pegue(view, card, wrap):
                events = (*record.events[:d], replace(original, card=card))
                yield Mutation(game, events, "discard-pegue", turn.player, d,
                               f"discard {card} instead of {original.card}")
                break


@mutator("run-too-short")
def run_too_short(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    run_min = int(record.tag_values.get("RunMin", "4"))
    if run_min < 4:
        return  # a run of 2 cards is meld-invalid, not run-too-short
    for turn in first_turns(game):
        if not turn.was_down:
            continue
        taken = taken_in(record, turn)
        for i in turn.indexes_of(record, Meld):
            meld = record.events[i]
            assert isinstance(meld, Meld)
            if not is_run(meld.cards):
                continue
            for short in (meld.cards[: run_min - 1], meld.cards[-(run_min - 1) :]):
                if sum(not c.is_joker for c in short) < 2:
                    continue
                if taken is not None and taken in meld.cards and taken not in short:
                    continue
                events = (*record.events[:i], replace(meld, cards=short))
                yield Mutation(game, events, "run-too-short", turn.player, i,
                               f"run cut to {len(short)} cards")
                return


@mutator("bajada-below-minimum")
def bajada_below_minimum(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    wrap = runs_wrap(record)
    minimum = int(record.tag_values.get("MinOpen", "51"))
    for turn in first_turns(game):
        melds = turn.indexes_of(record, Meld)
        if turn.was_down or not melds:
            continue
        first = record.events[melds[0]]
        assert isinstance(first, Meld)
        points = meld_points(first.cards)
        if points is None or points >= minimum:
            continue
        discard = record.events[turn.discard]
        assert isinstance(discard, Discard)
        view = view_before(record, turn.start)
        table = [*view.melds, MeldView(0, turn.player, first.cards,
                                       "run" if is_run(first.cards) else "set", 0)]
        if any(fits(m, discard.card, wrap) for m in table):
            continue  # without the rest of the bajada the discard would be a pegue
        events = (*record.events[: melds[0] + 1], discard)
        yield Mutation(game, events, "bajada-below-minimum", turn.player, melds[0],
                       f"bajada of {points} points (only its first meld)")


@mutator("layoff-before-down")
def layoff_before_down(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    wrap = runs_wrap(record)
    for turn in first_turns(game):
        if turn.was_down or not isinstance(record.events[turn.start], Draw):
            continue
        view = view_after(record, turn.start)
        for card in sorted(hand_of(view, turn.player), key=str):
            target = next((m for m in view.melds if fits(m, card, wrap)), None)
            if target is not None:
                layoff = Layoff(turn.player, 0, 0, card, target.number)
                events = (*record.events[: turn.start + 1], layoff)
                yield Mutation(game, events, "layoff-before-down", turn.player,
                               turn.start + 1, f"lay off {card} on {target.number}, not down")
                return


def meld_after_layoff_sites(game: SimulatedGame, keep_going: bool) -> Iterator[Mutation]:
    """Move the first lay-off of a turn (one meld, then lay-offs) before its meld."""
    record = game.record
    for turn in first_turns(game):
        melds = turn.indexes_of(record, Meld)
        layoffs = turn.indexes_of(record, Layoff)
        if not turn.was_down or len(melds) != 1 or not layoffs:
            continue
        events = list(record.events)
        moved = events.pop(layoffs[0])
        events.insert(melds[0], moved)
        meld_index = melds[0] + 1
        if not keep_going:
            events = events[: meld_index + 1]
        yield Mutation(game, tuple(events), "meld-after-layoff", turn.player, meld_index,
                       "a meld after a lay-off")


@mutator("meld-after-layoff")
def meld_after_layoff(game: SimulatedGame) -> Iterator[Mutation]:
    yield from meld_after_layoff_sites(game, keep_going=False)


@mutator("set-colors")
def set_colors(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    for turn in first_turns(game):
        if not turn.was_down or not isinstance(record.events[turn.start], Draw):
            continue
        for i in turn.indexes_of(record, Meld):
            meld = record.events[i]
            assert isinstance(meld, Meld)
            if not natural_set(meld.cards):
                continue
            cards = sorted(meld.cards, key=lambda c: str(c.color))  # blacks together
            events = (*record.events[:i], replace(meld, cards=tuple(cards)))
            yield Mutation(game, events, "set-colors", turn.player, i,
                           "set laid " + " ".join(map(str, cards)))
            return


@mutator("layoff-same-turn")
def layoff_same_turn(game: SimulatedGame) -> Iterator[Mutation]:
    """Lay a meld without its last card, then lay that card off onto it (same turn)."""
    record = game.record
    run_min = int(record.tag_values.get("RunMin", "4"))
    for turn in first_turns(game):
        melds = turn.indexes_of(record, Meld)
        if not turn.was_down:
            continue
        for i in melds:
            meld = record.events[i]
            assert isinstance(meld, Meld)
            last = meld.cards[-1]
            if last.is_joker or last == taken_in(record, turn):
                continue
            if len(meld.cards) < (run_min + 1 if is_run(meld.cards) else 4):
                continue
            number = sum(isinstance(e, Meld) for e in record.events[: i + 1])
            events = list(record.events[: melds[-1] + 1])
            events[i] = replace(meld, cards=meld.cards[:-1])
            events.append(Layoff(turn.player, 0, 0, last, number))
            yield Mutation(game, tuple(events), "layoff-same-turn", turn.player, len(events) - 1,
                           f"lay off {last} on meld {number} of this turn")
            return


@mutator("layoff-mismatch")
def layoff_mismatch(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    wrap = runs_wrap(record)
    for turn in first_turns(game):
        if not turn.was_down or not isinstance(record.events[turn.start], Draw):
            continue
        view = view_after(record, turn.start)
        targets = [m for m in view.melds if m.kind in ("set", "run")]
        for card in sorted(hand_of(view, turn.player), key=str):
            if card.is_joker:
                continue
            target = next((m for m in targets if not fits(m, card, wrap)), None)
            if target is not None:
                layoff = Layoff(turn.player, 0, 0, card, target.number)
                events = (*record.events[: turn.start + 1], layoff)
                yield Mutation(game, events, "layoff-mismatch", turn.player, turn.start + 1,
                               f"lay off {card} on meld {target.number}, where it does not fit")
                return


@mutator("run-not-ordered")
def run_not_ordered(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    for turn in first_turns(game):
        if not turn.was_down:
            continue
        for i in turn.indexes_of(record, Meld):
            meld = record.events[i]
            assert isinstance(meld, Meld)
            if not is_run(meld.cards) or any(c.is_joker for c in meld.cards):
                continue
            if taken_in(record, turn) in meld.cards:
                continue
            cards = list(meld.cards)
            cards[1], cards[2] = cards[2], cards[1]
            events = (*record.events[:i], replace(meld, cards=tuple(cards)))
            yield Mutation(game, events, "run-not-ordered", turn.player, i,
                           "run laid " + " ".join(map(str, cards)))
            return


@mutator("meld-invalid")
def meld_invalid(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    for turn in first_turns(game):
        if not turn.was_down or not isinstance(record.events[turn.start], Draw):
            continue
        for i in turn.indexes_of(record, Meld):
            meld = record.events[i]
            assert isinstance(meld, Meld)
            events = (*record.events[:i], replace(meld, cards=meld.cards[:2]))
            yield Mutation(game, events, "meld-invalid", turn.player, i, "a meld of 2 cards")
            return


@mutator("bajada-not-above-previous")
def bajada_not_above_previous(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    wrap = runs_wrap(record)
    minimum = int(record.tag_values.get("MinOpen", "51"))
    for turn in first_turns(game):
        melds = turn.indexes_of(record, Meld)
        if turn.was_down or len(melds) < 2:
            continue
        view = view_before(record, turn.start)
        if not view.bajadas:
            continue
        previous = _latest_bajada(record, turn.start)
        discard = record.events[turn.discard]
        assert isinstance(discard, Discard)
        total = 0
        kept: list[Meld] = []
        for i in melds:
            meld = record.events[i]
            assert isinstance(meld, Meld)
            points = meld_points(meld.cards)
            if points is None:
                break
            total += points
            kept.append(meld)
            if minimum <= total <= previous:
                table = [*view.melds, *(MeldView(0, turn.player, m.cards,
                                                  "run" if is_run(m.cards) else "set", 0)
                                        for m in kept)]
                if any(fits(m, discard.card, wrap) for m in table):
                    break
                events = (*record.events[: i + 1], discard)
                yield Mutation(game, events, "bajada-not-above-previous", turn.player,
                               melds[0], f"bajada of {total}, previous {previous}")
                return


def _latest_bajada(record: GameRecord, before: int) -> int:
    """Points of the most recent bajada before event ``before`` (from the engine's view)."""
    latest, order = 0, []
    for turn in turns_of(record):
        if turn.start >= before:
            break
        if not turn.was_down and turn.indexes_of(record, Meld) and turn.player not in order:
            order.append(turn.player)
    if order:
        latest = replay_to(record, record.events[before].line - 1).bajadas[order[-1]]
    return latest
