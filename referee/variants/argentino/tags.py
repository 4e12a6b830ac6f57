"""Argentino's own tags: ``Match``, ``Hand``, ``Scores`` and ``CutBonus`` (docs/argentino.md).

``Scores`` is ``NAME NUMBER`` pairs separated by commas (``Rosa 120, Juan -35``):
the match totals entering the hand. Anything else in it is a syntax error at the
tag; names that are not the hand's players are the engine's ``scores-mismatch``.
"""

from __future__ import annotations

import re

MATCH = "Match"
HAND = "Hand"
SCORES = "Scores"
CUT_BONUS = "CutBonus"
TAGS = (MATCH, HAND, SCORES, CUT_BONUS)
HAND_ONLY = (SCORES, CUT_BONUS)  # the totals entering one hand, that hand's cut

MAX_SCORE_DIGITS = 9
_PIECE = re.compile(r"\s*(\S+)\s+(-?[0-9]+)\s*")


class ScoresError(ValueError):
    """A ``Scores`` value that is not ``NAME NUMBER`` pairs; ``piece`` is the bad one."""

    def __init__(self, piece: str) -> None:
        piece = piece if len(piece) <= 40 else piece[:39] + "…"  # quoted in a message
        super().__init__(piece)
        self.piece = piece


def parse_scores(value: str) -> list[tuple[str, int]]:
    """The (name, total) pairs of a ``Scores`` value, in order; :class:`ScoresError`."""
    pairs: list[tuple[str, int]] = []
    for piece in value.split(","):
        match = _PIECE.fullmatch(piece)
        if match is None:
            raise ScoresError(piece.strip())
        number = match.group(2)
        digits = number.lstrip("-").lstrip("0") or "0"  # int() refuses over 4300 digits
        if len(digits) > MAX_SCORE_DIGITS:
            raise ScoresError(piece.strip())
        pairs.append((match.group(1), -int(digits) if number.startswith("-") else int(digits)))
    return pairs
