"""Who owes whom when a game of 51 ends (docs/rules.md, settlement)."""

from __future__ import annotations

from collections.abc import Mapping

from referee.engine.findings import Payment
from referee.variants.knobs import RenunciaPays
from referee.variants.la51.knobs import Rules51
from referee.variants.la51.state import Standing


def settle(winner: str, standings: Mapping[str, Standing], hands: Mapping[str, int],
           rules: Rules51) -> list[Payment]:
    """The winner collects ``Stake`` a card: hand cards, or ``PenaltyCards`` when out.
    Only payments above zero are listed."""
    if rules.Stake <= 0:
        return []
    payments = []
    for name, standing in standings.items():
        if name == winner:
            continue
        if not standing.out:
            cards = hands[name]
        elif rules.RenunciaPays is RenunciaPays.MAX:
            cards = rules.PenaltyCards
        else:
            cards = standing.out_cards
        if cards > 0:
            payments.append(Payment(name, winner, cards, cards * rules.Stake))
    return payments
