"""What an audit produces, as plain dataclasses (the pydantic report is built from these).

Findings keep a message key and its parameters rather than a rendered sentence,
so the same finding reads in English or Spanish (:mod:`referee.messages`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.cards import Card

RENUNCIA = "renuncia"
LOG_ERROR = "log-error"
NOTICE = "notice"
SYNTAX_ERROR = "syntax-error"


@dataclass(frozen=True, slots=True)
class Finding:
    kind: str  # RENUNCIA, LOG_ERROR, NOTICE or SYNTAX_ERROR
    rule: str  # a rule id of docs/rules.md, or "syntax-error"
    player: str | None
    line: int
    key: str  # message key in referee.messages (usually the rule id)
    params: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    column: int | None = None
    ref_line: int | None = None  # for missed-call: the renuncia let pass

    def message(self, lang: str = "en") -> str:
        from referee.messages import render

        return render(self.key, self.params, lang)


@dataclass(frozen=True, slots=True)
class CallRecord:
    line: int
    caller: str
    accused: str
    outcome: str  # "upheld", "unfounded" or "void"


@dataclass(frozen=True, slots=True)
class Elimination:
    player: str
    line: int
    rule: str  # the renuncia that put them out (missed-call for the cascade)


@dataclass(frozen=True, slots=True)
class Payment:
    payer: str
    payee: str
    cards: int
    amount: int


@dataclass(slots=True)
class GameResult:
    index: int
    line: int
    ruleset: str | None
    tags: dict[str, str]
    rules: dict[str, Any]  # the knobs in force, JSON-ready
    players: list[str]
    findings: list[Finding] = field(default_factory=list)
    calls: list[CallRecord] = field(default_factory=list)
    eliminated: list[Elimination] = field(default_factory=list)
    finished: bool = False
    winner: str | None = None
    result_claimed: str | None = None
    hands: dict[str, int] = field(default_factory=dict)
    settlement: list[Payment] = field(default_factory=list)
    events: int = 0  # events replayed (for statistics)

    @property
    def clean(self) -> bool:
        return not any(f.kind != NOTICE for f in self.findings)


@dataclass(frozen=True, slots=True)
class HandView:
    known: tuple[Card, ...]
    hidden: int

    @property
    def size(self) -> int:
        return len(self.known) + self.hidden


@dataclass(frozen=True, slots=True)
class MeldView:
    number: int
    owner: str
    cards: tuple[Card, ...]  # jokers carry their reading where one is fixed
    kind: str  # "set", "run" or "invalid"
    line: int


@dataclass(frozen=True, slots=True)
class TableView:
    """The table as it stood after a given line (``referee replay``)."""

    line: int
    hands: dict[str, HandView]
    melds: tuple[MeldView, ...]
    discard_top: Card | None
    discard_size: int
    stock_size: int
    down: tuple[str, ...]  # players who have gone down, with their bajada points
    bajadas: dict[str, int]
    out: tuple[str, ...]
    turn: str | None
    open_renuncias: tuple[Finding, ...]
    finished: bool
    winner: str | None
