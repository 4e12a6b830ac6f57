"""Table sizes: as equal as the allowed sizes let them be, byes only when needed."""

from __future__ import annotations

import pytest

from referee.night.sizes import fewest_byes, sizes_that_seat, table_sizes


@pytest.mark.parametrize(("count", "low", "high", "sizes"), [
    (14, 3, 4, [4, 4, 3, 3]),  # NIGHT.md's example
    (7, 3, 4, [4, 3]),
    (13, 3, 4, [4, 3, 3, 3]),
    (25, 3, 4, [4, 4, 4, 4, 3, 3, 3]),
    (16, 4, 4, [4, 4, 4, 4]),
    (13, 3, 5, [5, 4, 4]),
    (6, 2, 4, [3, 3]),
])
def test_awkward_counts_sit_within_the_sizes(count: int, low: int, high: int,
                                             sizes: list[int]) -> None:
    found = table_sizes(count, low, high)
    assert found == sizes
    assert sum(found) == count and all(low <= s <= high for s in found)
    assert max(found) - min(found) <= 1
    assert fewest_byes(count, low, high) == 0


@pytest.mark.parametrize(("count", "low", "high", "byes"), [
    (5, 3, 4, 1), (7, 4, 4, 3), (9, 4, 4, 1), (2, 3, 5, 2), (11, 4, 5, 1)])
def test_byes_only_when_no_seating_exists(count: int, low: int, high: int,
                                          byes: int) -> None:
    assert fewest_byes(count, low, high) == byes
    assert (table_sizes(count, low, high) is None) == (byes > 0)
    if byes < count:
        assert table_sizes(count - byes, low, high) is not None


def test_the_sizes_that_would_seat_a_count() -> None:
    assert table_sizes(7, 4, 4) is None
    would = sizes_that_seat(7, 4, 4, 2, 6)
    assert would and all(table_sizes(7, a, b) is not None for a, b in would)
    assert (3, 4) in would
