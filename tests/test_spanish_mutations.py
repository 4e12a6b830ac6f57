"""Mutation tests under the Spanish decks (RULES.md §13): each renuncia and log error of
``tests/variants/la51/mutations/`` planted into simulated Spanish games, found exactly;
the missed-call cascade too.

The mutators are those of ``tests/variants/la51/mutations/``, run on games simulated
under a Spanish deck: ``games`` (the simulated games a mutator walks, as
``test_mutations`` and ``test_cascade`` ask for them) and ``_consecutive`` (whether ranks
make a run, which the pegue check asks) are swapped for the deck's for the length of
each test. ``set-colors`` never fires: a Spanish deck's suits have no
colours, so a set its mutator reorders stays legal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache

import pytest

import tests.variants.la51.mutations.simulated as mutations
import tests.variants.la51.test_cascade as cascade_tests
import tests.variants.la51.test_mutations as mutation_tests
from referee.cards import DECKS
from referee.sim import SimulatedGame, simulate_games
from referee.sim.la51 import PLAIN

SPANISH: dict[str, tuple[dict[str, str], tuple[int, int]]] = {
    "spanish-40": ({"Deck": "spanish-40"}, (3, 5)),
    "spanish-48": ({"Deck": "spanish-48", "RunWrap": "no", "RunMin": "3", "MinOpen": "71"},
                   (3, 6)),
}
NO_SITE = frozenset({"set-colors"})


@cache
def spanish_games(seed: int, variant: str) -> tuple[SimulatedGame, ...]:
    knobs, players = SPANISH[variant]
    return tuple(simulate_games(mutations.GAMES_PER_SEED, players, seed, knobs, moves=PLAIN))


def consecutive_in(deck_name: str) -> Callable[[set[int], bool], bool]:
    """Whether ranks (as numbers) stand at consecutive places of the deck's order."""
    deck = DECKS[deck_name]
    place = {int(rank): at for rank, at in deck.position.items()}
    count = len(deck.ranks)

    def consecutive(ranks: set[int], wrap: bool) -> bool:
        if not ranks <= place.keys():
            return False
        places = {place[r] for r in ranks}
        n = len(places)
        if wrap:
            return any({(s + k - 1) % count + 1 for k in range(n)} == places
                       for s in range(1, count + 1))
        high = {count + 1 if p == 1 else p for p in places}
        return max(places) - min(places) == n - 1 or max(high) - min(high) == n - 1

    return consecutive


@pytest.fixture(params=sorted(SPANISH))
def deck(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    name: str = request.param
    def spanish(seed: int, variant: str = "default") -> tuple[SimulatedGame, ...]:
        return spanish_games(seed, name)

    for module in (mutations, mutation_tests, cascade_tests):
        monkeypatch.setattr(module, "games", spanish)
    monkeypatch.setattr(mutations, "_consecutive", consecutive_in(name))
    yield name


@pytest.mark.parametrize("rule", sorted(set(mutations.MUTATORS) - NO_SITE))
def test_one_mutation_one_finding_under_a_spanish_deck(rule: str, deck: str) -> None:
    found = mutation_tests.sites(rule)
    if not found and rule == "run-too-short" and deck == "spanish-48":
        pytest.skip("with RunMin 3 a shortened run is meld-invalid")
    assert found, f"no simulated {deck} game offers a site for {rule}"
    for mutation in found:
        record = mutation.record()
        assert record.tags["Deck"].value == deck
        result = mutations.audit_as_text(record)
        assert mutations.bad_findings(result) == mutation.expected(), (
            f"{deck} seed {mutation.game.seed} game {mutation.game.index}: {mutation.note}")
        assert not result.eliminated


def test_a_set_in_any_order_of_suits_stays_legal_under_a_spanish_deck(deck: str) -> None:
    found = mutation_tests.sites("set-colors")  # a set laid blacks together: set-colors in French
    assert found
    for mutation in found:
        assert mutations.bad_findings(mutations.audit_as_text(mutation.record())) == []


def test_cascade_under_a_spanish_deck(deck: str) -> None:
    cascade_tests.test_cascade_sites_replay_clean_but_for_the_renuncia()
    cascade_tests.test_upheld_call_eliminates_offender_and_missed_callers()
    cascade_tests.test_call_after_the_offenders_next_turn_starts_is_void()
    cascade_tests.test_call_on_a_player_without_a_renuncia_is_unfounded()
