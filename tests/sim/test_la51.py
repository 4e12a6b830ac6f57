"""The 51 simulator alone (referee/sim/la51): decks, deals, conservation of cards,
turn structure (early draws included), settlement, the bots' rarer moves, every
game finished, reproducibility."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from referee.cards import JOKER, Card
from referee.notation.events import Discard, Draw, Layoff, Meld, Take
from referee.notation.reader import read_games
from referee.sim import NAMES, SimulatedGame, SimulationError, simulate_games, simulate_log
from referee.sim.la51 import PLAIN
from tests.sim import full_deck

ROOT = Path(__file__).resolve().parents[2]


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
            if not any(r <= i for r in game.refills):
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


class TurnWalker:
    """Checks the order of a 51 game's events, early draws included (RULES.md 2)."""

    def __init__(self, players: tuple[str, ...]) -> None:
        self.players = players
        self.seat = 0
        self.phase = "end"
        self.early: str | None = None  # the next player, once they drew early
        self.taken: Card | None = None
        self.melds: list[Meld] = []

    def next_player(self) -> str:
        return self.players[(self.seat + 1) % len(self.players)]

    def step(self, event: object) -> None:
        if self.phase == "end" and self.early == self.next_player() and isinstance(event, Draw) \
                and event.player != self.early:
            # the next player's turn began with their early draw: the one after may draw
            # early at once
            self.seat = (self.seat + 1) % len(self.players)
            self.phase, self.early, self.melds, self.taken = "start", None, [], None
        if self.phase == "start" and isinstance(event, Draw) and self.early is None \
                and event.player == self.next_player():
            self.early = event.player  # drew early: after the start, before the discard
            return
        if self.phase == "end":
            self.begin(event)
            return
        assert getattr(event, "player", None) == self.players[self.seat]
        self.in_turn(event)

    def begin(self, event: object) -> None:
        self.seat = (self.seat + 1) % len(self.players)
        assert getattr(event, "player", None) == self.players[self.seat]
        self.melds = []
        self.taken = None
        self.phase = "start"
        if self.early == self.players[self.seat]:
            self.early = None  # the turn began with the early draw
            self.in_turn(event)
            return
        assert isinstance(event, Draw | Take)
        self.taken = event.card if isinstance(event, Take) else None

    def in_turn(self, event: object) -> None:
        if isinstance(event, Meld):
            assert not any(isinstance(e, Layoff) for e in self.melds), "no meld after a lay-off"
            if self.taken is not None and not self.melds:
                assert self.taken in [c for c in event.cards if not c.is_joker]
            self.melds.append(event)
        elif isinstance(event, Layoff):
            self.melds.append(event)  # type: ignore[arg-type]
        else:
            assert isinstance(event, Discard)
            if self.taken is not None:
                assert self.melds, "a taken card is always melded"
            self.phase = "end"


@pytest.mark.parametrize("seed", [3, 4])
def test_turn_structure_and_physical_replay(seed: int) -> None:
    for game in simulate_games(10, (2, 6), seed):
        record = game.record
        events = record.events
        assert isinstance(events[0], Discard) and events[0].player == record.players[0]
        walker = TurnWalker(record.players)
        for event in events[1:]:
            walker.step(event)
        assert walker.phase == "end"
        hands = replay_hands(game)
        assert hands == {name: +Counter(cards) for name, cards in game.hands.items()}
        assert isinstance(events[-1], Discard) and events[-1].player == game.winner
        assert game.winner is not None and sum(hands[game.winner].values()) == 0


def test_tags_names_and_settlement() -> None:
    games = list(simulate_games(20, (2, 6), seed=9, knobs={"Stake": "25", "MinOpen": "61"}))
    for game in games:
        tags = game.record.tag_values
        assert tags["Game"] == "51"
        assert tags["Stake"] == "25" and tags["MinOpen"] == "61"
        assert tags["Players"] == " ".join(game.record.players)
        assert game.finished and game.winner is not None
        assert tags["Result"] == game.winner
        assert 2 <= len(game.record.players) <= 6
        assert len(set(game.record.players)) == len(game.record.players)
        assert set(game.record.players) <= set(NAMES)
        assert not [e for e in game.record.events if type(e).__name__ == "Call"]
        expected = [
            (name, game.winner, len(game.hands[name]), 25 * len(game.hands[name]))
            for name in game.record.players
            if name != game.winner
        ]
        assert sorted(game.settlement) == sorted(expected)
    assert any("é" in n or "í" in n or "ó" in n or "á" in n for g in games for n in g.players)


def test_knobs_of_argentino_are_left_out_and_bad_ones_refused() -> None:
    (game,) = simulate_games(1, (3, 3), seed=1, knobs={"Target": "300", "RunMin": "3"})
    assert "Target" not in game.record.tags and game.record.tag_values["RunMin"] == "3"
    with pytest.raises(ValueError, match="unknown house rule"):
        next(simulate_games(1, (3, 3), seed=1, knobs={"Nope": "1"}))


