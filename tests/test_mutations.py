"""Mutation tests: break exactly one rule in a simulated legal game and audit it.

Each mutator walks simulated full-information games, changes one event (or
inserts one) so that exactly one rule of RULES.md is broken, and cuts the log
right there, or at the end of that turn where the rule is judged at turn end
(a bajada under the minimum). The audit must then report exactly that rule id,
against that player, at that line, and no other renuncia or log error.

The cascade tests keep the game going after a renuncia that changes nothing
physically, add a call some turns later and check who is eliminated and the
missed-call findings (RULES.md section 7).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache

import pytest

from referee.audit import audit_game, replay_to
from referee.cards import Card
from referee.engine.findings import LOG_ERROR, RENUNCIA, SYNTAX_ERROR, GameResult
from referee.engine.views import MeldView, TableView
from referee.notation.events import Call, Discard, Draw, Event, GameRecord, Layoff, Meld, Tag, Take
from referee.notation.reader import read_games
from referee.sim import SimulatedGame, format_record, simulate_games
from referee.sim.la51 import PLAIN
from referee.variants.la51.melds import rank_value

BAD_KINDS = (RENUNCIA, LOG_ERROR, SYNTAX_ERROR)
SEEDS = (101, 202, 303)
EXTRA_SEEDS = tuple(range(400, 416))  # searched only for rules whose sites are rare
GAMES_PER_SEED = 8
SITES_PER_RULE = 6  # mutations checked per rule (at most one per game)


# --- reading a simulated game -----------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    player: str
    events: tuple[int, ...]  # indexes into record.events, start to discard
    was_down: bool  # the player had gone down before this turn

    @property
    def start(self) -> int:
        return self.events[0]

    @property
    def discard(self) -> int:
        return self.events[-1]

    def indexes_of(self, record: GameRecord, kind: type) -> list[int]:
        return [i for i in self.events if isinstance(record.events[i], kind)]


def turns_of(record: GameRecord) -> list[Turn]:
    turns: list[Turn] = []
    down: set[str] = set()
    current: list[int] = []
    for i, event in enumerate(record.events):
        current.append(i)
        if isinstance(event, Discard):
            turns.append(Turn(event.player, tuple(current), event.player in down))
            if any(isinstance(record.events[j], Meld) for j in current):
                down.add(event.player)
            current = []
    return turns


VARIANTS: dict[str, dict[str, str]] = {
    "default": {},
    "house": {"RunWrap": "no", "RunMin": "3", "MinOpen": "71"},
}


@cache
def games(seed: int, variant: str = "default") -> tuple[SimulatedGame, ...]:
    return tuple(simulate_games(GAMES_PER_SEED, (3, 6), seed, VARIANTS[variant], moves=PLAIN))


def view_before(record: GameRecord, index: int) -> TableView:
    """The table just before event ``index``."""
    return replay_to(record, record.events[index].line - 1)


def view_after(record: GameRecord, index: int) -> TableView:
    return replay_to(record, record.events[index].line)


def reading(card: Card) -> Card | None:
    return card if not card.is_joker else card.stands_for


def _consecutive(ranks: set[int], wrap: bool) -> bool:
    n = len(ranks)
    if wrap:
        return any({(s + k - 1) % 13 + 1 for k in range(n)} == ranks for s in range(1, 14))
    high = {14 if r == 1 else r for r in ranks}
    return max(ranks) - min(ranks) == n - 1 or max(high) - min(high) == n - 1


def fits(meld: MeldView, card: Card, wrap: bool) -> bool:
    """Could ``card`` be laid off onto ``meld`` (so discarding it is a pegue)?"""
    readings = [reading(c) for c in meld.cards]
    if card.is_joker or any(r is None for r in readings):
        return False
    naturals = [r for r in readings if r is not None]
    if meld.kind == "set":
        return (len(naturals) == 3 and card.rank == naturals[0].rank
                and card.suit not in {r.suit for r in naturals})
    if meld.kind != "run" or len(naturals) >= 13 or card.suit != naturals[0].suit:
        return False
    ranks = {int(r.rank) for r in naturals if r.rank is not None}
    assert card.rank is not None
    if int(card.rank) in ranks:
        return False
    return _consecutive(ranks | {int(card.rank)}, wrap)


def pegue(view: TableView, card: Card, wrap: bool) -> bool:
    return any(fits(m, card, wrap) for m in view.melds)


def runs_wrap(record: GameRecord) -> bool:
    return record.tag_values.get("RunWrap", "yes").lower() in ("yes", "si", "sí", "true", "1")


def hand_of(view: TableView, player: str) -> Counter[Card]:
    return Counter(view.hands[player].known)


def meld_points(cards: Sequence[Card]) -> int | None:
    total = 0
    for card in cards:
        natural = reading(card)
        if natural is None or natural.rank is None:
            return None  # a bare joker: not worth inferring here
        total += rank_value(natural.rank)
    return total


def is_run(cards: Sequence[Card]) -> bool:
    naturals = [c for c in cards if not c.is_joker]
    return len({c.rank for c in naturals}) > 1


def natural_set(cards: Sequence[Card]) -> bool:
    return not any(c.is_joker for c in cards) and len({c.rank for c in cards}) == 1


def stock_top_after(game: SimulatedGame, index: int) -> Card | None:
    """The stock's top card once the draws up to ``index`` (included) are done."""
    if game.refills and game.refills[0] <= index + 1:
        return None
    record = game.record
    assert record.stock is not None
    drawn = sum(1 for e in record.events[: index + 1] if isinstance(e, Draw))
    return record.stock[drawn] if drawn < len(record.stock) else None


