"""Ending a turn: ``discard-pegue`` and ``no-final-discard``.

Rule functions: they read the table and return findings, never change anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.cards import Card
from referee.engine.findings import Rulings, renuncia
from referee.engine.table import TableMeld
from referee.variants.la51.knobs import DiscardPegue, Rules51


def judge_pegue(player: str, line: int, card: Card, down: bool, melds: Sequence[TableMeld],
                rules: Rules51) -> Rulings:
    """A discard that some valid table meld could take (judged as ``DiscardPegue`` says);
    ``card`` as it sits in a hand (a natural card or a bare joker)."""
    mode = rules.DiscardPegue
    if mode is DiscardPegue.OFF or (mode is DiscardPegue.DOWN and not down):
        return ()
    rank, suit = card.rank, card.suit
    for meld in melds:  # a set lookup per meld, not ``placement``: docs/performance.md
        shape: Any = meld.shape  # a SetMeld or RunMeld (51's melds), or None
        if shape is None:
            continue
        # A natural card of another rank (a set) or suit (a run) never fits: most melds
        # are passed over on that, without working out their set.
        if rank is not None and (shape.rank != rank if shape.kind == "set"
                                 else shape.suit != suit):
            continue
        taking = shape._taking  # the set, when it is known already (no method call)
        if card in (shape.taking() if taking is None else taking):
            return (renuncia("discard-pegue", player, line, card=str(card), meld=meld.number,
                             meld_cards=meld.text()),)
    return ()


def judge_emptied(player: str, line: int) -> Rulings:
    """A hand emptied by melds or lay-offs, with no card left to discard."""
    return (renuncia("no-final-discard", player, line),)
