"""Tools for the argentino mutation tests (test_argentino_mutations.py).

Reading a simulated hand (its turns, who is down, what a written meld is), the
simulator-independent card facts a mutator needs (is a card wild, what is it worth
at most, does a natural card fit a meld on the table), editing a record (events,
tags) and auditing the edited records the way a user's file is audited: written
as text, read back, audited in order with one series.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.audit import audit_records
from referee.cards import Card, Rank, Suit
from referee.engine import timeline
from referee.engine.findings import (
    LOG_ERROR,
    RENUNCIA,
    SYNTAX_ERROR,
    GameResult,
    MeldView,
    TableView,
)
from referee.notation.events import Discard, Draw, Event, GameRecord, Meld, Tag, Take
from referee.notation.reader import read_games
from referee.sim import SimulatedHand, format_record
from referee.sim.argentino.replay import replay_log
from referee.sim.record import join_games

BAD_KINDS = (RENUNCIA, LOG_ERROR, SYNTAX_ERROR)

# --- cards ------------------------------------------------------------------------------


def wild(card: Card) -> bool:
    """A joker or a 2: a card that may stand for another (a 2 may also be natural)."""
    return card.rank is None or card.rank == Rank.TWO


def natural_value(rank: Rank) -> int:
    """ARGENTINO.md 4: 2 to 7 count 5, 8 to K 10, an ace 15."""
    if rank == Rank.ACE:
        return 15
    return 5 if rank <= Rank.SEVEN else 10


def most_worth(card: Card) -> int:
    """The most a card can be worth on the table: a joker 50, a 2 20 (a mono for an 8 or
    higher), a natural card its value."""
    if card.rank is None:
        return 50
    return 20 if card.rank == Rank.TWO else natural_value(card.rank)


def plain(card: Card) -> bool:
    """A natural card that can never be wild (neither a joker nor a 2)."""
    return not wild(card)


@dataclass(frozen=True)
class Written:
    """What a meld's written cards say for sure: ``set`` of ``rank`` (two plain cards of
    one rank), ``run`` in ``suit`` (two plain cards of one suit, different ranks), or
    ``None`` when the plain cards alone do not tell."""

    kind: str | None
    rank: Rank | None = None
    suit: Suit | None = None


def written_shape(cards: Sequence[Card]) -> Written:
    plains = [c for c in cards if plain(c)]
    ranks = {c.rank for c in plains}
    suits = {c.suit for c in plains}
    if len(plains) >= 2 and len(ranks) == 1:
        return Written("set", rank=plains[0].rank)
    if len(ranks) >= 2 and len(suits) == 1:
        return Written("run", suit=plains[0].suit)
    return Written(None)


def cannot_fit(cards: Sequence[Card], card: Card) -> bool:
    """A plain card that cannot be laid off onto a meld written ``cards``, whatever the
    meld's state: a set of another rank, or a run of another suit."""
    if not plain(card):
        return False
    shape = written_shape(cards)
    if shape.kind == "set":
        return shape.rank != card.rank
    if shape.kind == "run":
        return shape.suit != card.suit
    return False


def _reading(card: Card) -> Card:
    return card.stands_for if card.stands_for is not None else card


