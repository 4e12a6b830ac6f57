"""The simulator of legal games (referee/simulate.py) and the engine, against each other.

Unit tests check the simulator alone (decks, deals, conservation of cards,
turn structure, settlement, reproducibility). Property tests check that every
simulated game audits clean with the real engine, with the simulator's winner
and settlement, also when written with hidden information.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from collections.abc import Mapping

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cards import ALL_NATURALS, JOKER, Card
from referee.engine import audit_game
from referee.engine.findings import LOG_ERROR, RENUNCIA, SYNTAX_ERROR, GameResult
from referee.notation.events import Discard, Draw, GameRecord, Layoff, Meld, Take
from referee.notation.reader import read_games
from referee.simulate import (
    NAMES,
    SimulatedGame,
    format_record,
    hidden_record,
    simulate_games,
    simulate_log,
)

BAD_KINDS = (RENUNCIA, LOG_ERROR, SYNTAX_ERROR)

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
    {"Jokers": "6", "DiscardPegue": "down"},
]

PLAYER_RANGES = st.tuples(st.integers(2, 6), st.integers(0, 4)).map(
    lambda t: (t[0], min(6, t[0] + t[1]))
)


def full_deck(knobs: Mapping[str, str] | None = None) -> Counter[Card]:
    knobs = knobs or {}
    decks, jokers = int(knobs.get("Decks", "2")), int(knobs.get("Jokers", "4"))
    deck: Counter[Card] = Counter({card: decks for card in ALL_NATURALS})
    deck[JOKER] = jokers
    return deck


def bad_findings(result: GameResult) -> list[tuple[str, str, str | None, int]]:
    return [(f.kind, f.rule, f.player, f.line) for f in result.findings if f.kind in BAD_KINDS]


def payments(result: GameResult) -> list[tuple[str, str, int, int]]:
    return sorted((p.payer, p.payee, p.cards, p.amount) for p in result.settlement)


def audit_text(text: str) -> list[GameResult]:
    return [audit_game(record) for record in read_games(text, "simulated.rummy")]


def audit_record_as_text(record: GameRecord) -> GameResult:
    (result,) = audit_text(format_record(record))
    return result


# --- the simulator alone -----------------------------------------------------------------


@pytest.mark.parametrize(
    "knobs", [{}, {"Decks": "1", "Jokers": "2"}, {"Decks": "3", "Jokers": "6"}]
)
def test_deck_composition_and_deal_sizes(knobs: dict[str, str]) -> None:
    players = (2, 3) if knobs.get("Decks") == "1" else (2, 6)
    for game in simulate_games(6, players, seed=5, knobs=knobs):
        record = game.record
        sizes = [len(record.deals[name].cards) for name in record.players]
        assert sizes == [15] + [14] * (len(sizes) - 1)
        dealt: Counter[Card] = Counter()
        for deal in record.deals.values():
            dealt.update(card.physical for card in deal.cards)
        assert record.stock is not None
        dealt.update(record.stock)
        assert dealt == full_deck(knobs)
        assert all(not card.is_joker or card == JOKER for card in record.stock)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_card_is_in_exactly_one_place_at_the_end(seed: int) -> None:
    for game in simulate_games(8, (2, 6), seed):
        where: Counter[Card] = Counter()
        for hand in game.hands.values():
            where.update(hand)
        for meld in game.table:
            where.update(meld)
        where.update(game.stock)
        where.update(game.discard_pile)
        assert where == full_deck()


def replay_hands(game: SimulatedGame) -> dict[str, Counter[Card]]:
    """A physical replay of a full-information record (no rules): the hands at the end."""
    record = game.record
    hands = {name: Counter(record.deals[name].cards) for name in record.players}
    assert record.stock is not None
    stock = list(record.stock)
    pile: list[Card] = []
    for i, event in enumerate(record.events):
        hand = hands[event.player]
        if isinstance(event, Draw):
            if i in game.refills:
                assert not stock, "a refill only when the stock is empty"
                stock = pile[:-1]
                del pile[:-1]
            assert event.card is not None and event.card in stock
            if i not in game.refills and not any(r < i for r in game.refills):
                assert event.card == stock[0], "draws follow the stock line until a refill"
            stock.remove(event.card)
            hand[event.card] += 1
        elif isinstance(event, Take):
            assert pile and pile[-1] == event.card
            pile.pop()
            hand[event.card] += 1
        elif isinstance(event, Meld):
            for card in event.cards:
                hand[card.physical] -= 1
        elif isinstance(event, Layoff):
            hand[event.card.physical] -= 1
        elif isinstance(event, Discard):
            hand[event.card] -= 1
            pile.append(event.card)
        assert all(n >= 0 for n in hand.values()), f"{event} plays a card not in hand"
    return {name: +hand for name, hand in hands.items()}


@pytest.mark.parametrize("seed", [3, 4])
def test_turn_structure_and_physical_replay(seed: int) -> None:
    for game in simulate_games(10, (2, 6), seed):
        record = game.record
        names = record.players
        events = record.events
        assert isinstance(events[0], Discard) and events[0].player == names[0]
        seat = 0
        phase = "end"
        taken: Card | None = None
        melds_this_turn: list[Meld] = []
        for event in events[1:]:
            if phase == "end":  # a new turn: the next player draws or takes
                seat = (seat + 1) % len(names)
                assert event.player == names[seat]
                assert isinstance(event, Draw | Take)
                taken = event.card if isinstance(event, Take) else None
                melds_this_turn = []
                phase = "start"
                continue
            assert event.player == names[seat]
            if isinstance(event, Meld):
                assert phase in ("start", "meld"), "no meld after a lay-off"
                if taken is not None and not melds_this_turn:
                    assert taken in [c for c in event.cards if not c.is_joker]
                assert sum(c.is_joker for c in event.cards) <= 1
                melds_this_turn.append(event)
                phase = "meld"
            elif isinstance(event, Layoff):
                assert not event.card.is_joker or event.card.stands_for is not None
                phase = "layoff"
            else:
                assert isinstance(event, Discard)
                if taken is not None:
                    assert melds_this_turn, "a taken card is always melded"
                phase = "end"
        hands = replay_hands(game)
        assert hands == {name: +Counter(cards) for name, cards in game.hands.items()}
        if game.finished:
            assert isinstance(events[-1], Discard) and events[-1].player == game.winner
            assert sum(hands[game.winner].values()) == 0


def test_tags_names_and_settlement() -> None:
    games = list(simulate_games(20, (2, 6), seed=9, knobs={"Stake": "25", "MinOpen": "61"}))
    for game in games:
        tags = game.record.tag_values
        assert tags["Game"] == "51"
        assert tags["Stake"] == "25" and tags["MinOpen"] == "61"
        assert tags["Players"] == " ".join(game.record.players)
        assert tags["Result"] == (game.winner if game.finished else "*")
        assert 2 <= len(game.record.players) <= 6
        assert len(set(game.record.players)) == len(game.record.players)
        assert set(game.record.players) <= set(NAMES)
        assert not [e for e in game.record.events if type(e).__name__ == "Call"]
        if game.finished:
            assert game.winner is not None
            expected = [
                (name, game.winner, len(game.hands[name]), 25 * len(game.hands[name]))
                for name in game.record.players
                if name != game.winner
            ]
            assert sorted(game.settlement) == sorted(expected)
        else:
            assert game.settlement == []
    assert any("é" in n or "í" in n or "ó" in n or "á" in n for g in games for n in g.players)


def test_player_count_comes_from_the_range() -> None:
    counts = {len(g.record.players) for g in simulate_games(40, (3, 5), seed=2)}
    assert counts == {3, 4, 5}
    assert {len(g.record.players) for g in simulate_games(5, (6, 6), seed=2)} == {6}
    with pytest.raises(ValueError):
        next(simulate_games(1, (1, 4), seed=0))


def test_nearly_all_games_finish() -> None:
    games = list(simulate_games(120, (2, 6), seed=11))
    finished = sum(g.finished for g in games)
    assert finished >= 0.95 * len(games)
    for game in games:
        assert game.finished == (game.stop_reason == "won")


def test_log_text_round_trips_through_the_reader() -> None:
    text = simulate_log(3, (2, 4), seed=21)
    records = read_games(text, "sim.rummy")
    games = list(simulate_games(3, (2, 4), seed=21))
    assert len(records) == 3
    for record, game in zip(records, games, strict=True):
        assert not record.errors
        assert record.players == game.record.players
        assert record.deals.keys() == game.record.deals.keys()
        assert record.stock == game.record.stock
        assert [(type(e), e.player) for e in record.events] == [
            (type(e), e.player) for e in game.record.events
        ]
    spanish = simulate_log(3, (2, 4), seed=21, lang="es")
    assert " roba " in spanish and " descarta " in spanish and "reparte " in spanish
    for es, en in zip(read_games(spanish, "es.rummy"), records, strict=True):
        assert not es.errors
        assert es.events == en.events


def signature(event: object) -> tuple[object, ...]:
    """An event without its place in the file."""
    names = [n for n in event.__dataclass_fields__ if n not in ("line", "column")]  # type: ignore[attr-defined]
    return (type(event).__name__, *(getattr(event, n) for n in names))


def test_hidden_log_has_no_setup_and_no_drawn_card() -> None:
    text = simulate_log(2, (3, 4), seed=8, hidden=True)
    assert "deal " not in text and "stock:" not in text
    draws = [line for line in text.splitlines() if " draw" in line]
    assert any(line.endswith(" draw ??") for line in draws)
    assert any(line.endswith(" draw") for line in draws)
    full = read_games(simulate_log(2, (3, 4), seed=8), "full")
    for hidden, record in zip(read_games(text, "hidden"), full, strict=True):
        assert not hidden.errors and not hidden.deals and hidden.stock is None
        assert all(e.card is None for e in hidden.events if isinstance(e, Draw))
        assert [signature(e) for e in hidden.events if not isinstance(e, Draw)] == [
            signature(e) for e in record.events if not isinstance(e, Draw)
        ]
        assert [type(e) for e in hidden.events] == [type(e) for e in record.events]


@pytest.mark.parametrize("seed", [0, 12345])
def test_seeded_runs_are_byte_identical(seed: int) -> None:
    first = simulate_log(4, (2, 6), seed, knobs={"RunMin": "3"})
    assert first == simulate_log(4, (2, 6), seed, knobs={"RunMin": "3"})
    assert first != simulate_log(4, (2, 6), seed + 1, knobs={"RunMin": "3"})
    assert simulate_log(3, (2, 6), seed, hidden=True) == simulate_log(3, (2, 6), seed, hidden=True)


def test_byte_identical_across_processes_and_hash_seeds() -> None:
    code = (
        "import sys, hashlib; from referee.simulate import simulate_log; "
        "t = simulate_log(3, (2, 6), 77) + simulate_log(2, (3, 5), 78, hidden=True, lang='es'); "
        "sys.stdout.write(hashlib.sha256(t.encode()).hexdigest())"
    )
    digests = set()
    for hash_seed in ("0", "1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True,
            cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
        )
        digests.add(out.stdout)
    assert len(digests) == 1


# --- the simulator against the engine -----------------------------------------------------


def check_against_simulator(result: GameResult, game: SimulatedGame) -> None:
    assert bad_findings(result) == []
    assert result.finished == game.finished
    assert result.winner == game.winner
    assert payments(result) == sorted(game.settlement)
    assert not result.eliminated and not result.calls


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


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=PLAYER_RANGES,
    knobs=st.sampled_from(KNOB_SETS),
    hidden=st.booleans(),
    lang=st.sampled_from(["en", "es"]),
)
def test_seeded_logs_are_reproducible(
    seed: int, players: tuple[int, int], knobs: dict[str, str], hidden: bool, lang: str
) -> None:
    text = simulate_log(1, players, seed, knobs, hidden=hidden, lang=lang)
    assert text == simulate_log(1, players, seed, knobs, hidden=hidden, lang=lang)
    (record,) = read_games(text, "again.rummy")
    assert not record.errors


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
        if game.refills:  # also up to the first refill of the stock
            hidden = hidden_record(game.record)
            hidden.events = hidden.events[: game.refills[0]]
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


def test_unseen_draw_of_a_refilled_card_is_not_a_supply_error() -> None:
    """Regression (found by the simulator): one deck, the stock runs dry, the pile is
    turned over and Beto draws, unseen, the Ac he had discarded; discarding it again
    is legal. An engine that booked the unseen draw as a guessed card of the pool
    reported a false ``card-supply`` here."""
    game = list(simulate_games(2, (3, 3), 4, {"Decks": "1", "Jokers": "0"}))[1]
    assert game.refills
    hidden = hidden_record(game.record)
    hidden.events = hidden.events[: game.refills[0] + 2]
    text = format_record(hidden)
    assert text.splitlines()[-2:] == ["Beto draw ??", "Beto discard Ac"]
    assert text.count("Beto discard Ac") == 2
    result = audit_record_as_text(hidden)
    assert bad_findings(result) == []
