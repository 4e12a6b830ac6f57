"""Reading a simulated game of 51 and building, then auditing, a mutated log of it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache

from referee.audit import audit_game, replay_to
from referee.cards import Card
from referee.engine.findings import LOG_ERROR, RENUNCIA, SYNTAX_ERROR, GameResult
from referee.engine.views import MeldView, TableView
from referee.notation.events import Discard, Draw, Event, GameRecord, Meld, Tag, Take
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


def taken_in(record: GameRecord, turn: Turn) -> Card | None:
    start = record.events[turn.start]
    return start.card if isinstance(start, Take) else None


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
