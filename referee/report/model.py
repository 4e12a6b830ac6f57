"""The audit report: the one model the JSON, the API and the human report are made from.

docs/report.md's JSON contract, as typed dicts (declared in
:mod:`referee.report.schema`) built by :func:`game_data` from an audit's plain
results (:mod:`referee.engine.findings`). The JSON writer
(:mod:`referee.report.json`) writes them as they are; the CLI draws the human
report from them (:mod:`referee.cli.render`); the API validates and documents
them with pydantic at its boundary. Finding messages are rendered once, in the
language asked for; rule ids never change with the language.

Contract notes: fields may be added, never renamed or dropped; ``column`` and
``ref_line`` appear on a finding only when they have a value; ``winner`` and
``result_claimed`` are always present (null when unknown); a game's own fields
come after the common ones, as its result object gives them
(:meth:`~referee.engine.game.GameExtras.report_fields`: a Rummy argentino game adds
``match``, ``scores``, ``standings`` and ``en_ley``); a report of several games adds
``night`` (their settlement, netted).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referee.engine.findings import (
    LOG_ERROR,
    NOTICE,
    RENUNCIA,
    SYNTAX_ERROR,
    Finding,
    GameResult,
)

if TYPE_CHECKING:  # the contract's types (referee.report.schema): the API's at run time
    from referee.report.schema import (
        DebtData,
        FindingData,
        GameData,
        ReportData,
        SummaryData,
    )

# --------------------------------------------------------------------------- building


def finding_message(finding: Finding, lang: str = "en") -> str:
    """The finding's sentence in ``lang``.

    A syntax error whose message key no catalog knows falls back to the reader's
    own words (``params["message"]``) rather than printing the raw key.
    """
    from referee.messages import entry_of

    if "message" in finding.params and entry_of(finding.key) is None:
        return str(finding.params["message"])
    return finding.message(lang)


def finding_data(finding: Finding, lang: str = "en") -> FindingData:
    data: FindingData = {
        "kind": finding.kind,  # type: ignore[typeddict-item]
        "rule": finding.rule,
        "player": finding.player,
        "line": finding.line,
        "message": finding_message(finding, lang),
    }
    if finding.column is not None:
        data["column"] = finding.column
    if finding.ref_line is not None:
        data["ref_line"] = finding.ref_line
    return data


def game_data(result: GameResult, lang: str = "en") -> GameData:
    """One game of the report."""
    findings = sorted(result.findings, key=lambda f: f.line)  # stable: engine order on ties
    game: GameData = {
        "index": result.index,
        "line": result.line,
        "ruleset": result.ruleset,
        "tags": dict(result.tags),
        "rules": dict(result.rules),
        "players": list(result.players),
        "findings": [finding_data(f, lang) for f in findings],
        "calls": [{"line": c.line, "caller": c.caller, "accused": c.accused,
                   "outcome": c.outcome}  # type: ignore[typeddict-item]
                  for c in result.calls],
        "eliminated": [{"player": e.player, "line": e.line, "rule": e.rule}
                       for e in result.eliminated],
        "finished": result.finished,
        "winner": result.winner,
        "result_claimed": result.result_claimed,
        "hands": dict(result.hands),
        "settlement": [{"payer": p.payer, "payee": p.payee, "cards": p.cards,
                        "amount": p.amount} for p in result.settlement],
    }
    extras = result.extras
    if extras is not None:
        game.update(extras.report_fields())  # type: ignore[typeddict-item]
    return game


def is_judged(game: Mapping[str, Any]) -> bool:
    """Whether the game was judged. One whose tags hold a syntax error is not (RULES.md
    §14): the house rules it was played under are not known, so its ``rules`` are
    empty, and it holds its syntax errors only (:func:`referee.engine.audit.judged`)."""
    return bool(game["rules"])


def count(game: Mapping[str, Any], kind: str) -> int:
    return sum(1 for f in game["findings"] if f["kind"] == kind)


def is_clean(game: Mapping[str, Any]) -> bool:
    """No renuncia, log error or syntax error (notices do not count)."""
    return all(f["kind"] == NOTICE for f in game["findings"])


@dataclass(slots=True)
class Summary:
    """The report's ``summary``, counted game by game."""

    games: int = 0
    clean: int = 0
    renuncias: int = 0
    log_errors: int = 0
    syntax_errors: int = 0

    def add(self, game: Mapping[str, Any]) -> None:
        self.games += 1
        self.clean += is_clean(game)
        self.renuncias += count(game, RENUNCIA)
        self.log_errors += count(game, LOG_ERROR)
        self.syntax_errors += count(game, SYNTAX_ERROR)

    def as_dict(self) -> SummaryData:
        return {"games": self.games, "clean": self.clean, "renuncias": self.renuncias,
                "log_errors": self.log_errors, "syntax_errors": self.syntax_errors}

    def exit_status(self) -> int:
        """docs/report.md: 0 every game clean, 1 a renuncia or log error, 2 a syntax error."""
        if self.syntax_errors:
            return 2
        if self.renuncias or self.log_errors:
            return 1
        return 0


def build_report(source: str, results: Iterable[GameResult], lang: str = "en") -> ReportData:
    """The whole report of one source, held in memory (the API's, the tests')."""
    games = [game_data(r, lang) for r in results]
    summary = Summary()
    for game in games:
        summary.add(game)
    if len(games) > 1:  # the keys in the order the JSON writer writes them
        return {"source": source, "games": games, "night": night_data(games),
                "summary": summary.as_dict()}
    return {"source": source, "games": games, "summary": summary.as_dict()}


def payments_of(game: Mapping[str, Any]) -> list[tuple[str, str, int]]:
    """A game's settlement as ``(payer, payee, amount)``."""
    return [(p["payer"], p["payee"], p["amount"]) for p in game["settlement"]]


def night_data(games: Iterable[Mapping[str, Any]]) -> list[DebtData]:
    """The report's ``night``: every game's settlement, netted per pair of players."""
    payments = [payment for game in games for payment in payments_of(game)]
    return debts(net_payments(payments))


def debt(payer: str, payee: str, amount: int) -> DebtData:
    """One debt of the night, as the report writes it."""
    return {"payer": payer, "payee": payee, "amount": amount}


def debts(netted: Iterable[tuple[str, str, int]]) -> list[DebtData]:
    return [debt(*owed) for owed in netted]


def exit_status(report: ReportData) -> int:
    s = report["summary"]
    if s["syntax_errors"]:
        return 2
    return 1 if s["renuncias"] or s["log_errors"] else 0


def net_payments(payments: Iterable[tuple[str, str, int]]) -> list[tuple[str, str, int]]:
    """Who owes whom over several games, netted per pair of players.

    ``payments`` are ``(payer, payee, amount)``; the result has one entry per pair
    that still owes after the two directions cancel out, largest first.
    """
    owed: dict[tuple[str, str], int] = {}
    for payer, payee, amount in payments:
        if payer != payee and amount:
            owed[(payer, payee)] = owed.get((payer, payee), 0) + amount
    netted: list[tuple[str, str, int]] = []
    done: set[frozenset[str]] = set()
    for (payer, payee), amount in owed.items():
        pair = frozenset((payer, payee))
        if pair in done:
            continue
        done.add(pair)
        net = amount - owed.get((payee, payer), 0)
        if net > 0:
            netted.append((payer, payee, net))
        elif net < 0:
            netted.append((payee, payer, -net))
    netted.sort(key=lambda t: (-t[2], t[0], t[1]))
    return netted
