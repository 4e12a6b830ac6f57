"""The table as a replay shows it after a line (``referee replay``, the web page's
timeline): plain frozen dataclasses, made by :func:`table_view` from a referee.

Apart from :mod:`referee.engine.findings` because an audit does not need them: a one-game
audit does not pay for their classes at start-up (docs/performance.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from referee.cards import SUIT_INDEX, Card
from referee.engine.findings import Finding

if TYPE_CHECKING:
    from referee.engine.replay import Referee


class GameView(Protocol):
    """A game's own view of the table, beyond the common fields (a plugin's: none of the
    referee's own games has one)."""

    def view_fields(self) -> dict[str, Any]:
        """The fields ``referee replay --json`` and the timeline add after the common
        ones, JSON ready."""
        ...


@dataclass(frozen=True, slots=True)
class HandView:
    """A player's hand: the cards the log shows, and how many it does not."""

    known: tuple[Card, ...]
    hidden: int

    @property
    def size(self) -> int:
        return len(self.known) + self.hidden


@dataclass(frozen=True, slots=True)
class MeldView:
    """A meld on the table: its number, owner, cards and kind, and the line that laid it."""

    number: int
    owner: str
    cards: tuple[Card, ...]  # jokers carry their reading where one is fixed
    kind: str  # "set", "run" or "invalid"
    line: int


@dataclass(frozen=True, slots=True)
class TableView:
    """The table as it stood after a given line (``referee replay``).

    The fields are the timeline's contract for every game (docs/cli-api.md), each
    empty where a game has no such thing: ``down`` (who has laid a meld),
    ``bajadas`` (the points of each first lay-down, where the game counts them: 51),
    ``out`` (who has left the game), ``open_renuncias`` (open to a call, where the
    game has calls). What only a game has is its own view (``extras``).
    """

    line: int
    hands: dict[str, HandView]
    melds: tuple[MeldView, ...]
    discard_top: Card | None  # None also when the top card is one nobody saw
    discard_size: int
    stock_size: int
    down: tuple[str, ...]  # players who have laid a meld
    bajadas: dict[str, int]  # the points of their first lay-down, where the game counts them
    out: tuple[str, ...]
    turn: str | None
    open_renuncias: tuple[Finding, ...]
    finished: bool
    winner: str | None
    extras: GameView | None = None
    turn_started: bool = False  # the turn's player has drawn or taken (51's starter: at once)


def table_view(referee: Referee[Any]) -> TableView:
    """The table as ``referee`` has it after its last event: hands sorted, melds with
    their strays, the pile's top, and what the game says of who is down, out, to play."""
    table = referee.table
    # An idle game deals no hands: none shown, as Referee.hands reports none.
    hands = {} if referee.idle else {
        name: HandView(tuple(sorted(hand.cards(), key=_sort_key)), hand.hidden)
        for name, hand in table.hands.items()
    }
    melds = tuple(MeldView(m.number, m.owner, tuple([*m.cards, *m.strays]), m.kind, m.line)
                  for m in table.melds)
    return TableView(
        line=referee.line, hands=hands, melds=melds,
        discard_top=table.pile[-1] if table.pile else None,
        discard_size=len(table.pile), stock_size=table.stock.size,
        down=referee.down_players(), bajadas=referee.opening_points(),
        out=referee.out_players(),
        turn=None if referee.finished else referee.current_player(),
        open_renuncias=referee.open_renuncias(), finished=referee.finished,
        winner=referee.winner, extras=referee.game_view(),
        turn_started=not referee.finished and referee.turn_started(),
    )


def _sort_key(card: Card) -> tuple[int, int, int]:
    if card.rank is None:
        return (1, 0, 0)
    assert card.suit is not None
    return (0, SUIT_INDEX[card.suit], int(card.rank))
