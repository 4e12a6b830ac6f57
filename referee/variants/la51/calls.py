"""Calls, amnesty and the missed-call cascade: ``missed-call``, ``unfounded-call``,
``amnesty``, ``void-call`` (docs/rules.md, calls).

Rule functions: they read who has open and lapsed renuncias and whose turns ended
when, and return findings and the call's outcome; eliminating players is the
referee's (:mod:`referee.variants.la51.referee`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass, field

from referee.engine.findings import NOTICE, RENUNCIA, Finding, finding
from referee.notation.events import Call


def amnesty(name: str, line: int, lapsing: Sequence[Finding]) -> list[Finding]:
    """``name``'s turn starts: their open renuncias lapse."""
    return [finding(NOTICE, "amnesty", name, line, ref_line=f.line, rule_lapsed=f.rule,
                    renuncia_line=f.line) for f in lapsing]


@dataclass(slots=True)
class CallVerdict:
    """What a call comes to: its outcome, its notice, and for an upheld call the
    renuncia and the players who let it pass (with the line where their turn ended)."""

    outcome: str  # "upheld", "unfounded" or "void"
    findings: list[Finding] = field(default_factory=list)
    renuncia: Finding | None = None
    missed: list[tuple[int, str]] = field(default_factory=list)


def judge_call(ev: Call, accused_out: bool, open_: Mapping[str, Sequence[Finding]],
               lapsed: Mapping[str, Sequence[Finding]], turn_ends: Sequence[tuple[int, str]],
               out: Set[str], cascade: bool) -> CallVerdict:
    """``ev.player`` calls ``ev.accused``: upheld, void (the renuncia has lapsed) or
    unfounded."""
    caller, accused = ev.player, ev.accused
    if accused_out:
        return CallVerdict("unfounded", [finding(NOTICE, "unfounded-call", caller, ev.line,
                                                 "unfounded-call:out", accused=accused)])
    open_found = open_.get(accused)
    if open_found:
        first = open_found[0]
        missed = _missed(caller, accused, first, ev.line, turn_ends, out) if cascade else []
        return CallVerdict("upheld", [], first, missed)
    lapsed_found = lapsed.get(accused)
    if lapsed_found:
        first = lapsed_found[0]
        return CallVerdict("void", [finding(NOTICE, "void-call", caller, ev.line,
                                            ref_line=first.line, accused=accused,
                                            renuncia_line=first.line, rule_lapsed=first.rule)])
    return CallVerdict("unfounded", [finding(NOTICE, "unfounded-call", caller, ev.line,
                                             accused=accused)])


def _missed(caller: str, accused: str, found: Finding, line: int,
            turn_ends: Sequence[tuple[int, str]], out: Set[str]) -> list[tuple[int, str]]:
    """Every other player whose turn ended after the renuncia and before the call."""
    seen = {caller, accused}
    missed: list[tuple[int, str]] = []
    for end_line, name in turn_ends:
        if found.line < end_line < line and name not in seen and name not in out:
            seen.add(name)
            missed.append((end_line, name))
    return missed


def missed_call(name: str, end_line: int, caller: str, accused: str,
                found: Finding) -> Finding:
    """``name`` let ``accused``'s renuncia pass: their turn ended at ``end_line``."""
    return Finding(RENUNCIA, "missed-call", name, end_line, "missed-call",
                   {"player": name, "accused": accused, "rule": found.rule,
                    "renuncia_line": found.line, "caller": caller},
                   ref_line=found.line)
