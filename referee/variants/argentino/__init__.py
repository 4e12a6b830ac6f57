"""Rummy argentino: docs/argentino.md.

One module per family of rulings; a rule id's check lives in exactly one of them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from referee.variants.argentino import tags as argentino_tags
from referee.variants.argentino.knobs import RulesArgentino
from referee.variants.base import Variant

if TYPE_CHECKING:
    from referee.engine.findings import GameResult
    from referee.notation.events import GameRecord, Tag
    from referee.variants.argentino.referee import ArgentinoReferee

RULE_IDS = (
    "out-of-turn", "play-before-draw", "extra-draw",
    "meld-invalid", "set-repeated-suit", "run-not-ordered", "run-too-short",
    "set-two-wilds", "run-adjacent-wilds", "law-below-minimum",
    "layoff-before-down", "layoff-mismatch", "no-final-discard", "cut-first-round",
    "not-in-hand", "card-supply", "take-mismatch", "stock-mismatch", "deal-size",
    "unknown-player", "no-such-meld", "after-end", "stock-empty", "result-mismatch",
    "no-calls", "match-players", "scores-mismatch",
)

BIG_TABLE = 5  # from this many players: two decks and four jokers



class Argentino(Variant):
    name = "rummy-argentino"
    title = "Rummy argentino"
    min_players = 2
    max_players = 8
    config_class: ClassVar[type[Any]] = RulesArgentino
    rule_ids = RULE_IDS
    take_whole_pile = True
    face_up_card = True
    wild_twos = True
    match_tags = argentino_tags.TAGS

    HAND = 9

    def deal_size(self, seat: int, players: int, config: Any) -> int:
        return self.HAND

    def complete(self, config: Any, players: int) -> Any:
        big = players >= BIG_TABLE
        decks = config.Decks if config.Decks is not None else (2 if big else 1)
        jokers = config.Jokers if config.Jokers is not None else (4 if big else 2)
        return dataclasses.replace(config, Decks=decks, Jokers=jokers)

    def referee(self, record: GameRecord, config: Any, context: Any = None) -> ArgentinoReferee:
        from referee.variants.argentino.match import Matches
        from referee.variants.argentino.referee import ArgentinoReferee

        return ArgentinoReferee(self, record, config, context or Matches())

    def not_judged(self, record: GameRecord, context: Any, result: GameResult) -> None:
        """Still a hand of its match: its position counts; no scores, the totals after it
        unknown (ARGENTINO.md §12)."""
        from referee.variants.argentino.match import Matches

        matches: Matches = context
        result.match, result.standings = matches.skip(record)
        result.scores = []
        result.en_ley = ()

    def new_context(self) -> Any:
        from referee.variants.argentino.match import Matches

        return Matches()

    def tag_problems(self, tags: Mapping[str, Tag]) -> list[tuple[Tag, str, dict[str, Any]]]:
        scores = tags.get(argentino_tags.SCORES)
        if scores is None:
            return []
        try:
            argentino_tags.parse_scores(scores.value)
        except argentino_tags.ScoresError as err:
            return [(scores, "bad-scores", {"piece": err.piece})]
        return []
