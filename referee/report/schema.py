"""The JSON report's types: docs/report.md's contract as typed dicts.

:mod:`referee.report.model` builds these dicts; the API validates and documents them
with pydantic, which on Python 3.11 needs ``typing_extensions.TypedDict``. Only the API
and the type checker import this module: the CLI builds and writes the same dicts
without paying for ``typing_extensions`` at start-up (docs/performance.md).

:class:`GameData` holds the fields every game has; a game's own fields (argentino's
``match``, ``scores``...) are its :meth:`~referee.engine.game.Variant.report_schema`.
:func:`documented_report` is the report with every registered game's fields, as the
API documents and validates it.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, get_origin, get_type_hints

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


def _fields(typed: Any, optional: bool = False) -> dict[str, Any]:
    """A typed dict's fields and their types, ``NotRequired`` kept (every field made so
    with ``optional``)."""
    hints = get_type_hints(typed, include_extras=True)
    if not optional:
        return hints
    return {name: hint if get_origin(hint) is NotRequired else NotRequired[hint]
            for name, hint in hints.items()}


def documented_report() -> Any:
    """:class:`ReportData` whose games hold every registered game's own fields (each
    optional): what the API documents and validates (a ``TypedDict`` made here)."""
    from referee.games import registry

    games = registry()

    def build() -> Any:
        fields = _fields(GameData)
        for game in games.games.values():
            own = game.report_schema()
            if own is not None:
                fields.update({k: v for k, v in _fields(own, optional=True).items()
                               if k not in fields})
        make: Any = TypedDict  # the functional form, with fields known only here
        game_data: Any = make("GameData", fields)
        game_data.__doc__ = GameData.__doc__
        report = _fields(ReportData)
        report["games"] = list[game_data]
        report_data: Any = make("ReportData", report)
        report_data.__doc__ = ReportData.__doc__
        return report_data

    return games.memo("report-schema", build)
