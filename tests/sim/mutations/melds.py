"""Mutators for melds and lay-offs: a meld written another way, a lay-off sent elsewhere.

Writing a meld another way keeps its physical cards: the faulty meld stays on the
table and scores nothing, and the hand goes on to its end when no later lay-off
goes onto it (its owner's score is checked, less the meld's value).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace

from referee.cards import Card, Rank, Suit
from referee.notation.events import Layoff, Meld
from referee.sim import SimulatedHand
from tests.sim.mutations.cards import (
    cannot_fit,
    consecutive,
    meld_value,
    most_worth,
    plain,
    wild,
    written_shape,
)
from tests.sim.mutations.records import (
    Mutation,
    cut,
    cut_outcome,
    edited,
    free,
    later_layoffs,
    less_laid,
    meld_cards,
    meld_number,
    mutator,
    same_outcome,
    single,
    turns_of,
    view_after,
    view_before,
)

# --- a meld written another way -------------------------------------------------------


def rewritten(hand: SimulatedHand, index: int, cards: Sequence[Card], rule: str, note: str,
              overrides: dict[str, str] | None = None, alone: bool = True) -> Mutation:
    """Meld ``index`` written as ``cards`` (the same physical cards): a faulty meld that
    stays on the table and scores nothing. When no later lay-off goes onto that meld (and
    ``alone``: nothing later is judged differently) the hand goes on to its end; when one
    does, the log goes on to it and stops there: that card does not fit a faulty meld
    (``layoff-mismatch``, the one other finding)."""
    record = hand.record
    meld = record.events[index]
    assert isinstance(meld, Meld)
    assert Counter(c.physical for c in cards) == Counter(c.physical for c in meld.cards)
    events = [*record.events]
    events[index] = Meld(meld.player, 0, 0, tuple(cards))
    number = meld_number(hand, index)
    laid = view_after(hand, index).melds[number - 1]
    onto = [i for i, e in enumerate(record.events)
            if i > index and isinstance(e, Layoff) and e.meld == number]
    if alone and not onto and len(laid.cards) < 12:
        outcome = less_laid(hand, meld.player, meld_value(laid.cards, laid.kind))
        return single(hand, edited(record, events), rule, meld.player, index, note, outcome,
                      overrides=overrides)
    if alone and onto and free(hand, events[onto[0]].player):
        mutation = single(hand, cut(record, events[: onto[0] + 1]), rule, meld.player, index,
                          note + f" (then {events[onto[0]]})", cut_outcome(),
                          overrides=overrides)
        return replace(mutation, then=(("layoff-mismatch", events[onto[0]].player, onto[0]),))
    return single(hand, cut(record, events[: index + 1]), rule, meld.player, index,
                  note + " (cut)", cut_outcome(), overrides=overrides)


def melds_of(hand: SimulatedHand) -> Iterator[tuple[int, Meld]]:
    """The melds of players not en ley, with their event indexes."""
    for i, event in enumerate(hand.record.events):
        if isinstance(event, Meld) and free(hand, event.player):
            yield i, event


def other_rank(rank: Rank) -> Rank:
    return Rank.QUEEN if rank == Rank.KING else Rank.KING


@mutator("meld-invalid/reading")
def wild_of_another_rank(hand: SimulatedHand) -> Iterator[Mutation]:
    """A set's wild written as a card of another rank (``Kc Kd JK=Qh``)."""
    for i, meld in melds_of(hand):
        shape = written_shape(meld.cards)
        if shape.kind != "set":
            continue
        for j, card in enumerate(meld.cards):
            if wild(card):
                assert shape.rank is not None
                cards = list(meld.cards)
                cards[j] = Card(card.rank, card.suit,
                                Card.natural(other_rank(shape.rank), Suit.HEARTS))
                yield rewritten(hand, i, cards, "meld-invalid", f"set written {cards}")
                break


@mutator("meld-invalid/short")
def two_cards(hand: SimulatedHand) -> Iterator[Mutation]:
    """A meld of its first two cards only (the third stays in hand): cut there."""
    record = hand.record
    for i, meld in melds_of(hand):
        events = (*record.events[:i], Meld(meld.player, 0, 0, meld.cards[:2]))
        yield single(hand, cut(record, events), "meld-invalid", meld.player, i,
                     "a meld of 2 cards", cut_outcome())


