"""Findings as LSP diagnostics: the audit's own findings, one diagnostic each.

Severity by kind: a syntax error or a log error is an error, a renuncia a warning, a
notice information. The code is the rule id, its ``codeDescription`` the rule's page
on the docs site (:func:`referee.lsp.locale.rule_link`); the message is the
finding's, as ``referee audit`` words it, then the rule's text. A syntax error or a
notice stands at its column, on its word; anything else on its line's statement. A
``missed-call`` points at the renuncia let pass (``relatedInformation``). A finding
whose message says "did you mean ...?" carries its quick fix (:class:`Fix`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from lsprotocol import types as lsp

from referee.engine.findings import LOG_ERROR, NOTICE, RENUNCIA, SYNTAX_ERROR, Finding
from referee.lsp.analysis import Game
from referee.lsp.cursor import PLAYER, spots
from referee.lsp.lines import Lines, word_at
from referee.lsp.locale import Settings, rule_link
from referee.messages import render
from referee.report.model import finding_message
from referee.rulebook import get as get_rule

SOURCE = "referee"
SEVERITY = {
    SYNTAX_ERROR: lsp.DiagnosticSeverity.Error,
    LOG_ERROR: lsp.DiagnosticSeverity.Error,
    RENUNCIA: lsp.DiagnosticSeverity.Warning,
    NOTICE: lsp.DiagnosticSeverity.Information,
}
# Message keys with a "did you mean": the parameter naming the word written, the one
# meant, and whether the word stands at the finding's column (else: a player's name).
HINTS: dict[str, tuple[str, str]] = {
    "unknown-event-word:hint": ("word", "hint"),
    "unknown-setup-word:hint": ("word", "hint"),
    "unknown-tag": ("tag", "hint"),
    "unknown-tag:result": ("tag", "hint"),
    "missing-tag:hint": ("hint", "tag"),
    "card-case": ("word", "card"),
    "unknown-player:hint": ("name", "hint"),
}


@dataclass(frozen=True, slots=True)
class Fix:
    """A quick fix: write ``new`` over ``old`` at ``range``, for ``diagnostic``."""

    diagnostic: lsp.Diagnostic
    range: lsp.Range
    old: str
    new: str


def diagnostics(games: Iterable[Game], lines: Lines, uri: str,
                settings: Settings) -> tuple[list[lsp.Diagnostic], list[Fix]]:
    """Every finding of ``games`` as a diagnostic, and the quick fixes among them."""
    out: list[lsp.Diagnostic] = []
    fixes: list[Fix] = []
    for game in games:
        for finding in game.findings:
            diagnostic = diagnostic_of(finding, game.ruleset, lines, uri, settings)
            out.append(diagnostic)
            fix = fix_of(finding, diagnostic, lines)
            if fix is not None:
                fixes.append(fix)
    return out, fixes


def finding_range(finding: Finding, lines: Lines) -> lsp.Range:
    if finding.column is None:
        return lines.statement(finding.line)
    start, end = word_at(lines.text(finding.line), finding.column - 1)
    return lines.span(finding.line, start, end)


def diagnostic_of(finding: Finding, ruleset: str | None, lines: Lines, uri: str,
                  settings: Settings) -> lsp.Diagnostic:
    lang = settings.lang
    message = finding_message(finding, lang)
    rule = get_rule(finding.rule)
    if rule is not None:
        message += "\n" + rule.text(lang)
    related = None
    if finding.ref_line is not None:
        related = [lsp.DiagnosticRelatedInformation(
            lsp.Location(uri, lines.statement(finding.ref_line)),
            render("lsp.related.renuncia", {"accused": finding.params.get("accused", "?"),
                                            "rule": finding.params.get("rule", "?")}, lang))]
    return lsp.Diagnostic(
        range=finding_range(finding, lines), message=message,
        severity=SEVERITY.get(finding.kind, lsp.DiagnosticSeverity.Error),
        code=finding.rule, source=SOURCE,
        code_description=lsp.CodeDescription(href=rule_link(settings.docs_url, ruleset,
                                                             finding.rule)),
        related_information=related, data={"key": finding.key, "kind": finding.kind})


def fix_of(finding: Finding, diagnostic: lsp.Diagnostic, lines: Lines) -> Fix | None:
    """The quick fix of a finding that says what was meant, if it has one."""
    names = HINTS.get(finding.key)
    if names is None:
        return None
    old, new = (str(finding.params.get(name, "")) for name in names)
    if not old or not new or old == new:
        return None
    text = lines.text(finding.line)
    place = _place(finding, text, old)
    if place is None:
        return None
    return Fix(diagnostic, lines.span(finding.line, place, place + len(old)), old, new)


def _place(finding: Finding, text: str, old: str) -> int | None:
    """Where the word ``old`` starts on the finding's line."""
    if finding.key == "unknown-player:hint":
        for start, _, word in spots(text):
            if word.kind == PLAYER and word.word == old:
                return start
        return None
    if finding.column is None:
        return None
    at = text.find(old, finding.column - 1)
    return None if at < 0 else at