def fits(meld: MeldView, card: Card, wrap: bool = True) -> bool:
    """Does a plain ``card`` fit this table meld: complete a set to 4, extend a run at an
    end, or take the place of a run's end wild (which moves to the other end)?

    Read from the table view, where a run's wilds carry their readings.
    """
    if not plain(card):
        return False
    if meld.kind == "set":
        naturals = [c for c in meld.cards if plain(c)]
        if len(meld.cards) != 3 or not naturals or card.rank != naturals[0].rank:
            return False
        taken = {c.suit for c in meld.cards if plain(c)} | {
            c.stands_for.suit for c in meld.cards if c.stands_for is not None}
        return card.suit not in taken
    if meld.kind != "run" or not 2 <= len(meld.cards) < 13:
        return False
    cards = low_to_high(meld.cards)
    if cards is None or any(_reading(c).suit != card.suit for c in cards):
        return False
    low, high = int(_reading(cards[0]).rank or 0), int(_reading(cards[-1]).rank or 0)
    above = None if not wrap and high == 1 else high % 13 + 1
    below = None if not wrap and low == 1 else (low - 2) % 13 + 1
    if card.rank not in {_reading(c).rank for c in cards}:
        return int(card.rank or 0) in (above, below)
    high_wild, low_wild = cards[-1].stands_for, cards[0].stands_for
    return ((high_wild == card and low_wild is None and below is not None)
            or (low_wild == card and high_wild is None and above is not None))


def low_to_high(cards: Sequence[Card]) -> list[Card] | None:
    """A run's cards (as the table reads them) from its low end up, or None when they are
    not consecutive."""
    ranks = [int(_reading(c).rank or 0) for c in cards]
    ordered = _ascending(ranks)
    if ordered is None:
        return None
    return list(cards) if ordered == ranks else list(cards)[::-1]