# --- building and auditing a mutated log ------------------------------------------------


def rebuild(record: GameRecord, events: Sequence[Event]) -> GameRecord:
    """``record`` with ``events`` (renumbered one a line) and ``Result "*"``."""
    first = record.events[0].line
    out = GameRecord(index=record.index, line=record.line, players=record.players,
                     deals=dict(record.deals), stock=record.stock, stock_line=record.stock_line)
    for name, tag in record.tags.items():
        out.tags[name] = Tag(name, "*", tag.line, tag.column) if name == "Result" else tag
    out.events = [replace(e, line=first + i, column=1) for i, e in enumerate(events)]
    return out


def audit_as_text(record: GameRecord) -> GameResult:
    """Write the record, read it back and audit it (the path a user's log takes)."""
    (read,) = read_games(format_record(record), "mutated.rummy")
    assert not read.errors, read.errors
    return audit_game(read)


def bad_findings(result: GameResult) -> list[tuple[str, str | None, int]]:
    return [(f.rule, f.player, f.line) for f in result.findings if f.kind in BAD_KINDS]


@dataclass(frozen=True)
class Mutation:
    """A mutated game: its events, and the one finding expected (rule, player, event index)."""

    game: SimulatedGame
    events: tuple[Event, ...]
    rule: str
    player: str
    index: int
    note: str

    def record(self) -> GameRecord:
        return rebuild(self.game.record, self.events)

    def expected(self) -> list[tuple[str, str | None, int]]:
        return [(self.rule, self.player, self.record().events[self.index].line)]


Mutator = Callable[[SimulatedGame], Iterator[Mutation]]
MUTATORS: dict[str, Mutator] = {}


def mutator(rule: str) -> Callable[[Mutator], Mutator]:
    def register(fn: Mutator) -> Mutator:
        MUTATORS[rule] = fn
        return fn

    return register


def first_turns(game: SimulatedGame) -> Iterator[Turn]:
    """The turns after the starter's first one (which has no draw)."""
    yield from turns_of(game.record)[1:]


# --- the mutators -----------------------------------------------------------------------


