"""The referee: replays a game event by event and records what the rules say.

Physical replay and judgement are kept apart. For every event the referee first
asks whether the record is possible at all (if not: a ``log-error`` and the event
is skipped), then lets the rule families record their findings, and finally
moves the cards exactly as logged. A renuncia changes nothing physically, so the
audit always reaches the end of the log.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.cards import Card
from referee.engine import calls
from referee.engine.melds import MeldVerdict
from referee.engine.rules import discards, layoffs, melding, turns
from referee.engine.settlement import settle
from referee.engine.state import Player, Stock, Supply, TableMeld
from referee.notation.events import Call, Discard, Draw, Event, GameRecord, Layoff, Meld, Take
from referee.notation.hints import did_you_mean
from referee.results import (
    LOG_ERROR,
    NOTICE,
    RENUNCIA,
    SYNTAX_ERROR,
    CallRecord,
    Elimination,
    Finding,
    GameResult,
    HandView,
    MeldView,
    TableView,
)
from referee.variants import find_variant
from referee.variants.la51.knobs import Rules51


@dataclass(slots=True)
class Turn:
    """What happened so far in the current player's turn."""

    player: str
    serial: int
    started: bool = False  # drew or took (the starter's first turn starts started)
    first: bool = False  # the starter's first turn
    early: str | None = None  # the next player, after a legal early draw
    took: Card | None = None  # the discard taken this turn
    took_resolved: bool = True
    melds: int = 0
    layoffs: int = 0
    bajada_line: int | None = None  # line of the first meld of a bajada in this turn
    bajada_points: int = 0


