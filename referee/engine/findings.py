"""What an audit produces, as plain dataclasses: the one place the finding kinds are defined.

Findings keep a message key and its parameters rather than a rendered sentence,
so the same finding reads in English or Spanish (:mod:`referee.messages`). The
report (:mod:`referee.report`) is built from these.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

RENUNCIA = "renuncia"  # a player's infraction
LOG_ERROR = "log-error"  # the record itself is impossible
NOTICE = "notice"  # worth saying, no penalty
SYNTAX_ERROR = "syntax-error"  # a line that does not follow the notation

KINDS = (RENUNCIA, LOG_ERROR, NOTICE, SYNTAX_ERROR)


@dataclass(frozen=True, slots=True)
class Finding:
    """One ruling on a line: its kind, rule id, player and message key."""

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


Rulings = tuple[Finding, ...]
"""What a rule function returns: its findings, usually none (``()``) or one."""


@dataclass(frozen=True, slots=True)
class CallRecord:
    """A ``call`` and how it was judged."""

    line: int
    caller: str
    accused: str
    outcome: str  # "upheld", "unfounded" or "void"
    ref_line: int | None = None  # the renuncia it concerns (upheld) or that had lapsed (void)


@dataclass(frozen=True, slots=True)
class Elimination:
    """A player put out of the game, where and by which renuncia."""

    player: str
    line: int
    rule: str  # the renuncia that put them out (missed-call for the cascade)


@dataclass(frozen=True, slots=True)
class Payment:
    """What one player owes another at the end of a game."""

    payer: str
    payee: str
    cards: int
    amount: int


@dataclass(frozen=True, slots=True)
class HandScore:
    """One player's score for a hand of Rummy argentino (docs/argentino.md, scoring)."""

    player: str
    laid: int
    in_hand: int
    bonus: int
    penalty: int

    @property
    def total(self) -> int:
        return self.laid - self.in_hand + self.bonus - self.penalty


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """Where a hand stands in its match (Rummy argentino)."""

    name: str | None  # the Match tag
    hand: int  # the hand's position in its match, from 1
    over: bool  # some total has reached Target
    winner: str | None = None  # the match's winner, once over (None on a tie)
    tied: tuple[str, ...] = ()  # equal highest totals, once over


@dataclass(slots=True)
class GameResult:
    """Everything the audit of one game found: the report is made from it."""

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
    # Rummy argentino only (``match`` is None for 51, and the report then leaves these out).
    match: MatchInfo | None = None
    scores: list[HandScore] = field(default_factory=list)  # [] when the hand has no scores
    standings: dict[str, int] | None = None  # match totals after the hand; None: unknown
    en_ley: tuple[str, ...] = ()  # players who entered the hand en ley

    @property
    def clean(self) -> bool:
        return not any(f.kind != NOTICE for f in self.findings)
