"""Going out (cortar): ``cut-first-round``, ``no-final-discard``, and the going-out bonus.

Rule functions: they return findings (and bonuses), never change anything.
"""

from __future__ import annotations

from collections.abc import Set

from referee.engine.findings import Rulings, renuncia

HIDDEN_BONUS = 100  # went out with every meld laid in that one turn (con la jugada arriba)
SHOWN_BONUS = 50  # went out having laid something in an earlier turn (con la jugada abajo)


def judge_cut(player: str, line: int, had_turn: Set[str], seats: int) -> Rulings:
    """Going out before every seat has had a turn in this hand is not valid."""
    if len(had_turn) < seats:
        return (renuncia("cut-first-round", player, line, waiting=seats - len(had_turn)),)
    return ()


def judge_emptied(player: str, line: int) -> Rulings:
    """A hand emptied by melds or lay-offs, with no card left to discard."""
    return (renuncia("no-final-discard", player, line),)


def bonus(laid_in_earlier_turn: bool) -> int:
    return SHOWN_BONUS if laid_in_earlier_turn else HIDDEN_BONUS
