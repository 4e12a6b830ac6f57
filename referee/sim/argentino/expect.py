"""What the referee's report should say of a simulated argentino hand, and where it differs.

The report's contract (REPORT.md, ARGENTINO.md section 10): ``finished``,
``winner``, ``scores`` (a list of ``{player, laid, in_hand, bonus, penalty,
total}``), ``standings`` (``{player: total}``) and ``match`` (``{name, hand,
over, winner, tied}``). A simulated hand is legal, so its game in the report
must have no renuncia, log error or syntax error either. A hand written with
hidden information usually ends with cards nobody saw in some hand, and then
the report gives it no scores and unknown standings; but a player without a
deal line may have played every card nobody saw (what is left in their hand
came from the pile, in plain view), and then the report can and does score the
hand: its scores must then be the simulator's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.sim.argentino import SimulatedHand

BAD_KINDS = ("renuncia", "log-error", "syntax-error")


def expected(hand: SimulatedHand, hidden: bool = False) -> dict[str, Any]:
    """The report's fields for this hand, as the simulator computed them."""
    if hidden:
        return {"finished": True, "winner": hand.winner, "scores": [], "standings": None}
    return {"finished": True, "winner": hand.winner, "scores": hand.report_scores(),
            "standings": dict(hand.standings), "match": hand.match.as_dict()}


def disagreements(game: Mapping[str, Any], hand: SimulatedHand,
                  hidden: bool = False) -> list[str]:
    """How the report's ``game`` differs from the simulated hand (empty: it agrees)."""
    problems = [
        f"{f.get('rule')} ({f.get('kind')}) line {f.get('line')} {f.get('player')}: "
        f"{f.get('message', '')}"
        for f in game.get("findings", []) if f.get("kind") in BAD_KINDS
    ]
    want = expected(hand, hidden)
    if hidden and game.get("scores"):  # every card left in a hand was seen after all
        want = expected(hand) | {"match": None}
    for key in ("finished", "winner", "standings"):
        if game.get(key) != want[key]:
            problems.append(f"{key}: report {game.get(key)!r}, simulator {want[key]!r}")
    if _by_player(game.get("scores")) != _by_player(want["scores"]):
        problems.append(f"scores: report {game.get('scores')!r}, simulator {want['scores']!r}")
    if not hidden:
        problems.extend(_match_problems(game.get("match"), want["match"]))
    return problems


def _by_player(scores: Any) -> Any:
    if not isinstance(scores, list):
        return scores
    return sorted((dict(s) for s in scores), key=lambda s: str(s.get("player")))


def _match_problems(got: Any, want: Mapping[str, Any]) -> list[str]:
    if not isinstance(got, Mapping):
        return [f"match: report {got!r}, simulator {dict(want)!r}"]
    problems = [
        f"match.{key}: report {got.get(key)!r}, simulator {want[key]!r}"
        for key in ("name", "hand", "over", "winner") if got.get(key) != want[key]
    ]
    if set(got.get("tied") or ()) != set(want["tied"]):
        problems.append(f"match.tied: report {got.get('tied')!r}, simulator {want['tied']!r}")
    return problems
