"""Table sizes: how a count of players sits at tables whose sizes a night allows.

The sizes are as equal as the allowed sizes let them be: the players are spread
over the fewest tables whose even spread (sizes differing by one at most) stays
within the bounds; the larger tables come first (14 players at tables of 3 to 4:
4, 4, 3, 3). When no spread exists, the fewest players sit out (byes).
"""

from __future__ import annotations

MAX_PLAYERS = 120
MAX_TABLES = 30
MAX_ROUNDS = 20


def table_sizes(count: int, low: int, high: int) -> list[int] | None:
    """The sizes of the tables seating exactly ``count`` players (None: no spread of
    sizes between ``low`` and ``high`` seats them; ``[]`` for nobody)."""
    if count == 0:
        return []
    if low < 1 or high < low:
        return None
    for tables in range(-(-count // high), count // low + 1):
        base, extra = divmod(count, tables)
        if base >= low and base + (1 if extra else 0) <= high:
            return [base + 1] * extra + [base] * (tables - extra)
    return None


def fewest_byes(count: int, low: int, high: int) -> int:
    """How many of ``count`` players must sit out for the rest to be seated."""
    for byes in range(count + 1):
        if table_sizes(count - byes, low, high) is not None:
            return byes
    return count


def sizes_that_seat(count: int, low: int, high: int, least: int,
                    most: int) -> list[tuple[int, int]]:
    """Bounds near ``low..high`` (within the game's ``least..most``) that would seat
    ``count`` players with no bye: each a widened bound, the nearest first."""
    found: list[tuple[int, int]] = []
    for step in range(1, most - least + 1):
        for bounds in ((low - step, high), (low, high + step), (low - step, high + step)):
            a, b = max(bounds[0], least), min(bounds[1], most)
            if a <= b and (a, b) not in found and (a, b) != (low, high) \
                    and table_sizes(count, a, b) is not None:
                found.append((a, b))
        if found:
            return found
    return found
