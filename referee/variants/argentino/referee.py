"""Argentino's referee: the turn in progress, who is down, en ley, going out and scoring.

This is where argentino's state changes: every ruling comes from a rule function
of this package (:mod:`.turns`, :mod:`.melds`, :mod:`.layoffs`, :mod:`.law`,
:mod:`.going_out`), which returns findings; the hooks below record them and apply
what follows. Argentino has no calls and no eliminations: every infraction is
reported at once against its author, and the replay goes on as logged.
"""

from __future__ import annotations

from referee.engine.findings import GameResult
from referee.engine.game import MeldPlan, Variant
from referee.engine.replay import Referee
from referee.engine.table import TableMeld
from referee.notation.events import Call, Discard, Draw, Event, GameRecord, Layoff, Meld, Take
from referee.variants.argentino import going_out, law, layoffs, scoring, turns
from referee.variants.argentino.knobs import RulesArgentino
from referee.variants.argentino.match import Entry, Matches
from referee.variants.argentino.melds import MeldVerdict, judge_shape
from referee.variants.argentino.result import ArgentinoResult, HandScore
from referee.variants.argentino.slots import Slot
from referee.variants.argentino.state import Turn
from referee.variants.argentino.tags import CUT_BONUS


class ArgentinoReferee(Referee[RulesArgentino]):
    def __init__(self, variant: Variant[RulesArgentino], record: GameRecord,
                 config: RulesArgentino, matches: Matches) -> None:
        self.rules = config
        self.matches = matches
        self.entry: Entry = matches.enter(record)
        self.idle = self.entry.after_end  # a hand of a match already over: not replayed
        self.en_ley = law.en_ley(self.entry.totals, config)
        self.turn = Turn(record.players[0], 1)
        self.had_turn: set[str] = set()  # seats that have started or ended a turn
        self.down: set[str] = set()  # players with a meld on the table
        self.laid_turns: dict[str, set[int]] = {}  # turn serials in which each laid cards
        self.law_done: set[str] = set()  # en ley players whose first lay-down is judged
        self.went_out_hidden = False
        self._in_turn = False  # the play being judged is in its player's own turn
        self._first = False  # the meld being judged is its player's first of the hand
        self._verdict: MeldVerdict | None = None  # ...and its verdict
        super().__init__(variant, record, config)
        order = self.order  # who plays after each seat
        self._next_seat = {name: order[(seat + 1) % len(order)] for seat, name in enumerate(order)}
        self.findings.extend(self.entry.findings)

    def setup(self) -> None:
        if not self.idle:
            super().setup()
            self._cut_bonus_player()

    def _cut_bonus_player(self) -> str | None:
        tag = self.record.tags.get(CUT_BONUS)
        if tag is None:
            return None
        if tag.value not in self.seats:
            self.unknown_player(tag.value, tag.value, tag.line)
            return None
        return tag.value

    # -- turns -------------------------------------------------------------------------------

    def current_player(self) -> str | None:
        return self.turn.player

    def turn_started(self) -> bool:
        return self.turn.started

    def _start(self, ev: Draw | Take) -> None:
        """A draw or take: whether it starts the player's turn (its renuncia, if any)."""
        found, starts = turns.judge_start(self.turn, ev)
        if found:
            self.record_all(found)
        if starts:
            self.turn.started = True
            self.had_turn.add(ev.player)

    judge_draw = judge_take = _start  # judged alike: whose turn they start

    def _play(self, ev: Event, verb: str) -> bool:
        found, in_turn = turns.judge_play(self.turn, ev, verb)
        if found:
            self.record_all(found)
        return in_turn

    def end_turn(self) -> None:
        turn = self.turn
        if turn.law_line is not None:
            self._judge_law()
        self.had_turn.add(turn.player)
        self.turn = Turn(self._next_seat[turn.player], turn.serial + 1)

    # -- melds and lay-offs ------------------------------------------------------------------

    def _laid(self, player: str) -> None:
        turns = self.laid_turns.get(player)
        if turns is None:
            turns = self.laid_turns[player] = set()
        turns.add(self.turn.serial)

    def judge_meld(self, ev: Meld) -> MeldPlan:
        self._in_turn = self._play(ev, "meld")
        verdict, found = judge_shape(ev, self.rules)
        if found:
            self.record_all(found)
        self._first = ev.player not in self.down
        self._verdict = verdict
        self.down.add(ev.player)
        self._laid(ev.player)
        cards = verdict.shape.readings() if verdict.shape is not None else list(ev.cards)
        return MeldPlan(verdict.shape, cards, self.turn.serial)

    def after_meld(self, ev: Meld, meld: TableMeld) -> None:
        """An en-ley player's first lay-down: the meld's cards count towards ``LawMin``."""
        in_turn, verdict = self._in_turn, self._verdict
        if in_turn and ev.player in self.en_ley and ev.player not in self.law_done:
            if self._first:
                self.turn.law_line = ev.line
            if (self.turn.law_line is not None and verdict is not None
                    and verdict.shape is not None):
                self.turn.law_cards.extend((meld, slot) for slot in verdict.shape.slots)
        self._after_play(ev, in_turn)

    def judge_layoff(self, ev: Layoff, meld: TableMeld, fits: bool) -> None:
        in_turn = self._in_turn = self._play(ev, "layoff")
        if in_turn:
            found = layoffs.judge_layoff(ev, ev.player in self.down, meld, fits)
            if found:
                self.record_all(found)
        self._laid(ev.player)

    def after_layoff(self, ev: Layoff, meld: TableMeld, placed: object) -> None:
        """A card laid off in an en-ley first lay-down counts towards ``LawMin``."""
        if self._in_turn and isinstance(placed, Slot) and self.turn.law_line is not None:
            self.turn.law_cards.append((meld, placed))
        self._after_play(ev, self._in_turn)

    def _after_play(self, ev: Event, in_turn: bool) -> None:
        """A meld or lay-off that empties the hand: no card is left to go out with."""
        if in_turn and not self.table.hands[ev.player].size:
            self.record_all(going_out.judge_emptied(ev.player, ev.line))
            self.end_turn()

    # -- en ley ------------------------------------------------------------------------------

    def _judge_law(self) -> None:
        """The turn of an en-ley player's first lay-down ends: LawMin, counting the cards
        they laid in it at their values now, after every move of the turn."""
        turn = self.turn
        if turn.law_line is None:
            return
        points = law.points(turn.law_cards)
        self.record_all(law.judge(turn.player, turn.law_line, points, self.rules))
        self.law_done.add(turn.player)
        turn.law_line = None

    # -- the discard -------------------------------------------------------------------------

    def judge_discard(self, ev: Discard) -> None:
        self._in_turn = self._play(ev, "discard")

    def after_discard(self, ev: Discard) -> None:
        """Going out (the hand emptied: if every seat has had a turn), else the turn ends."""
        in_turn = self._in_turn
        if self.table.hands[ev.player].size == 0:
            had_turn = self.had_turn | ({self.turn.player} if self.turn.started else set())
            cut = going_out.judge_cut(ev.player, ev.line, had_turn, len(self.order))
            if not cut:
                if in_turn:
                    self._judge_law()
                self.went_out_hidden = not (self.laid_turns.get(ev.player, set())
                                            - {self.turn.serial})
                self.finish(ev.player)
                return
            self.record_all(cut)
        if in_turn:
            self.end_turn()

    def judge_call(self, ev: Call) -> None:
        if ev.accused not in self.seats:
            self.unknown_player(ev.accused, ev.accused, ev.line)
            return
        self.log_error("no-calls", ev.player, ev.line, "no-calls:argentino",
                       accused=ev.accused)

    # -- results -----------------------------------------------------------------------------

    def close(self) -> None:
        """The log ended mid-turn: an en-ley first lay-down is judged as it stands."""
        if not self.finished:
            self._judge_law()

    def down_players(self) -> tuple[str, ...]:
        return tuple(name for name in self.order if name in self.down)

    def _scores(self) -> list[HandScore]:
        """The hand's scores: only for a hand that ended by going out with every card seen."""
        table = self.table
        if not self.finished or self.winner is None:
            return []
        if any(hand.hidden for hand in table.hands.values()):
            return []
        bonuses = {self.winner: going_out.bonus(not self.went_out_hidden)}
        cutter = self._cut_bonus_player_quiet()
        if cutter is not None:
            bonuses[cutter] = bonuses.get(cutter, 0) + scoring.CUT_BONUS
        hands = {name: hand.known for name, hand in table.hands.items()}
        return scoring.score_hand(self.order, hands, table.melds, bonuses,
                                  self.rules.HandPenalty)

    def _cut_bonus_player_quiet(self) -> str | None:
        tag = self.record.tags.get(CUT_BONUS)
        return tag.value if tag is not None and tag.value in self.seats else None

    def result_fields(self, result: GameResult) -> None:
        scores = self._scores()
        standings = self.matches.leave(self.entry, scores, self.rules.Target, self.order)
        result.extras = ArgentinoResult(Matches.info(self.entry), scores, standings,
                                        tuple(name for name in self.order
                                              if name in self.en_ley))