def test_player_count_comes_from_the_range() -> None:
    counts = {len(g.record.players) for g in simulate_games(40, (3, 5), seed=2)}
    assert counts == {3, 4, 5}
    assert {len(g.record.players) for g in simulate_games(5, (6, 6), seed=2)} == {6}
    with pytest.raises(SimulationError):
        next(simulate_games(1, (1, 4), seed=0))
    with pytest.raises(SimulationError):
        next(simulate_games(1, (2, 6), seed=0, knobs={"Decks": "1", "Jokers": "0"}))


def test_every_game_finishes_and_redeals_are_rare() -> None:
    games = list(simulate_games(150, (2, 6), seed=11))
    assert all(g.finished and g.stop_reason == "won" and g.winner for g in games)
    redealt = [g for g in games if g.redeals]
    assert len(redealt) <= 0.06 * len(games)
    assert {r for g in redealt for r in g.redeals} <= {"stuck", "stalled", "round-cap",
                                                        "stock-empty"}


def test_a_game_that_cannot_finish_is_dealt_again_reproducibly() -> None:
    games = list(simulate_games(150, (2, 6), seed=11))
    index = next(g.index for g in games if g.redeals)
    again = list(simulate_games(index, (2, 6), seed=11))[-1]
    assert again.redeals == games[index - 1].redeals
    assert again.record.events == games[index - 1].record.events


def test_impossible_house_rules_give_up(monkeypatch: pytest.MonkeyPatch) -> None:
    import referee.sim.la51 as la51

    monkeypatch.setattr(la51, "MAX_DEALS", 2)
    with pytest.raises(SimulationError) as info:
        next(simulate_games(1, (2, 2), seed=3, knobs={"MinOpen": "900"}))
    assert info.value.key == "report.sim_no_finish"


def move_counts(games: list[SimulatedGame]) -> Counter[str]:
    """How often the bots made each of their rarer moves."""
    seen: Counter[str] = Counter()
    for game in games:
        owners: dict[int, str] = {}
        current: str | None = None
        for event in game.record.events:
            if isinstance(event, Meld):
                owners[len(owners) + 1] = event.player
                jokers = [c for c in event.cards if c.is_joker]
                seen["two jokers in a meld"] += len(jokers) >= 2
                seen["bare joker in a meld"] += any(c.stands_for is None for c in jokers)
            elif isinstance(event, Layoff):
                seen["lay-off onto another's meld"] += owners[event.meld] != event.player
                seen["bare joker lay-off"] += event.card == JOKER
                seen["named joker lay-off"] += event.card.is_joker and event.card != JOKER
            elif isinstance(event, Draw | Take):
                seen["early draw"] += current is not None and event.player != current
                seen["take"] += isinstance(event, Take)
                current = event.player
            if isinstance(event, Discard):
                current = None
    return seen


def test_the_bots_make_their_rarer_moves() -> None:
    seen = move_counts(list(simulate_games(120, (2, 6), seed=21)))
    for move in ("two jokers in a meld", "bare joker in a meld", "lay-off onto another's meld",
                 "bare joker lay-off", "named joker lay-off", "early draw", "take"):
        assert seen[move] > 0, move


@pytest.mark.parametrize("knobs", [{"EarlyDraw": "no"}, {"MaxJokers": "1"}])
def test_house_rules_turn_moves_off(knobs: dict[str, str]) -> None:
    seen = move_counts(list(simulate_games(60, (2, 6), seed=22, knobs=knobs)))
    if "EarlyDraw" in knobs:
        assert seen["early draw"] == 0
    else:
        assert seen["two jokers in a meld"] == 0


def test_plain_bots_never_draw_early() -> None:
    assert move_counts(list(simulate_games(40, (2, 6), seed=21, moves=PLAIN)))["early draw"] == 0


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
        assert [signature(e) for e in record.events] == [
            signature(e) for e in game.record.events]
    assert records[0].events == games[0].record.events  # the first game: same lines too
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
        "import sys, hashlib; from referee.sim import simulate_log, simulate_argentino_log; "
        "t = simulate_log(3, (2, 6), 77) + simulate_log(2, (3, 5), 78, hidden=True, lang='es')"
        " + simulate_argentino_log(3, (2, 8), 79) "
        " + simulate_argentino_log(1, (3, 4), 80, {'Target': '300'}, matches=True); "
        "sys.stdout.write(hashlib.sha256(t.encode()).hexdigest())"
    )
    digests = set()
    for hash_seed in ("0", "1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True,
            cwd=ROOT,
        )
        digests.add(out.stdout)
    assert len(digests) == 1
