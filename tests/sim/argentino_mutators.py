"""The argentino mutators: each plants one infraction (ARGENTINO.md 8) in simulated hands.

A mutator walks one simulated full-information hand and yields the mutations it
can make there (see :class:`tests.sim.mutations.Mutation`): one event changed,
moved or added, or one tag, so that exactly one rule is broken. Where the change
moves no card (a meld written another way, a lay-off moved earlier in its turn,
a meld laid before the draw) the hand is kept to its end and its scores are
checked; where cards move differently the log is cut right after the change.
Players en ley are left alone (a changed lay-down would also be judged by
``LawMin``), except by the ``law-below-minimum`` mutator.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace

from referee.cards import Card, Rank, Suit
from referee.notation.events import Discard, Draw, Event, GameRecord, Layoff, Meld, Take
from referee.sim import SimulatedHand
from tests.sim.mutations import (
    Mutation,
    Mutator,
    Outcome,
    cannot_fit,
    consecutive,
    cut,
    cut_outcome,
    edited,
    fits,
    most_worth,
    natural_meld,
    plain,
    rescored,
    same_outcome,
    single,
    stock_card,
    turns_of,
    view_after,
    view_before,
    wild,
    written_shape,
)

MUTATORS: dict[str, Mutator] = {}
"""Every mutator, by name: the rule id, then ``/`` and the variant when a rule has several."""


def mutator(name: str) -> Callable[[Mutator], Mutator]:
    def register(fn: Mutator) -> Mutator:
        MUTATORS[name] = fn
        return fn

    return register


def rule_of(name: str) -> str:
    return name.split("/")[0]


def free(hand: SimulatedHand, player: str) -> bool:
    """A player whose lay-downs ``LawMin`` does not judge (not en ley)."""
    return player not in hand.en_ley


def next_seat(hand: SimulatedHand, player: str) -> str:
    players = hand.players
    return players[(players.index(player) + 1) % len(players)]


def meld_cards(hand: SimulatedHand, number: int) -> tuple[Card, ...]:
    """The cards of table meld ``number`` as written."""
    melds = [e for e in hand.record.events if isinstance(e, Meld)]
    return melds[number - 1].cards


def meld_number(hand: SimulatedHand, index: int) -> int:
    return sum(isinstance(e, Meld) for e in hand.record.events[: index + 1])


def later_layoffs(hand: SimulatedHand, index: int, number: int) -> bool:
    """Does any lay-off after event ``index`` go onto meld ``number``?"""
    return any(isinstance(e, Layoff) and e.meld == number
               for e in hand.record.events[index + 1:])


def mono_value(rank: Rank) -> int:
    return 5 if Rank.TWO <= rank <= Rank.SEVEN else 20


def meld_value(cards: Sequence[Card], kind: str) -> int:
    """A valid meld's value from its readings on the table (ARGENTINO.md 4, values)."""
    plains = [c for c in cards if plain(c)]
    set_rank = plains[0].rank if kind == "set" and plains else None
    total = 0
    for card in cards:
        if card.rank is None:
            total += 50
        elif card.rank == Rank.TWO and card.stands_for is not None:
            assert card.stands_for.rank is not None
            total += mono_value(card.stands_for.rank)
        elif card.rank == Rank.TWO and set_rank is not None:
            total += mono_value(set_rank)
        elif card.rank == Rank.TWO:
            total += 5  # a natural 2 in a run
        else:
            total += 15 if card.rank == Rank.ACE else (5 if card.rank <= Rank.SEVEN else 10)
    return total


def less_laid(hand: SimulatedHand, player: str, points: int) -> Outcome:
    """The hand's own ending, ``player`` having laid ``points`` fewer."""
    scores = []
    for score in hand.report_scores():
        if score["player"] == player:
            score = score | {"laid": int(score["laid"]) - points,
                             "total": int(score["total"]) - points}
        scores.append(score)
    standings = {name: total - (points if name == player else 0)
                 for name, total in hand.standings.items()}
    return Outcome(True, hand.winner, scores, standings)


# --- a meld written another way -------------------------------------------------------


def rewritten(hand: SimulatedHand, index: int, cards: Sequence[Card], rule: str, note: str,
              overrides: dict[str, str] | None = None, alone: bool = True) -> Mutation:
    """Meld ``index`` written as ``cards`` (the same physical cards): a faulty meld that
    stays on the table and scores nothing. The hand goes on to its end when no later
    lay-off goes onto that meld (and ``alone``: nothing later is judged differently);
    otherwise the log is cut right after it."""
    record = hand.record
    meld = record.events[index]
    assert isinstance(meld, Meld)
    assert Counter(c.physical for c in cards) == Counter(c.physical for c in meld.cards)
    events = [*record.events]
    events[index] = Meld(meld.player, 0, 0, tuple(cards))
    number = meld_number(hand, index)
    laid = view_after(hand, index).melds[number - 1]
    if alone and not later_layoffs(hand, index, number) and len(laid.cards) < 12:
        outcome = less_laid(hand, meld.player, meld_value(laid.cards, laid.kind))
        return single(hand, edited(record, events), rule, meld.player, index, note, outcome,
                      overrides=overrides)
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


