"""51's referee: the turn in progress, who is down and who is out, calls and the cascade.

This is where 51's state changes: every ruling comes from a rule function of this
package (:mod:`.turns`, :mod:`.melds`, :mod:`.bajada`, :mod:`.taking`,
:mod:`.layoffs`, :mod:`.discards`, :mod:`.calls`), which returns findings; the
hooks below record them and apply what follows from them. Renuncias stay open for
calls (``CallsRequired``) or put their author out once the event has moved its
cards.
"""

from __future__ import annotations

from referee.cards import Card, Rank, Suit
from referee.engine.findings import CallRecord, Elimination, Finding, GameResult
from referee.engine.game import MeldPlan, Variant
from referee.engine.replay import Referee
from referee.engine.table import TableMeld
from referee.notation.events import Call, Discard, Draw, Event, GameRecord, Layoff, Meld, Take
from referee.variants.la51 import bajada, calls, discards, layoffs, taking, turns
from referee.variants.la51.knobs import Rules51
from referee.variants.la51.melds import MeldVerdict, RunMeld, SetMeld, card_value, judge_shape
from referee.variants.la51.settlement import settle
from referee.variants.la51.state import Standing, Turn


class La51Referee(Referee[Rules51]):
    """51's referee. Who is out is :attr:`out` (the one place: the players who have
    left the game, in order, each with their elimination)."""

    def __init__(self, variant: Variant[Rules51], record: GameRecord, config: Rules51) -> None:
        self.rules = config
        self.standings = {name: Standing() for name in record.players}
        self.calls: list[CallRecord] = []
        self.out: dict[str, Elimination] = {}
        self.barred = self.out  # who is out plays no more: the engine refuses them
        self.barred_rule = "player-out"
        # (player, line, rule id): players who leave once the event has moved its cards
        self.leaving: list[tuple[str, int, str]] = []
        self.open: dict[str, list[Finding]] = {}
        self.lapsed: dict[str, list[Finding]] = {}
        self.turn_ends: list[tuple[int, str]] = []
        self.bajadas: list[tuple[str, int]] = []
        self.at_turn_end: list[tuple[str, str]] = []  # CallsRequired off: bajada renuncias
        self.turn = Turn(record.players[0], 1, started=True, first=True)
        self._in_turn = False  # the play being judged is in its player's own turn
        # The valid melds on the table by the rank (sets) or suit (runs) a natural card
        # must have to fit them: a discard is judged for discard-pegue against those
        # alone, not every meld (docs/performance.md).
        self.sets_by_rank: dict[Rank, list[TableMeld]] = {}
        self.runs_by_suit: dict[Suit, list[TableMeld]] = {}
        super().__init__(variant, record, config)
        self._next = self._next_players()

    # -- recording -------------------------------------------------------------------------

    def record_renuncia(self, found: Finding) -> None:
        self.findings.append(found)
        assert found.player is not None
        if self.rules.CallsRequired:
            self.open.setdefault(found.player, []).append(found)
        elif found.rule in bajada.RULE_IDS:  # out as the turn ends, at the discard
            self.at_turn_end.append((found.player, found.rule))
        else:  # out once the event has moved its cards (see after_event), at its line
            self.leaving.append((found.player, self.line, found.rule))
            self.after_pending = True

    def after_event(self) -> None:
        """With ``CallsRequired`` off, the authors of this event's renuncias leave now."""
        while self.leaving:
            self.eliminate(*self.leaving.pop(0))

    # -- turn order --------------------------------------------------------------------------

    def current_player(self) -> str | None:
        return self.turn.player

    def turn_started(self) -> bool:
        return self.turn.started

    def next_player(self, after: str | None = None) -> str | None:
        """Who plays after ``after`` (the current player): the next seat not out, None when
        there is none but theirs (worked out when someone leaves, read each turn)."""
        return self._next[after or self.turn.player]

    def _next_players(self) -> dict[str, str | None]:
        order, n = self.order, len(self.order)
        found: dict[str, str | None] = {}
        for seat, current in enumerate(order):
            found[current] = None
            for step in range(1, n):
                name = order[(seat + step) % n]
                if name not in self.out:
                    found[current] = name
                    break
        return found

    def end_turn(self, line: int) -> None:
        """The current player's turn is over (a discard, or a hand emptied by melds)."""
        turn = self.turn
        name = turn.player
        if turn.bajada_line is not None:
            self.judge_bajada(name)
        self.turn_ends.append((line, name))
        if self.at_turn_end:
            self._bajada_out(line)
        if self.leaving:
            self.after_event()
        if turn.player == name and not self.finished:
            nxt = self._next[name]  # next_player(), without its call
            if nxt is not None:
                turn.begin(nxt)

    def _bajada_out(self, line: int) -> None:
        """``CallsRequired`` off: the turn ends at ``line``; its bajada renuncias put their
        author out there."""
        if self.at_turn_end:
            self.leaving.extend((name, line, rule) for name, rule in self.at_turn_end)
            self.after_pending = True
            self.at_turn_end.clear()

    def eliminate(self, name: str, line: int, rule: str) -> None:
        if name in self.out:
            return
        self.out[name] = Elimination(name, line, rule)
        self._next = self._next_players()
        self.standings[name].out_cards = self.table.hands[name].size
        self.open.pop(name, None)
        if self.turn.early == name:
            self.turn.early = None
        remaining = [n for n in self.order if n not in self.out]
        if len(remaining) == 1:
            self.finish(remaining[0])
        elif self.turn.player == name:
            nxt = self.next_player()
            if nxt is not None:
                self.turn.begin(nxt)

    # -- starting a turn -----------------------------------------------------------------------

    def _start(self, ev: Draw | Take) -> None:
        """A draw or take: whose turn it starts (its renuncia, if any)."""
        turn = self.turn
        if ev.player == turn.player and not turn.started:
            # The usual draw, the player's own (``Start.OWN`` of turns.judge_start, no
            # renuncia), without the calls: docs/performance.md.
            if ev.player in self.open:
                self._lapse(ev.player, ev.line)
            turn.started = True
            return
        nxt = None if ev.player == self.turn.player else self.next_player()
        found, start = turns.judge_start(self.turn, ev, nxt, self.rules.EarlyDraw)
        if start is not turns.Start.NONE and ev.player in self.open:
            # The player's start: their open renuncias lapse, then a renuncia of this
            # very draw (early-draw) opens, to lapse at their next start.
            self._lapse(ev.player, ev.line)
        if found:
            self.record_all(found)
        if start is turns.Start.OWN:
            self.turn.started = True
        elif start is turns.Start.EARLY:
            self.turn.early = ev.player

    judge_draw = _start  # a draw is judged for whose turn it starts, nothing else

    def _lapse(self, name: str, line: int) -> None:
        """``name``'s turn starts: their open renuncias lapse (amnesty)."""
        lapsing = self.open.pop(name, None)
        if not lapsing:
            return
        self.findings.extend(calls.amnesty(name, line, lapsing))
        self.lapsed.setdefault(name, []).extend(lapsing)

    def judge_take(self, ev: Take) -> None:
        own = ev.player == self.turn.player and not self.turn.started
        self._start(ev)
        if own:
            assert ev.card is not None
            self.turn.took = ev.card.physical
            self.turn.took_resolved = False

    # -- melds and lay-offs --------------------------------------------------------------------

    def _play(self, ev: Event, verb: str) -> bool:
        turn = self.turn
        if ev.player == turn.player and turn.started:
            return True  # the usual play, in turn after drawing (judge_play: no renuncia)
        found, in_turn = turns.judge_play(self.turn, ev, verb)
        if found:
            self.record_all(found)
        return in_turn

    def judge_meld(self, ev: Meld) -> MeldPlan:
        in_turn = self._play(ev, "meld")
        self._in_turn = in_turn
        verdict, found = judge_shape(ev, self.rules)
        if found:
            self.record_all(found)
        if in_turn:
            self._meld_in_turn(ev, verdict)
        cards = verdict.shape.readings() if verdict.shape is not None else list(ev.cards)
        return MeldPlan(verdict.shape, cards, self.turn.serial)

    def after_meld(self, ev: Meld, meld: TableMeld) -> None:
        shape = meld.shape
        if isinstance(shape, SetMeld):
            self.sets_by_rank.setdefault(shape.rank, []).append(meld)
        elif isinstance(shape, RunMeld):
            self.runs_by_suit.setdefault(shape.suit, []).append(meld)
        self._after_play(ev, self._in_turn)

    def _meld_in_turn(self, ev: Meld, verdict: MeldVerdict) -> None:
        """A meld in the player's own turn: lay-off order, the taken card, the bajada."""
        turn = self.turn
        standing = self.standings[ev.player]
        self.record_all(layoffs.judge_meld_order(turn, ev))
        found, resolved = taking.judge_meld(turn, ev)
        self.record_all(found)
        if resolved:
            turn.took_resolved = True
        turn.melds += 1
        if not standing.down or turn.bajada_line is not None:
            if turn.bajada_line is None:
                turn.bajada_line = ev.line
                self.record_all(bajada.judge_start(turn, ev))
            turn.bajada_points += verdict.points
            standing.down = True

    def judge_layoff(self, ev: Layoff, meld: TableMeld, fits: bool) -> None:
        in_turn = self._in_turn = self._play(ev, "layoff")
        turn = self.turn
        if in_turn:
            found, resolved = taking.judge_layoff(turn, ev)
            self.record_all(found)
            if resolved:
                turn.took_resolved = True
            self.record_all(layoffs.judge_layoff(turn, self.standings[ev.player].down, ev,
                                                 meld, fits))
            turn.layoffs += 1

    def after_layoff(self, ev: Layoff, meld: TableMeld, placed: object) -> None:
        """The card counts what the meld's shape said it counts (its own value when it
        did not fit) towards a bajada being laid (``LayoffsCount``)."""
        in_turn, turn = self._in_turn, self.turn
        if (in_turn and turn.bajada_line is not None and meld.owner != ev.player
                and self.rules.LayoffsCount):
            value = placed if isinstance(placed, int) else card_value(ev.card)
            turn.bajada_points += value
            turn.bajada_layoffs += value
        self._after_play(ev, in_turn)

    def _after_play(self, ev: Event, in_turn: bool) -> None:
        """A meld or lay-off that empties the hand."""
        if not in_turn or self.table.hands[ev.player].size or self.finished:
            return
        if self.rules.RequireFinalDiscard:
            self.record_all(discards.judge_emptied(ev.player, ev.line))
            self.end_turn(ev.line)
        else:
            self.judge_bajada(ev.player)
            self.win(ev.player)

    # -- the discard -------------------------------------------------------------------------

    def judge_discard(self, ev: Discard) -> None:
        turn = self.turn  # the usual discard, in turn after drawing: no _play call
        in_turn = self._in_turn = ((ev.player == turn.player and turn.started)
                                   or self._play(ev, "discard"))
        if in_turn:
            if turn.took is not None and not turn.took_resolved:
                found, _ = taking.judge_discard(turn, ev)
                self.record_all(found)
                turn.took_resolved = True
            card = ev.card.physical
            melds = self._could_take(card)
            if melds:  # usually none: no call then
                pegue = discards.judge_pegue(ev.player, ev.line, card,
                                             self.standings[ev.player].down, melds, self.rules)
                if pegue:
                    self.record_all(pegue)

    def _could_take(self, card: Card) -> list[TableMeld]:
        """The melds that might take ``card``, in table order (all of them for a joker)."""
        if card.rank is None:
            return self.table.melds
        sets = self.sets_by_rank.get(card.rank)
        runs = self.runs_by_suit.get(card.suit) if card.suit is not None else None
        if sets and runs:
            return sorted([*sets, *runs], key=lambda meld: meld.number)
        return sets or runs or []

    def after_discard(self, ev: Discard) -> None:
        """The discard ends the turn, or the game when it empties the hand."""
        if not self._in_turn:
            return
        hand = self.table.hands[ev.player]
        if hand.count + hand.hidden == 0:  # its size, without the property's call
            self.judge_bajada(ev.player)
            self.turn_ends.append((ev.line, ev.player))
            self.win(ev.player)
        else:
            self.end_turn(ev.line)

    def win(self, name: str) -> None:
        """``name`` has emptied their hand: the game is over, unless a bajada judged at
        this turn's end puts them out first (``CallsRequired`` off). A renuncia of the
        winning play itself is reported but no longer changes the winner."""
        self.leaving = [p for p in self.leaving if p[0] != name]
        self._bajada_out(self.line)
        self.after_event()
        if name not in self.out:
            self.finish(name)

    # -- the bajada ------------------------------------------------------------------------

    def judge_bajada(self, name: str) -> None:
        """At the end of the turn of a first lay-down: MinOpen, OpenExact, BeatPrevious."""
        turn = self.turn
        line = turn.bajada_line
        if line is None:
            return
        points = turn.bajada_points
        previous = next((p for who, p in reversed(self.bajadas) if who != name), None)
        self.record_all(bajada.judge(name, line, points, previous, self.rules,
                                     layoffs=turn.bajada_layoffs))
        self.standings[name].bajada = points
        self.bajadas.append((name, points))
        turn.bajada_line = None

    # -- calls -------------------------------------------------------------------------------

    def judge_call(self, ev: Call) -> None:
        if ev.accused not in self.standings:
            self.unknown_player(ev.accused, ev.accused, ev.line)
            return
        if not self.rules.CallsRequired:
            self.notice("unfounded-call", ev.player, ev.line, key="unfounded-call:automatic",
                        accused=ev.accused)
            self.calls.append(CallRecord(ev.line, ev.player, ev.accused, "unfounded"))
            return
        verdict = calls.judge_call(ev, ev.accused in self.out, self.open, self.lapsed,
                                   self.turn_ends, self.out.keys(),
                                   self.rules.MissedCallCascade)
        self.findings.extend(verdict.findings)
        if verdict.renuncia is not None:
            self.eliminate(ev.accused, ev.line, verdict.renuncia.rule)
            for end_line, name in verdict.missed:
                self.findings.append(calls.missed_call(name, end_line, ev.player, ev.accused,
                                                       verdict.renuncia))
                self.eliminate(name, ev.line, "missed-call")
        concerns = verdict.renuncia or next(iter(verdict.findings), None)
        ref_line = None if concerns is None else (
            concerns.line if concerns is verdict.renuncia else concerns.ref_line)
        self.calls.append(CallRecord(ev.line, ev.player, ev.accused, verdict.outcome, ref_line))

    # -- results -----------------------------------------------------------------------------

    def close(self) -> None:
        """The log ended: judge a bajada whose turn is still open."""
        if not self.finished and self.turn.bajada_line is not None:
            self.judge_bajada(self.turn.player)

    def hands(self) -> dict[str, int]:
        return {name: (s.out_cards if name in self.out else self.table.hands[name].size)
                for name, s in self.standings.items()}

    def result_fields(self, result: GameResult) -> None:
        result.calls = self.calls
        result.eliminated = list(self.out.values())
        if self.finished and self.winner is not None:
            sizes = {name: (s.out_cards if name in self.out else self.table.hands[name].size)
                     for name, s in self.standings.items()}
            result.settlement = settle(self.winner, self.order, self.out.keys(), sizes,
                                       self.rules)

    def down_players(self) -> tuple[str, ...]:
        return tuple(name for name, s in self.standings.items() if s.down)

    def opening_points(self) -> dict[str, int]:
        """Judged bajadas, plus the points of one still being laid this turn."""
        points = {name: s.bajada for name, s in self.standings.items() if s.bajada is not None}
        if self.turn.bajada_line is not None:
            points[self.turn.player] = self.turn.bajada_points
        return points

    def open_renuncias(self) -> tuple[Finding, ...]:
        return tuple(sorted((f for fs in self.open.values() for f in fs), key=lambda f: f.line))

    def out_players(self) -> tuple[str, ...]:
        return tuple(self.out)
