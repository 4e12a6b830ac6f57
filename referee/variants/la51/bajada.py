"""Going down (the bajada): ``bajada-below-minimum``, ``bajada-not-above-previous``,
``bajada-first-turn``.

A player's first lay-down of the game is every meld they lay in that turn, judged
when the turn ends (docs/rules.md, going down). Rule functions: they return
findings, never change anything.
"""

from __future__ import annotations

from referee.engine.findings import Rulings, renuncia
from referee.notation.events import Meld
from referee.variants.la51.knobs import Rules51
from referee.variants.la51.state import Turn

RULE_IDS = frozenset({"bajada-below-minimum", "bajada-not-above-previous", "bajada-first-turn"})


def judge_start(turn: Turn, ev: Meld) -> Rulings:
    """The first meld of a bajada: the starter may not go down in their first turn."""
    if turn.first:
        return (renuncia("bajada-first-turn", ev.player, ev.line),)
    return ()


def judge(name: str, line: int, points: int, previous: int | None,
          rules: Rules51, layoffs: int = 0) -> Rulings:
    """A bajada of ``points`` whose first meld is at ``line``, judged as its turn ends, the
    most recent other bajada being ``previous``: of the minimum and the previous bajada,
    only the first that fails counts.

    ``layoffs`` is the part of ``points`` laid off onto other players' melds
    (``LayoffsCount``): when there is one, the message says so, so that it counts only
    what it says it counts (the points of melds and lay-offs, each named)."""
    parts = {"points": points, "melds": points - layoffs, "layoffs": layoffs}
    suffix = ":layoffs" if layoffs else ""
    short = points != rules.MinOpen if rules.OpenExact else points < rules.MinOpen
    if short:
        key = "bajada-below-minimum:exact" if rules.OpenExact else "bajada-below-minimum"
        return (renuncia("bajada-below-minimum", name, line, key=key + suffix,
                         minimum=rules.MinOpen, **parts),)
    if rules.beat_previous and previous is not None and points <= previous:
        return (renuncia("bajada-not-above-previous", name, line,
                         key="bajada-not-above-previous" + suffix, previous=previous,
                         **parts),)
    return ()