@mutator("set-repeated-suit")
def repeated_suit(hand: SimulatedHand) -> Iterator[Mutation]:
    """A set's wild written as a suit already there (``Kc Kd JK=Kc``)."""
    for i, meld in melds_of(hand):
        shape = written_shape(meld.cards)
        if shape.kind != "set":
            continue
        first = next(c for c in meld.cards if plain(c))
        for j, card in enumerate(meld.cards):
            if wild(card):
                cards = list(meld.cards)
                cards[j] = Card(card.rank, card.suit, first.physical)
                yield rewritten(hand, i, cards, "set-repeated-suit", f"set written {cards}")
                break


@mutator("run-not-ordered")
def not_ordered(hand: SimulatedHand) -> Iterator[Mutation]:
    """A run of natural cards laid with its first two swapped."""
    for i, meld in melds_of(hand):
        if written_shape(meld.cards).kind != "run" or not all(map(plain, meld.cards)):
            continue
        cards = [meld.cards[1], meld.cards[0], *meld.cards[2:]]
        yield rewritten(hand, i, cards, "run-not-ordered", f"run laid {cards}")


def run_wilds(cards: Sequence[Card], suit: Suit | None) -> list[Card] | None:
    """The wilds of a run written ``cards``, or None when a 2 of its own suit is there (it
    may read as a natural 2)."""
    if any(c.rank == Rank.TWO and c.suit == suit for c in cards):
        return None
    return [c for c in cards if wild(c)]


@mutator("run-adjacent-wilds/moved")
def wilds_moved_together(hand: SimulatedHand) -> Iterator[Mutation]:
    """A run whose natural cards are consecutive, with two or more wilds at its ends,
    written with every wild after the natural cards: two wilds side by side."""
    for i, meld in melds_of(hand):
        shape = written_shape(meld.cards)
        if shape.kind != "run":
            continue
        wilds = run_wilds(meld.cards, shape.suit)
        naturals = [c for c in meld.cards if plain(c)]
        if wilds is None or len(wilds) < 2 or len(naturals) + len(wilds) != len(meld.cards):
            continue
        if not consecutive(naturals):
            continue
        cards = [*naturals, *(w.physical for w in wilds)]
        if cards == list(meld.cards):
            continue
        yield rewritten(hand, i, cards, "run-adjacent-wilds", f"run laid {cards}")


@mutator("run-adjacent-wilds/added")
def wild_added_beside(hand: SimulatedHand) -> Iterator[Mutation]:
    """A run with a wild at the end it was laid last, and another wild in hand laid
    right after it (the card leaves the hand: the log is cut there)."""
    record = hand.record
    for i, meld in melds_of(hand):
        shape = written_shape(meld.cards)
        if shape.kind != "run" or len(meld.cards) >= 13:
            continue
        if run_wilds(meld.cards, shape.suit) is None or not wild(meld.cards[-1]):
            continue
        held = Counter(view_before(hand, i).hands[meld.player].known)
        held.subtract(c.physical for c in meld.cards)
        extra = next((c for c in sorted(+held, key=str) if wild(c) and c.suit != shape.suit),
                     None)
        if extra is None:
            continue
        cards = (*meld.cards, extra)
        events = (*record.events[:i], Meld(meld.player, 0, 0, cards))
        yield single(hand, cut(record, events), "run-adjacent-wilds", meld.player, i,
                     f"run laid {list(cards)}", cut_outcome())


@mutator("run-too-short")
def too_short(hand: SimulatedHand) -> Iterator[Mutation]:
    """Audited with ``RunMin`` 4: the hand's first meld of 3 cards that is not a set."""
    record = hand.record
    short = [i for i, e in enumerate(record.events)
             if isinstance(e, Meld) and len(e.cards) == 3
             and written_shape(e.cards).kind != "set"]
    if not short:
        return
    i = short[0]
    meld = record.events[i]
    assert isinstance(meld, Meld)
    if free(hand, meld.player) and written_shape(meld.cards).kind == "run":
        yield rewritten(hand, i, meld.cards, "run-too-short", f"run of 3 {list(meld.cards)}",
                        overrides={"RunMin": "4"}, alone=len(short) == 1)


def wild_count(cards: Sequence[Card]) -> int:
    return sum(1 for c in cards if wild(c))


@mutator("set-two-wilds/override")
def two_wilds_override(hand: SimulatedHand) -> Iterator[Mutation]:
    """Simulated with ``SetWilds`` distinct, audited with one: the hand's first set with a
    joker and a mono. Before it no meld has two wilds and no wild is laid off (nothing is
    judged differently); after it the same, or the log is cut."""
    record = hand.record
    for i, event in enumerate(record.events):
        if isinstance(event, Layoff) and wild(event.card):
            return
        if not isinstance(event, Meld) or wild_count(event.cards) < 2:
            continue
        if written_shape(event.cards).kind != "set" or not free(hand, event.player):
            return
        rest = record.events[i + 1:]
        alone = not any((isinstance(e, Layoff) and wild(e.card))
                        or (isinstance(e, Meld) and wild_count(e.cards) >= 2) for e in rest)
        yield rewritten(hand, i, event.cards, "set-two-wilds",
                        f"set {list(event.cards)} under SetWilds one",
                        overrides={"SetWilds": "one"}, alone=alone)
        return