class Referee:
    """Replay state plus the helpers rule families use to record findings."""

    def __init__(self, record: GameRecord, rules: Rules51) -> None:
        self.record = record
        self.rules = rules
        self.order = list(record.players)
        self.players = {name: Player(name, i) for i, name in enumerate(self.order)}
        self.findings: list[Finding] = []
        self.calls: list[CallRecord] = []
        self.eliminated: list[Elimination] = []
        self.open: dict[str, list[Finding]] = {}
        self.lapsed: dict[str, list[Finding]] = {}
        self.turn_ends: list[tuple[int, str]] = []
        self.bajadas: list[tuple[str, int]] = []
        self.table: list[TableMeld] = []
        self.discards: list[Card] = []
        self.supply = Supply(rules.Decks, rules.Jokers)
        self.pending_out: list[tuple[str, int, str]] = []  # CallsRequired off
        self.finished = False
        self.winner: str | None = None
        self.line = record.line
        self.events = 0
        self.turn = Turn(self.order[0], 1, started=True, first=True)
        self.stock = Stock([], 0)
        self._setup()

    # -- recording -------------------------------------------------------------------------

    def renuncia(self, rule: str, player: str, line: int, key: str | None = None,
                 **params: Any) -> None:
        finding = Finding(RENUNCIA, rule, player, line, key or rule,
                          {"player": player, **params})
        self.findings.append(finding)
        if self.rules.CallsRequired:
            self.open.setdefault(player, []).append(finding)
        else:  # out once the event has moved its cards (see flush_out)
            self.pending_out.append((player, line, rule))

    def flush_out(self) -> None:
        """With ``CallsRequired`` off, the authors of this event's renuncias leave now."""
        while self.pending_out:
            self.eliminate(*self.pending_out.pop(0))

    def unknown_player(self, name: str, player: str | None, line: int) -> None:
        """``unknown-player``, with a "did you mean" when a player's name is close."""
        hint = did_you_mean(name, self.order)
        if hint is None:
            self.log_error("unknown-player", player, line, name=name)
        else:
            self.log_error("unknown-player", player, line, "unknown-player:hint", name=name,
                           hint=hint)

    def log_error(self, rule: str, player: str | None, line: int, key: str | None = None,
                  **params: Any) -> None:
        self.findings.append(
            Finding(LOG_ERROR, rule, player, line, key or rule, {"player": player, **params})
        )

    def notice(self, rule: str, player: str, line: int, key: str | None = None,
               ref_line: int | None = None, **params: Any) -> None:
        self.findings.append(Finding(NOTICE, rule, player, line, key or rule,
                                     {"player": player, **params}, ref_line=ref_line))

    # -- setup -------------------------------------------------------------------------------

    def _setup(self) -> None:
        variant = find_variant(self.record.ruleset or "51")
        assert variant is not None
        dealt = 0
        for i, name in enumerate(self.order):
            size = variant.deal_size(i, len(self.order), self.rules)
            hand = self.players[name].hand
            deal = self.record.deals.get(name)
            if deal is not None and len(deal.cards) != size:
                self.log_error("deal-size", name, deal.line, count=len(deal.cards), size=size)
                deal = None
            if deal is None:
                hand.hidden = size
            else:
                for card in deal.cards:
                    self._appear(card.physical, name, deal.line)
                    hand.add(card.physical)
            dealt += size
        for name, deal in self.record.deals.items():
            if name not in self.players:
                self.unknown_player(name, name, deal.line)
        order: list[Card] = []
        for card in self.record.stock or ():
            if self._appear(card.physical, None, self.record.stock_line or self.record.line):
                order.append(card.physical)
        unknown = max(0, self.supply.total() - dealt - len(order))
        self.stock = Stock(order, unknown)

    def _appear(self, card: Card, player: str | None, line: int) -> bool:
        if self.supply.appear(card):
            return True
        self.log_error("card-supply", player, line, card=str(card),
                       copies=self.supply.copies(card))
        return False

    # -- turn order --------------------------------------------------------------------------

    def next_player(self, after: str | None = None) -> str | None:
        seat = self.players[after or self.turn.player].seat
        n = len(self.order)
        for step in range(1, n + 1):
            name = self.order[(seat + step) % n]
            if not self.players[name].out:
                return name if name != (after or self.turn.player) else None
        return None

    def _begin_turn(self, name: str) -> None:
        early = self.turn.early == name
        self.turn = Turn(name, self.turn.serial + 1, started=early)

    def end_turn(self, line: int) -> None:
        """The current player's turn is over (a discard, or a hand emptied by melds)."""
        name = self.turn.player
        melding.judge_bajada(self, name)
        self.turn_ends.append((line, name))
        self.flush_out()
        if self.turn.player == name and not self.finished:
            nxt = self.next_player()
            if nxt is not None:
                self._begin_turn(nxt)

    def eliminate(self, name: str, line: int, rule: str) -> None:
        player = self.players[name]
        if player.out:
            return
        player.out = True
        player.out_cards = player.hand.size
        self.open.pop(name, None)
        self.eliminated.append(Elimination(name, line, rule))
        if self.turn.early == name:
            self.turn.early = None
        remaining = [n for n in self.order if not self.players[n].out]
        if len(remaining) == 1:
            self._finish(remaining[0])
        elif self.turn.player == name:
            nxt = self.next_player()
            if nxt is not None:
                self._begin_turn(nxt)

    def _finish(self, winner: str) -> None:
        self.finished = True
        self.winner = winner

    # -- events ------------------------------------------------------------------------------

    def play(self, events: list[Event]) -> None:
        for ev in events:
            self.line = ev.line
            self.events += 1
            self.apply(ev)
            if self.pending_out:
                self.flush_out()

    def apply(self, ev: Event) -> None:
        if self.finished:
            self.log_error("after-end", ev.player, ev.line, winner=self.winner)
            return
        if ev.player not in self.players:
            self.unknown_player(ev.player, ev.player, ev.line)
            return
        if self.players[ev.player].out:
            self.log_error("player-out", ev.player, ev.line)
            return
        if isinstance(ev, Draw):
            self._draw(ev)
        elif isinstance(ev, Discard):
            self._discard(ev)
        elif isinstance(ev, Meld):
            self._meld(ev)
        elif isinstance(ev, Layoff):
            self._layoff(ev)
        elif isinstance(ev, Take):
            self._take(ev)
        elif isinstance(ev, Call):
            self._call(ev)

    def _start(self, ev: Draw | Take) -> None:
        if turns.judge_start(self, ev):
            if ev.player == self.turn.player:
                self.turn.started = True
            else:
                self.turn.early = ev.player
            calls.lapse(self, ev.player, ev.line)

    def _draw(self, ev: Draw) -> None:
        hand = self.players[ev.player].hand
        if not self.stock.size:
            if len(self.discards) < 2:
                self.log_error("stock-empty", ev.player, ev.line)
                return
            turned = self.discards[:-1]
            self.stock.unknown += len(turned)
            self.supply.floating.update(turned)
            del self.discards[:-1]
        possible, card = self._take_from_stock(ev)
        if not possible:
            return
        self._start(ev)
        if card is None:
            hand.hidden += 1
        else:
            hand.add(card)

    def _take_from_stock(self, ev: Draw) -> tuple[bool, Card | None]:
        """Whether the draw is possible, and the card drawn (None: nobody saw it)."""
        stock, named = self.stock, (None if ev.card is None else ev.card.physical)
        if stock.order:
            top = stock.order[0]
            if named is not None and named != top:
                self.log_error("stock-mismatch", ev.player, ev.line, card=str(named), top=str(top))
                return False, None
            return True, stock.order.popleft()
        if named is not None and not self._appear(named, ev.player, ev.line):
            return False, None
        stock.unknown -= 1
        return True, named

    def _take(self, ev: Take) -> None:
        assert ev.card is not None  # the reader checks a 51 take names one card
        card = ev.card.physical
        if not self.discards or self.discards[-1] != card:
            top = str(self.discards[-1]) if self.discards else None
            self.log_error("take-mismatch", ev.player, ev.line, key="take-mismatch" if top
                           else "take-mismatch:empty", card=str(card), top=top)
            return
        legit = ev.player == self.turn.player and not self.turn.started
        self._start(ev)
        if legit:
            self.turn.took = card
            self.turn.took_resolved = False
        self.discards.pop()
        self.players[ev.player].hand.add(card)

    def _hold(self, ev: Event, cards: tuple[Card, ...]) -> bool:
        """Take the cards out of the player's hand, or report ``not-in-hand`` / ``card-supply``."""
        hand = self.players[ev.player].hand
        if len(cards) == 1:
            card = cards[0].physical
            if card in hand.known:
                hand.remove(card)
                return True
            if hand.hidden <= 0:
                self.log_error("not-in-hand", ev.player, ev.line, card=str(card))
                return False
            if not self._appear(card, ev.player, ev.line):
                return False
            hand.hidden -= 1
            return True
        need = Counter(c.physical for c in cards)
        from_hidden = {c: k - hand.has(c) for c, k in need.items() if k > hand.has(c)}
        if sum(from_hidden.values()) > hand.hidden:
            self.log_error("not-in-hand", ev.player, ev.line, card=str(next(iter(from_hidden))))
            return False
        for c, k in from_hidden.items():
            for _ in range(k):
                if not self._appear(c, ev.player, ev.line):
                    return False
        for c, k in need.items():
            for _ in range(k):
                hand.remove(c)
        return True

    def _meld(self, ev: Meld) -> None:
        if not self._hold(ev, ev.cards):
            return
        in_turn = turns.judge_play(self, ev, "meld")
        verdict: MeldVerdict = melding.judge_shape(self, ev)
        if in_turn:
            melding.judge_meld_in_turn(self, ev, verdict)
        cards = verdict.shape.readings() if verdict.shape is not None else list(ev.cards)
        self.table.append(TableMeld(len(self.table) + 1, ev.player, ev.line, self.turn.serial,
                                    cards, verdict.shape))
        self._after_play(ev, in_turn)

    def _layoff(self, ev: Layoff) -> None:
        if not 1 <= ev.meld <= len(self.table):
            self.log_error("no-such-meld", ev.player, ev.line, meld=ev.meld, melds=len(self.table))
            return
        if not self._hold(ev, (ev.card,)):
            return
        meld = self.table[ev.meld - 1]
        in_turn = turns.judge_play(self, ev, "layoff")
        fits = layoffs.judge_layoff(self, ev, meld) if in_turn else (
            meld.shape is not None and meld.shape.placement(ev.card) is not None)
        value = ev.card.points
        if fits and meld.shape is not None:
            value = meld.shape.lay_off(ev.card)
            meld.cards = meld.shape.readings()
        else:
            meld.strays.append(ev.card)
        turn = self.turn
        if (in_turn and turn.bajada_line is not None and meld.owner != ev.player
                and self.rules.LayoffsCount):
            turn.bajada_points += value
        self._after_play(ev, in_turn)

    def _after_play(self, ev: Event, in_turn: bool) -> None:
        if in_turn and self.players[ev.player].hand.size == 0 and not self.finished:
            if self.rules.RequireFinalDiscard:
                discards.judge_emptied(self, ev.player, ev.line)
                self.end_turn(ev.line)
            else:
                melding.judge_bajada(self, ev.player)
                self.flush_out()
                if not self.players[ev.player].out:
                    self._finish(ev.player)

    def _discard(self, ev: Discard) -> None:
        if not self._hold(ev, (ev.card,)):
            return
        card = ev.card.physical
        in_turn = turns.judge_play(self, ev, "discard")
        turn = self.turn
        if in_turn:
            if turn.took is not None and not turn.took_resolved:
                turn.took_resolved = True
                key = "take-not-melded:discard" if card == turn.took else "take-not-melded:kept"
                self.renuncia("take-not-melded", ev.player, ev.line, key=key, card=str(turn.took))
            discards.judge_pegue(self, ev.player, card, ev.line)
        self.discards.append(card)
        if not in_turn:
            return
        player = self.players[ev.player]
        if player.hand.size == 0:
            melding.judge_bajada(self, ev.player)
            self.turn_ends.append((ev.line, ev.player))
            self.flush_out()
            if not player.out:
                self._finish(ev.player)
        else:
            self.end_turn(ev.line)

    def _call(self, ev: Call) -> None:
        if ev.accused not in self.players:
            self.unknown_player(ev.accused, ev.accused, ev.line)
            return
        if self.rules.CallsRequired:
            calls.judge_call(self, ev)
        else:
            outcome = "unfounded"
            self.notice("unfounded-call", ev.player, ev.line, key="unfounded-call:automatic",
                        accused=ev.accused)
            self.calls.append(CallRecord(ev.line, ev.player, ev.accused, outcome))

    # -- results -----------------------------------------------------------------------------

    def close(self) -> None:
        """The log ended: judge a bajada whose turn is still open."""
        if not self.finished and self.turn.bajada_line is not None:
            melding.judge_bajada(self, self.turn.player)

    def hands(self) -> dict[str, int]:
        return {n: (p.out_cards if p.out else p.hand.size) for n, p in self.players.items()}

    def _bajadas_so_far(self) -> dict[str, int]:
        """Judged bajadas, plus the points of one still being laid this turn."""
        out = {n: p.bajada for n, p in self.players.items() if p.bajada is not None}
        if self.turn.bajada_line is not None:
            out[self.turn.player] = self.turn.bajada_points
        return out

    def view(self) -> TableView:
        hands = {
            n: HandView(tuple(sorted(p.hand.cards(), key=_sort_key)), p.hand.hidden)
            for n, p in self.players.items()
        }
        melds = tuple(MeldView(m.number, m.owner, tuple([*m.cards, *m.strays]), m.kind, m.line)
                      for m in self.table)
        open_ = tuple(sorted((f for fs in self.open.values() for f in fs), key=lambda f: f.line))
        return TableView(
            line=self.line, hands=hands, melds=melds,
            discard_top=self.discards[-1] if self.discards else None,
            discard_size=len(self.discards), stock_size=self.stock.size,
            down=tuple(n for n, p in self.players.items() if p.down),
            bajadas=self._bajadas_so_far(),
            out=tuple(e.player for e in self.eliminated),
            turn=None if self.finished else self.turn.player,
            open_renuncias=open_, finished=self.finished, winner=self.winner,
        )


