"""The 51 simulator against the referee: every simulated game audits clean, finished,
with the simulator's winner and settlement, also with hidden information and house
rules. The 2,000-game run is slow-marked (and in bench/simulate_audit.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.audit import audit_game
from referee.engine.findings import GameResult
from referee.notation.events import Discard, Draw
from referee.sim import SimulatedGame, hidden_record, simulate_games, simulate_log
from tests.sim import audit_record_as_text, audit_text, bad_findings, payments

KNOB_SETS: list[dict[str, str]] = [
    {},
    {"MinOpen": "71"},
    {"RunMin": "3"},
    {"RunWrap": "no"},
    {"BeatPrevious": "no"},
    {"LayoffsCount": "no"},
    {"MinOpen": "71", "RunMin": "3", "RunWrap": "no"},
    {"BeatPrevious": "no", "LayoffsCount": "no", "Stake": "50"},
    {"MinOpen": "81", "RunMin": "5"},
    {"OpenExact": "yes", "BeatPrevious": "no"},
    {"MaxJokers": "1", "AlternateColors": "no"},
    {"MaxJokers": "2", "EarlyDraw": "no"},
    {"Jokers": "6", "DiscardPegue": "down"},
]

PLAYER_RANGES = st.tuples(st.integers(2, 6), st.integers(0, 4)).map(
    lambda t: (t[0], min(6, t[0] + t[1]))
)


def check_against_simulator(result: GameResult, game: SimulatedGame) -> None:
    assert bad_findings(result) == []
    assert result.finished and game.finished
    assert result.winner == game.winner
    assert payments(result) == sorted(game.settlement)
    assert not result.eliminated and not result.calls


@pytest.mark.parametrize("seed", [101, 102])
def test_a_few_hundred_games_audit_clean(seed: int) -> None:
    games = list(simulate_games(150, (2, 6), seed))
    results = audit_text(simulate_log(150, (2, 6), seed))
    assert len(results) == len(games)
    for result, game in zip(results, games, strict=True):
        check_against_simulator(result, game)
        assert result.hands == {name: len(cards) for name, cards in game.hands.items()}


@pytest.mark.slow
def test_two_thousand_games_audit_clean() -> None:
    """Issue 9: 2,000 simulated games of 2 to 6 players, all clean, finished, right winner."""
    checked = 0
    for seed in range(8):
        games = list(simulate_games(250, (2, 6), 9000 + seed))
        results = audit_text(simulate_log(250, (2, 6), 9000 + seed))
        for result, game in zip(results, games, strict=True):
            check_against_simulator(result, game)
            checked += 1
    assert checked == 2000


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    players=PLAYER_RANGES,
    knobs=st.sampled_from(KNOB_SETS),
)
def test_simulated_games_audit_clean(
    seed: int, players: tuple[int, int], knobs: dict[str, str]
) -> None:
    games = list(simulate_games(2, players, seed, knobs))
    results = audit_text(simulate_log(2, players, seed, knobs))
    assert len(results) == len(games)
    for result, game in zip(results, games, strict=True):
        check_against_simulator(result, game)
        assert result.hands == {name: len(cards) for name, cards in game.hands.items()}
        # the record object itself, without the reader, gives the same ruling
        check_against_simulator(audit_game(game.record), game)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    players=PLAYER_RANGES,
    knobs=st.sampled_from(KNOB_SETS),
)
def test_hidden_information_games_audit_clean(
    seed: int, players: tuple[int, int], knobs: dict[str, str]
) -> None:
    """No deal lines, no stock line, every draw unseen: the same rulings."""
    games = list(simulate_games(2, players, seed, knobs))
    results = audit_text(simulate_log(2, players, seed, knobs, hidden=True))
    for result, game in zip(results, games, strict=True):
        check_against_simulator(result, game)
        if game.refills:  # also up to the end of the last turn before the first refill
            hidden = hidden_record(game.record)
            end = max(i for i, e in enumerate(hidden.events[: game.refills[0]])
                      if isinstance(e, Discard))  # (an early draw may come mid-turn)
            hidden.events = hidden.events[: end + 1]
            cut = audit_record_as_text(hidden)
            assert bad_findings(cut) == []
            assert not cut.finished and cut.winner is None


@pytest.mark.parametrize("seed", [3, 11])
def test_hidden_games_with_a_refill_audit_clean(seed: int) -> None:
    """Unseen draws from a refilled stock (an engine bug once made them card-supply errors)."""
    games = [g for g in simulate_games(12, (5, 6), seed) if g.refills]
    assert games
    results = audit_text(simulate_log(12, (5, 6), seed, hidden=True))
    by_index = {r.index: r for r in results}
    for game in games:
        check_against_simulator(by_index[game.index], game)


def redraws_of_own_discards() -> Iterator[tuple[SimulatedGame, int]]:
    """(game, index of a draw): after a refill, a player draws a card they had
    discarded themselves and discards it again at once."""
    for seed in range(30):
        for game in simulate_games(4, (3, 3), seed, {"Decks": "1", "Jokers": "0"}):
            if not game.refills:
                continue
            events = game.record.events
            for i in range(game.refills[0], len(events) - 1):
                draw, after = events[i], events[i + 1]
                if not isinstance(draw, Draw) or not isinstance(after, Discard):
                    continue
                earlier = {e.card for e in events[:i]
                           if isinstance(e, Discard) and e.player == draw.player}
                if after.player == draw.player and after.card == draw.card in earlier:
                    yield game, i


def test_unseen_draw_of_a_refilled_card_is_not_a_supply_error() -> None:
    """Regression (found by the simulator): one deck, the stock runs dry, the pile is
    turned over and a player draws, unseen, a card they had discarded; discarding it
    again is legal. An engine that booked the unseen draw as a guessed card of the
    pool reported a false ``card-supply`` here."""
    found = 0
    for game, i in redraws_of_own_discards():
        hidden = hidden_record(game.record)
        hidden.events = hidden.events[: i + 2]
        result = audit_record_as_text(hidden)
        assert bad_findings(result) == []
        found += 1
        if found >= 3:
            break
    assert found


def test_open_exact_alone_switches_beat_previous_off() -> None:
    """Two players may both go down with exactly MinOpen: the second is not a renuncia."""
    games = list(simulate_games(20, (3, 6), 5, {"OpenExact": "yes"}))
    results = audit_text(simulate_log(20, (3, 6), 5, {"OpenExact": "yes"}))
    for result, game in zip(results, games, strict=True):
        check_against_simulator(result, game)