@mutator("discard-pegue")
def discard_pegue(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    wrap = runs_wrap(record)
    for turn in first_turns(game):
        start = record.events[turn.start]
        taken = start.card if isinstance(start, Take) else None
        d = turn.discard
        original = record.events[d]
        assert isinstance(original, Discard)
        view = view_before(record, d)
        for card in sorted(hand_of(view, turn.player), key=str):
            if card.is_joker or card == taken or card == original.card:
                continue
            if pegue(view, card, wrap):
                events = (*record.events[:d], replace(original, card=card))
                yield Mutation(game, events, "discard-pegue", turn.player, d,
                               f"discard {card} instead of {original.card}")
                break


@mutator("take-not-melded")
def take_not_melded(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    for turn in first_turns(game):
        if len(turn.events) != 2:
            continue
        draw, discard = (record.events[i] for i in turn.events)
        if not isinstance(draw, Draw) or not isinstance(discard, Discard):
            continue
        top = view_before(record, turn.start).discard_top
        if top is None or top.is_joker or discard.card == draw.card:
            continue
        take = Take(turn.player, 0, 0, (top,))
        events = (*record.events[: turn.start], take, discard)
        yield Mutation(game, events, "take-not-melded", turn.player, turn.start + 1,
                       f"take {top} instead of drawing, then discard {discard.card}")


@mutator("take-not-first")
def take_not_first(game: SimulatedGame) -> Iterator[Mutation]:
    yield from _take_not_first(game, keep_going=False)


def _take_not_first(game: SimulatedGame, keep_going: bool) -> Iterator[Mutation]:
    """Swap the first meld of a take turn with a later one that lacks the taken card.

    With ``keep_going`` the rest of the game follows, lay-offs renumbered so the
    table stays physically the same.
    """
    record = game.record
    for turn in first_turns(game):
        start = record.events[turn.start]
        if not isinstance(start, Take):
            continue
        melds = turn.indexes_of(record, Meld)
        for j in melds[1:]:
            later = record.events[j]
            assert isinstance(later, Meld)
            if start.card in later.cards:
                continue
            first = melds[0]
            events = list(record.events)
            events[first], events[j] = events[j], events[first]
            if keep_going:
                table_before = sum(isinstance(e, Meld) for e in record.events[:first])
                a, b = table_before + 1, table_before + 1 + melds.index(j)
                swap = {a: b, b: a}
                events = [
                    replace(e, meld=swap.get(e.meld, e.meld)) if isinstance(e, Layoff) else e
                    for e in events
                ]
            else:
                events = events[: turn.discard + 1]
            yield Mutation(game, tuple(events), "take-not-first", turn.player, first,
                           f"first meld without the taken {start.card}")
            break


def taken_in(record: GameRecord, turn: Turn) -> Card | None:
    start = record.events[turn.start]
    return start.card if isinstance(start, Take) else None


@mutator("run-too-short")
def run_too_short(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    run_min = int(record.tag_values.get("RunMin", "4"))
    if run_min < 4:
        return  # a run of 2 cards is meld-invalid, not run-too-short
    for turn in first_turns(game):
        if not turn.was_down:
            continue
        taken = taken_in(record, turn)
        for i in turn.indexes_of(record, Meld):
            meld = record.events[i]
            assert isinstance(meld, Meld)
            if not is_run(meld.cards):
                continue
            for short in (meld.cards[: run_min - 1], meld.cards[-(run_min - 1) :]):
                if sum(not c.is_joker for c in short) < 2:
                    continue
                if taken is not None and taken in meld.cards and taken not in short:
                    continue
                events = (*record.events[:i], replace(meld, cards=short))
                yield Mutation(game, events, "run-too-short", turn.player, i,
                               f"run cut to {len(short)} cards")
                return


@mutator("bajada-below-minimum")
def bajada_below_minimum(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    wrap = runs_wrap(record)
    minimum = int(record.tag_values.get("MinOpen", "51"))
    for turn in first_turns(game):
        melds = turn.indexes_of(record, Meld)
        if turn.was_down or not melds:
            continue
        first = record.events[melds[0]]
        assert isinstance(first, Meld)
        points = meld_points(first.cards)
        if points is None or points >= minimum:
            continue
        discard = record.events[turn.discard]
        assert isinstance(discard, Discard)
        view = view_before(record, turn.start)
        table = [*view.melds, MeldView(0, turn.player, first.cards,
                                       "run" if is_run(first.cards) else "set", 0)]
        if any(fits(m, discard.card, wrap) for m in table):
            continue  # without the rest of the bajada the discard would be a pegue
        events = (*record.events[: melds[0] + 1], discard)
        yield Mutation(game, events, "bajada-below-minimum", turn.player, melds[0],
                       f"bajada of {points} points (only its first meld)")


@mutator("out-of-turn")
def out_of_turn(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    wrap = runs_wrap(record)
    players = record.players
    for turn in first_turns(game):
        view = view_before(record, turn.start)
        other = players[(players.index(turn.player) + 1) % len(players)]
        for card in sorted(hand_of(view, other), key=str):
            if not card.is_joker and not pegue(view, card, wrap):
                events = (*record.events[: turn.start], Discard(other, 0, 0, card))
                yield Mutation(game, events, "out-of-turn", other, turn.start,
                               f"{other} discards {card} in {turn.player}'s turn")
                return


@mutator("play-before-draw")
def play_before_draw(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    wrap = runs_wrap(record)
    for turn in first_turns(game):
        view = view_before(record, turn.start)
        for card in sorted(hand_of(view, turn.player), key=str):
            if not card.is_joker and not pegue(view, card, wrap):
                events = (*record.events[: turn.start], Discard(turn.player, 0, 0, card))
                yield Mutation(game, events, "play-before-draw", turn.player, turn.start,
                               f"discard {card} before drawing")
                return


@mutator("extra-draw")
def extra_draw(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    for turn in first_turns(game):
        if not isinstance(record.events[turn.start], Draw):
            continue
        top = stock_top_after(game, turn.start)
        if top is None:
            continue
        events = (*record.events[: turn.start + 1], Draw(turn.player, 0, 0, top))
        yield Mutation(game, events, "extra-draw", turn.player, turn.start + 1,
                       f"a second draw ({top})")
        return


@mutator("layoff-before-down")
def layoff_before_down(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    wrap = runs_wrap(record)
    for turn in first_turns(game):
        if turn.was_down or not isinstance(record.events[turn.start], Draw):
            continue
        view = view_after(record, turn.start)
        for card in sorted(hand_of(view, turn.player), key=str):
            target = next((m for m in view.melds if fits(m, card, wrap)), None)
            if target is not None:
                layoff = Layoff(turn.player, 0, 0, card, target.number)
                events = (*record.events[: turn.start + 1], layoff)
                yield Mutation(game, events, "layoff-before-down", turn.player,
                               turn.start + 1, f"lay off {card} on {target.number}, not down")
                return


def _meld_after_layoff(game: SimulatedGame, keep_going: bool) -> Iterator[Mutation]:
    """Move the first lay-off of a turn (one meld, then lay-offs) before its meld."""
    record = game.record
    for turn in first_turns(game):
        melds = turn.indexes_of(record, Meld)
        layoffs = turn.indexes_of(record, Layoff)
        if not turn.was_down or len(melds) != 1 or not layoffs:
            continue
        events = list(record.events)
        moved = events.pop(layoffs[0])
        events.insert(melds[0], moved)
        meld_index = melds[0] + 1
        if not keep_going:
            events = events[: meld_index + 1]
        yield Mutation(game, tuple(events), "meld-after-layoff", turn.player, meld_index,
                       "a meld after a lay-off")


@mutator("meld-after-layoff")
def meld_after_layoff(game: SimulatedGame) -> Iterator[Mutation]:
    yield from _meld_after_layoff(game, keep_going=False)


@mutator("set-colors")
def set_colors(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    for turn in first_turns(game):
        if not turn.was_down or not isinstance(record.events[turn.start], Draw):
            continue
        for i in turn.indexes_of(record, Meld):
            meld = record.events[i]
            assert isinstance(meld, Meld)
            if not natural_set(meld.cards):
                continue
            cards = sorted(meld.cards, key=lambda c: str(c.color))  # blacks together
            events = (*record.events[:i], replace(meld, cards=tuple(cards)))
            yield Mutation(game, events, "set-colors", turn.player, i,
                           "set laid " + " ".join(map(str, cards)))
            return


@mutator("not-in-hand")
def not_in_hand(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    wrap = runs_wrap(record)
    for turn in first_turns(game):
        d = turn.discard
        view = view_before(record, d)
        hand = hand_of(view, turn.player)
        for card in sorted({c for h in view.hands.values() for c in h.known}, key=str):
            if card.is_joker or hand[card] or pegue(view, card, wrap):
                continue
            events = (*record.events[:d], replace(record.events[d], card=card))
            yield Mutation(game, events, "not-in-hand", turn.player, d,
                           f"discard {card}, which is not in hand")
            return


@mutator("layoff-same-turn")
def layoff_same_turn(game: SimulatedGame) -> Iterator[Mutation]:
    """Lay a meld without its last card, then lay that card off onto it (same turn)."""
    record = game.record
    run_min = int(record.tag_values.get("RunMin", "4"))
    for turn in first_turns(game):
        melds = turn.indexes_of(record, Meld)
        if not turn.was_down:
            continue
        for i in melds:
            meld = record.events[i]
            assert isinstance(meld, Meld)
            last = meld.cards[-1]
            if last.is_joker or last == taken_in(record, turn):
                continue
            if len(meld.cards) < (run_min + 1 if is_run(meld.cards) else 4):
                continue
            number = sum(isinstance(e, Meld) for e in record.events[: i + 1])
            events = list(record.events[: melds[-1] + 1])
            events[i] = replace(meld, cards=meld.cards[:-1])
            events.append(Layoff(turn.player, 0, 0, last, number))
            yield Mutation(game, tuple(events), "layoff-same-turn", turn.player, len(events) - 1,
                           f"lay off {last} on meld {number} of this turn")
            return


@mutator("layoff-mismatch")
def layoff_mismatch(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    wrap = runs_wrap(record)
    for turn in first_turns(game):
        if not turn.was_down or not isinstance(record.events[turn.start], Draw):
            continue
        view = view_after(record, turn.start)
        targets = [m for m in view.melds if m.kind in ("set", "run")]
        for card in sorted(hand_of(view, turn.player), key=str):
            if card.is_joker:
                continue
            target = next((m for m in targets if not fits(m, card, wrap)), None)
            if target is not None:
                layoff = Layoff(turn.player, 0, 0, card, target.number)
                events = (*record.events[: turn.start + 1], layoff)
                yield Mutation(game, events, "layoff-mismatch", turn.player, turn.start + 1,
                               f"lay off {card} on meld {target.number}, where it does not fit")
                return


@mutator("run-not-ordered")
def run_not_ordered(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    for turn in first_turns(game):
        if not turn.was_down:
            continue
        for i in turn.indexes_of(record, Meld):
            meld = record.events[i]
            assert isinstance(meld, Meld)
            if not is_run(meld.cards) or any(c.is_joker for c in meld.cards):
                continue
            if taken_in(record, turn) in meld.cards:
                continue
            cards = list(meld.cards)
            cards[1], cards[2] = cards[2], cards[1]
            events = (*record.events[:i], replace(meld, cards=tuple(cards)))
            yield Mutation(game, events, "run-not-ordered", turn.player, i,
                           "run laid " + " ".join(map(str, cards)))
            return


@mutator("meld-invalid")
def meld_invalid(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    for turn in first_turns(game):
        if not turn.was_down or not isinstance(record.events[turn.start], Draw):
            continue
        for i in turn.indexes_of(record, Meld):
            meld = record.events[i]
            assert isinstance(meld, Meld)
            events = (*record.events[:i], replace(meld, cards=meld.cards[:2]))
            yield Mutation(game, events, "meld-invalid", turn.player, i, "a meld of 2 cards")
            return


@mutator("stock-mismatch")
def stock_mismatch(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    for turn in first_turns(game):
        draw = record.events[turn.start]
        if not isinstance(draw, Draw) or stock_top_after(game, turn.start) is None:
            continue
        assert draw.card is not None
        other = next(c for c in sorted(set(record.stock or ()), key=str) if c != draw.card)
        events = (*record.events[: turn.start], replace(draw, card=other))
        yield Mutation(game, events, "stock-mismatch", turn.player, turn.start,
                       f"draw {other} instead of {draw.card}")
        return


@mutator("take-mismatch")
def take_mismatch(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    for turn in first_turns(game):
        take = record.events[turn.start]
        if not isinstance(take, Take):
            continue
        view = view_before(record, turn.start)
        other = next(c for c in sorted(hand_of(view, turn.player), key=str) if c != take.card)
        events = (*record.events[: turn.start], replace(take, cards=(other,)))
        yield Mutation(game, events, "take-mismatch", turn.player, turn.start,
                       f"take {other}, which is not the top discard {take.card}")
        return


@mutator("bajada-not-above-previous")
def bajada_not_above_previous(game: SimulatedGame) -> Iterator[Mutation]:
    record = game.record
    wrap = runs_wrap(record)
    minimum = int(record.tag_values.get("MinOpen", "51"))
    for turn in first_turns(game):
        melds = turn.indexes_of(record, Meld)
        if turn.was_down or len(melds) < 2:
            continue
        view = view_before(record, turn.start)
        if not view.bajadas:
            continue
        previous = _latest_bajada(record, turn.start)
        discard = record.events[turn.discard]
        assert isinstance(discard, Discard)
        total = 0
        kept: list[Meld] = []
        for i in melds:
            meld = record.events[i]
            assert isinstance(meld, Meld)
            points = meld_points(meld.cards)
            if points is None:
                break
            total += points
            kept.append(meld)
            if minimum <= total <= previous:
                table = [*view.melds, *(MeldView(0, turn.player, m.cards,
                                                  "run" if is_run(m.cards) else "set", 0)
                                        for m in kept)]
                if any(fits(m, discard.card, wrap) for m in table):
                    break
                events = (*record.events[: i + 1], discard)
                yield Mutation(game, events, "bajada-not-above-previous", turn.player,
                               melds[0], f"bajada of {total}, previous {previous}")
                return


def _latest_bajada(record: GameRecord, before: int) -> int:
    """Points of the most recent bajada before event ``before`` (from the engine's view)."""
    latest, order = 0, []
    for turn in turns_of(record):
        if turn.start >= before:
            break
        if not turn.was_down and turn.indexes_of(record, Meld) and turn.player not in order:
            order.append(turn.player)
    if order:
        latest = replay_to(record, record.events[before].line - 1).bajadas[order[-1]]
    return latest


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


# --- calls and the missed-call cascade ----------------------------------------------------


def turn_ends_after(events: Sequence[Event], index: int) -> list[int]:
    """Indexes of the discards after event ``index`` (each ends a turn)."""
    return [i for i in range(index + 1, len(events)) if isinstance(events[i], Discard)]


def cascade_sites() -> Iterator[Mutation]:
    for seed in SEEDS:
        for game in games(seed):
            yield from _meld_after_layoff(game, keep_going=True)
            yield from _take_not_first(game, keep_going=True)


def with_call(events: Sequence[Event], after: int, caller: str, accused: str) -> list[Event]:
    """``events`` cut after event ``after``, then ``caller call accused``."""
    return [*events[: after + 1], Call(caller, 0, 0, accused)]


def test_cascade_sites_replay_clean_but_for_the_renuncia() -> None:
    checked = 0
    for mutation in cascade_sites():
        result = audit_as_text(mutation.record())
        assert bad_findings(result) == mutation.expected(), mutation.note
        checked += 1
        if checked >= 6:
            break
    assert checked >= 2


def test_upheld_call_eliminates_offender_and_missed_callers() -> None:
    cases = 0
    for mutation in cascade_sites():
        events = mutation.events
        offender = mutation.player
        players = mutation.game.record.players
        ends = turn_ends_after(events, mutation.index)
        # the offender's own discard ends the turn of the renuncia; then the others play
        own_end, others = ends[0], ends[1 : len(players)]
        assert events[own_end].player == offender
        if len(others) < len(players) - 1 or any(events[i].player == offender for i in others):
            continue
        for k in range(len(others) + 1):  # the call after k other players' turns ended
            end = others[k - 1] if k else own_end
            passed = [events[i].player for i in others[:k]]
            # between two turns, or once the next player has drawn (their turn not ended)
            spots = [end]
            if end + 1 < len(events) and events[end + 1].player != offender:
                spots.append(end + 1)
            for after, caller in ((a, c) for a in spots for c in players if c != offender):
                mutated = with_call(events, after, caller, offender)
                record = rebuild(mutation.game.record, mutated)
                result = audit_as_text(record)
                missed = [i for i in others[:k] if events[i].player != caller]
                renuncia_line = record.events[mutation.index].line
                expected = [(mutation.rule, offender, renuncia_line)] + [
                    ("missed-call", events[i].player, record.events[i].line) for i in missed
                ]
                assert bad_findings(result) == sorted(expected, key=lambda f: f[2]), (
                    mutation.note, k, after, caller, passed)
                for finding in result.findings:
                    if finding.rule == "missed-call":
                        assert finding.ref_line == renuncia_line
                out = [offender] + [events[i].player for i in missed]
                assert [e.player for e in result.eliminated] == out
                assert [e.rule for e in result.eliminated] == (
                    [mutation.rule] + ["missed-call"] * len(missed))
                call_line = record.events[-1].line
                assert all(e.line == call_line for e in result.eliminated)
                assert [(c.caller, c.accused, c.outcome) for c in result.calls] == [
                    (caller, offender, "upheld")]
                left = [p for p in players if p not in out]
                if len(left) == 1:
                    assert result.finished and result.winner == left[0]
                    assert sorted((p.payer, p.amount) for p in result.settlement) == sorted(
                        (p, 1400) for p in out)
                else:
                    assert not result.finished and result.winner is None
                cases += 1
        if cases >= 60:
            break
    assert cases >= 20


def test_call_after_the_offenders_next_turn_starts_is_void() -> None:
    checked = 0
    for mutation in cascade_sites():
        events = mutation.events
        offender = mutation.player
        later = [i for i in range(mutation.index + 1, len(events))
                 if isinstance(events[i], Draw | Take) and events[i].player == offender]
        if not later:
            continue
        caller = next(p for p in mutation.game.record.players if p != offender)
        record = rebuild(mutation.game.record, with_call(events, later[0], caller, offender))
        result = audit_as_text(record)
        assert bad_findings(result) == mutation.expected()
        assert not result.eliminated
        assert [(c.caller, c.outcome) for c in result.calls] == [(caller, "void")]
        assert "amnesty" in [f.rule for f in result.findings]
        checked += 1
        if checked >= 4:
            break
    assert checked >= 2


def test_call_on_a_player_without_a_renuncia_is_unfounded() -> None:
    mutation = next(cascade_sites())
    events = mutation.events
    players = mutation.game.record.players
    innocent = next(p for p in players if p != mutation.player)
    caller = next(p for p in players if p not in (innocent, mutation.player))
    end = turn_ends_after(events, mutation.index)[0]
    record = rebuild(mutation.game.record, with_call(events, end, caller, innocent))
    result = audit_as_text(record)
    assert bad_findings(result) == mutation.expected()
    assert not result.eliminated
    assert [(c.accused, c.outcome) for c in result.calls] == [(innocent, "unfounded")]
