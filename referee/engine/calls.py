"""Calls, amnesty and the missed-call cascade (docs/rules.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.notation.events import Call
from referee.results import CallRecord, Finding

if TYPE_CHECKING:
    from referee.engine.replay import Referee


def lapse(ref: Referee, name: str, line: int) -> None:
    """``name``'s turn starts: their open renuncias lapse (amnesty)."""
    for finding in ref.open.pop(name, []):
        ref.notice("amnesty", name, line, ref_line=finding.line, rule_lapsed=finding.rule,
                   renuncia_line=finding.line)
        ref.lapsed.setdefault(name, []).append(finding)


def judge_call(ref: Referee, ev: Call) -> None:
    caller, accused = ev.player, ev.accused
    target = ref.players[accused]
    open_ = ref.open.get(accused)
    if target.out:
        outcome = "unfounded"
        ref.notice("unfounded-call", caller, ev.line, key="unfounded-call:out", accused=accused)
    elif open_:
        outcome = "upheld"
        uphold(ref, caller, accused, open_[0], ev.line)
    elif ref.lapsed.get(accused):
        outcome = "void"
        first = ref.lapsed[accused][0]
        ref.notice("void-call", caller, ev.line, accused=accused, ref_line=first.line,
                   renuncia_line=first.line, rule_lapsed=first.rule)
    else:
        outcome = "unfounded"
        ref.notice("unfounded-call", caller, ev.line, accused=accused)
    ref.calls.append(CallRecord(ev.line, caller, accused, outcome))


def uphold(ref: Referee, caller: str, accused: str, renuncia: Finding, line: int) -> None:
    """Eliminate the offender, then (``MissedCallCascade``) everyone who let it pass."""
    missed: list[tuple[int, str]] = []
    if ref.rules.MissedCallCascade:
        seen = {caller, accused}
        for end_line, name in ref.turn_ends:
            if renuncia.line < end_line < line and name not in seen and not ref.players[name].out:
                seen.add(name)
                missed.append((end_line, name))
    ref.eliminate(accused, line, renuncia.rule)
    for end_line, name in missed:
        ref.findings.append(
            Finding("renuncia", "missed-call", name, end_line, "missed-call",
                    {"player": name, "accused": accused, "rule": renuncia.rule,
                     "renuncia_line": renuncia.line, "caller": caller},
                    ref_line=renuncia.line)
        )
        ref.eliminate(name, line, "missed-call")
