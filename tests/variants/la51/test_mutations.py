"""Mutation tests: break exactly one rule in a simulated legal game and audit it.

Each mutator walks simulated full-information games, changes one event (or
inserts one) so that exactly one rule of RULES.md is broken, and cuts the log
right there, or at the end of that turn where the rule is judged at turn end
(a bajada under the minimum). The audit must then report exactly that rule id,
against that player, at that line, and no other renuncia or log error. The mutators
are in :mod:`tests.variants.la51.mutations`.
"""

from __future__ import annotations

import pytest

from tests.variants.la51.mutations import melds, turns  # noqa: F401  (they register)
from tests.variants.la51.mutations.simulated import (
    EXTRA_SEEDS,
    MUTATORS,
    SEEDS,
    SITES_PER_RULE,
    VARIANTS,
    Mutation,
    audit_as_text,
    bad_findings,
    games,
)

# --- the tests ----------------------------------------------------------------------------


def sites(rule: str, variant: str = "default") -> list[Mutation]:
    found: list[Mutation] = []
    for seed in (*SEEDS, *EXTRA_SEEDS):
        for game in games(seed, variant):
            mutation = next(MUTATORS[rule](game), None)
            if mutation is not None:
                found.append(mutation)
            if len(found) >= SITES_PER_RULE:
                return found
    return found


REQUIRED = (
    "discard-pegue", "take-not-melded", "take-not-first", "run-too-short",
    "bajada-below-minimum", "out-of-turn", "play-before-draw", "extra-draw",
    "layoff-before-down", "meld-after-layoff", "set-colors", "not-in-hand",
)


def test_every_required_rule_has_a_mutator() -> None:
    assert set(REQUIRED) <= set(MUTATORS)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("rule", sorted(MUTATORS))
def test_one_mutation_one_finding(rule: str, variant: str) -> None:
    mutations = sites(rule, variant)
    if not mutations and (rule, variant) == ("run-too-short", "house"):
        pytest.skip("with RunMin 3 a shortened run is meld-invalid")
    assert mutations, f"no simulated game offers a site for {rule}"
    if rule in REQUIRED:
        assert len(mutations) >= 2
    for mutation in mutations:
        result = audit_as_text(mutation.record())
        assert bad_findings(result) == mutation.expected(), (
            f"seed {mutation.game.seed} game {mutation.game.index}: {mutation.note}"
        )
        assert not result.eliminated
