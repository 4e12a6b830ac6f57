"""The standings' order: points, games won, fewer renuncias, the best game, the draw."""

from __future__ import annotations

from referee.night.scoring import FINISHED, VOIDED, GameScore, TableResult
from referee.night.standings import standings


def game(number: int, points: dict[str, int], winner: str | None = None,
         renuncias: dict[str, int] | None = None) -> GameScore:
    return GameScore(number, tuple(points), points, winner, renuncias or {}, [])


def table(*games: GameScore, state: str = FINISHED) -> TableResult:
    return TableResult(1, 1, list(games[0].players), state, list(games))


def order(*tables: TableResult, draw: tuple[str, ...] = ("A", "B", "C", "D")) -> list[str]:
    return [row.player for row in standings(draw, tables, {})]


def test_points_first() -> None:
    assert order(table(game(1, {"A": -5, "B": 10, "C": -5, "D": 0}, "B"))) == \
        ["B", "D", "A", "C"]


def test_then_games_won() -> None:
    t = table(game(1, {"A": 5, "B": -5, "C": 0, "D": 0}, "A"),
              game(2, {"A": -5, "B": 5, "C": 0, "D": 0}, "B"),
              game(3, {"A": 0, "B": 0, "C": 0, "D": 0}, "C"))
    assert order(t)[:3] == ["A", "B", "C"]  # A and B level on points and wins: best game


def test_then_fewer_renuncias() -> None:
    t = table(game(1, {"A": 0, "B": 0, "C": 0, "D": 0}, None, {"A": 2, "B": 1}))
    assert order(t) == ["C", "D", "B", "A"]


def test_then_the_best_single_game() -> None:
    t = table(game(1, {"A": 20, "B": 10, "C": 0, "D": 0}),
              game(2, {"A": -20, "B": -10, "C": 0, "D": 0}))
    assert order(t) == ["A", "B", "C", "D"]  # all on 0: A's best 20, B's 10, C and D 0


def test_then_the_first_rounds_draw() -> None:
    t = table(game(1, {"A": 0, "B": 0, "C": 0, "D": 0}))
    assert order(t, draw=("D", "B", "A", "C")) == ["D", "B", "A", "C"]


def test_a_voided_table_counts_for_nothing_and_byes_are_counted() -> None:
    void = table(game(1, {"A": 30, "B": -30, "C": 0, "D": 0}, "A"), state=VOIDED)
    rows = standings(("A", "B", "C", "D"), [void], {"C": 1})
    assert [(r.player, r.points, r.played, r.byes) for r in rows] == [
        ("A", 0, 0, 0), ("B", 0, 0, 0), ("C", 0, 0, 1), ("D", 0, 0, 0)]
    assert [r.rank for r in rows] == [1, 2, 3, 4]
