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
from functools import cache

import pytest

from referee.sim import SimulatedHand, SimulatedMatch, simulate_hands, simulate_matches
from tests.sim.mutations import going_out, logs, melds, turns
from tests.sim.mutations.cards import least_worth, most_worth
from tests.sim.mutations.going_out import en_ley, first_laydowns
from tests.sim.mutations.logs import MATCH_MUTATORS
from tests.sim.mutations.records import MUTATORS, Mutation, audit, bad, read_back, rule_of

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
                assert result.standings == standings
                assert (turn.player in result.en_ley) == (total == 701)
    assert enough >= 3 and at_law >= 3, (enough, at_law)


@pytest.mark.slow
@pytest.mark.parametrize("name", names())
def test_many_mutations_one_finding(name: str) -> None:
    mutations = sites(name, SLOW_SEEDS, SLOW_SITES)
    assert mutations, f"no simulated hand offers a site for {name}"
    for mutation in mutations:
        mutation.check()