# --- turns --------------------------------------------------------------------------------


@mutator("out-of-turn")
def out_of_turn(hand: SimulatedHand) -> Iterator[Mutation]:
    """Before a player's turn starts, the next seat discards (or draws): cut there."""
    record = hand.record
    for turn in turns_of(record):
        other = next_seat(hand, turn.player)
        held = view_before(hand, turn.start).hands[other].known
        top = stock_card(hand, turn.start)
        if turn.serial % 2 and top is not None:
            event: Event = Draw(other, 0, 0, top)
        elif len(held) >= 2:
            event = Discard(other, 0, 0, held[0])
        else:
            continue
        events = (*record.events[: turn.start], event)
        yield single(hand, cut(record, events), "out-of-turn", other, turn.start,
                     f"{event} in {turn.player}'s turn", cut_outcome())


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
                     turn.start, f"{meld} before the draw", same_outcome(hand),
                     rescore=False)  # the simulator's scorer puts the meld in the turn before


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
        yield single(hand, mutated, rule, player, index, note,
                     rescored(mutated, shown=True), rescore=False)


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


# --- law, going out -----------------------------------------------------------------------


def scores_value(totals: dict[str, int]) -> str:
    return ", ".join(f"{name} {total}" for name, total in totals.items())


@mutator("law-below-minimum")
def law_below_minimum(hand: SimulatedHand) -> Iterator[Mutation]:
    """A ``Scores`` tag puts a player over ``LawAt`` whose first lay-down is surely under
    ``LawMin`` (every card at the most it can be worth)."""
    record = hand.record
    for turn in turns_of(record):
        melds = turn.of(record, Meld)
        if turn.was_down or not melds or not free(hand, turn.player):
            continue
        laid = [c for i in turn.events for e in [record.events[i]]
                for c in (e.cards if isinstance(e, Meld) else
                          (e.card,) if isinstance(e, Layoff) else ())]
        if sum(map(most_worth, laid)) >= 100:
            continue
        entering = {p: hand.entering.get(p, 0) for p in hand.players}
        entering[turn.player] = 701
        standings = {p: entering[p] + int(s["total"])
                     for p, s in zip(hand.players, hand.report_scores(), strict=True)}
        tagged = edited(record, tags={"Scores": scores_value(entering)})
        yield single(hand, tagged, "law-below-minimum", turn.player, melds[0],
                     f"{turn.player} en ley, first lay-down under 100",
                     Outcome(True, hand.winner, hand.report_scores(), standings))
        return  # one player en ley per hand


def round_then_out(hand: SimulatedHand, record: GameRecord, kept: int,
                   events: list[Event], player: str) -> tuple[list[Event], Outcome]:
    """``events`` (the simulated hand's first ``kept`` events, then ``player``'s plays that
    empty their hand), then every other seat draws the stock's top and discards it, and
    ``player`` draws and discards it: they go out. The outcome is the simulator's own
    scoring of that. When the ``stock:`` line no longer says the cards (a refill came
    first), the log stops after ``events``."""
    assert record.stock is not None
    seats = record.players
    at = seats.index(player)
    order = [seats[(at + k) % len(seats)] for k in range(1, len(seats) + 1)]
    drawn = sum(isinstance(e, Draw) for e in events)
    if (hand.refills and hand.refills[0] < kept) or drawn + len(order) > len(record.stock):
        return events, cut_outcome()
    out = list(events)
    for name, card in zip(order, record.stock[drawn:], strict=False):
        out += [Draw(name, 0, 0, card), Discard(name, 0, 0, card)]
    return out, rescored(edited(record, out))


def plays_for(hand: SimulatedHand, index: int, player: str,
              cards: Sequence[Card]) -> list[Event] | None:
    """Events that put every one of ``cards`` on the table just before event ``index``:
    one natural meld of them all, or each laid off onto a different meld it fits (the
    player is down by then)."""
    meld = natural_meld(cards)
    if meld is not None:
        return [Meld(player, 0, 0, meld)]
    view = view_before(hand, index)
    if player not in view.down:
        return None
    plays: list[Event] = []
    used: set[int] = set()
    for card in cards:
        target = next((m.number for m in view.melds
                       if m.number not in used and fits(m, card)), None)
        if target is None:
            return None
        used.add(target)
        plays.append(Layoff(player, 0, 0, card, target))
    return plays


