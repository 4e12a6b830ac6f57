"""Golden tests: the shared example logs and the worked example of NOTATION.md / REPORT.md.

Each ``/work/shared/examples/NAME.rummy`` is audited in-process and compared with
``NAME.expect.json`` the way ``examples/check.py`` compares a CLI report:
renuncia and log-error findings as a multiset of (kind, rule, player, line),
the eliminated players in order, finished, winner, the settlement as a set of
(payer, payee, amount) and, where listed, the calls; for Rummy argentino, the
scores, standings and match (the hands of a file audited in order, as one series).
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from pathlib import Path

import pytest

from referee.audit import audit_records
from referee.engine.findings import LOG_ERROR, NOTICE, RENUNCIA, SYNTAX_ERROR, GameResult
from tests.variants.la51 import audit, read

SHARED = Path(os.environ.get("REFEREE_SHARED", "/work/shared"))
EXAMPLES = SHARED / "examples"
NOTATION = SHARED / "spec" / "NOTATION.md"
REPORT = SHARED / "spec" / "REPORT.md"

NAMES = sorted(p.stem for p in EXAMPLES.glob("*.rummy")) if EXAMPLES.is_dir() else []


def _key(kind, rule, player, line):
    return (kind, rule, player, line)


# As check.py compares: renuncias and log errors with their player; syntax errors (a bad
# card, a knob with a bad value) and the notices knob-not-applicable without it.
def _is_compared(kind, rule):
    return kind in (RENUNCIA, LOG_ERROR, SYNTAX_ERROR) or (kind, rule) == (
        NOTICE, "knob-not-applicable")


def _compared(kind, rule, player, line):
    return _key(kind, rule, player if kind in (RENUNCIA, LOG_ERROR) else None, line)


@pytest.mark.skipif(not NAMES, reason="no shared examples folder")
@pytest.mark.parametrize("name", NAMES or ["-"])
def test_example(name):
    text = (EXAMPLES / f"{name}.rummy").read_text(encoding="utf-8")
    expect = json.loads((EXAMPLES / f"{name}.expect.json").read_text(encoding="utf-8"))
    records = read(text, f"{name}.rummy")
    assert len(records) == len(expect["games"])
    results = list(audit_records(records))
    for result, exp in zip(results, expect["games"], strict=True):
        got = Counter(_compared(f.kind, f.rule, f.player, f.line) for f in result.findings
                      if _is_compared(f.kind, f.rule))
        want = Counter(_compared(f["kind"], f["rule"], f["player"], f["line"])
                       for f in exp["findings"])
        assert got == want, f"missing {want - got}, unexpected {got - want}"
        assert [e.player for e in result.eliminated] == exp["eliminated"]
        assert result.finished == exp["finished"]
        assert result.winner == exp["winner"]
        assert {(p.payer, p.payee, p.amount) for p in result.settlement} == {
            (s["payer"], s["payee"], s["amount"]) for s in exp["settlement"]
        }
        assert len(result.settlement) == len(exp["settlement"])
        if "calls" in exp:
            assert Counter(
                (c.line, c.caller, c.accused, c.outcome) for c in result.calls
            ) == Counter((c["line"], c["caller"], c["accused"], c["outcome"]) for c in exp["calls"])
        _check_argentino(result, exp)


def _check_argentino(result: GameResult, exp: dict) -> None:  # type: ignore[type-arg]
    if "scores" in exp:
        assert {s.player: (s.laid, s.in_hand, s.bonus, s.penalty, s.total)
                for s in result.extras.scores} == {
            s["player"]: (s["laid"], s["in_hand"], s["bonus"], s["penalty"], s["total"])
            for s in exp["scores"]}
    if "standings" in exp:
        assert result.extras.standings == exp["standings"]
    if "match" in exp:
        match = result.extras.match
        assert match is not None
        got = {"name": match.name, "hand": match.hand, "over": match.over,
               "winner": match.winner, "tied": sorted(match.tied)}
        want = dict(exp["match"]) | {"tied": sorted(exp["match"].get("tied", []))}
        assert {k: got[k] for k in want} == want


@pytest.mark.skipif(not NAMES, reason="no shared examples folder")
def test_examples_cover_the_readme_list():
    readme = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    listed: set[str] = set()
    for row in re.findall(r"^\| (`.*?`) \|", readme, flags=re.M):
        listed |= set(re.findall(r"`([a-z0-9-]+)`", row))
    assert listed, "no example table in README.md"
    assert listed <= set(NAMES), listed - set(NAMES)


# -- the worked example of NOTATION.md, ruled as REPORT.md shows ----------------------------------


def _code_block(path: Path, after: str, lang: str = "") -> str:
    text = path.read_text(encoding="utf-8")
    rest = text.split(after, 1)[1]
    m = re.search(r"```" + lang + r"\n(.*?)```", rest, flags=re.S)
    assert m is not None
    return m.group(1)


needs_spec = pytest.mark.skipif(
    not (NOTATION.exists() and REPORT.exists()), reason="the shared spec is not available"
)


@pytest.fixture(scope="module")
def friday():
    text = _code_block(NOTATION, "## A complete example")
    report = json.loads(_code_block(REPORT, "## JSON report", "json"))
    return text, audit(text), report["games"][0]


@needs_spec
def test_worked_example_findings(friday):
    _text, result, game = friday
    got = [
        (f.kind, f.rule, f.player, f.line, f.ref_line)
        for f in result.findings
        if f.kind in (RENUNCIA, LOG_ERROR)
    ]
    want = [
        (f["kind"], f["rule"], f["player"], f["line"], f.get("ref_line")) for f in game["findings"]
    ]
    assert got == want
    assert want == [
        ("renuncia", "discard-pegue", "Ana", 28, None),
        ("renuncia", "missed-call", "Beto", 30, 28),
    ]


@needs_spec
def test_worked_example_calls_and_eliminations(friday):
    _text, result, game = friday
    assert [(c.line, c.caller, c.accused, c.outcome) for c in result.calls] == [
        (c["line"], c["caller"], c["accused"], c["outcome"]) for c in game["calls"]
    ]
    assert [(e.player, e.line, e.rule) for e in result.eliminated] == [
        (e["player"], e["line"], e["rule"]) for e in game["eliminated"]
    ]
    assert [(e.player, e.line, e.rule) for e in result.eliminated] == [
        ("Ana", 32, "discard-pegue"),
        ("Beto", 32, "missed-call"),
    ]


@needs_spec
def test_worked_example_result(friday):
    _text, result, game = friday
    assert result.finished is game["finished"] is True
    assert result.winner == game["winner"] == "Caro"
    assert result.result_claimed == game["result_claimed"] == "Caro"
    assert result.hands == game["hands"] == {"Ana": 14, "Beto": 14, "Caro": 7}
    assert result.players == game["players"]
    assert result.rules["MinOpen"] == game["rules"]["MinOpen"]
    assert result.rules["RunMin"] == game["rules"]["RunMin"]
    assert result.rules["EarlyDraw"] is game["rules"]["EarlyDraw"]


@needs_spec
def test_worked_example_settlement(friday):
    _text, result, game = friday
    got = sorted((p.payer, p.payee, p.cards, p.amount) for p in result.settlement)
    want = sorted((s["payer"], s["payee"], s["cards"], s["amount"]) for s in game["settlement"])
    assert got == want == [("Ana", "Caro", 14, 1400), ("Beto", "Caro", 14, 1400)]


@needs_spec
def test_worked_example_messages_render(friday):
    _text, result, _game = friday
    pegue = next(f for f in result.findings if f.rule == "discard-pegue")
    for lang in ("en", "es"):
        message = pegue.message(lang)
        assert "Ana" in message and "9d" in message
    assert pegue.message("en") == "Ana discarded 9d, which fits meld 2 (4d 5d 6d 7d 8d)"


@needs_spec
def test_worked_example_is_the_friday_example(friday):
    text, _result, _game = friday
    path = EXAMPLES / "friday.rummy"
    if not path.exists():
        pytest.skip("no friday.rummy")
    assert path.read_text(encoding="utf-8").strip() == text.strip()
