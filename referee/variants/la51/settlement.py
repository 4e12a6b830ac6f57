"""Who owes whom when a game of 51 ends (docs/rules.md, settlement)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set

from referee.engine.findings import Payment
from referee.variants.la51.knobs import RenunciaPays, Rules51


def settle(winner: str, players: Sequence[str], out: Set[str], hands: Mapping[str, int],
           rules: Rules51) -> list[Payment]:
    """The winner collects ``Stake`` a card: the cards in hand (for a player who is
    ``out``, when they were eliminated), or ``PenaltyCards`` for a player out under
    ``RenunciaPays=max``. Only payments above zero are listed."""
    if rules.Stake <= 0:
        return []
    payments = []
    for name in players:
        if name == winner:
            continue
        if name in out and rules.RenunciaPays is RenunciaPays.MAX:
            cards = rules.PenaltyCards
        else:
            cards = hands[name]
        if cards > 0:
            payments.append(Payment(name, winner, cards, cards * rules.Stake))
    return payments
