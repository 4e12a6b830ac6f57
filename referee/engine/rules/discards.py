"""Ending a turn: ``discard-pegue`` and ``no-final-discard``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.cards import Card
from referee.variants.knobs import DiscardPegue

if TYPE_CHECKING:
    from referee.engine.replay import Referee


def judge_pegue(ref: Referee, player: str, card: Card, line: int) -> None:
    """A discard that some valid table meld could take is a renuncia (per ``DiscardPegue``)."""
    mode = ref.rules.DiscardPegue
    if mode is DiscardPegue.OFF or (mode is DiscardPegue.DOWN and not ref.players[player].down):
        return
    for meld in ref.table:
        if meld.shape is not None and meld.shape.placement(card) is not None:
            ref.renuncia("discard-pegue", player, line, card=str(card), meld=meld.number,
                         meld_cards=meld.text())
            return


def judge_emptied(ref: Referee, player: str, line: int) -> None:
    """A hand emptied by melds or lay-offs, with no card left to discard."""
    ref.renuncia("no-final-discard", player, line)
