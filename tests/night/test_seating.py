"""Seating a round: the methods, the starter's rotation, byes, and the seed."""

from __future__ import annotations

from itertools import combinations

import pytest

from referee.night.seating import History, SeatingError, mix, round_rng, seat_round
from referee.night.sizes import table_sizes
from tests.night import SIXTEEN, seat_night


def pairs(tables: list[list[str]]) -> set[frozenset[str]]:
    return {frozenset(p) for t in tables for p in combinations(t, 2)}


@pytest.mark.parametrize("seed", [1, 7, 2026])
def test_mixer_round_two_has_no_repeats_for_sixteen_in_fours(seed: int) -> None:
    first, second = seat_night(SIXTEEN, 2, (4, 4), "mixer", seed)
    assert second.repeats == 0
    assert not pairs(first.tables) & pairs(second.tables)
    assert sorted(len(t) for t in second.tables) == [4, 4, 4, 4]


def test_the_mixers_deal_alone_has_no_repeats_in_round_two() -> None:
    """The deal (one of each last table to each table) is what guarantees round 2: the
    search may only keep or lower its repeats."""
    history = History()
    history.seat([list(SIXTEEN[i:i + 4]) for i in range(0, 16, 4)])
    tables = mix(list(SIXTEEN), [4, 4, 4, 4], history, round_rng(3, 2))
    assert history.repeats(tables) == 0


@pytest.mark.parametrize("count", [7, 13, 14, 25])
@pytest.mark.parametrize("method", ["mixer", "random", "standings"])
def test_awkward_counts_seat_everyone_within_the_sizes(count: int, method: str) -> None:
    players = [f"P{i}" for i in range(count)]
    for seated in seat_night(players, 3, (3, 4), method):
        assert seated.byes == []
        assert sorted(p for t in seated.tables for p in t) == sorted(players)
        assert sorted(len(t) for t in seated.tables) == sorted(table_sizes(count, 3, 4) or [])


def test_mixer_repeats_fewer_than_random_over_a_night() -> None:
    players = [f"P{i}" for i in range(24)]
    mixed = sum(r.repeats for r in seat_night(players, 6, (3, 4), "mixer"))
    drawn = sum(r.repeats for r in seat_night(players, 6, (3, 4), "random"))
    assert mixed < drawn


def test_the_repeats_are_counted_once_per_earlier_meeting() -> None:
    history = History()
    history.seat([["A", "B", "C"]])
    history.seat([["A", "B", "D"]])
    assert history.repeats([["A", "B"], ["C", "D"]]) == 2  # A-B twice; C-D never met
    assert history.repeats([["A", "B", "C"]]) == 4  # A-B twice, A-C and B-C once


def test_a_seed_gives_the_same_night_and_another_seed_another() -> None:
    one = seat_night(SIXTEEN, 3, (3, 4), "mixer", 11)
    again = seat_night(SIXTEEN, 3, (3, 4), "mixer", 11)
    other = seat_night(SIXTEEN, 3, (3, 4), "mixer", 12)
    assert [r.tables for r in one] == [r.tables for r in again]
    assert [r.tables for r in one] != [r.tables for r in other]


def test_the_starter_has_started_fewest_times() -> None:
    rounds = seat_night(SIXTEEN, 4, (4, 4), "mixer", 5)
    starts: dict[str, int] = {}
    for seated in rounds:
        for table in seated.tables:
            assert starts.get(table[0], 0) == min(starts.get(p, 0) for p in table)
        for table in seated.tables:
            starts[table[0]] = starts.get(table[0], 0) + 1


def test_byes_go_to_the_fewest_byes_then_the_lowest_in_the_standings() -> None:
    players = [f"P{i}" for i in range(9)]  # tables of 4: one sits out
    history = History()
    ranking = list(players)  # P0 leads, P8 is last
    first = seat_round(players, (4, 4), "mixer", 3, 1, history, ranking)
    assert first.byes == ["P8"]
    history.seat(first.tables, first.byes)
    second = seat_round(players, (4, 4), "mixer", 3, 2, history, ranking)
    assert second.byes == ["P7"]  # P8 has had a bye: the next lowest sits out


def test_standings_seats_the_top_players_together() -> None:
    players = [f"P{i}" for i in range(12)]
    seated = seat_round(players, (4, 4), "standings", 1, 2, History(), players)
    assert sorted(seated.tables[0]) == ["P0", "P1", "P2", "P3"]
    assert sorted(seated.tables[2]) == ["P10", "P11", "P8", "P9"]


def test_standings_moves_players_one_table_at_most_to_avoid_repeats() -> None:
    players = [f"P{i}" for i in range(12)]
    history = History()
    history.seat([["P0", "P1", "P2", "P3"], ["P4", "P5", "P6", "P7"],
                  ["P8", "P9", "P10", "P11"]])
    seated = seat_round(players, (4, 4), "standings", 1, 2, history, players)
    assert seated.repeats < history.repeats([players[0:4], players[4:8], players[8:12]])
    for number, table in enumerate(seated.tables):
        for player in table:
            assert abs(int(player[1:]) // 4 - number) <= 1


def test_nobody_to_seat_is_an_error() -> None:
    with pytest.raises(SeatingError):
        seat_round(["A", "B"], (3, 5), "mixer", 1, 1, History())
