"""Scoring a hand of argentino (docs/argentino.md, scoring): laid, in hand, bonus, penalty.

Pure functions of the table at the end of the hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import mul

from referee.cards import Card, Rank
from referee.engine.table import TableMeld
from referee.variants.argentino.knobs import HandPenalty
from referee.variants.argentino.result import HandScore
from referee.variants.argentino.runs import RunShape
from referee.variants.argentino.sets import SetShape
from referee.variants.argentino.slots import add_values, hand_value

LONG_RUN = 12  # a run of this many cards or more costs every other player...
LONG_RUN_PENALTY = 50  # ...this much
CUT_BONUS = 50  # the cutter set aside exactly the cards that were dealt


def laid(melds: Sequence[TableMeld]) -> dict[str, int]:
    """Each player's cards in valid melds at their final values (strays count nothing)."""
    out: dict[str, int] = {}
    for meld in melds:
        shape = meld.shape
        if isinstance(shape, SetShape):
            add_values(shape.slots, shape.rank, out)
        elif isinstance(shape, RunShape):
            add_values(shape.slots, None, out)
    return out


def in_hand(held: Mapping[Card, int], penalty: HandPenalty) -> int:
    """What the cards left in hand (each card and its copies) count against: all, or
    only the wilds (a 2 or a joker)."""
    if penalty is HandPenalty.WILDS:
        return sum(hand_value(c) * n for c, n in held.items()
                   if c.rank is None or c.rank == Rank.TWO)
    return sum(map(mul, map(hand_value, held), held.values()))  # in C


def long_run_owners(melds: Sequence[TableMeld]) -> list[str]:
    """Who laid each valid run of 12 cards or more (one entry per run)."""
    return [m.owner for m in melds
            if isinstance(m.shape, RunShape) and len(m.shape.slots) >= LONG_RUN]


def score_hand(players: Sequence[str], hands: Mapping[str, Mapping[Card, int]],
               melds: Sequence[TableMeld], bonuses: Mapping[str, int],
               penalty: HandPenalty) -> list[HandScore]:
    laid_by = laid(melds)
    owners = long_run_owners(melds)
    return [HandScore(name, laid_by.get(name, 0), in_hand(hands[name], penalty),
                      bonuses.get(name, 0),
                      LONG_RUN_PENALTY * sum(1 for owner in owners if owner != name))
            for name in players]
