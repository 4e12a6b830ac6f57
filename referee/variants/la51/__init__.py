"""51 (La 51), the Colombian rummy: docs/rules.md.

One module per family of rulings; a rule id's check lives in exactly one of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from referee.variants.base import Variant
from referee.variants.la51.knobs import Rules51

if TYPE_CHECKING:
    from referee.notation.events import GameRecord
    from referee.variants.la51.referee import La51Referee

RULE_IDS = (
    "out-of-turn", "early-draw", "play-before-draw", "extra-draw",
    "meld-invalid", "set-repeated-suit", "set-colors", "run-too-short", "run-not-ordered",
    "joker-limit", "bajada-below-minimum", "bajada-not-above-previous", "bajada-first-turn",
    "take-not-melded", "take-not-first", "layoff-before-down", "layoff-mismatch",
    "layoff-same-turn", "meld-after-layoff", "discard-pegue", "no-final-discard",
    "missed-call",
    "not-in-hand", "card-supply", "take-mismatch", "stock-mismatch", "deal-size",
    "unknown-player", "player-out", "no-such-meld", "after-end", "stock-empty",
    "result-mismatch",
    "unfounded-call", "amnesty", "void-call",
)



class La51(Variant):
    name = "51"
    title = "51 (La 51), Colombian rummy"
    min_players = 2
    max_players = 6
    config_class: ClassVar[type[Any]] = Rules51
    rule_ids = RULE_IDS

    FIRST_HAND = 15
    HAND = 14

    def deal_size(self, seat: int, players: int, config: Any) -> int:
        return self.FIRST_HAND if seat == 0 else self.HAND

    def referee(self, record: GameRecord, config: Any, context: Any = None) -> La51Referee:
        from referee.variants.la51.referee import La51Referee

        return La51Referee(self, record, config)
