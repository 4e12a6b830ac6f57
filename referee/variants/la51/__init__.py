"""51 (La 51), the Colombian rummy: docs/rules.md.

One module per family of rulings; a rule id's check lives in exactly one of them.
The game registers through the referee's ``pyproject.toml`` (entry point
``referee.games``), like any plugin.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from referee.cards import Shoe
from referee.engine.findings import LOG_ERROR, NOTICE, RENUNCIA
from referee.engine.game import UNFINISHED, NightPoints, StandingsTable, Variant
from referee.rulebook import Rule
from referee.variants.la51.knobs import Rules51

if TYPE_CHECKING:
    from referee.cards import Card
    from referee.engine.table import TableMeld
    from referee.notation.events import GameRecord, Tag
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

# The rule ids only 51 cites (the rule book has the ones every game may cite); their
# texts are in its words (.words).
RULES = (
    Rule("early-draw", RENUNCIA, "000 turnos"),
    Rule("set-colors", RENUNCIA, "001, 003"),
    Rule("joker-limit", RENUNCIA, "knob"),
    Rule("bajada-below-minimum", RENUNCIA, "000, 003"),
    Rule("bajada-not-above-previous", RENUNCIA, "000, 003"),
    Rule("bajada-first-turn", RENUNCIA, "001, 003"),
    Rule("take-not-melded", RENUNCIA, "000, 003"),
    Rule("take-not-first", RENUNCIA, "000, 003"),
    Rule("layoff-same-turn", RENUNCIA, "000 renunciar"),
    Rule("meld-after-layoff", RENUNCIA, "000 renunciar"),
    Rule("discard-pegue", RENUNCIA, "000 renunciar"),
    Rule("missed-call", RENUNCIA, "000 renunciar"),
    Rule("player-out", LOG_ERROR, "docs/rules.md"),
    Rule("unfounded-call", NOTICE, "000 renunciar (the seeds name no penalty)"),
    Rule("amnesty", NOTICE, "docs/rules.md"),
    Rule("void-call", NOTICE, "docs/rules.md"),
)

EXAMPLE_LOG = """[Game "51"]
[Players "Ana Beto Caro"]
[Stake "100"]

Ana discard 2s
Beto draw Qd
Beto discard Jh
"""


def _cards_owed(game: Mapping[str, Any]) -> list[tuple[str, str, int]]:
    """A game without a stake: what each player would pay the winner in cards (the
    settlement at a stake of 1)."""
    from referee.variants.la51.knobs import RenunciaPays
    from referee.variants.la51.settlement import settle

    rules = game["rules"]
    config = Rules51(Stake=1, PenaltyCards=int(rules.get("PenaltyCards", 14)),
                     RenunciaPays=RenunciaPays(rules.get("RenunciaPays", "max")))
    out = {e["player"] for e in game.get("eliminated", ())}
    return [(p.payer, p.payee, p.cards) for p in settle(
        game["winner"], game["players"], out, game.get("hands", {}), config)]


class La51(Variant[Rules51]):
    name = "51"
    title = "51 (La 51), Colombian rummy"
    min_players = 2
    max_players = 6
    config_class: ClassVar[type[Any]] = Rules51
    rule_ids = RULE_IDS
    rules = RULES
    docs_page = "51"
    example_log = EXAMPLE_LOG
    standings = StandingsTable("players", "cli.standings.title")
    simulated_players = (2, 6)
    night_sizes = (3, 5)

    FIRST_HAND = 15
    HAND = 14

    def deal_size(self, seat: int, players: int, config: Rules51) -> int:
        return self.FIRST_HAND if seat == 0 else self.HAND

    def config(self, tags: Mapping[str, str], players: int,
               overrides: Mapping[str, str] | None = None) -> Rules51:
        """The knobs in force; under a Spanish deck ``Jokers`` defaults to 2 per deck
        (RULES.md §13)."""
        config = super().config(tags, players, overrides)
        if config.Deck.spanish:
            from referee.variants.la51.deck import jokers_given

            if not jokers_given(tags, overrides):
                config = dataclasses.replace(config, Jokers=2 * config.Decks)
        return config

    def config_json(self, config: Rules51) -> dict[str, Any]:
        """The knobs as the report lists them; ``Deck`` only when it is not the French
        deck (a French game's report is what it was before decks were a knob)."""
        found = super().config_json(config)
        if not config.Deck.spanish:
            del found["Deck"]
        return found

    def shoe(self, config: Rules51) -> Shoe:
        return Shoe(config.Deck, config.Decks, config.Jokers)

    def deal_problems(self, tags: Mapping[str, Tag], players: int,
                      overrides: Mapping[str, str] | None
                      ) -> list[tuple[Tag, str, dict[str, Any]]]:
        from referee.variants.la51.deck import supply_problems

        return supply_problems(self, tags, players, overrides)

    def knob_notices(self, tags: Mapping[str, Tag], overrides: Mapping[str, str] | None
                     ) -> list[tuple[Tag, str, dict[str, Any]]]:
        from referee.variants.la51.deck import not_applicable

        return not_applicable(self, tags, overrides)

    def messages(self) -> Mapping[str, Mapping[str, str]]:
        from referee.variants.la51.words import MESSAGES

        return MESSAGES

    def referee(self, record: GameRecord, config: Rules51, context: Any = None) -> La51Referee:
        from referee.variants.la51.referee import La51Referee

        return La51Referee(self, record, config)

    def night_points(self, game: Mapping[str, Any]) -> NightPoints:
        """A night's points: the settlement counted in cards, zero-sum (each payment of N
        cards is +N to the payee, -N to the payer); a game that did not finish counts for
        nobody."""
        if not game.get("finished"):
            return NightPoints(None, UNFINISHED)
        points = {name: 0 for name in game["players"]}
        payments = [(p["payer"], p["payee"], int(p["cards"]))
                    for p in game.get("settlement", ())]
        if not payments and game.get("winner") and not game.get("rules", {}).get("Stake"):
            payments = _cards_owed(game)  # no stake: the cards themselves
        for payer, payee, cards in payments:
            points[payee] = points.get(payee, 0) + cards
            points[payer] = points.get(payer, 0) - cards
        return NightPoints(points)

    def discard_fit(self, melds: Iterable[TableMeld], card: Card,
                    config: Rules51) -> TableMeld | None:
        """The meld a discard would be a pegue on, whatever ``DiscardPegue`` makes of it."""
        from referee.variants.la51.discards import judge_pegue
        from referee.variants.la51.knobs import DiscardPegue

        table = list(melds)
        every = dataclasses.replace(config, DiscardPegue=DiscardPegue.ALL)
        found = judge_pegue("", 0, card.physical, True, table, every)
        if not found:
            return None
        number = int(found[0].params["meld"])
        return next(m for m in table if m.number == number)

    def simulate(self, count: int, players: tuple[int, int], seed: int,
                 knobs: Mapping[str, str] | None, hidden: bool, lang: str,
                 matches: bool) -> str:
        from referee.sim import simulate_text

        return simulate_text(self.name, count, players, seed, knobs, hidden=hidden, lang=lang,
                             matches=matches)
