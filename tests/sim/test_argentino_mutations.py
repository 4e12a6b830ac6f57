"""Mutation tests for Rummy argentino: plant each infraction into simulated hands and find
exactly it.

Each mutator (tests/sim/mutations/: melds, turns, going_out, logs) walks
simulated full-information hands and changes, moves or adds one event, or changes
one tag, so that exactly one rule of ARGENTINO.md is broken. The mutated log is
written as text, read back and audited (the hands of a file in order, as the CLI
does): the audit must report exactly that rule id, of that kind, against that
player, at that line, and no other renuncia, log error or syntax error in the
file; and the hand's other outputs must follow (a hand cut mid-way has no winner
and no scores; a hand that goes on ends as simulated, with its scores, less what a
faulty meld or a stray card no longer scores).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import cache

import pytest

from referee.notation.events import GameRecord, Layoff, Meld
from referee.sim import SimulatedHand, SimulatedMatch, simulate_hands, simulate_matches
from referee.sim.argentino.replay import start_replay
from referee.sim.argentino.state import HandState
from tests.sim.mutations import going_out, logs, melds, turns
from tests.sim.mutations.cards import least_worth, most_worth
from tests.sim.mutations.going_out import en_ley, first_laydowns
from tests.sim.mutations.logs import MATCH_MUTATORS
from tests.sim.mutations.records import (
    MUTATORS,
    Mutation,
    Turn,
    audit,
    bad,
    cut,
    edited,
    read_back,
    rule_of,
)

SEEDS = (11, 12)
EXTRA_SEEDS = tuple(range(13, 21))  # searched only while a mutator lacks sites
SLOW_SEEDS = tuple(range(100, 130))
HANDS_PER_SEED = 12
SITES = 4  # mutations checked per mutator (at most one per hand)
SLOW_SITES = 40
MIN_SITES = 3

RENUNCIAS = {
    "out-of-turn", "play-before-draw", "extra-draw", "meld-invalid", "set-repeated-suit",
    "run-not-ordered", "run-too-short", "set-two-wilds", "run-adjacent-wilds",
    "law-below-minimum", "layoff-before-down", "layoff-mismatch", "no-final-discard",
    "cut-first-round",
}
LOG_ERRORS = {
    "not-in-hand", "card-supply", "take-mismatch", "stock-mismatch", "no-such-meld",
    "after-end", "no-calls", "result-mismatch", "scores-mismatch", "match-players",
}

FAMILIES = (melds, turns, going_out, logs)  # importing each registers its mutators
DISTINCT = {"SetWilds": "distinct"}
POOLS = {"set-two-wilds/override": "distinct"}  # mutators that need their own hands


@cache
def hands(seed: int, pool: str = "default") -> tuple[SimulatedHand, ...]:
    knobs = DISTINCT if pool == "distinct" else {}
    return tuple(simulate_hands(HANDS_PER_SEED, (2, 8), seed, knobs))


@cache
def matches(seed: int) -> tuple[SimulatedMatch, ...]:
    return tuple(simulate_matches(3, (2, 5), seed, {"Target": "300"}))


def sites(name: str, seeds: Iterable[int], cap: int) -> list[Mutation]:
    """Up to ``cap`` mutations of mutator ``name``, at most one per simulated hand."""
    found: list[Mutation] = []
    for seed in seeds:
        if name in MATCH_MUTATORS:
            found += list(MATCH_MUTATORS[name](matches(seed)))[: cap - len(found)]
        else:
            for hand in hands(seed, POOLS.get(name, "default")):
                mutation = next(MUTATORS[name](hand), None)
                if mutation is not None:
                    found.append(mutation)
                if len(found) >= cap:
                    break
        if len(found) >= cap:
            break
    return found


def names() -> list[str]:
    return sorted([*MUTATORS, *MATCH_MUTATORS])


@cache
def found(name: str) -> tuple[Mutation, ...]:
    return tuple(sites(name, (*SEEDS, *EXTRA_SEEDS), SITES))


def test_every_argentino_rule_has_a_mutator() -> None:
    covered = {rule_of(name) for name in names()}
    assert covered == RENUNCIAS | LOG_ERRORS
    homes = {fn.__module__ for fn in [*MUTATORS.values(), *MATCH_MUTATORS.values()]}
    assert homes == {family.__name__ for family in FAMILIES}


@pytest.mark.parametrize("name", names())
def test_one_mutation_one_finding(name: str) -> None:
    mutations = found(name)
    assert mutations, f"no simulated hand offers a site for {name}"
    for mutation in mutations:
        mutation.check()


@pytest.mark.parametrize("rule", sorted(RENUNCIAS | LOG_ERRORS))
def test_every_rule_is_planted_in_enough_hands(rule: str) -> None:
    count = sum(len(found(name)) for name in names() if rule_of(name) == rule)
    assert count >= MIN_SITES, f"{rule}: {count} sites"


def test_en_ley_players_who_lay_enough_are_not_reported() -> None:
    """The other side of ``law-below-minimum``: a first lay-down surely worth ``LawMin``
    (every card at the least it can be worth) by a player en ley, or one under it by a
    player at exactly ``LawAt`` (not above it: not en ley), is clean."""
    enough = at_law = 0
    for seed in SEEDS:
        for hand in hands(seed):
            for turn, laid in first_laydowns(hand):
                if sum(map(least_worth, laid)) >= 100:
                    total, enough = 701, enough + 1
                elif sum(map(most_worth, laid)) < 100:
                    total, at_law = 700, at_law + 1
                else:
                    continue
                tagged, standings = en_ley(hand, turn.player, total)
                (result,) = audit(read_back([tagged]))
                assert bad([result]) == [], (hand.seed, hand.index, turn.player, total)
                assert result.extras.standings == standings
                assert (turn.player in result.extras.en_ley) == (total == 701)
    assert enough >= 3 and at_law >= 3, (enough, at_law)


def replayed(record: GameRecord, events: int) -> HandState:
    """The simulator's own state after the first ``events`` events of ``record``."""
    replay = start_replay(record)
    for event in record.events[:events]:
        replay.apply(event)
    return replay.state