def _sort_key(card: Card) -> tuple[int, int, int]:
    if card.rank is None:
        return (1, 0, 0)
    assert card.suit is not None
    return (0, "cdhs".index(card.suit.value), int(card.rank))


def resolve_rules(record: GameRecord, overrides: Mapping[str, str] | None) -> Rules51:
    """The knobs in force: the ruleset's defaults, the game's tags, then the caller's."""
    variant = find_variant(record.ruleset or "51")
    assert variant is not None
    rules: Rules51 = variant.config(record.tag_values, len(record.players), overrides)
    return rules


def _base_result(record: GameRecord, rules: Rules51 | None) -> GameResult:
    result = GameResult(
        index=record.index, line=record.line, ruleset=record.ruleset,
        tags=record.tag_values,
        rules=find_variant("51").config_json(rules) if rules else {},  # type: ignore[union-attr]
        players=list(record.players),
    )
    for problem in record.errors:
        result.findings.append(Finding(
            SYNTAX_ERROR, "syntax-error", None, problem.line,
            problem.key,
            dict(problem.params) | {"message": problem.message, "context": problem.context},
            column=problem.column))
    for notice in record.notices:  # the reader's notices (a tag one letter off a knob)
        result.findings.append(Finding(
            NOTICE, "unknown-tag", None, notice.line, notice.key,
            dict(notice.params) | {"message": notice.message, "context": notice.context},
            column=notice.column))
    return result


