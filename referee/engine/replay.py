"""The replay shared by every game: events in order, the physical table, the findings.

For each event the :class:`Referee` asks whether the record is possible at all
(the table's ``verify_*``; if not: a ``log-error`` and the event is skipped),
lets the game judge it (a hook of the game's subclass, which calls rule functions
that only *return* findings), then moves the cards (the table's move). A
renuncia changes nothing physically, so the audit always reaches the end of the
log. Each game's subclass (:mod:`referee.variants.la51.referee`,
:mod:`referee.variants.argentino.referee`) keeps its own turn state and applies
its rulings; the physical moves and the order of things live here.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from time import monotonic
from typing import TYPE_CHECKING, Any

from referee.cards import Card
from referee.engine.findings import (
    LOG_ERROR,
    NOTICE,
    RENUNCIA,
    Finding,
    GameResult,
)
from referee.engine.table import Problem, Table, TableMeld
from referee.notation.events import Call, Discard, Draw, Event, GameRecord, Layoff, Meld, Take
from referee.notation.hints import did_you_mean
from referee.variants.base import Variant

if TYPE_CHECKING:
    from referee.engine.views import TableView


DEADLINE_EVERY = 256  # events between two looks at the clock, when there is a deadline


class OutOfTimeError(Exception):
    """The replay passed its caller's deadline (the service's time limit on an audit)."""

    def __init__(self, line: int) -> None:
        super().__init__(f"the replay passed its deadline at line {line}")
        self.line = line


def finding(kind: str, rule: str, player: str | None, line: int, key: str | None = None,
            ref_line: int | None = None, **params: Any) -> Finding:
    """A finding of ``rule`` (its message key is ``key`` or the rule id)."""
    return Finding(kind, rule, player, line, key or rule, {"player": player, **params},
                   ref_line=ref_line)


def renuncia(rule: str, player: str, line: int, key: str | None = None,
             **params: Any) -> Finding:
    """A player's infraction: what a rule function returns."""
    return Finding(RENUNCIA, rule, player, line, key or rule, {"player": player, **params})


