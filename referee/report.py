"""The audit report as pydantic models: the JSON contract of docs/report.md.

The engine works with plain dataclasses (:mod:`referee.engine.findings`); the models
here are built only at the boundary (the CLI's ``--json``, the HTTP API), by
:func:`build_report`. Finding messages are rendered once, in the language asked
for; rule ids never change with the language.

The CLI's ``audit`` builds the same report as plain dicts and streams it
(:mod:`referee.report_data`); the tests hold the two to the same output.

Contract notes (docs/report.md): fields may be added, never renamed or dropped;
``column`` and ``ref_line`` appear on a finding only when they have a value;
``winner`` and ``result_claimed`` are always present (null when unknown).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    RootModel,
    SerializerFunctionWrapHandler,
    model_serializer,
)

from referee.engine.findings import (
    LOG_ERROR,
    NOTICE,
    RENUNCIA,
    SYNTAX_ERROR,
    Finding,
    GameResult,
    TableView,
)

# Shared with the CLI's pydantic-free path (and re-exported from here).
from referee.report_data import LogDecodeError as LogDecodeError
from referee.report_data import decode_log as decode_log
from referee.report_data import finding_message, net_payments

FindingKind = Literal["renuncia", "log-error", "notice", "syntax-error"]
CallOutcome = Literal["upheld", "unfounded", "void"]

_OPTIONAL_FINDING_FIELDS = ("column", "ref_line")


class FindingModel(BaseModel):
    """One ruling: a renuncia, a log error, a notice or a syntax error."""

    model_config = ConfigDict(frozen=True)

    kind: FindingKind
    rule: str
    player: str | None
    line: int
    message: str
    column: int | None = None
    ref_line: int | None = None

    # No return annotation on purpose: with one, pydantic would describe the
    # serialized finding by it (a bare object) instead of by the fields above.
    @model_serializer(mode="wrap")
    def _drop_absent(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        data: dict[str, Any] = handler(self)
        for key in _OPTIONAL_FINDING_FIELDS:
            if data.get(key) is None:
                data.pop(key, None)
        return data


class CallModel(BaseModel):
    model_config = ConfigDict(frozen=True)

    line: int
    caller: str
    accused: str
    outcome: CallOutcome


class EliminationModel(BaseModel):
    model_config = ConfigDict(frozen=True)

    player: str
    line: int
    rule: str


class PaymentModel(BaseModel):
    model_config = ConfigDict(frozen=True)

    payer: str
    payee: str
    cards: int
    amount: int


class GameReport(BaseModel):
    """One game of the log, as audited."""

    index: int
    line: int
    ruleset: str | None
    tags: dict[str, str]
    rules: dict[str, Any]
    players: list[str]
    findings: list[FindingModel]
    calls: list[CallModel]
    eliminated: list[EliminationModel]
    finished: bool
    winner: str | None
    result_claimed: str | None
    hands: dict[str, int]
    settlement: list[PaymentModel]

    def count(self, kind: str) -> int:
        return sum(1 for f in self.findings if f.kind == kind)

    @property
    def clean(self) -> bool:
        """No renuncia, log error or syntax error (notices do not count)."""
        return all(f.kind == NOTICE for f in self.findings)


class SummaryModel(BaseModel):
    games: int
    clean: int
    renuncias: int
    log_errors: int
    syntax_errors: int


class Report(BaseModel):
    """The audit of one source (a file, standard input or an HTTP body)."""

    source: str
    games: list[GameReport]
    summary: SummaryModel

    @property
    def clean(self) -> bool:
        return all(game.clean for game in self.games)

    def exit_status(self) -> int:
        """docs/report.md: 0 every game clean, 1 a renuncia or log error, 2 a syntax error."""
        if self.summary.syntax_errors:
            return 2
        if self.summary.renuncias or self.summary.log_errors:
            return 1
        return 0

    def to_json(self, indent: int | None = 2) -> str:
        return self.model_dump_json(indent=indent)


class BatchReport(RootModel[list[Report]]):
    """Several sources audited together (``referee audit A B --json``): a JSON list."""


# --------------------------------------------------------------------------- building


def finding_model(finding: Finding, lang: str = "en") -> FindingModel:
    return FindingModel(
        kind=finding.kind,  # type: ignore[arg-type]
        rule=finding.rule,
        player=finding.player,
        line=finding.line,
        message=finding_message(finding, lang),
        column=finding.column,
        ref_line=finding.ref_line,
    )


def game_report(result: GameResult, lang: str = "en") -> GameReport:
    findings = sorted(result.findings, key=lambda f: f.line)  # stable: engine order on ties
    return GameReport(
        index=result.index,
        line=result.line,
        ruleset=result.ruleset,
        tags=dict(result.tags),
        rules=dict(result.rules),
        players=list(result.players),
        findings=[finding_model(f, lang) for f in findings],
        calls=[
            CallModel(line=c.line, caller=c.caller, accused=c.accused,
                      outcome=c.outcome)  # type: ignore[arg-type]
            for c in result.calls
        ],
        eliminated=[EliminationModel(player=e.player, line=e.line, rule=e.rule)
                    for e in result.eliminated],
        finished=result.finished,
        winner=result.winner,
        result_claimed=result.result_claimed,
        hands=dict(result.hands),
        settlement=[PaymentModel(payer=p.payer, payee=p.payee, cards=p.cards, amount=p.amount)
                    for p in result.settlement],
    )


def summarize(games: Sequence[GameReport]) -> SummaryModel:
    return SummaryModel(
        games=len(games),
        clean=sum(1 for g in games if g.clean),
        renuncias=sum(g.count(RENUNCIA) for g in games),
        log_errors=sum(g.count(LOG_ERROR) for g in games),
        syntax_errors=sum(g.count(SYNTAX_ERROR) for g in games),
    )


def build_report(source: str, results: Iterable[GameResult], lang: str = "en") -> Report:
    """The JSON report of docs/report.md for one source, messages rendered in ``lang``."""
    games = [game_report(r, lang) for r in results]
    return Report(source=source, games=games, summary=summarize(games))


def net_settlement(games: Iterable[GameReport]) -> list[tuple[str, str, int]]:
    """Who owes whom over several games, netted per pair of players.

    Returns ``(payer, payee, amount)`` with one entry per pair that still owes
    after the two directions cancel out, largest first.
    """
    return net_payments((p.payer, p.payee, p.amount) for game in games for p in game.settlement)


# --------------------------------------------------------------------------- replay


class HandModel(BaseModel):
    known: list[str]
    hidden: int
    size: int


class MeldModel(BaseModel):
    number: int
    owner: str
    kind: str
    cards: list[str]
    line: int


class TableModel(BaseModel):
    """The table after a given line (``referee replay --json``)."""

    line: int
    hands: dict[str, HandModel]
    melds: list[MeldModel]
    discard_top: str | None
    discard_size: int
    stock_size: int
    down: list[str]
    bajadas: dict[str, int]
    out: list[str]
    turn: str | None
    open_renuncias: list[FindingModel]
    finished: bool
    winner: str | None


def table_model(view: TableView, lang: str = "en") -> TableModel:
    return TableModel(
        line=view.line,
        hands={
            name: HandModel(known=[str(c) for c in hand.known], hidden=hand.hidden,
                            size=hand.size)
            for name, hand in view.hands.items()
        },
        melds=[
            MeldModel(number=m.number, owner=m.owner, kind=m.kind,
                      cards=[str(c) for c in m.cards], line=m.line)
            for m in view.melds
        ],
        discard_top=None if view.discard_top is None else str(view.discard_top),
        discard_size=view.discard_size,
        stock_size=view.stock_size,
        down=list(view.down),
        bajadas=dict(view.bajadas),
        out=list(view.out),
        turn=view.turn,
        open_renuncias=[finding_model(f, lang) for f in view.open_renuncias],
        finished=view.finished,
        winner=view.winner,
    )


# --------------------------------------------------------------------------- rules


class RuleModel(BaseModel):
    id: str
    kind: str
    text: str
    seed: str


class KnobModel(BaseModel):
    name: str
    default: Any
    help: str


class RulesetModel(BaseModel):
    name: str
    title: str
    supported: bool


class RulesCatalog(BaseModel):
    """Every rule id and every house-rule knob (``referee rules --json``, ``GET /v1/rules``)."""

    rules: list[RuleModel]
    knobs: list[KnobModel]
    rulesets: list[RulesetModel]


def knob_help(name: str, lang: str = "en") -> str:
    """A knob's help line in ``lang`` (catalog :mod:`referee.i18n.knobs`)."""
    from referee.messages import render

    return render(f"report.knob.{name}", None, lang)


def rules_catalog(lang: str = "en") -> RulesCatalog:
    from referee.rulebook import RULES
    from referee.variants import REGISTRY
    from referee.variants.knobs import KNOBS
    from referee.variants.la51.knobs import Rules51

    defaults: Mapping[str, Any] = REGISTRY["51"].config_json(Rules51())
    return RulesCatalog(
        rules=[RuleModel(id=r.id, kind=r.kind, text=r.text(lang), seed=r.seed) for r in RULES],
        knobs=[KnobModel(name=name, default=defaults.get(name), help=knob_help(name, lang))
               for name in KNOBS],
        rulesets=[RulesetModel(name=rs.name, title=rs.title, supported=rs.name == "51")
                  for rs in REGISTRY.values()],
    )