@mutator("no-final-discard")
def no_final_discard(hand: SimulatedHand) -> Iterator[Mutation]:
    """A turn's discard and the cards kept all laid instead: the hand is empty with no
    card to discard. The turn passes; at their next turn the player draws again, and
    discards that card: they go out."""
    record = hand.record
    for turn in turns_of(record):
        if not free(hand, turn.player):
            continue
        discard = record.events[turn.end]
        assert isinstance(discard, Discard)
        kept = view_after(hand, turn.end).hands[turn.player].known
        if len(kept) > 2:
            continue
        plays = plays_for(hand, turn.end, turn.player, [*kept, discard.card])
        if plays is None:
            continue
        events = [*record.events[: turn.end], *plays]
        last = len(events) - 1
        events, outcome = round_then_out(hand, record, turn.end, events, turn.player)
        yield single(hand, edited(record, events, tags={"Result": outcome.winner or "*"}),
                     "no-final-discard", turn.player, last,
                     f"{' / '.join(map(str, plays))} empty the hand", outcome)


def gone_out_early(hand: SimulatedHand, record: GameRecord, kept: int, events: list[Event],
                   player: str, note: str) -> Mutation:
    """``player`` went out at the last of ``events`` before every seat had played: the hand
    goes on, and they go out again (validly) after a round of turns."""
    where = len(events) - 1
    events, outcome = round_then_out(hand, record, kept, events, player)
    return single(hand, edited(record, events, tags={"Result": outcome.winner or "*"}),
                  "cut-first-round", player, where, note, outcome)


@mutator("cut-first-round/layoffs")
def cut_first_round(hand: SimulatedHand) -> Iterator[Mutation]:
    """Before every seat has played, a player lays all their cards but one and discards
    it."""
    record = hand.record
    for turn in turns_of(record):
        if not turn.early or not free(hand, turn.player):
            continue
        discard = record.events[turn.end]
        assert isinstance(discard, Discard)
        cards = [*view_after(hand, turn.end).hands[turn.player].known, discard.card]
        for last in sorted(set(cards), key=str):
            rest = list(cards)
            rest.remove(last)
            plays = plays_for(hand, turn.end, turn.player, rest)
            if plays is None:
                continue
            events = [*record.events[: turn.end], *plays, Discard(turn.player, 0, 0, last)]
            yield gone_out_early(hand, record, turn.end, events, turn.player,
                                 f"goes out in turn {turn.serial + 1}")
            break


@mutator("cut-first-round/dealt")
def cut_first_round_dealt(hand: SimulatedHand) -> Iterator[Mutation]:
    """Before every seat has played, a player down keeps one dealt card and discards
    another. Deal them instead a card from deep in the stock that fits a meld (the kept
    card goes to its place): they lay it off and discard."""
    record = hand.record
    assert record.stock is not None
    for turn in turns_of(record):
        if not turn.early or not free(hand, turn.player):
            continue
        kept = view_after(hand, turn.end).hands[turn.player].known
        deal = record.deals[turn.player]
        view = view_before(hand, turn.end)
        if len(kept) != 1 or kept[0] not in deal.cards or turn.player not in view.down:
            continue
        drawn = sum(isinstance(e, Draw) for e in record.events[: turn.end])
        for j in range(drawn + len(hand.players) + 1, len(record.stock)):
            card = record.stock[j]
            target = next((m.number for m in view.melds if fits(m, card)), None)
            if target is None or card == kept[0]:
                continue
            dealt = list(deal.cards)
            dealt[dealt.index(kept[0])] = card
            stock = list(record.stock)
            stock[j] = kept[0]
            events = [*record.events[: turn.end], Layoff(turn.player, 0, 0, card, target),
                      record.events[turn.end]]
            deals = dict(record.deals) | {turn.player: replace(deal, cards=tuple(dealt))}
            mutated = edited(record, deals=deals, stock=tuple(stock))
            yield gone_out_early(hand, mutated, turn.end, events, turn.player,
                                 f"dealt {card} for {kept[0]}: out in turn {turn.serial + 1}")
            break


@mutator("cut-first-round/seat")
def cut_first_round_seat(hand: SimulatedHand) -> Iterator[Mutation]:
    """The dealer went out in their first turn; a seat added after them (dealt from the
    bottom of the stock) had not played yet."""
    record = hand.record
    turns = turns_of(record)
    seats = len(hand.players)
    assert record.stock is not None
    drawn = sum(isinstance(e, Draw) for e in record.events)
    if len(turns) != seats or seats == 8 or len(record.stock) - drawn < 9 + seats + 1:
        return
    name = "Zacarías"
    stock, dealt = record.stock[:-9], record.stock[-9:]
    deals = dict(record.deals)
    deals[name] = replace(deals[hand.players[0]], player=name, cards=tuple(dealt))
    players = (*hand.players, name)
    tags: dict[str, str | None] = {"Players": " ".join(players)}
    if "Scores" in record.tags:
        tags["Scores"] = record.tags["Scores"].value + f", {name} 0"
    mutated = edited(record, tags=tags, players=players, deals=deals, stock=stock)
    yield gone_out_early(hand, mutated, len(record.events), list(record.events),
                         hand.players[-1],
                         f"{name} seated after the dealer, who went out")
