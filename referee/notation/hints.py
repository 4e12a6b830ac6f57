"""Hints, "did you mean ...?": the closest of a few known words to a word that is none.

Used for keywords (``drwa`` -> ``draw``, ``descarte`` -> ``descarta``), player names
(``Bteo`` -> ``Beto``, ``ana`` -> ``Ana``) and tag names (``MinOpne`` -> ``MinOpen``).
A suggestion is made only when it is close: the same word in another case, or one
edit away (two for words longer than seven letters), an edit being a letter added,
dropped, changed, or two neighbours swapped (optimal string alignment distance).
"""

from __future__ import annotations

from collections.abc import Iterable

SHORT = 7  # words this long or shorter get a suggestion one edit away at most


def max_edits(word: str) -> int:
    """One edit for a word of up to seven letters (``Germán`` is not a typo of ``Hernán``),
    two for a longer one."""
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
    if abs(len(a) - len(b)) > limit or _strangers(a, b) > limit or _strangers(b, a) > limit:
        return limit + 1  # the usual case, found at once
    for edits in range(limit + 1):
        if _within(a, b, edits):
            return edits
    return limit + 1


def _strangers(a: str, b: str) -> int:
    """Letters of ``a`` that ``b`` does not have: each costs an edit at least."""
    return sum(1 for ch in a if ch not in b)


def _within(a: str, b: str, edits: int) -> bool:
    """Whether ``a`` becomes ``b`` in at most ``edits`` edits (few: the search branches
    four ways per edit)."""
    start = 0
    while start < len(a) and start < len(b) and a[start] == b[start]:
        start += 1
    a, b = a[start:], b[start:]
    end = 0
    while end < len(a) and end < len(b) and a[-1 - end] == b[-1 - end]:
        end += 1
    if end:
        a, b = a[:-end], b[:-end]
    if not a or not b:
        return max(len(a), len(b)) <= edits
    if edits == 0 or abs(len(a) - len(b)) > edits:
        return False
    left = edits - 1
    swapped = len(a) > 1 and len(b) > 1 and a[0] == b[1] and a[1] == b[0]
    return ((swapped and _within(a[2:], b[2:], left)) or _within(a[1:], b[1:], left)
            or _within(a[1:], b, left) or _within(a, b[1:], left))
