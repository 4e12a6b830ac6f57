"""mini-rummy: a small rummy, the third game of the 51 Referee, as a plugin.

The rules (docs/plugins.md has them in full): 2 to 4 players, 7 cards each from one
French deck without jokers. In turn, each player draws the stock's top or takes the
pile's top, may lay sets and runs of 3 or more and, once they have a meld of their
own on the table, lay cards off onto any meld, then discards. Whoever discards
their last card goes out and wins.

This module is the game's one class (:class:`MiniRummy`): its facts and the hooks
that hand the engine the rest (:mod:`.knobs`, :mod:`.melds`, :mod:`.rulings`,
:mod:`.referee`, :mod:`.report`, :mod:`.words`, :mod:`.sim`). The referee finds it
through this package's entry point (``pyproject.toml``)::

    [project.entry-points."referee.games"]
    "mini-rummy" = "mini_rummy:MiniRummy"
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from referee.cards import FRENCH, Shoe
from referee.engine.findings import RENUNCIA
from referee.engine.game import StandingsTable, Variant
from referee.rulebook import Rule

from mini_rummy.knobs import MiniRules

if TYPE_CHECKING:
    from referee.notation.events import GameRecord

    from mini_rummy.referee import MiniReferee
    from mini_rummy.report import MiniHuman

__all__ = ["MiniRules", "MiniRummy"]

HAND = 7  # cards dealt to each player

EXAMPLE_LOG = """[Game "mini-rummy"]
[Players "Ana Beto"]

Ana draw 5h
Ana discard Kd
Beto take Kd
Beto discard 2c
"""


class MiniRummy(Variant[MiniRules]):
    # The facts: its Game tag, players, knobs and every rule id its findings cite.
    name = "mini-rummy"
    title = "mini-rummy (a small rummy)"  # in English; its words have it in both
    min_players = 2
    max_players = 4
    config_class: ClassVar[type[Any]] = MiniRules
    rule_ids = (
        "out-of-turn", "play-before-draw", "extra-draw", "mini-bad-meld",
        "mini-layoff-before-meld", "layoff-mismatch", "no-final-discard",
        "not-in-hand", "card-supply", "take-mismatch", "stock-mismatch", "deal-size",
        "unknown-player", "no-such-meld", "after-end", "stock-empty", "result-mismatch",
        "no-calls",
    )
    # The rule ids the referee's rule book does not have: their texts are in the words.
    rules = (
        Rule("mini-bad-meld", RENUNCIA, "docs/plugins.md"),
        Rule("mini-layoff-before-meld", RENUNCIA, "docs/plugins.md"),
    )
    example_log = EXAMPLE_LOG
    simulated_players = (2, 4)  # referee simulate --game mini-rummy
    # referee standings: a points table (the winner scores what the others hold).
    standings = StandingsTable("mini_rummy", "mini.standings", points=True)

    # The deal and the cards.
    def deal_size(self, seat: int, players: int, config: MiniRules) -> int:
        return HAND

    def shoe(self, config: MiniRules) -> Shoe:
        return Shoe(FRENCH, 1, 0)  # one deck, no jokers: not a knob in this game

    # The referee of one game.
    def referee(self, record: GameRecord, config: MiniRules,
                context: Any = None) -> MiniReferee:
        from mini_rummy.referee import MiniReferee

        return MiniReferee(self, record, config)

    # Its words and how the front ends show its own report fields.
    def messages(self) -> Mapping[str, Mapping[str, str]]:
        from mini_rummy.words import MESSAGES

        return MESSAGES

    def report_schema(self) -> type:
        from mini_rummy.report import MiniFields

        return MiniFields

    def human_report(self) -> MiniHuman:
        from mini_rummy.report import MiniHuman

        return MiniHuman()

    def page_template(self) -> str:
        from importlib.resources import files

        return files(__name__).joinpath("page.html").read_text(encoding="utf-8")

    def standing_points(self, game: Mapping[str, Any]) -> Iterable[tuple[str, int]]:
        """The winner scores the points left in the other hands (a game scored)."""
        points: Mapping[str, int] = game.get("mini_points") or {}
        winner = game.get("winner")
        if not isinstance(winner, str) or winner not in points:
            return ()
        return [(winner, sum(points.values()))]

    # referee simulate: random, legal games.
    def simulate(self, count: int, players: tuple[int, int], seed: int,
                 knobs: Mapping[str, str] | None, hidden: bool, lang: str,
                 matches: bool) -> str:
        from mini_rummy.sim import simulate_log

        return simulate_log(self, count, players, seed, knobs, hidden, lang, matches)
