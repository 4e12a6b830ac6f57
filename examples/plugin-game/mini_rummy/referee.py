"""mini-rummy's referee: the engine's :class:`~referee.engine.replay.Referee` with the
game's hooks (the seam's :class:`~referee.engine.game.RefereeHooks`).

For each event the engine checks that it can physically have happened (a card in
the hand, the pile's top...: a log error, and the event is skipped, when not), then
calls ``judge_*`` (the table has not moved yet), moves the cards itself, then calls
``after_*`` (the table as it now stands). The hooks here ask the rule functions
(:mod:`mini_rummy.rulings`), record what they return, and keep what only this game
knows: whose turn it is and who has melded.
"""

from __future__ import annotations

from referee.engine.findings import LOG_ERROR, GameResult, finding
from referee.engine.game import MeldPlan, Variant
from referee.engine.replay import Referee
from referee.engine.table import TableMeld
from referee.notation.events import Call, Discard, Draw, Event, GameRecord, Layoff, Meld, Take

from mini_rummy import rulings
from mini_rummy.knobs import MiniRules
from mini_rummy.melds import card_points, read_meld
from mini_rummy.report import MiniResult
from mini_rummy.rulings import Turn


class MiniReferee(Referee[MiniRules]):
    def __init__(self, variant: Variant[MiniRules], record: GameRecord,
                 config: MiniRules) -> None:
        self.turn = Turn(record.players[0])
        self.melded: set[str] = set()  # players with a meld of their own on the table
        super().__init__(variant, record, config)  # deals the hands: setup()

    # -- turns -------------------------------------------------------------------------------

    def current_player(self) -> str | None:
        return self.turn.player

    def next_turn(self) -> None:
        seat = self.seats[self.turn.player]
        self.turn = Turn(self.order[(seat + 1) % len(self.order)])

    def _start(self, ev: Draw | Take) -> None:
        found = rulings.judge_start(self.turn, ev)
        self.record_all(found)
        if not found:
            self.turn.started = True

    judge_draw = judge_take = _start  # a draw and a take start a turn alike

    def _in_turn(self, ev: Event, verb: str) -> bool:
        """Judge a play's turn; whether it is its player's own turn."""
        found = rulings.judge_play(self.turn, ev, verb)
        self.record_all(found)
        return ev.player == self.turn.player

    # -- melds and lay-offs ------------------------------------------------------------------

    def judge_meld(self, ev: Meld) -> MeldPlan:
        self._in_turn(ev, "meld")
        shape = read_meld(ev.cards, self.config)
        self.record_all(rulings.judge_meld(ev, shape is not None))
        self.melded.add(ev.player)
        cards = shape.readings() if shape is not None else list(ev.cards)
        return MeldPlan(shape, cards, 0)

    def after_meld(self, ev: Meld, meld: TableMeld) -> None:
        self._emptied(ev)

    def judge_layoff(self, ev: Layoff, meld: TableMeld, fits: bool) -> None:
        if self._in_turn(ev, "layoff"):
            self.record_all(rulings.judge_layoff(ev, ev.player in self.melded, meld, fits))

    def after_layoff(self, ev: Layoff, meld: TableMeld, placed: object) -> None:
        self._emptied(ev)

    def _emptied(self, ev: Event) -> None:
        """No card left after a meld or a lay-off: a renuncia, and the turn ends."""
        if not self.table.hands[ev.player].size and ev.player == self.turn.player:
            self.record_all(rulings.judge_emptied(ev.player, ev.line))
            self.next_turn()

    # -- the discard -------------------------------------------------------------------------

    def judge_discard(self, ev: Discard) -> None:
        self._in_turn(ev, "discard")

    def after_discard(self, ev: Discard) -> None:
        """The last card discarded: the player goes out. Else the turn passes."""
        if not self.table.hands[ev.player].size:
            self.finish(ev.player)
        elif ev.player == self.turn.player:
            self.next_turn()

    def judge_call(self, ev: Call) -> None:
        """mini-rummy has no calls: every renuncia counts at once."""
        if ev.accused not in self.seats:
            self.unknown_player(ev.accused, ev.accused, ev.line)
            return
        self.findings.append(finding(LOG_ERROR, "no-calls", ev.player, ev.line,
                                     "mini-no-calls", accused=ev.accused))

    # -- what the step-through and the report show -------------------------------------------

    def down_players(self) -> tuple[str, ...]:
        return tuple(name for name in self.order if name in self.melded)

    def result_fields(self, result: GameResult) -> None:
        """Each player's points left in hand, once someone went out and every hand is
        known (a hidden card's value is not)."""
        hands = self.table.hands
        points: dict[str, int] = {}
        if self.finished and not any(hand.hidden for hand in hands.values()):
            points = {name: sum(card_points(c) for c in hands[name].cards())
                      for name in self.order}
        result.extras = MiniResult(points)
