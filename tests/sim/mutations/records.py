"""Simulated hands as the mutators read and change them, and how a mutation is checked.

A hand's turns; the table before and after each event (one replay of the
simulated hand, cached); editing a record (events, tags, setup lines); auditing
the edited records the way a user's file is audited (written as text, read
back, the hands of the file in order); :class:`Mutation`, which asserts exactly
the planted finding and the hand's outcome; the registry of mutators.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.audit import audit_records, timeline
from referee.cards import Card
from referee.engine.findings import LOG_ERROR, RENUNCIA, SYNTAX_ERROR, GameResult
from referee.engine.views import TableView
from referee.notation.events import Discard, Draw, Event, GameRecord, Layoff, Meld, Tag
from referee.notation.reader import read_games
from referee.sim import SimulatedHand, format_record
from referee.sim.argentino.replay import replay_log
from referee.sim.record import join_games

BAD_KINDS = (RENUNCIA, LOG_ERROR, SYNTAX_ERROR)

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


def laid_in(record: GameRecord, indexes: Sequence[int]) -> list[Card]:
    """The cards the melds and lay-offs among events ``indexes`` put on the table."""
    out: list[Card] = []
    for i in indexes:
        event = record.events[i]
        if isinstance(event, Meld):
            out += event.cards
        elif isinstance(event, Layoff):
            out.append(event.card)
    return out


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
             "penalty": s.penalty, "total": s.total} for s in result.extras.scores]


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


def same_outcome(hand: SimulatedHand) -> Outcome:
    """The simulated hand's own ending: its winner, scores and standings."""
    return Outcome(True, hand.winner, hand.report_scores(), dict(hand.standings))


def rescored(record: GameRecord) -> Outcome:
    """The outcome of a single hand as the simulator's own scorer replays it."""
    (read,) = read_back([record])
    (scored,) = replay_log([read])
    scores = [s.as_dict() for s in scored.scores]
    standings = None if scored.standings is None else dict(scored.standings)
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
    then: tuple[tuple[str, str, Where], ...] = ()  # renuncias that follow from it (rule,
    # player, where): a lay-off onto a faulty meld

    def expected(self, read: Sequence[GameRecord]) -> list[tuple[int, str, str, str | None,
                                                                  int]]:
        record = read[self.target]
        found = [(self.target, self.kind, self.rule, self.player, line_of(record, self.where))]
        found += [(self.target, RENUNCIA, rule, player, line_of(record, where))
                  for rule, player, where in self.then]
        return sorted(found, key=lambda f: f[4])

    def check(self) -> None:
        """Audit the mutated records and assert exactly the planted finding and the outcome."""
        read = read_back(self.records)
        results = audit(read, self.overrides)
        label = f"seed {self.hand.seed} hand {self.hand.index}: {self.note}"
        assert bad(results) == self.expected(read), label
        result = results[self.target]
        want = self.outcome
        assert (result.finished, result.winner) == (want.finished, want.winner), label
        assert scores_of(result) == want.scores, label
        if want.standings is not False:
            assert result.extras.standings == want.standings, label
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


# --- the mutators' registry and what they share ---

MUTATORS: dict[str, Mutator] = {}
"""Every mutator, by name: the rule id, then ``/`` and the variant when a rule has several."""


def mutator(name: str) -> Callable[[Mutator], Mutator]:
    def register(fn: Mutator) -> Mutator:
        MUTATORS[name] = fn
        return fn

    return register


def rule_of(name: str) -> str:
    return name.split("/")[0]


def free(hand: SimulatedHand, player: str) -> bool:
    """A player whose lay-downs ``LawMin`` does not judge (not en ley)."""
    return player not in hand.en_ley


def next_seat(hand: SimulatedHand, player: str) -> str:
    players = hand.players
    return players[(players.index(player) + 1) % len(players)]


def meld_cards(hand: SimulatedHand, number: int) -> tuple[Card, ...]:
    """The cards of table meld ``number`` as written."""
    melds = [e for e in hand.record.events if isinstance(e, Meld)]
    return melds[number - 1].cards


def meld_number(hand: SimulatedHand, index: int) -> int:
    return sum(isinstance(e, Meld) for e in hand.record.events[: index + 1])


def later_layoffs(hand: SimulatedHand, index: int, number: int) -> bool:
    """Does any lay-off after event ``index`` go onto meld ``number``?"""
    return any(isinstance(e, Layoff) and e.meld == number
               for e in hand.record.events[index + 1:])


def less_laid(hand: SimulatedHand, player: str, points: int) -> Outcome:
    """The hand's own ending, ``player`` having laid ``points`` fewer."""
    scores = []
    for score in hand.report_scores():
        if score["player"] == player:
            score = score | {"laid": int(score["laid"]) - points,
                             "total": int(score["total"]) - points}
        scores.append(score)
    standings = {name: total - (points if name == player else 0)
                 for name, total in hand.standings.items()}
    return Outcome(True, hand.winner, scores, standings)


def scores_value(totals: dict[str, int]) -> str:
    return ", ".join(f"{name} {total}" for name, total in totals.items())
