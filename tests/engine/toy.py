"""A toy game that is not installed, for the engine's tests and to prove the seam: every
part of a game comes through :class:`~referee.engine.game.Variant` (its name, knobs,
rule ids and their texts, its result's own fields, its human report and its page),
and nothing of the referee names it. :func:`referee.games.using` registers it for a
test.

Toy rummy: 2 to 4 players, 5 cards each, draw or take the pile's top, melds of 3 or
more cards of one rank (a set of any size), a lay-off of one more of its rank, going
out by the last discard. One rule of its own: ``toy-meld-rank`` (a meld of mixed
ranks). Its own knob ``Bonus`` is what the winner scores; its report adds
``toy_bonus``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from referee.cards import Card, Rank
from referee.engine.findings import GameResult, renuncia
from referee.engine.game import MeldPlan, Variant
from referee.engine.replay import Referee
from referee.engine.table import TableMeld
from referee.knobs import Whole, knob, yes_no
from referee.notation.events import Call, Discard, Draw, GameRecord, Layoff, Meld, Take
from referee.rulebook import Rule


@dataclass(frozen=True, slots=True)
class ToyRules:
    Decks: int = knob(1, Whole(1, 8))
    Jokers: int = knob(0, Whole(0, 32))
    RunWrap: bool = knob(True, yes_no)  # shared with 51 and argentino: read the same
    Bonus: int = knob(10, Whole(0, 1000))


@dataclass(slots=True)
class ToySet:
    """A set of one rank, any size."""

    rank: Rank
    cards: list[Card]
    kind: str = "set"

    def readings(self) -> list[Card]:
        return list(self.cards)

    def placement(self, card: Card) -> object | None:
        return 0 if card.rank == self.rank else None

    def lay_off(self, card: Card, by: str) -> object:
        self.cards.append(card)
        return by

    def points(self) -> int:
        return len(self.cards)


@dataclass(slots=True)
class ToyResult:
    bonus: dict[str, int]

    def report_fields(self) -> dict[str, Any]:
        return {"toy_bonus": dict(self.bonus)}


@dataclass(slots=True)
class Trace:
    """What the toy referee saw, hook by hook: (hook, event line, cards in the mover's
    hand, pile size, melds on the table)."""

    seen: list[tuple[str, int, int, int, int]] = field(default_factory=list)


class ToyReferee(Referee[ToyRules]):
    def __init__(self, variant: Variant[ToyRules], record: GameRecord, config: ToyRules,
                 trace: Trace | None) -> None:
        self.trace = trace
        self.turn = 0
        super().__init__(variant, record, config)

    def _see(self, hook: str, player: str) -> None:
        if self.trace is not None:
            t = self.table
            self.trace.seen.append((hook, self.line, t.hands[player].size, len(t.pile),
                                    len(t.melds)))

    def current_player(self) -> str | None:
        return self.order[self.turn % len(self.order)]

    def judge_draw(self, ev: Draw) -> None:
        self._see("judge_draw", ev.player)

    def judge_take(self, ev: Take) -> None:
        self._see("judge_take", ev.player)

    def judge_meld(self, ev: Meld) -> MeldPlan:
        self._see("judge_meld", ev.player)
        ranks = {c.rank for c in ev.cards}
        if len(ranks) != 1 or len(ev.cards) < 3:
            self.record_all((renuncia("toy-meld-rank", ev.player, ev.line),))
            return MeldPlan(None, list(ev.cards), self.turn)
        rank = next(iter(ranks))
        assert rank is not None
        return MeldPlan(ToySet(rank, list(ev.cards)), list(ev.cards), self.turn)

    def after_meld(self, ev: Meld, meld: TableMeld) -> None:
        self._see("after_meld", ev.player)

    def judge_layoff(self, ev: Layoff, meld: TableMeld, fits: bool) -> None:
        self._see("judge_layoff", ev.player)

    def after_layoff(self, ev: Layoff, meld: TableMeld, placed: object) -> None:
        self._see("after_layoff", ev.player)

    def judge_discard(self, ev: Discard) -> None:
        self._see("judge_discard", ev.player)

    def after_discard(self, ev: Discard) -> None:
        self._see("after_discard", ev.player)
        if not self.table.hands[ev.player].size:
            self.finish(ev.player)
        self.turn += 1

    def judge_call(self, ev: Call) -> None:
        self.log_error("no-calls", ev.player, ev.line, accused=ev.accused)

    def result_fields(self, result: GameResult) -> None:
        won = {self.winner: self.config.Bonus} if self.winner else {}
        result.extras = ToyResult(won)


class ToyHuman:
    """The toy's part of the human report."""

    def heading(self, console: Any, game: Mapping[str, Any], t: Any) -> None:
        pass

    def outcome(self, console: Any, game: Mapping[str, Any], t: Any) -> None:
        from rich.text import Text

        for name, bonus in game.get("toy_bonus", {}).items():
            console.print(Text(t("toy.bonus", player=name, bonus=bonus)))

    def not_judged(self, console: Any, game: Mapping[str, Any], t: Any) -> None:
        pass

    def closing_entry(self, game: Mapping[str, Any]) -> tuple[int, Mapping[str, Any]] | None:
        return None

    def closing(self, console: Any, t: Any, entries: Mapping[int, Mapping[str, Any]]) -> None:
        pass


class Toy(Variant[ToyRules]):
    name = "toy-rummy"
    title = "Toy rummy"
    min_players = 2
    max_players = 4
    config_class: ClassVar[type[Any]] = ToyRules
    rule_ids = ("toy-meld-rank", "not-in-hand", "card-supply", "no-calls")
    rules = (Rule("toy-meld-rank", "renuncia", "tests/engine/toy.py"),)
    docs_page = "toy"
    trace: ClassVar[Trace | None] = None

    def deal_size(self, seat: int, players: int, config: ToyRules) -> int:
        return 5

    def referee(self, record: GameRecord, config: ToyRules, context: Any = None) -> ToyReferee:
        return ToyReferee(self, record, config, self.trace)

    def messages(self) -> Mapping[str, Mapping[str, str]]:
        return {
            "toy-meld-rank": {"en": "{player} laid a meld of mixed ranks",
                              "es": "{player} bajó un juego de valores mezclados"},
            "rule.toy-meld-rank": {"en": "a meld whose cards are not all of one rank",
                                   "es": "un juego cuyas cartas no son todas del mismo valor"},
            "report.knob.Bonus": {"en": "what the winner scores",
                                  "es": "lo que gana el ganador"},
            "report.variant.toy-rummy": {"en": "Toy rummy", "es": "Rummy de juguete"},
            "toy.bonus": {"en": "Bonus: {player} {bonus}", "es": "Premio: {player} {bonus}"},
        }

    def human_report(self) -> ToyHuman:
        return ToyHuman()

    def page_template(self) -> str:
        return ('{% if game.toy_bonus is defined %}<p class="toy-bonus">'
                "{% for p, b in game.toy_bonus.items() %}{{ p }} {{ b }}{% endfor %}</p>"
                "{% endif %}")


LOG = """[Game "toy-rummy"]
[Players "Ana Beto"]
[Bonus "25"]

deal Ana: 7h 7d 7c 2s 9h
deal Beto: 3c 4c 5c 6c 8d

Ana draw 7s
Ana meld 7h 7d 7c
Ana discard 2s
Beto take 2s
Beto meld 3c 4c 5c
Beto discard 8d
Ana draw Kd
Ana layoff 7s on 1
Ana discard Kd
Beto draw Jc
Beto discard 9h
Ana discard 9h
"""
