"""The table after a line, as JSON data (``referee replay --json``, the web page's timeline)."""

from __future__ import annotations

from typing_extensions import TypedDict

from referee.engine.views import TableView
from referee.report.model import finding_data
from referee.report.schema import FindingData


class HandData(TypedDict):
    known: list[str]
    hidden: int
    size: int


class MeldData(TypedDict):
    number: int
    owner: str
    kind: str
    cards: list[str]
    line: int


class TableData(TypedDict):
    """The table after a given line."""

    line: int
    hands: dict[str, HandData]
    melds: list[MeldData]
    discard_top: str | None
    discard_size: int
    stock_size: int
    down: list[str]
    bajadas: dict[str, int]
    out: list[str]
    turn: str | None
    open_renuncias: list[FindingData]
    finished: bool
    winner: str | None


def table_data(view: TableView, lang: str = "en") -> TableData:
    """The table as JSON data: the common fields, then the game's own view's (if any)."""
    data: TableData = {
        "line": view.line,
        "hands": {name: {"known": [str(c) for c in hand.known], "hidden": hand.hidden,
                         "size": hand.size}
                  for name, hand in view.hands.items()},
        "melds": [{"number": m.number, "owner": m.owner, "kind": m.kind,
                   "cards": [str(c) for c in m.cards], "line": m.line} for m in view.melds],
        "discard_top": None if view.discard_top is None else str(view.discard_top),
        "discard_size": view.discard_size,
        "stock_size": view.stock_size,
        "down": list(view.down),
        "bajadas": dict(view.bajadas),
        "out": list(view.out),
        "turn": view.turn,
        "open_renuncias": [finding_data(f, lang) for f in view.open_renuncias],
        "finished": view.finished,
        "winner": view.winner,
    }
    if view.extras is not None:
        data.update(view.extras.view_fields())  # type: ignore[typeddict-item]
    return data


class StepData(TableData):
    """One state of a replay (``referee replay --at``/``--step`` with ``--json``): the table
    after ``line``, the game it belongs to, the event written at that line (canonical
    notation; None for a line with no event) and the findings standing on that line."""

    game: int
    start: bool  # the table as dealt, before the first event
    event: str | None
    findings: list[FindingData]


def step_data(view: TableView, game: int, event: str | None, findings: list[FindingData],
              start: bool = False, lang: str = "en") -> StepData:
    """A state of a replay: :func:`table_data` and what its line holds."""
    data = table_data(view, lang)
    return {**data, "game": game, "start": start, "event": event, "findings": findings}
