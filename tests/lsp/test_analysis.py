"""The language server's analysis: after any edit, the findings ``referee audit`` gives
for the whole text, though only what changed was read and audited again."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from referee.audit import audit_text
from referee.lsp.analysis import Analysis, shift_finding
from referee.notation.reader import read_games
from referee.report.model import finding_data
from referee.sim import simulate_text
from tests.lsp import DATA, FRIDAY, LOGS

CORPUS = sorted([*DATA.glob("*.rummy"), *LOGS.glob("*.rummy"), *(LOGS / "torneo").glob("*.rummy")])
CORPUS = [p for p in CORPUS if p.name != "not-utf8.rummy"]


def full(text: str) -> list[list[dict[str, Any]]]:
    """What ``referee audit`` finds, game by game (the report's order)."""
    return [[dict(finding_data(f)) for f in sorted(r.findings, key=lambda f: f.line)]
            for r in audit_text(text)]


def incremental(analysis: Analysis) -> list[list[dict[str, Any]]]:
    return [[dict(finding_data(f)) for f in sorted(g.findings, key=lambda f: f.line)]
            for g in analysis.games]


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_the_analysis_finds_what_the_audit_finds(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    analysis = Analysis(str(path))
    analysis.update(text)
    assert incremental(analysis) == full(text)
    assert [analysis.record(g) for g in analysis.games] == read_games(text, str(path))


def edit(text: str, rng: random.Random) -> str:
    """One random edit of the kind typing makes: a line added, dropped, changed, doubled,
    a tag moved after the events, a game's tags dropped."""
    lines = text.split("\n")
    at = rng.randrange(len(lines))
    kind = rng.randrange(7)
    if kind == 0:
        lines.insert(at, rng.choice(["", "# a comment", "Ana draw 7h", "[Result \"Ana\"]"]))
    elif kind == 1 and len(lines) > 1:
        del lines[at]
    elif kind == 2:
        lines[at] = lines[at] + rng.choice([" ", "x", " 7h", "#"])
    elif kind == 3:
        lines.insert(at, lines[at])
    elif kind == 4:
        lines[at] = lines[at][: rng.randrange(len(lines[at]) + 1)]
    elif kind == 5:
        lines.append(rng.choice(['[Result "Lucía"]', '[Game "51"]']))
    else:
        lines[at] = lines[at].replace("discard", rng.choice(["discrad", "draw", "call"]), 1)
    return "\n".join(lines)


@pytest.mark.parametrize("path", [FRIDAY, DATA / "night.rummy", LOGS / "argentino-domingo.rummy",
                                  LOGS / "noche-completa.rummy", DATA / "eliminations-4p.rummy"],
                         ids=lambda p: p.name)
def test_after_every_edit_the_analysis_still_finds_what_the_audit_finds(path: Path) -> None:
    rng = random.Random(path.name)
    text = path.read_text(encoding="utf-8")
    analysis = Analysis(str(path))
    analysis.update(text)
    for _ in range(60):
        text = edit(text, rng)
        analysis.update(text)
        assert incremental(analysis) == full(text), text


def test_a_line_added_above_moves_the_findings_and_their_line_numbers() -> None:
    text = FRIDAY.read_text(encoding="utf-8")
    analysis = Analysis()
    analysis.update(text)
    work = analysis.update("# one more line\n" + text)
    assert work.audited == 0  # moved, not audited again
    missed = next(f for _, f in analysis.findings() if f.rule == "missed-call")
    assert (missed.line, missed.ref_line, missed.params["renuncia_line"]) == (31, 29, 29)
    assert "line 29" in missed.message()


def test_shift_finding_rewrites_a_syntax_errors_english_message() -> None:
    text = '[Game "51"]\n[Players "Ana Beto"]\n[Game "51"]\n\nAna discard 2s\n'
    finding = audit_text(text)[0].findings[0]
    assert finding.params["first"] == 1
    moved = shift_finding(finding, 5)
    assert (moved.line, moved.params["first"]) == (8, 6)
    assert "6" in moved.params["message"] and moved.params["context"] == finding.params["context"]


def test_one_changed_51_game_is_the_only_one_read_and_audited_again() -> None:
    text = simulate_text("51", 30, (2, 6), 3)
    analysis = Analysis()
    first = analysis.update(text)
    assert (first.read, first.audited, first.games) == (30, 30, 30)
    lines = text.split("\n")
    game = analysis.games[14]
    lines[game.end_line - 3] += "  # a note"
    work = analysis.update("\n".join(lines))
    assert work.read == 1
    assert work.audited <= 2  # the game, and the one before (tags after its events)
    assert incremental(analysis) == full("\n".join(lines))


def test_a_change_in_an_argentino_hand_audits_the_later_hands_of_its_match() -> None:
    text = simulate_text("rummy-argentino", 1, (3, 3), 4, matches=True)
    analysis = Analysis()
    analysis.update(text)
    hands = len(analysis.games)
    assert hands >= 3
    lines = text.split("\n")
    first = analysis.games[0]
    target = next(n for n in range(first.first_line, first.end_line)
                  if " discard " in lines[n - 1])
    lines[target - 1] = lines[target - 1].split(" discard ")[0] + " discard JK"
    changed = "\n".join(lines)
    work = analysis.update(changed)
    assert work.audited > 1  # the match's totals changed: the later hands too
    assert incremental(analysis) == full(changed)
