"""The argentino simulator and the referee, against each other (ARGENTINO.md 10).

The simulator's scorer must agree with the shared examples and with the hands
checked by hand under tests/sim/data (laid, in_hand, bonus, penalty, total,
standings, match). The referee's report on simulated hands must agree with the
simulator: no renuncia, log error or syntax error, the hand finished, its winner,
scores, standings and match. Until the referee judges argentino (the lead's
engine), it reports such logs as unsupported: those tests are expected to fail,
and turn on by themselves when it lands.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee.cli.app import app
from referee.notation.reader import read_games, read_path
from referee.sim import SimulatedHand, format_record, hidden_record, simulate_hands
from referee.sim import simulate_matches as _simulate_matches
from referee.sim.argentino.expect import disagreements
from referee.sim.argentino.replay import replay_log
from referee.sim.record import join_games

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT.parent / "shared" / "examples"
DATA = Path(__file__).resolve().parent / "data"

CHECKED = sorted(DATA.glob("argentino-*.rummy"))
SHARED = sorted(EXAMPLES.glob("argentino-*.rummy"))


def expectations(path: Path) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = json.loads(
        path.with_suffix(".expect.json").read_text(encoding="utf-8"))["games"]
    return games


def report(text: str, tmp_path: Path) -> list[dict[str, Any]]:
    """The games of ``referee audit FILE --json`` (the report's contract)."""
    path = tmp_path / "simulated.rummy"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["audit", str(path), "--json"])
    games: list[dict[str, Any]] = json.loads(result.stdout)["games"]
    return games


# --- the simulator's scorer against hands checked by hand ----------------------------------


@pytest.mark.parametrize("path", [*SHARED, *CHECKED], ids=lambda p: p.stem)
def test_the_scorer_agrees_with_the_examples(path: Path) -> None:
    if not path.exists():
        pytest.skip("the shared examples are not here")
    replayed = replay_log(read_games(read_path(path), str(path)))
    expected = expectations(path)
    assert len(replayed) == len(expected)
    for hand, want in zip(replayed, expected, strict=True):
        if want["scores"]:
            assert hand.winner == want["winner"]
        assert [s.as_dict() for s in hand.scores] == want["scores"]
        assert hand.standings == want["standings"]
        got = hand.match.as_dict()
        assert {k: got[k] for k in want["match"]} == want["match"]


def test_there_are_hand_checked_logs() -> None:
    assert len(CHECKED) >= 3


# --- the referee's report against the simulator ------------------------------------------


@pytest.mark.parametrize("path", CHECKED, ids=lambda p: p.stem)
def test_the_referee_agrees_with_the_hand_checked_logs(path: Path, tmp_path: Path) -> None:
    (game,) = report(path.read_text(encoding="utf-8"), tmp_path)
    (want,) = expectations(path)
    assert [f for f in game["findings"] if f["kind"] != "notice"] == []
    assert (game["finished"], game["winner"]) == (want["finished"], want["winner"])
    assert game["scores"] == want["scores"]
    assert game["standings"] == want["standings"]
    assert game["match"] == want["match"]


def check_report(hands: list[SimulatedHand], tmp_path: Path, hidden: bool = False) -> None:
    records = [hidden_record(h.record) if hidden else h.record for h in hands]
    games = report(join_games([format_record(r) for r in records]), tmp_path)
    assert len(games) == len(hands)
    problems = [
        f"hand {hand.index} (seed {hand.seed}): {problem}"
        for hand, game in zip(hands, games, strict=True)
        for problem in disagreements(game, hand, hidden)
    ]
    assert problems == []


@pytest.mark.parametrize("seed", [1, 2])
def test_simulated_hands_audit_clean_with_the_simulators_scores(
    seed: int, tmp_path: Path
) -> None:
    check_report(list(simulate_hands(40, (2, 8), seed)), tmp_path)


@pytest.mark.parametrize("knobs", [{"SetWilds": "distinct", "RunWrap": "no"},
                                   {"RunMin": "4", "HandPenalty": "wilds"},
                                   {"LawAt": "100", "LawMin": "60"}])
def test_simulated_hands_under_house_rules(knobs: dict[str, str], tmp_path: Path) -> None:
    check_report(list(simulate_hands(20, (2, 8), 3, knobs)), tmp_path)


def test_simulated_matches_audit_clean_with_their_standings(tmp_path: Path) -> None:
    hands = [h for m in _simulate_matches(4, (2, 6), 4, {"Target": "300"}) for h in m.hands]
    check_report(hands, tmp_path)


def test_hidden_hands_finish_without_scores(tmp_path: Path) -> None:
    check_report(list(simulate_hands(20, (2, 8), 5)), tmp_path, hidden=True)


@pytest.mark.slow
def test_two_thousand_simulated_hands_audit_clean(tmp_path: Path) -> None:
    """Issue 9: 2,000 simulated argentino hands, all clean, finished, with their scores."""
    for seed in range(8):
        check_report(list(simulate_hands(250, (2, 8), 7000 + seed)), tmp_path)