class Referee:
    """Replays one game (a hand, in argentino) and collects what the rules say of it.

    Subclasses implement the ``on_*`` hooks (the game's rulings) and
    :meth:`result_fields`; :meth:`record` is where a renuncia is recorded (51 opens
    it for calls).
    """

    def __init__(self, variant: Variant, record: GameRecord, config: Any) -> None:
        self.variant = variant
        self.record = record
        self.config = config
        self.order: list[str] = list(record.players)
        self.seats = {name: seat for seat, name in enumerate(self.order)}
        self.table = Table(self.order, *self.variant.decks(config))
        self.findings: list[Finding] = []
        self.out: set[str] = set()  # players who have left the game (51's eliminations)
        # (player, line, rule id): players who leave once the event has moved its cards
        self.leaving: list[tuple[str, int, str]] = []
        self.finished = False
        self.winner: str | None = None
        self.line = record.line
        self.events = 0
        self.setup()

    # -- recording -------------------------------------------------------------------------

    def record_renuncia(self, found: Finding) -> None:
        """Record a renuncia (the game may also open it for calls)."""
        self.findings.append(found)

    def record_all(self, found: Sequence[Finding]) -> None:
        """Record what a rule function returned (usually nothing)."""
        for one in found:
            if one.kind == RENUNCIA:
                self.record_renuncia(one)
            else:
                self.findings.append(one)

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
        self.findings.append(finding(LOG_ERROR, rule, player, line, key, **params))

    def log_problem(self, problem: Problem, player: str | None, line: int) -> None:
        self.log_error(problem.rule, player, line, problem.key, **problem.params)

    def notice(self, rule: str, player: str | None, line: int, key: str | None = None,
               ref_line: int | None = None, **params: Any) -> None:
        self.findings.append(finding(NOTICE, rule, player, line, key, ref_line, **params))

    # -- setup -------------------------------------------------------------------------------

    def setup(self) -> None:
        """Deal the hands (a ``deal`` line fixes one, else it is hidden) and lay the stock."""
        dealt = 0
        players = len(self.order)
        for seat, name in enumerate(self.order):
            size = self.variant.deal_size(seat, players, self.config)
            self._deal(name, size)
            dealt += size
        for name, deal in self.record.deals.items():
            if name not in self.seats:
                self.unknown_player(name, name, deal.line)
        dealt += self.turn_up()
        order = [card.physical for card in self.record.stock or ()]
        if not self.table.supply.appear_all(order):  # a card too many: find it card by card
            stock_line = self.record.stock_line or self.record.line
            cards, order = order, []
            for card in cards:
                problem = self.table.appear(card)
                if problem is None:
                    order.append(card)
                else:
                    self.log_problem(problem, None, stock_line)
        self.table.fill_stock(order, max(0, self.table.supply.total() - dealt - len(order)))

    def _deal(self, name: str, size: int) -> None:
        hand = self.table.hands[name]
        deal = self.record.deals.get(name)
        if deal is not None and len(deal.cards) != size:
            self.log_error("deal-size", name, deal.line, count=len(deal.cards), size=size)
            deal = None
        if deal is None:
            hand.hidden = size
            return
        supply = self.table.supply
        cards = [card.physical for card in deal.cards]
        if supply.appear_all(cards):  # the usual case, at once
            hand.add_all(cards)
            return
        for physical in cards:
            if not supply.appear(physical):
                self.log_problem(self.table.no_supply(physical), name, deal.line)
            hand.add(physical)

    def turn_up(self) -> int:
        """Cards turned up from the deck before play (argentino's ``up:`` card): a hook."""
        return 0

    # -- the events ----------------------------------------------------------------------

    def play(self, events: list[Event], deadline: float | None = None) -> None:
        """Play the events in order. With a ``deadline`` (a :func:`time.monotonic` time),
        :class:`OutOfTimeError` once it has passed: looked at before the first event and
        every ``DEADLINE_EVERY`` events, so one huge game cannot run past its caller's
        time limit (without one, the loop is as it was: the CLI passes none)."""
        if deadline is None:
            for ev in events:
                self.play_one(ev)
            return
        for count, ev in enumerate(events):
            if not count % DEADLINE_EVERY and monotonic() > deadline:
                raise OutOfTimeError(ev.line)
            self.play_one(ev)

    def iter_play(self, events: list[Event]) -> Iterator[TableView]:
        """Play the events one at a time, giving the table after each."""
        for ev in events:
            self.play_one(ev)
            yield self.view()

    def play_one(self, ev: Event) -> None:
        self.line = ev.line
        self.events += 1
        self.step(ev)
        if self.leaving:
            self.after_event()

    def step(self, ev: Event) -> None:
        if self.finished:
            self.log_error("after-end", ev.player, ev.line, winner=self.winner)
            return
        if ev.player not in self.seats:
            self.unknown_player(ev.player, ev.player, ev.line)
            return
        if ev.player in self.out:
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
            self.on_call(ev)

    def _draw(self, ev: Draw) -> None:
        problem = self.table.draw_card(ev.player, None if ev.card is None else ev.card.physical)
        if problem is not None:
            self.log_problem(problem, ev.player, ev.line)
            return
        self.on_draw(ev)

    def _take(self, ev: Take) -> None:
        table = self.table
        if self.variant.take_whole_pile:
            problem = table.verify_take_pile(ev.cards)
        else:
            assert ev.card is not None  # the reader checks a one-card take names its card
            problem = table.verify_take_top(ev.card.physical)
        if problem is not None:
            self.log_problem(problem, ev.player, ev.line)
            return
        self.on_take(ev)
        if self.variant.take_whole_pile:
            table.take_pile(ev.player, ev.cards)
        else:
            table.take_top(ev.player)

    def _hold(self, ev: Event, cards: tuple[Card, ...]) -> bool:
        problem = self.table.play_from_hand(ev.player, cards)
        if problem is not None:
            self.log_problem(problem, ev.player, ev.line)
            return False
        return True

    def _meld(self, ev: Meld) -> None:
        if not self._hold(ev, ev.cards):
            return
        self.on_meld(ev)

    def _layoff(self, ev: Layoff) -> None:
        melds = self.table.melds
        if not 1 <= ev.meld <= len(melds):
            self.log_error("no-such-meld", ev.player, ev.line, meld=ev.meld, melds=len(melds))
            return
        if not self._hold(ev, (ev.card,)):
            return
        self.on_layoff(ev, melds[ev.meld - 1])

    def _discard(self, ev: Discard) -> None:
        if not self._hold(ev, (ev.card,)):
            return
        self.on_discard(ev)

    def lay(self, ev: Meld, cards: list[Card], shape: Any, turn: int) -> TableMeld:
        """Put a meld on the table; it takes the next number."""
        meld = TableMeld(len(self.table.melds) + 1, ev.player, ev.line, turn, cards, shape)
        self.table.lay(meld)
        return meld

    def finish(self, winner: str | None) -> None:
        self.finished = True
        self.winner = winner

    # -- the game's hooks ------------------------------------------------------------------

    def after_event(self) -> None:
        """After an event that left players in :attr:`leaving` (51: eliminations that wait
        for the event's cards to move)."""

    def on_draw(self, ev: Draw) -> None:
        raise NotImplementedError

    def on_take(self, ev: Take) -> None:
        raise NotImplementedError

    def on_meld(self, ev: Meld) -> None:
        raise NotImplementedError

    def on_layoff(self, ev: Layoff, meld: TableMeld) -> None:
        raise NotImplementedError

    def on_discard(self, ev: Discard) -> None:
        raise NotImplementedError

    def on_call(self, ev: Call) -> None:
        raise NotImplementedError

    def close(self) -> None:
        """The log has ended: judge what the end of a turn would have judged."""

    def result_fields(self, result: GameResult) -> None:
        """Fill the game's own parts of the result (winner's money, scores...)."""

    def current_player(self) -> str | None:
        raise NotImplementedError

    def down_view(self) -> tuple[tuple[str, ...], dict[str, int]]:
        """Who has gone down, and the points of their first lay-down (51's bajadas)."""
        return (), {}

    def open_renuncias(self) -> tuple[Finding, ...]:
        return ()

    def out_players(self) -> tuple[str, ...]:
        return ()

    # -- results ---------------------------------------------------------------------------

    def hands(self) -> dict[str, int]:
        return {name: hand.size for name, hand in self.table.hands.items()}

    def view(self) -> TableView:
        from referee.engine.views import HandView, MeldView, TableView

        table = self.table
        hands = {
            name: HandView(tuple(sorted(hand.cards(), key=_sort_key)), hand.hidden)
            for name, hand in table.hands.items()
        }
        melds = tuple(MeldView(m.number, m.owner, tuple([*m.cards, *m.strays]), m.kind, m.line)
                      for m in table.melds)
        down, points = self.down_view()
        return TableView(
            line=self.line, hands=hands, melds=melds,
            discard_top=table.pile[-1] if table.pile else None,
            discard_size=len(table.pile), stock_size=table.stock.size,
            down=down, bajadas=points,
            out=self.out_players(),
            turn=None if self.finished else self.current_player(),
            open_renuncias=self.open_renuncias(), finished=self.finished, winner=self.winner,
        )


def _sort_key(card: Card) -> tuple[int, int, int]:
    if card.rank is None:
        return (1, 0, 0)
    assert card.suit is not None
    return (0, "cdhs".index(card.suit.value), int(card.rank))
