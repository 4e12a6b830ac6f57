"""A game's points and flags for the night, through each game's seam hook."""

from __future__ import annotations

from typing import Any

from referee.audit import audit_text
from referee.night.scoring import FINISHED, VOIDED, TableResult, score_game
from referee.report.model import game_data
from tests.api import FRIDAY
from tests.night import table_text


def report(text: str) -> list[dict[str, Any]]:
    return [dict(game_data(r)) for r in audit_text(text)]


def test_51_points_are_the_settlement_in_cards_zero_sum() -> None:
    game = report(FRIDAY.read_text(encoding="utf-8"))[0]
    score = score_game(game, 1)
    # Ana and Beto, out, each pay Caro 14 cards
    assert score.points == {p: sum(+s["cards"] if s["payee"] == p else
                                   -s["cards"] if s["payer"] == p else 0
                                   for s in game["settlement"]) for p in game["players"]}
    assert sum(score.points.values()) == 0
    assert score.winner == game["winner"]
    kinds = [f.kind for f in score.flags]
    assert kinds.count("renuncia") == 2 and "call" in kinds
    assert score.points == {"Ana": -14, "Beto": -14, "Caro": 28}
    assert score.renuncias == {"Ana": 1, "Beto": 1}


def test_51_points_ignore_the_stake_and_count_cards_without_one() -> None:
    text = table_text("51", ["Ana", "Beto", "Caro"], 1, 1)
    with_stake = score_game(report(text)[0], 1).points
    stake = next(line for line in text.splitlines() if line.startswith("[Stake"))
    without = score_game(report(text.replace(stake + "\n", ""))[0], 1).points
    assert with_stake == without and with_stake is not None
    assert any(v > 0 for v in with_stake.values())


def test_a_game_that_did_not_finish_scores_nothing_and_is_flagged() -> None:
    text = FRIDAY.read_text(encoding="utf-8")
    cut = text.split("Caro call Ana")[0]  # without the call that ends it
    score = score_game(report(cut)[0], 1)
    assert score.points is None and score.winner is None
    assert "unfinished" in [f.kind for f in score.flags]


def test_argentino_points_are_the_hands_totals() -> None:
    text = table_text("rummy-argentino", ["Rosa", "Juan", "Eva"], 1, 1, per_round=2)
    games = report(text)
    for number, game in enumerate(games, start=1):
        score = score_game(game, number)
        assert score.points == {s["player"]: s["total"] for s in game["scores"]}
        assert not [f for f in score.flags if f.kind in ("no-scores", "unfinished")]


def test_a_hand_without_scores_is_flagged_until_they_are_entered() -> None:
    text = table_text("rummy-argentino", ["Rosa", "Juan", "Eva"], 1, 1)
    hidden = "\n".join(line for line in text.splitlines()
                       if not line.startswith(("deal ", "stock:"))) + "\n"
    game = report(hidden)[0]
    assert game["finished"] and game["scores"] == []
    score = score_game(game, 1)
    assert score.points is None and [f.kind for f in score.flags] == ["no-scores"]
    entered = score_game(game, 1, {"Rosa": 45, "Juan": -10})
    assert entered.points == {"Rosa": 45, "Juan": -10, "Eva": 0}
    assert "entered" in [f.kind for f in entered.flags]


def test_a_voided_table_scores_zero_for_all() -> None:
    game = report(FRIDAY.read_text(encoding="utf-8"))[0]
    table = TableResult(1, 1, list(game["players"]), FINISHED, [score_game(game, 1)])
    assert any(table.points.values())
    table.state = VOIDED
    assert set(table.points.values()) == {0}
