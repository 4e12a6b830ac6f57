"""What an audit produces, as plain dataclasses: the one place the finding kinds are defined.

Findings keep a message key and its parameters rather than a rendered sentence,
so the same finding reads in English or Spanish (:mod:`referee.messages`). The
report (:mod:`referee.report`) is built from these. A rule function makes its
findings with :func:`renuncia` and :func:`finding` and returns them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.engine.game import GameExtras

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


def finding(kind: str, rule: str, player: str | None, line: int, key: str | None = None,
            ref_line: int | None = None, **params: Any) -> Finding:
    """A finding of ``rule`` (its message key is ``key`` or the rule id)."""
    return Finding(kind, rule, player, line, key or rule, {"player": player, **params},
                   ref_line=ref_line)


def renuncia(rule: str, player: str, line: int, key: str | None = None,
             **params: Any) -> Finding:
    """A player's infraction: what a rule function returns."""
    return Finding(RENUNCIA, rule, player, line, key or rule, {"player": player, **params})


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


@dataclass(slots=True)
class GameResult:
    """Everything the audit of one game found: the report is made from it.

    The fields every game has (docs/report.md: ``calls``, ``eliminated`` and
    ``settlement`` are empty for a game with no calls, eliminations or money), and
    the game's own result object (``extras``: argentino's match and scores), whose
    ``report_fields()`` the report adds after them.
    """

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
    extras: GameExtras | None = None  # the game's own result (None: nothing of its own)

    @property
    def clean(self) -> bool:
        return not any(f.kind != NOTICE for f in self.findings)
