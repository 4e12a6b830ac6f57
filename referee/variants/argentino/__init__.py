"""Rummy argentino: docs/argentino.md.

One module per family of rulings; a rule id's check lives in exactly one of them.
The game registers through the referee's ``pyproject.toml`` (entry point
``referee.games``), like any plugin; its own result (:mod:`.result`), its part of
the human report (:mod:`.human`) and of the page (``page.html``) are here too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from referee.engine.findings import LOG_ERROR, RENUNCIA
from referee.engine.game import UNFINISHED, NightPoints, StandingsTable, Variant
from referee.rulebook import Rule
from referee.variants.argentino import tags as argentino_tags
from referee.variants.argentino.knobs import RulesArgentino

if TYPE_CHECKING:
    from referee.engine.findings import GameResult
    from referee.notation.events import GameRecord, Tag
    from referee.variants.argentino.human import ArgentinoHuman
    from referee.variants.argentino.match import Matches
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

# The rule ids only argentino cites (the rule book has the ones every game may cite);
# their texts are in its words (.words).
RULES = (
    Rule("set-two-wilds", RENUNCIA, "004 Comodines"),
    Rule("run-adjacent-wilds", RENUNCIA, "004 Comodines"),
    Rule("law-below-minimum", RENUNCIA, "004 Reglas adicionales"),
    Rule("cut-first-round", RENUNCIA, "004 Reglas adicionales"),
    Rule("match-players", LOG_ERROR, "docs/argentino.md"),
    Rule("scores-mismatch", LOG_ERROR, "docs/argentino.md"),
)

BIG_TABLE = 5  # from this many players: two decks and four jokers

EXAMPLE_LOG = """[Game "rummy-argentino"]
[Players "Rosa Juan"]

Rosa draw 5h
Rosa discard Kd
"""


@cache
def _referee_classes() -> tuple[type[ArgentinoReferee], type[Matches]]:
    """The referee's classes, imported on the first hand rather than at start-up, then
    kept: an import statement in :meth:`Argentino.referee` cost every hand more than
    half a percent of its instructions (docs/performance.md)."""
    from referee.variants.argentino.match import Matches
    from referee.variants.argentino.referee import ArgentinoReferee

    return ArgentinoReferee, Matches


NO_SCORES = "no-scores"  # a night's flag: a hand that ended without scores


class Argentino(Variant[RulesArgentino]):
    name = "rummy-argentino"
    title = "Rummy argentino"
    min_players = 2
    max_players = 8
    config_class: ClassVar[type[Any]] = RulesArgentino
    rule_ids = RULE_IDS
    rules = RULES
    take_whole_pile = True
    face_up_card = True
    wild_twos = True
    match_tags = argentino_tags.TAGS
    hand_only_tags = argentino_tags.HAND_ONLY
    series_tag = argentino_tags.MATCH
    docs_page = "argentino"
    example_log = EXAMPLE_LOG
    standings = StandingsTable("argentino", "cli.standings.title_argentino", points=True)
    simulated_players = (2, 8)
    night_sizes = (2, 4)
    night_per_round = 3
    night_hands_first = True

    HAND = 9

    def deal_size(self, seat: int, players: int, config: RulesArgentino) -> int:
        return self.HAND

    def complete(self, config: RulesArgentino, players: int) -> RulesArgentino:
        big = players >= BIG_TABLE
        decks = config.Decks if config.Decks is not None else (2 if big else 1)
        jokers = config.Jokers if config.Jokers is not None else (4 if big else 2)
        return dataclasses.replace(config, Decks=decks, Jokers=jokers)

    def referee(self, record: GameRecord, config: RulesArgentino,
                context: Any = None) -> ArgentinoReferee:
        referee_class, matches_class = _referee_classes()
        return referee_class(self, record, config, context or matches_class())

    def not_judged(self, record: GameRecord, context: Any, result: GameResult) -> None:
        """Still a hand of its match: its position counts; no scores, the totals after it
        unknown (ARGENTINO.md §12)."""
        from referee.variants.argentino.result import ArgentinoResult

        matches: Matches = context
        info, standings = matches.skip(record)
        result.extras = ArgentinoResult(info, [], standings, ())

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

    # -- the front ends ----------------------------------------------------------------------

    def messages(self) -> Mapping[str, Mapping[str, str]]:
        from referee.variants.argentino.words import MESSAGES

        return MESSAGES

    def human_report(self) -> ArgentinoHuman:
        from referee.variants.argentino.human import ArgentinoHuman

        return ArgentinoHuman()

    def report_schema(self) -> type:
        from referee.variants.argentino.schema import ArgentinoFields

        return ArgentinoFields

    def page_template(self) -> str:
        from importlib.resources import files

        return files(__name__).joinpath("page.html").read_text(encoding="utf-8")

    def standing_points(self, game: Mapping[str, Any]) -> Iterable[tuple[str, int]]:
        """Each player's total for the hand, when it was scored."""
        return [(s["player"], s["total"]) for s in game.get("scores", ())]

    def night_points(self, game: Mapping[str, Any]) -> NightPoints:
        """A night's points: the hand's totals (ARGENTINO.md §7); a hand that did not
        finish, or ended with cards nobody saw (no scores), counts for nobody."""
        if not game.get("finished"):
            return NightPoints(None, UNFINISHED)
        scores = game.get("scores") or ()
        if not scores:
            return NightPoints(None, NO_SCORES)
        return NightPoints({s["player"]: int(s["total"]) for s in scores})

    def simulate(self, count: int, players: tuple[int, int], seed: int,
                 knobs: Mapping[str, str] | None, hidden: bool, lang: str,
                 matches: bool) -> str:
        from referee.sim import simulate_text

        return simulate_text(self.name, count, players, seed, knobs, hidden=hidden, lang=lang,
                             matches=matches)