def _replayable(record: GameRecord) -> bool:
    return record.ruleset == "51" and 2 <= len(record.players) <= 6 and (
        len(set(record.players)) == len(record.players))


def audit_game(record: GameRecord, overrides: Mapping[str, str] | None = None) -> GameResult:
    """Replay one game and judge it. Raises KnobError only for a bad caller override."""
    if not _replayable(record):
        result = _base_result(record, None)
        if record.ruleset == "rummy-argentino" and not record.errors:
            result.findings.append(Finding(NOTICE, "unsupported-ruleset", None, record.line,
                                           "unsupported-ruleset", {"ruleset": record.ruleset}))
        return result
    rules = resolve_rules(record, overrides)
    ref = Referee(record, rules)
    ref.play(record.events)
    ref.close()
    result = _base_result(record, rules)
    result.findings.extend(ref.findings)
    result.findings.sort(key=lambda f: f.line)
    result.calls = ref.calls
    result.eliminated = ref.eliminated
    result.finished = ref.finished
    result.winner = ref.winner
    claimed = record.tags.get("Result")
    result.result_claimed = None if claimed is None else claimed.value
    if ref.finished and claimed is not None and claimed.value not in ("*", ref.winner):
        result.findings.append(Finding(LOG_ERROR, "result-mismatch", None, claimed.line,
                                       "result-mismatch",
                                       {"claimed": claimed.value, "winner": ref.winner}))
        result.findings.sort(key=lambda f: f.line)
    result.hands = ref.hands()
    if ref.finished and ref.winner is not None:
        result.settlement = settle(ref.winner, ref.players, rules)
    result.events = ref.events
    return result


def replay_to(record: GameRecord, line: int | None = None,
              overrides: Mapping[str, str] | None = None) -> TableView:
    """The table as it stood after ``line`` (the end of the log when None)."""
    if not _replayable(record):
        raise ValueError("this game cannot be replayed (see its syntax errors)")
    ref = Referee(record, resolve_rules(record, overrides))
    events = record.events if line is None else [e for e in record.events if e.line <= line]
    ref.play(events)
    if line is not None:
        ref.line = line
    return ref.view()
