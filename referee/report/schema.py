"""The JSON report's types: docs/report.md's contract as typed dicts.

:mod:`referee.report.model` builds these dicts; the API validates and documents them
with pydantic, which on Python 3.11 needs ``typing_extensions.TypedDict``. Only the API
and the type checker import this module: the CLI builds and writes the same dicts
without paying for ``typing_extensions`` at start-up (docs/performance.md).
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired

from typing_extensions import TypedDict

FindingKind = Literal["renuncia", "log-error", "notice", "syntax-error"]
CallOutcome = Literal["upheld", "unfounded", "void"]


class FindingData(TypedDict):
    """One ruling: a renuncia, a log error, a notice or a syntax error."""

    kind: FindingKind
    rule: str
    player: str | None
    line: int
    message: str
    column: NotRequired[int]
    ref_line: NotRequired[int]


class CallData(TypedDict):
    line: int
    caller: str
    accused: str
    outcome: CallOutcome


class EliminationData(TypedDict):
    player: str
    line: int
    rule: str


class PaymentData(TypedDict):
    payer: str
    payee: str
    cards: int
    amount: int


class ScoreData(TypedDict):
    """A player's score for a hand of Rummy argentino."""

    player: str
    laid: int
    in_hand: int
    bonus: int
    penalty: int
    total: int


class MatchData(TypedDict):
    """Where a hand of Rummy argentino stands in its match."""

    name: str | None
    hand: int
    over: bool
    winner: str | None
    tied: list[str]


class GameData(TypedDict):
    """One game (a hand, in argentino) of the log, as audited."""

    index: int
    line: int
    ruleset: str | None
    tags: dict[str, str]
    rules: dict[str, Any]
    players: list[str]
    findings: list[FindingData]
    calls: list[CallData]
    eliminated: list[EliminationData]
    finished: bool
    winner: str | None
    result_claimed: str | None
    hands: dict[str, int]
    settlement: list[PaymentData]
    match: NotRequired[MatchData]
    scores: NotRequired[list[ScoreData]]
    standings: NotRequired[dict[str, int] | None]
    en_ley: NotRequired[list[str]]


class SummaryData(TypedDict):
    games: int
    clean: int
    renuncias: int
    log_errors: int
    syntax_errors: int


class DebtData(TypedDict):
    """What one player owes another over several games, netted."""

    payer: str
    payee: str
    amount: int


class ReportData(TypedDict):
    """The audit of one source (a file, standard input or an HTTP body).

    ``night`` appears when the source holds several games: the settlement of all its
    games, netted per pair of players (:func:`~referee.report.model.net_payments`;
    empty when nobody owes).
    """

    source: str
    games: list[GameData]
    night: NotRequired[list[DebtData]]
    summary: SummaryData