def natural_meld(cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """Three or more natural cards (no joker, no 2) that make a meld by themselves, in an
    order they can be laid in: a set (one rank, no suit twice, at most 4) or a run."""
    if len(cards) < 3 or not all(map(plain, cards)):
        return None
    if len({c.rank for c in cards}) == 1:
        suits = [c.suit for c in cards]
        return tuple(cards) if len(cards) <= 4 and len(set(suits)) == len(suits) else None
    if len({c.suit for c in cards}) > 1:
        return None
    ordered = sorted(cards, key=lambda c: int(c.rank or 0))
    for turn in range(len(ordered)):
        rotated = ordered[turn:] + ordered[:turn]
        if _ascending([int(c.rank or 0) for c in rotated]) == [int(c.rank or 0)
                                                               for c in rotated]:
            return tuple(rotated)
    return None


def consecutive(cards: Sequence[Card]) -> bool:
    """Natural cards of one suit at consecutive ranks in the order given (up or down)."""
    return len({c.suit for c in cards}) == 1 and _ascending(
        [int(c.rank or 0) for c in cards]) is not None


def _ascending(ranks: list[int]) -> list[int] | None:
    """A run's ranks from its low end up (laid ascending or descending; K A 2 comes
    round), or None when they are not consecutive."""
    def up(seq: list[int]) -> bool:
        return all(b == a % 13 + 1 for a, b in itertools.pairwise(seq))

    if up(ranks):
        return ranks
    return ranks[::-1] if up(ranks[::-1]) else None


# --- a hand's turns ---------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    """One turn of a simulated hand: its events from the draw or take to the discard."""

    player: str
    serial: int  # 0, 1, ... in the hand
    events: tuple[int, ...]  # indexes into record.events
    was_down: bool  # the player had laid a meld before this turn
    early: bool  # some seat had not had a turn yet when this one ended

    @property
    def start(self) -> int:
        return self.events[0]

    @property
    def end(self) -> int:
        return self.events[-1]

    def of(self, record: GameRecord, kind: type) -> list[int]:
        return [i for i in self.events if isinstance(record.events[i], kind)]


def turns_of(record: GameRecord) -> list[Turn]:
    """The turns of a legal hand (each ends with a discard)."""
    turns: list[Turn] = []
    down: set[str] = set()
    current: list[int] = []
    seats = len(record.players)
    for i, event in enumerate(record.events):
        current.append(i)
        if isinstance(event, Discard):
            serial = len(turns)
            turns.append(Turn(event.player, serial, tuple(current), event.player in down,
                              serial < seats - 1))
            if any(isinstance(record.events[j], Meld) for j in current):
                down.add(event.player)
            current = []
    return turns


_TIMELINES: dict[int, tuple[SimulatedHand, list[TableView]]] = {}


def _timeline(hand: SimulatedHand) -> list[TableView]:
    """The table before the first event, then after each (one replay per hand, cached)."""
    key = id(hand)
    if key not in _TIMELINES:
        _TIMELINES[key] = (hand, timeline(hand.record))  # the hand keeps its id alive
    return _TIMELINES[key][1]


def view_before(hand: SimulatedHand, index: int) -> TableView:
    """The table just before event ``index`` of the simulated hand."""
    return _timeline(hand)[index]


def view_after(hand: SimulatedHand, index: int) -> TableView:
    return _timeline(hand)[index + 1]


def stock_card(hand: SimulatedHand, index: int) -> Card | None:
    """The stock's top card just before event ``index``, while the ``stock:`` line still
    says it (no refill yet)."""
    record = hand.record
    if hand.refills and hand.refills[0] <= index:
        return None
    assert record.stock is not None
    drawn = sum(isinstance(e, Draw) for e in record.events[:index])
    return record.stock[drawn] if drawn < len(record.stock) else None


def started_with(record: GameRecord, turn: Turn) -> Draw | Take:
    start = record.events[turn.start]
    assert isinstance(start, Draw | Take)
    return start


# --- editing a record -------------------------------------------------------------------


def edited(record: GameRecord, events: Sequence[Event] | None = None,
           tags: Mapping[str, str | None] | None = None, after: str = "Players",
           players: tuple[str, ...] | None = None, **fields: Any) -> GameRecord:
    """A copy of ``record`` with other events, tags changed (a value None drops the tag;
    a new tag goes right after the tag ``after``) or other fields (``deals``,
    ``stock``, ``up``...). Line numbers are those of the text, once read back."""
    out = GameRecord(index=record.index, line=record.line, players=players or record.players,
                     deals=dict(record.deals), stock=record.stock,
                     stock_line=record.stock_line, up=record.up, up_line=record.up_line)
    for name, value in fields.items():
        setattr(out, name, value)
    out.events = list(record.events if events is None else events)
    changes = dict(tags or {})
    for name, tag in record.tags.items():
        if name in changes:
            value = changes.pop(name)
            if value is not None:
                out.tags[name] = Tag(name, value, 0, 1)
        else:
            out.tags[name] = tag
        if name == after:
            for new in [n for n in changes if n not in record.tags]:
                value = changes.pop(new)
                if value is not None:
                    out.tags[new] = Tag(new, value, 0, 1)
    assert not changes, f"no tag {after!r} to add {changes} after"
    return out


def cut(record: GameRecord, events: Sequence[Event]) -> GameRecord:
    """The hand cut after ``events`` (it no longer ends): ``Result "*"``."""
    return edited(record, events, tags={"Result": "*"})


# --- auditing ---------------------------------------------------------------------------


def read_back(records: Sequence[GameRecord]) -> list[GameRecord]:
    """The records written as one file and read back (the lines a user's file has)."""
    text = join_games([format_record(r) for r in records])
    read = read_games(text, "mutated.rummy")
    assert len(read) == len(records)
    for record in read:
        assert not record.errors, record.errors
    return read


def audit(records: Sequence[GameRecord],
          overrides: Mapping[str, str] | None = None) -> list[GameResult]:
    return list(audit_records(records, overrides))


def bad(results: Sequence[GameResult]) -> list[tuple[int, str, str, str | None, int]]:
    """Every renuncia, log error and syntax error: (game, kind, rule, player, line)."""
    return [(n, f.kind, f.rule, f.player, f.line)
            for n, result in enumerate(results) for f in result.findings
            if f.kind in BAD_KINDS]


def scores_of(result: GameResult) -> list[dict[str, int | str]]:
    return [{"player": s.player, "laid": s.laid, "in_hand": s.in_hand, "bonus": s.bonus,
             "penalty": s.penalty, "total": s.total} for s in result.scores]


# --- a mutation -------------------------------------------------------------------------

Where = int | str
"""Where the finding stands: an event index, or ``tag:NAME``, ``stock`` or ``up``."""


def line_of(record: GameRecord, where: Where) -> int:
    if isinstance(where, int):
        return record.events[where].line
    if where.startswith("tag:"):
        return record.tags[where[4:]].line
    line = {"stock": record.stock_line, "up": record.up_line}[where]
    assert line is not None
    return line


@dataclass(frozen=True)
class Outcome:
    """What the audit of the mutated hand must say besides its findings."""

    finished: bool
    winner: str | None = None
    scores: list[dict[str, int | str]] = field(default_factory=list)
    standings: dict[str, int] | bool | None = False  # False: not checked


def cut_outcome() -> Outcome:
    """A hand cut mid-way: not finished, no winner, no scores, totals unknown."""
    return Outcome(False, None, [], None)


def same_outcome(hand: SimulatedHand, standings: bool = True) -> Outcome:
    """The simulated hand's own ending: its winner and scores (and standings)."""
    return Outcome(True, hand.winner, hand.report_scores(),
                   dict(hand.standings) if standings else False)


def rescored(record: GameRecord, shown: bool = False) -> Outcome:
    """The outcome of a single hand as the simulator's own scorer replays it. ``shown``:
    the winner laid something in an earlier turn, so their bonus is 50 (ARGENTINO.md 6;
    the scorer counts a play before the draw in the turn before)."""
    (read,) = read_back([record])
    (scored,) = replay_log([read])
    scores = [s.as_dict() for s in scored.scores]
    standings = None if scored.standings is None else dict(scored.standings)
    for score in scores:
        if shown and score["player"] == scored.winner and score["bonus"] != 50:
            fix = int(score["bonus"]) - 50
            score.update(bonus=50, total=int(score["total"]) - fix)
            assert standings is not None
            standings[scored.winner] -= fix
    return Outcome(scored.winner is not None, scored.winner, scores, standings)


@dataclass(frozen=True)
class Mutation:
    """Records with one infraction (or log error) planted in ``records[target]``."""

    hand: SimulatedHand
    records: tuple[GameRecord, ...]
    target: int
    kind: str  # RENUNCIA or LOG_ERROR
    rule: str
    player: str | None
    where: Where
    note: str
    outcome: Outcome
    overrides: Mapping[str, str] = field(default_factory=dict)
    rescore: bool = True  # the simulator's scorer must agree (renuncias, no overrides)

    def check(self) -> None:
        """Audit the mutated records and assert exactly the planted finding and the outcome."""
        read = read_back(self.records)
        results = audit(read, self.overrides)
        label = f"seed {self.hand.seed} hand {self.hand.index}: {self.note}"
        expected = [(self.target, self.kind, self.rule, self.player,
                     line_of(read[self.target], self.where))]
        assert bad(results) == expected, label
        result = results[self.target]
        want = self.outcome
        assert (result.finished, result.winner) == (want.finished, want.winner), label
        assert scores_of(result) == want.scores, label
        if want.standings is not False:
            assert result.standings == want.standings, label
        if self.rescore and self.kind == RENUNCIA and not self.overrides and len(read) == 1:
            (scored,) = replay_log(read)  # the simulator's own scorer agrees
            assert (result.winner, scores_of(result)) == (
                scored.winner, [s.as_dict() for s in scored.scores]), label


def single(hand: SimulatedHand, record: GameRecord, rule: str, player: str | None,
           where: Where, note: str, outcome: Outcome, kind: str = RENUNCIA,
           overrides: Mapping[str, str] | None = None, rescore: bool = True) -> Mutation:
    """A mutation of one simulated hand (audited alone)."""
    return Mutation(hand, (record,), 0, kind, rule, player, where, note, outcome,
                    dict(overrides or {}), rescore)


Mutator = Callable[[SimulatedHand], Iterator[Mutation]]