def split(hand: SimulatedHand, turn: Turn) -> tuple[GameRecord, Turn] | None:
    """The hand cut just before ``turn``'s discard, the turn's first meld of 4 cards or
    more laid one card short and its last card laid off onto it at once (a lay-off onto
    the player's own new meld); None when the meld would then read otherwise."""
    record = hand.record
    for i in turn.of(record, Meld):
        meld = record.events[i]
        assert isinstance(meld, Meld)
        if len(meld.cards) < 4:
            continue
        number = sum(isinstance(e, Meld) for e in record.events[: i + 1])
        short = replace(meld, cards=meld.cards[:-1])
        rest = Layoff(meld.player, meld.line, meld.column, meld.cards[-1], number)
        events = [*record.events[:i], short, rest, *record.events[i + 1: turn.end]]
        mutated = cut(record, events)
        if (replayed(mutated, i + 2).table[number - 1].slots
                != replayed(record, i + 1).table[number - 1].slots):
            continue
        before = tuple(j for j in turn.events if j <= i)
        after = tuple(j + 1 for j in turn.events[:-1] if j > i)  # the discard is cut
        return mutated, replace(turn, events=(*before, i + 1, *after))
    return None


def check_law_count(hand: SimulatedHand, record: GameRecord, turn: Turn) -> None:
    """With ``LawMin`` one above the simulator's count of ``turn``'s lay-down (the player
    en ley), the referee reports exactly that count at its first meld; at the count, clean."""
    count = replayed(record, turn.end + 1).laid_this_turn(hand.players.index(turn.player))
    tagged, _ = en_ley(replace(hand, record=record), turn.player, 701)
    first = turn.of(record, Meld)[0]
    for law_min, want in ((count + 1, [count]), (count, [])):
        (read,) = read_back([edited(tagged, tags={"LawMin": str(law_min)})])
        (result,) = audit([read])
        law = [(f.player, f.line, f.params["points"]) for f in result.findings
               if f.rule == "law-below-minimum" and f.player == turn.player]
        where = (hand.seed, hand.index, turn.player, law_min)
        assert law == [(turn.player, read.events[first].line, p) for p in want], where
        # (raising LawMin may catch another player en ley: only theirs is left)
        assert [b for b in bad([result]) if b[2] != "law-below-minimum"] == [], where


def test_en_ley_is_counted_as_the_simulator_counts() -> None:
    """The referee counts an en-ley first lay-down as the simulator does (ARGENTINO.md 5),
    each card once at its value when the turn ends: the simulated lay-downs, and the same
    with a meld laid one card short and that card laid off onto it (judged where the log
    stops, before the discard)."""
    checked = splits = 0
    for seed in SEEDS:
        for hand in hands(seed):
            for turn, _ in first_laydowns(hand):
                check_law_count(hand, hand.record, replace(turn, events=turn.events[:-1]))
                checked += 1
                mutated = split(hand, turn)
                if mutated is not None:
                    check_law_count(hand, *mutated)
                    splits += 1
    assert checked >= 20 and splits >= 10, (checked, splits)


@pytest.mark.slow
@pytest.mark.parametrize("name", names())
def test_many_mutations_one_finding(name: str) -> None:
    mutations = sites(name, SLOW_SEEDS, SLOW_SITES)
    assert mutations, f"no simulated hand offers a site for {name}"
    for mutation in mutations:
        mutation.check()
