"""Who owes whom when a game ends (docs/rules.md)."""

from __future__ import annotations

from collections.abc import Mapping

from referee.engine.state import Player
from referee.results import Payment
from referee.variants.knobs import RenunciaPays
from referee.variants.la51.knobs import Rules51


def settle(winner: str, players: Mapping[str, Player], rules: Rules51) -> list[Payment]:
    """The winner collects ``Stake`` a card: hand cards, or ``PenaltyCards`` when out."""
    if rules.Stake <= 0:
        return []
    payments = []
    for name, player in players.items():
        if name == winner:
            continue
        if not player.out:
            cards = player.hand.size
        elif rules.RenunciaPays is RenunciaPays.MAX:
            cards = rules.PenaltyCards
        else:
            cards = player.out_cards
        payments.append(Payment(name, winner, cards, cards * rules.Stake))
    return payments
