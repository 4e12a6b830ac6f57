"""The argentino simulator alone (referee/sim/argentino): the deal, turn order, cards
conserved, every hand finished and scored per ARGENTINO.md section 7, matches ending at
Target, the rarer moves, reproducibility."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest

from referee.cards import JOKER, Card, Rank
from referee.notation.events import Discard, Draw, Event, Layoff, Meld, Take
from referee.notation.reader import read_games
from referee.sim import (
    SimulatedHand,
    SimulatedMatch,
    SimulationError,
    format_record,
    simulate_argentino_log,
    simulate_hands,
    simulate_matches,
)
from referee.sim.argentino.replay import replay_hand, replay_log, start_replay
from referee.sim.argentino.state import HandState
from tests.sim import full_deck

KNOB_SETS: list[dict[str, str]] = [
    {},
    {"RunMin": "4"},
    {"RunWrap": "no"},
    {"SetWilds": "distinct"},
    {"HandPenalty": "wilds"},
    {"LawAt": "100", "LawMin": "60"},
    {"Decks": "2", "Jokers": "4"},
]


@cache
def hands(seed: int = 1, count: int = 60, low: int = 2, high: int = 8,
          knobs: tuple[tuple[str, str], ...] = ()) -> tuple[SimulatedHand, ...]:
    return tuple(simulate_hands(count, (low, high), seed, dict(knobs)))


@cache
def matches(seed: int = 1, count: int = 6, target: str = "400") -> tuple[SimulatedMatch, ...]:
    return tuple(simulate_matches(count, (2, 8), seed, {"Target": target}))


def value_in_hand(card: Card, wilds_only: bool = False) -> int:
    """ARGENTINO.md section 7, written out again: a 2 20, a joker 50, ..."""
    if card.is_joker:
        return 50
    if card.rank == Rank.TWO:
        return 20
    if wilds_only:
        return 0
    if card.rank == Rank.ACE:
        return 15
    return 5 if card.rank is not None and card.rank <= 7 else 10


# --- the deal and the cards --------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_deal_decks_and_the_face_up_card(seed: int) -> None:
    for hand in hands(seed):
        record = hand.record
        n = len(record.players)
        assert [len(record.deals[p].cards) for p in record.players] == [9] * n
        assert record.up is not None and record.up_line is not None
        dealt: Counter[Card] = Counter(record.stock or ())
        for deal in record.deals.values():
            dealt.update(deal.cards)
        dealt[record.up] += 1
        assert dealt == (full_deck(decks=2, jokers=4) if n >= 5 else full_deck(decks=1, jokers=2))


def test_decks_and_jokers_knobs() -> None:
    for hand in hands(3, 10, 2, 4, (("Decks", "2"), ("Jokers", "3"))):
        record = hand.record
        dealt: Counter[Card] = Counter(record.stock or ())
        for deal in record.deals.values():
            dealt.update(deal.cards)
        dealt[record.up or JOKER] += 1
        assert dealt == full_deck(decks=2, jokers=3)
        assert record.tag_values["Decks"] == "2"


def physical_replay(hand: SimulatedHand) -> tuple[dict[str, Counter[Card]], list[Card]]:
    """Every card followed, no rules: the hands and the pile at the end; checks turn order."""
    record = hand.record
    held = {p: Counter(record.deals[p].cards) for p in record.players}
    assert record.up is not None
    pile = [record.up]
    stock = list(record.stock or ())
    turn = TurnOrder(record.players)
    for i, event in enumerate(record.events):
        turn.step(event)
        if i in hand.refills:
            assert not stock
            stock, pile = pile[:-1], pile[-1:]
        _move_cards(event, held[event.player], pile, stock, i >= min(hand.refills, default=i + 1))
        assert all(n >= 0 for n in held[event.player].values()), event
        if isinstance(event, Meld | Layoff):
            assert sum(held[event.player].values()) > 0, "a hand emptied with no discard"
    return {p: +c for p, c in held.items()}, pile


def _move_cards(event: Event, hand: Counter[Card], pile: list[Card], stock: list[Card],
                refilled: bool) -> None:
    if isinstance(event, Draw):
        assert event.card is not None and event.card in stock
        assert refilled or event.card == stock[0], "draws follow the stock line"
        stock.remove(event.card)
        hand[event.card] += 1
    elif isinstance(event, Take):
        if event.cards is not None:
            assert Counter(event.cards) == Counter(pile), "a listed take lists the pile"
        hand.update(pile)
        pile.clear()
    elif isinstance(event, Meld):
        hand.subtract(c.physical for c in event.cards)
    elif isinstance(event, Layoff):
        hand[event.card.physical] -= 1
    elif isinstance(event, Discard):
        hand[event.card] -= 1
        pile.append(event.card)


class TurnOrder:
    """Seats in order; a turn is a draw or take, melds and lay-offs, a discard."""

    def __init__(self, players: tuple[str, ...]) -> None:
        self.players = players
        self.turns = 0
        self.phase = "end"

    def step(self, event: Event) -> None:
        if self.phase == "end":
            assert event.player == self.players[self.turns % len(self.players)]
            assert isinstance(event, Draw | Take)
            self.turns += 1
            self.phase = "play"
            return
        assert event.player == self.players[(self.turns - 1) % len(self.players)]
        assert isinstance(event, Meld | Layoff | Discard)
        if isinstance(event, Discard):
            self.phase = "end"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_turn_order_and_cards_conserved(seed: int) -> None:
    for hand in hands(seed):
        held, pile = physical_replay(hand)
        assert held == {p: +Counter(c) for p, c in hand.hands.items()}
        assert pile == list(hand.pile)
        everywhere: Counter[Card] = Counter(hand.stock)
        everywhere.update(pile)
        for cards in (*hand.hands.values(), *hand.table):
            everywhere.update(cards)
        n = len(hand.players)
        assert everywhere == (full_deck(decks=2, jokers=4) if n >= 5 else
                              full_deck(decks=1, jokers=2))
        last = hand.record.events[-1]
        assert isinstance(last, Discard) and last.player == hand.winner
        assert not held.get(hand.winner)
        # going out only once every seat has had a turn (no cut-first-round)
        starts = sum(isinstance(e, Draw | Take) for e in hand.record.events)
        assert starts >= n


# --- every hand scored per section 7 -----------------------------------------------------


@pytest.mark.parametrize("knobs", KNOB_SETS)
def test_every_hand_finishes_and_is_scored(knobs: dict[str, str]) -> None:
    wilds_only = knobs.get("HandPenalty") == "wilds"
    for hand in hands(4, 25, knobs=tuple(knobs.items())):
        assert hand.finished and hand.record.tag_values["Result"] == hand.winner
        (read,) = read_games(format_record(hand.record), "hand.rummy")
        assert not read.errors
        state = replay_hand(read)  # the record, scored again from its text
        assert state.scores() == list(hand.scores)
        check_scores(hand, state, wilds_only)


def test_hands_with_a_refilled_stock_score_the_same_from_their_record() -> None:
    """A refill turns the pile but its top into the stock; a later take takes only what
    was discarded since (the scorer once took the whole old pile again)."""
    refilled = [h for h in hands(2, 150) if h.refills and any(
        isinstance(e, Take) for e in h.record.events[h.refills[0]:])]
    assert refilled
    for hand in refilled:
        assert replay_hand(hand.record).scores() == list(hand.scores)


def check_scores(hand: SimulatedHand, state: HandState, wilds_only: bool) -> None:
    """The parts of section 7 that need no meld logic, checked from the record alone."""
    record = hand.record
    laid_before = laid_in_earlier_turns(record.events, hand.winner)
    cutter = record.tag_values.get("CutBonus")
    for score in hand.scores:
        held = hand.hands[score.player]
        assert score.in_hand == sum(value_in_hand(c, wilds_only) for c in held)
        bonus = (50 if laid_before else 100) if score.player == hand.winner else 0
        assert score.bonus == bonus + (50 if score.player == cutter else 0)
        assert score.penalty % 50 == 0
        assert score.total == score.laid - score.in_hand + score.bonus - score.penalty
        if not any(e.player == score.player for e in record.events if isinstance(e, Meld)):
            assert score.laid == 0
    assert sum(s.laid for s in hand.scores) == sum(
        m.value_of(s) for m in state.table for s in m.slots)
    assert hand.standings == {s.player: hand.entering.get(s.player, 0) + s.total
                              for s in hand.scores}


def laid_in_earlier_turns(events: list[Event], player: str) -> bool:
    """Did ``player`` meld or lay off in a turn before their last one?"""
    turns = 0
    laid_turns = set()
    for event in events:
        if event.player != player:
            continue
        if isinstance(event, Draw | Take):
            turns += 1
        elif isinstance(event, Meld | Layoff):
            laid_turns.add(turns)
    return any(t < turns for t in laid_turns)


def test_en_ley_players_first_go_down_with_law_min() -> None:
    checked = 0
    knobs = (("LawAt", "100"), ("LawMin", "60"))
    for hand in hands(5, 60, knobs=knobs):
        for player in hand.en_ley:
            assert hand.entering[player] > 100
            first = first_laying_turn_value(hand, player)
            if first is not None:
                assert first >= 60
                checked += 1
    assert checked


def first_laying_turn_value(hand: SimulatedHand, player: str) -> int | None:
    """The value a player laid in the turn they first went down, replayed event by event."""
    replay = start_replay(hand.record)
    state = replay.state
    seat = hand.record.players.index(player)
    for event in hand.record.events:
        if isinstance(event, Discard) and event.player == player and state.is_down(seat) \
                and state.first_laid[seat] == state.turn_of[seat]:
            return state.laid_this_turn(seat)
        if replay.apply(event):
            break
    return None


# --- matches -----------------------------------------------------------------------------


def test_matches_end_at_target_with_carried_totals_and_rotating_seats() -> None:
    for match in matches():
        names = match.hands[0].players
        totals = dict(match.hands[0].entering) or dict.fromkeys(names, 0)
        for k, hand in enumerate(match.hands, start=1):
            tags = hand.record.tag_values
            assert tags["Match"] == match.name and tags["Hand"] == str(k)
            shift = (k - 1) % len(names)
            assert hand.players == names[shift:] + names[:shift]
            if "Scores" in tags:
                assert tags["Scores"] == ", ".join(f"{p} {totals[p]}" for p in hand.players)
            assert hand.entering == totals or (k == 1 and not hand.entering)
            totals = hand.standings
            assert hand.match.hand == k and hand.match.name == match.name
            reached = max(totals.values()) >= 400
            assert hand.match.over == reached == (k == len(match.hands))
        assert match.standings == totals and match.over
        top = max(totals.values())
        leaders = [p for p, t in totals.items() if t == top]
        assert (match.winner, set(match.tied)) == (
            (leaders[0], set()) if len(leaders) == 1 else (None, set(leaders)))


def test_replaying_a_match_log_gives_its_standings() -> None:
    match = matches()[0]
    text = "\n".join(format_record(h.record) for h in match.hands)
    replayed = replay_log(read_games(text, "match.rummy"))
    assert [r.standings for r in replayed] == [h.standings for h in match.hands]
    assert [r.match for r in replayed] == [h.match for h in match.hands]


def test_a_whole_match_at_the_default_target() -> None:
    (match,) = simulate_matches(1, (3, 4), 12)
    assert match.over and max(match.standings.values()) >= 1000
    assert any(h.en_ley for h in match.hands)  # totals above 700 before the end


# --- the moves the bots make ---------------------------------------------------------------


def move_counts(all_hands: tuple[SimulatedHand, ...]) -> Counter[str]:
    import referee.sim.argentino.table as table

    seen: Counter[str] = Counter()
    lay = table.TableMeld.lay

    def counting(self: table.TableMeld, w: object, owner: int, at: table.Placement,
                 turn: int = 0) -> None:
        seen[at.where] += 1
        lay(self, w, owner, at, turn)  # type: ignore[arg-type]

    table.TableMeld.lay = counting  # type: ignore[method-assign]
    try:
        for hand in all_hands:
            replay_hand(hand.record)
    finally:
        table.TableMeld.lay = lay  # type: ignore[method-assign]
    for hand in all_hands:
        _count_events(hand, seen)
    return seen


def _count_events(hand: SimulatedHand, seen: Counter[str]) -> None:
    tags = hand.record.tag_values
    seen["cut bonus"] += "CutBonus" in tags
    seen["scores tag"] += "Scores" in tags
    seen["en ley"] += bool(hand.en_ley)
    seen["out hidden"] += any(s.bonus % 100 == 0 and s.bonus for s in hand.scores
                              if s.player == hand.winner)
    previous: Event | None = None
    for event in hand.record.events:
        seen["meld after a lay-off"] += (isinstance(event, Meld) and isinstance(previous, Layoff)
                                         and previous.player == event.player)
        previous = event
        if isinstance(event, Take):
            seen["take listed" if event.cards else "take bare"] += 1
        elif isinstance(event, Meld | Layoff):
            cards = event.cards if isinstance(event, Meld) else (event.card,)
            wilds = [c for c in cards if c.is_joker or c.rank == Rank.TWO]
            seen["wild written"] += any(c.stands_for is not None for c in wilds)
            seen["wild bare"] += any(c.stands_for is None for c in wilds)
            seen["joker layoff"] += isinstance(event, Layoff) and event.card.is_joker


def test_the_bots_make_their_rarer_moves() -> None:
    seen = move_counts(hands(6, 120))
    for move in ("move-up", "move-down", "high", "low", "set", "take listed", "take bare",
                 "wild written", "wild bare", "joker layoff", "cut bonus", "scores tag",
                 "en ley", "out hidden", "meld after a lay-off"):
        assert seen[move] > 0, move


def test_house_rules_shape_the_melds() -> None:
    for hand in hands(7, 20, knobs=(("RunMin", "4"), ("RunWrap", "no"))):
        state = replay_hand(hand.record)
        for meld in state.table:
            if meld.kind == "run":
                assert len(meld.slots) >= 4 and meld.low >= 1 and meld.high <= 14


# --- text, errors, reproducibility ---------------------------------------------------------


def test_logs_read_back_in_both_languages_and_hidden() -> None:
    for kwargs in ({}, {"lang": "es"}, {"hidden": True}, {"matches": True}):
        text = simulate_argentino_log(3, (2, 8), 8, {"Target": "300"}, **kwargs)  # type: ignore[arg-type]
        records = read_games(text, "sim.rummy")
        assert records and not any(r.errors for r in records)
        assert all(r.ruleset == "rummy-argentino" and r.up is not None for r in records)
        if kwargs.get("lang") == "es":
            assert "pozo: " in text and " roba " in text
        if kwargs.get("hidden"):
            assert "deal " not in text and "stock:" not in text
            assert all(e.card is None for r in records for e in r.events if isinstance(e, Draw))


def test_seeded_logs_are_byte_identical() -> None:
    first = simulate_argentino_log(4, (2, 8), 31)
    assert first == simulate_argentino_log(4, (2, 8), 31)
    assert first != simulate_argentino_log(4, (2, 8), 32)
    assert simulate_argentino_log(2, (3, 3), 5, matches=True, knobs={"Target": "200"}) == \
        simulate_argentino_log(2, (3, 3), 5, matches=True, knobs={"Target": "200"})


def test_bad_requests_raise_simulation_errors() -> None:
    with pytest.raises(SimulationError):
        next(simulate_hands(1, (2, 9), 0))
    with pytest.raises(SimulationError) as info:
        next(simulate_hands(1, (5, 8), 0, {"Decks": "1", "Jokers": "0"}))
    assert info.value.key == "report.sim_not_enough_cards"
    with pytest.raises(ValueError, match="unknown house rule"):
        next(simulate_hands(1, (2, 2), 0, {"Nope": "3"}))
