"""The 51 simulator under the Spanish decks (RULES.md §13): legal games of 2 to 6 players
(6 with ``Decks`` 3 under the 40-card deck), every card one of the deck's, and every game
auditing clean, finished, with the simulator's winner and settlement. The 2,000-game run
is slow-marked; a hundred games run always."""

from __future__ import annotations

from collections import Counter

import pytest

from referee.cards import DECKS, JOKER, Card
from referee.sim import SimulationError, hidden_record, simulate_games, simulate_log
from tests.sim import audit_text
from tests.sim.test_la51_engine import check_against_simulator

# (knobs, players): 6 players need 85 cards, more than two 40-card decks hold (84)
RUNS: list[tuple[dict[str, str], tuple[int, int]]] = [
    ({"Deck": "spanish-40"}, (2, 5)),
    ({"Deck": "spanish-40", "Decks": "3"}, (6, 6)),
    ({"Deck": "spanish-48"}, (2, 6)),
    ({"Deck": "spanish-48", "RunWrap": "no", "RunMin": "3", "MinOpen": "71"}, (2, 6)),
    ({"Deck": "spanish-40", "MaxJokers": "1", "Jokers": "6", "BeatPrevious": "no"}, (2, 5)),
]


def audit_run(knobs: dict[str, str], players: tuple[int, int], count: int, seed: int) -> int:
    games = list(simulate_games(count, players, seed, knobs))
    results = audit_text(simulate_log(count, players, seed, knobs))
    assert len(results) == len(games)
    for result, game in zip(results, games, strict=True):
        check_against_simulator(result, game)
        assert result.rules["Deck"] == knobs["Deck"]
    return len(results)


@pytest.mark.parametrize(("knobs", "players"), RUNS)
def test_a_hundred_spanish_games_audit_clean(knobs: dict[str, str],
                                             players: tuple[int, int]) -> None:
    assert audit_run(knobs, players, 20, 7) == 20


@pytest.mark.slow
def test_two_thousand_spanish_games_audit_clean() -> None:
    """Issue 20: 2,000 simulated Spanish games (both decks, 2 to 6 players)."""
    checked = 0
    for at, (knobs, players) in enumerate(RUNS):
        for seed in range(4):
            checked += audit_run(knobs, players, 100, 20000 + 10 * at + seed)
    assert checked == 2000


@pytest.mark.parametrize("deck", ["spanish-40", "spanish-48"])
def test_every_card_is_one_of_the_decks(deck: str) -> None:
    knobs = {"Deck": deck}
    for game in simulate_games(5, (2, 5), 3, knobs):
        record = game.record
        dealt = [c for deal in record.deals.values() for c in deal.cards]
        assert record.stock is not None
        held: Counter[Card] = Counter(dealt + list(record.stock))
        expected: Counter[Card] = Counter({card: 2 for card in DECKS[deck].cards})
        expected[JOKER] = 4  # two jokers per Spanish deck
        assert held == expected
        assert record.tags["Deck"].value == deck


def test_six_players_need_a_third_40_card_deck() -> None:
    with pytest.raises(SimulationError):
        list(simulate_games(1, (6, 6), 1, {"Deck": "spanish-40"}))


def test_hidden_spanish_games_audit_clean() -> None:
    knobs = {"Deck": "spanish-40"}
    games = list(simulate_games(10, (2, 5), 11, knobs))
    results = audit_text(simulate_log(10, (2, 5), 11, knobs, hidden=True))
    for result, game in zip(results, games, strict=True):
        check_against_simulator(result, game)
    assert hidden_record(games[0].record).deals == {}


def test_a_spanish_log_in_spanish_keywords_audits_clean() -> None:
    knobs = {"Deck": "spanish-48"}
    games = list(simulate_games(5, (3, 4), 5, knobs))
    text = simulate_log(5, (3, 4), 5, knobs, lang="es")
    assert "[Deck \"spanish-48\"]" in text and " descarta " in text
    for result, game in zip(audit_text(text), games, strict=True):
        check_against_simulator(result, game)