@mutator("set-two-wilds/added")
def two_wilds_added(hand: SimulatedHand) -> Iterator[Mutation]:
    """A set of two natural cards and a wild, with another wild from the hand: cut there."""
    record = hand.record
    for i, meld in melds_of(hand):
        if len(meld.cards) != 3 or written_shape(meld.cards).kind != "set":
            continue
        if wild_count(meld.cards) != 1:
            continue
        held = Counter(view_before(hand, i).hands[meld.player].known)
        held.subtract(c.physical for c in meld.cards)
        extra = next((c for c in sorted(+held, key=str) if wild(c)), None)
        if extra is None:
            continue
        cards = (*meld.cards, extra)
        events = (*record.events[:i], Meld(meld.player, 0, 0, cards))
        yield single(hand, cut(record, events), "set-two-wilds", meld.player, i,
                     f"set laid {list(cards)}", cut_outcome())


# --- laying off ---------------------------------------------------------------------------


@mutator("layoff-before-down")
def layoff_before_down(hand: SimulatedHand) -> Iterator[Mutation]:
    """In the turn a player first goes down, their first lay-off (onto an older meld)
    moved before their first meld: the table ends the same."""
    record = hand.record
    for turn in turns_of(record):
        melds, layoffs = turn.of(record, Meld), turn.of(record, Layoff)
        if turn.was_down or not melds or not layoffs or not free(hand, turn.player):
            continue
        first = layoffs[0]
        layoff = record.events[first]
        assert isinstance(layoff, Layoff)
        if layoff.meld >= meld_number(hand, melds[0]):
            continue  # onto a meld of this turn
        events = [*record.events]
        events.insert(melds[0], events.pop(first))
        yield single(hand, edited(record, events), "layoff-before-down", turn.player,
                     melds[0], f"{layoff} before going down", same_outcome(hand))


@mutator("layoff-before-down/mismatch")
def layoff_before_down_mismatch(hand: SimulatedHand) -> Iterator[Mutation]:
    """A player not down lays off, right after drawing, a card that cannot fit the meld:
    one finding, ``layoff-before-down`` (ARGENTINO.md 12). Cut there."""
    record = hand.record
    for turn in turns_of(record):
        if turn.was_down:
            continue
        view = view_after(hand, turn.start)
        for card in view.hands[turn.player].known:
            target = next((m.number for m in view.melds if m.kind in ("set", "run")
                           and cannot_fit(meld_cards(hand, m.number), card)), None)
            if target is not None:
                layoff = Layoff(turn.player, 0, 0, card, target)
                events = (*record.events[: turn.start + 1], layoff)
                yield single(hand, cut(record, events), "layoff-before-down", turn.player,
                             turn.start + 1, f"{layoff}: not down, does not fit",
                             cut_outcome())
                break


@mutator("layoff-mismatch")
def layoff_mismatch(hand: SimulatedHand) -> Iterator[Mutation]:
    """A lay-off of a natural card sent to a meld it cannot fit (a set of another rank, a
    run of another suit). The hand goes on when nothing later depends on the card."""
    record = hand.record
    for i, event in enumerate(record.events):
        if not isinstance(event, Layoff) or not plain(event.card) or not free(hand,
                                                                             event.player):
            continue
        before = view_before(hand, i).melds
        target = next((m.number for m in before if m.kind in ("set", "run")
                       and cannot_fit(meld_cards(hand, m.number), event.card)), None)
        if target is None:
            continue
        events = [*record.events]
        events[i] = Layoff(event.player, 0, 0, event.card, target)
        grown = view_after(hand, i).melds[event.meld - 1].cards
        plain_add = Counter(grown) == Counter(before[event.meld - 1].cards) + Counter(
            [event.card])
        note = f"{event.card} onto meld {target} instead of {event.meld}"
        if plain_add and len(grown) < 12 and not later_layoffs(hand, i, event.meld):
            value = most_worth(event.card)
            yield single(hand, edited(record, events), "layoff-mismatch", event.player, i,
                         note, less_laid(hand, event.player, value))
        else:
            yield single(hand, cut(record, events[: i + 1]), "layoff-mismatch",
                         event.player, i, note + " (cut)", cut_outcome())
