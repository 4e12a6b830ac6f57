"""A call's ruling, as the table hears it (RULING in docs/cli-api.md, live tables).

Made from the replay's result alone: the call (its line and outcome), the
renuncia it concerns (the one upheld, or the one that had lapsed for a void
call), everyone the call put out (the accused first, then the cascade) with the
renuncia that put each out, and a sentence in the table's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.engine.findings import NOTICE, RENUNCIA, CallRecord, Finding, GameResult
from referee.messages import render
from referee.report.model import finding_data, finding_message

UPHELD = "upheld"


def _renuncia(result: GameResult, player: str, rule: str | None,
              line: int | None) -> Finding | None:
    """``player``'s renuncia at ``line`` (the accused's), or the one of ``rule`` that
    points at ``line`` (a missed call points at the renuncia it let pass)."""
    for found in result.findings:
        if found.kind != RENUNCIA or found.player != player:
            continue
        if found.line == line and (rule is None or found.rule == rule):
            return found
        if rule is not None and found.rule == rule and found.ref_line == line:
            return found
    return None


def _notice(result: GameResult, call: CallRecord) -> Finding | None:
    """The notice a call left at its line (unfounded, void)."""
    return next((f for f in result.findings if f.kind == NOTICE and f.line == call.line
                 and f.player == call.caller), None)


def ruling(result: GameResult, call: CallRecord, seqs: Mapping[int, int],
           lang: str) -> dict[str, Any]:
    """The ruling on ``call``; ``seqs`` maps an event's line to its change's seq."""
    out = [e for e in result.eliminated if e.line == call.line] if call.outcome == UPHELD \
        else []
    renuncias: list[Finding] = []
    if call.outcome == UPHELD:
        first = next((e for e in out if e.player == call.accused), None)
        concerned = _renuncia(result, call.accused, None if first is None else first.rule,
                              call.ref_line)
        if concerned is not None:
            renuncias.append(concerned)
        for gone in out:
            if gone.player != call.accused:
                missed = _renuncia(result, gone.player, gone.rule, call.ref_line)
                if missed is not None:
                    renuncias.append(missed)
    elif call.ref_line is not None:
        lapsed = _renuncia(result, call.accused, None, call.ref_line)
        if lapsed is not None:
            renuncias.append(lapsed)
    names = [e.player for e in out]
    return {
        "seq": seqs.get(call.line), "line": call.line, "caller": call.caller,
        "accused": call.accused, "outcome": call.outcome,
        "renuncias": [finding_data(f, lang) for f in renuncias],
        "eliminated": names,
        "message": _message(result, call, renuncias, names, lang),
    }


def _message(result: GameResult, call: CallRecord, renuncias: list[Finding],
             names: list[str], lang: str) -> str:
    if call.outcome != UPHELD:
        notice = _notice(result, call)
        if notice is not None:
            return finding_message(notice, lang)
        return render(f"live.ruling.{call.outcome}",
                      {"caller": call.caller, "accused": call.accused}, lang)
    what = finding_message(renuncias[0], lang) if renuncias else ""
    message = render("live.ruling.upheld", {"caller": call.caller, "accused": call.accused,
                                            "renuncia": what}, lang)
    others = [name for name in names if name != call.accused]
    if others:
        message += " " + render("live.ruling.cascade", {"players": ", ".join(others)}, lang)
    return message


def rulings(result: GameResult, seqs: Mapping[int, int], lang: str) -> list[dict[str, Any]]:
    """Every call of the hand, ruled, in order."""
    return [ruling(result, call, seqs, lang) for call in result.calls]
