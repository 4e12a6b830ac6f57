"""Mutators for en ley and going out: ``law-below-minimum``, ``no-final-discard``,
``cut-first-round``.

After an empty hand with no final discard, or a going out before every seat has
played, the hand goes on: every other seat draws and discards, and the player
draws and discards their one card, a valid going out that the simulator's own
scorer scores.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace

from referee.cards import Card
from referee.notation.events import Discard, Draw, Event, GameRecord, Layoff, Meld
from referee.sim import SimulatedHand
from tests.sim.mutations.cards import (
    fits,
    most_worth,
    natural_meld,
)
from tests.sim.mutations.records import (
    Mutation,
    Outcome,
    Turn,
    cut,
    cut_outcome,
    edited,
    free,
    laid_in,
    mutator,
    rescored,
    scores_value,
    single,
    turns_of,
    view_after,
    view_before,
)

# --- law, going out -----------------------------------------------------------------------


def first_laydowns(hand: SimulatedHand) -> Iterator[tuple[Turn, list[Card]]]:
    """Each player's first lay-down (not en ley already): its turn and the cards laid."""
    record = hand.record
    for turn in turns_of(record):
        if not turn.was_down and turn.of(record, Meld) and free(hand, turn.player):
            yield turn, laid_in(record, turn.events)


def en_ley(hand: SimulatedHand, player: str, total: int) -> tuple[GameRecord, dict[str, int]]:
    """The hand with a ``Scores`` tag giving ``player`` ``total`` (the others what they
    had), and the standings after it."""
    entering = {p: hand.entering.get(p, 0) for p in hand.players} | {player: total}
    standings = {p: entering[p] + int(s["total"])
                 for p, s in zip(hand.players, hand.report_scores(), strict=True)}
    return edited(hand.record, tags={"Scores": scores_value(entering)}), standings


@mutator("law-below-minimum")
def law_below_minimum(hand: SimulatedHand) -> Iterator[Mutation]:
    """A ``Scores`` tag puts a player over ``LawAt`` (701) whose first lay-down is surely
    under ``LawMin`` (every card at the most it can be worth); judged when the turn ends."""
    for turn, laid in first_laydowns(hand):
        if sum(map(most_worth, laid)) < 100:
            tagged, standings = en_ley(hand, turn.player, 701)
            first = turn.of(hand.record, Meld)[0]
            yield single(hand, tagged, "law-below-minimum", turn.player, first,
                         f"{turn.player} en ley, first lay-down under 100",
                         Outcome(True, hand.winner, hand.report_scores(), standings))


@mutator("law-below-minimum/cut")
def law_below_minimum_cut(hand: SimulatedHand) -> Iterator[Mutation]:
    """As above, the log cut right after the lay-down's first meld (surely under
    ``LawMin``): judged where the log stops."""
    record = hand.record
    for turn, _ in first_laydowns(hand):
        first = turn.of(record, Meld)[0]
        if sum(map(most_worth, laid_in(record, [first]))) < 100:
            tagged, _ = en_ley(hand, turn.player, 701)
            yield single(hand, cut(tagged, record.events[: first + 1]), "law-below-minimum",
                         turn.player, first, f"{turn.player} en ley, stops after a meld",
                         cut_outcome())


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
