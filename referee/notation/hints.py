"""Hints, "did you mean ...?": the closest of a few known words to a word that is none.

Used for keywords (``drwa`` -> ``draw``, ``descarte`` -> ``descarta``), player names
(``Bteo`` -> ``Beto``, ``ana`` -> ``Ana``) and tag names (``MinOpne`` -> ``MinOpen``).
A suggestion is made only when it is close: the same word in another case, or one
edit away (two for words longer than four letters), an edit being a letter added,
dropped, changed, or two neighbours swapped (optimal string alignment distance).
"""

from __future__ import annotations

from collections.abc import Iterable

SHORT = 4  # words this long or shorter get a suggestion one edit away at most


def max_edits(word: str) -> int:
    return 1 if len(word) <= SHORT else 2


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """The candidate ``word`` most likely misspells, or None when none is close.

    A candidate equal to ``word`` but for case wins; then the fewest edits (case
    ignored), the first candidate on a tie. ``word`` itself is never suggested.
    """
    limit = max_edits(word)
    low = None
    best: tuple[int, str] | None = None
    for candidate in candidates:
        if candidate == word or abs(len(candidate) - len(word)) > limit:
            continue  # cheap: a huge word costs nothing here
        if low is None:
            low = word.casefold()
        other = candidate.casefold()
        if other == low:
            return candidate
        edits = distance(low, other, limit)
        if edits <= limit and (best is None or edits < best[0]):
            best = (edits, candidate)
    return None if best is None else best[1]


def distance(a: str, b: str, limit: int) -> int:
    """Edits from ``a`` to ``b`` (optimal string alignment), or ``limit + 1`` when more."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    before: list[int] | None = None
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            value = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + cost)
            if before is not None and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                value = min(value, before[j - 2] + 1)
            current[j] = value
        if min(current) > limit:
            return limit + 1
        before, row = row, current
    return min(row[-1], limit + 1)
