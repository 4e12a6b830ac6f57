"""Taking the discard: ``take-not-melded``, ``take-not-first``.

A card taken from the pile must go into the first meld of that turn. Rule
functions: they read the turn and return findings (and whether the taken card
is now accounted for), never change anything.
"""

from __future__ import annotations

from referee.engine.findings import Rulings, renuncia
from referee.notation.events import Discard, Layoff, Meld
from referee.variants.la51.melds import cards_text
from referee.variants.la51.state import Turn


def pending(turn: Turn) -> bool:
    """A card taken this turn that no meld, lay-off or discard has accounted for yet."""
    return turn.took is not None and not turn.took_resolved


def judge_meld(turn: Turn, ev: Meld) -> tuple[Rulings, bool]:
    """A meld: it melds the taken card, or (the first meld) leaves it out."""
    if not pending(turn):
        return (), False
    if any(c.physical == turn.took for c in ev.cards):
        return (), True
    if not turn.melds:
        return (renuncia("take-not-first", ev.player, ev.line, card=str(turn.took),
                         cards=cards_text(ev.cards)),), False
    return (), False


def judge_layoff(turn: Turn, ev: Layoff) -> tuple[Rulings, bool]:
    """The taken card laid off instead of melded."""
    if pending(turn) and ev.card.physical == turn.took:
        return (renuncia("take-not-melded", ev.player, ev.line, key="take-not-melded:layoff",
                         card=str(ev.card), meld=ev.meld),), True
    return (), False


def judge_discard(turn: Turn, ev: Discard) -> tuple[Rulings, bool]:
    """The turn ends with the taken card discarded, or kept, unmelded."""
    if not pending(turn):
        return (), False
    key = "take-not-melded:discard" if ev.card.physical == turn.took else "take-not-melded:kept"
    return (renuncia("take-not-melded", ev.player, ev.line, key=key, card=str(turn.took)),), True
