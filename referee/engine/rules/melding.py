"""Laying melds: the one finding per meld, the bajada, and taking the discard."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.cards import Card
from referee.engine.melds import MeldVerdict, judge_meld
from referee.notation.events import Meld

if TYPE_CHECKING:
    from referee.engine.replay import Referee


def cards_text(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards)


def judge_shape(ref: Referee, ev: Meld) -> MeldVerdict:
    """Judge the meld's shape (docs/rules.md) and record its one defect, if any."""
    verdict = judge_meld(ev.cards, ref.rules)
    if verdict.defect is not None:
        ref.renuncia(verdict.defect, ev.player, ev.line, cards=cards_text(ev.cards),
                     reason=verdict.reason, run_min=ref.rules.RunMin,
                     max_jokers=ref.rules.MaxJokers)
    return verdict


def judge_meld_in_turn(ref: Referee, ev: Meld, verdict: MeldVerdict) -> None:
    """A meld in the player's own turn: lay-off order, the taken card, the bajada."""
    turn = ref.turn
    player = ref.players[ev.player]
    if turn.layoffs:
        ref.renuncia("meld-after-layoff", ev.player, ev.line, cards=cards_text(ev.cards))
    if turn.took is not None and not turn.took_resolved:
        if any(c.physical == turn.took for c in ev.cards):
            turn.took_resolved = True
        elif not turn.melds:
            ref.renuncia("take-not-first", ev.player, ev.line, card=str(turn.took),
                         cards=cards_text(ev.cards))
    turn.melds += 1
    if not player.down or turn.bajada_line is not None:
        if turn.bajada_line is None:
            turn.bajada_line = ev.line
            if turn.first:
                ref.renuncia("bajada-first-turn", ev.player, ev.line)
        turn.bajada_points += verdict.points
        player.down = True


def judge_bajada(ref: Referee, name: str) -> None:
    """At the end of the turn of a first lay-down: MinOpen, OpenExact, BeatPrevious."""
    turn = ref.turn
    line = turn.bajada_line
    if line is None:
        return
    points = turn.bajada_points
    rules = ref.rules
    previous = next((p for who, p in reversed(ref.bajadas) if who != name), None)
    short = points != rules.MinOpen if rules.OpenExact else points < rules.MinOpen
    if short:
        key = "bajada-below-minimum:exact" if rules.OpenExact else "bajada-below-minimum"
        ref.renuncia("bajada-below-minimum", name, line, key=key, points=points,
                     minimum=rules.MinOpen)
    elif rules.BeatPrevious and previous is not None and points <= previous:
        ref.renuncia("bajada-not-above-previous", name, line, points=points, previous=previous)
    ref.players[name].bajada = points
    ref.bajadas.append((name, points))
    turn.bajada_line = None
