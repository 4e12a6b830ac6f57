"""The replay shared by every game: events in order, the physical table, the findings.

For each event the :class:`Referee` asks, in this order (PokerKit's verify, can, do):

1. whether the game admits the player at all (:meth:`Referee.admits`; 51: a
   player who has left the game) and whether the record is physically possible
   (the table's ``verify_*``, which change nothing): if not, a ``log-error`` and
   the event is skipped;
2. what the game's rules say of it (the ``judge_*`` hook of the game's subclass,
   which calls rule functions that only *return* findings, records them and keeps
   the game's own state): the table has not moved yet;
3. then the table moves the cards (:class:`~referee.engine.table.Table`, the one
   place that moves them, the pile and the melds included), and the game's
   ``after_*`` hook says what follows from the table as it now stands (a hand
   emptied: the turn ends, or the game).

A renuncia changes nothing physically, so the audit always reaches the end of the
log. A game's subclass overrides the hooks (:class:`referee.engine.game.RefereeHooks`
lists them); everything it knows of its game (turns, who is down, who is out,
scores) is its own.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterator, Sequence
from operator import attrgetter
from time import monotonic
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from referee.engine.findings import LOG_ERROR, NOTICE, RENUNCIA, Finding, GameResult, finding
from referee.engine.game import MeldPlan, Variant
from referee.engine.table import Problem, Table, TableMeld
from referee.notation.events import Call, Discard, Draw, Event, GameRecord, Layoff, Meld, Take
from referee.notation.hints import did_you_mean

if TYPE_CHECKING:
    from referee.cards import Card
    from referee.engine.views import GameView, TableView


DEADLINE_EVERY = 256  # events between two looks at the clock, when there is a deadline

ConfigT = TypeVar("ConfigT")


class OutOfTimeError(Exception):
    """The replay passed its caller's deadline (the service's time limit on an audit)."""

    def __init__(self, line: int) -> None:
        super().__init__(f"the replay passed its deadline at line {line}")
        self.line = line


class Referee(Generic[ConfigT]):
    """Replays one game (a hand, in argentino) and collects what the rules say of it.

    Subclasses implement the hooks below (the game's rulings) and
    :meth:`result_fields`; :meth:`record_renuncia` is where a renuncia is recorded
    (51 opens it for calls).

    Three settings a game may change, read on every event (plain attributes, not calls:
    the replay's loop is the hot path): ``idle``, set when the game replays none of the
    events (argentino: a hand of a match already over), which are then only counted;
    ``barred``, the players who cannot act at all, refused with the log error
    ``barred_rule`` (51: who has left the game, ``player-out``); ``after_pending``, set
    when the game has something to do once the event has moved its cards (51: players
    put out by it), which calls :meth:`after_event` and resets it.
    """

    idle = False
    barred: Container[str] = ()
    barred_rule = ""
    after_pending = False

    def __init__(self, variant: Variant[ConfigT], record: GameRecord, config: ConfigT) -> None:
        self.variant = variant
        self.record = record
        self.config = config
        self.order: list[str] = list(record.players)
        self.seats = {name: seat for seat, name in enumerate(self.order)}
        self.table = Table(self.order, variant.shoe(config))
        self.findings: list[Finding] = []
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
        """Deal the hands (a ``deal`` line fixes one, else it is hidden), turn up the card
        that starts the pile (a game with one: ``up:``, unseen without it) and lay the
        stock.

        The usual setup is seen at once: every card of the deals, the turned-up card and
        the stock counted out of the decks in one go (one count of the supply, not one
        per line: a game's fixed cost, which counts in a short argentino hand,
        docs/performance.md). When that fails (a deal not its seat's size or not for a
        seat, a card too many), nothing has changed and the setup goes line by line and
        card by card, reporting what is wrong."""
        players = len(self.order)
        sizes = [self.variant.deal_size(seat, players, self.config) for seat in range(players)]
        record, table = self.record, self.table
        face_up = self.variant.face_up_card
        up = record.up.physical if face_up and record.up is not None else None
        stock = list(map(_PHYSICAL, record.stock or ()))
        if not self._deal_at_once(sizes, up, stock):
            stock = self._deal_each(sizes, up, stock)
        dealt = sum(sizes)
        if face_up:
            table.turn_up(up)
            dealt += 1
        table.fill_stock(stock, max(0, table.supply.total() - dealt - len(stock)))

    def _deal_at_once(self, sizes: list[int], up: Card | None, stock: list[Card]) -> bool:
        """Deal the hands of the usual setup, every card of it seen at once (see
        :meth:`setup`); False, changing nothing, when it is not the usual one."""
        hands = self._seat_deals(sizes)
        if hands is None:
            return False
        seen: list[Card] = []
        for _, cards in hands:
            seen += cards
        if up is not None:
            seen.append(up)
        if not self.table.supply.appear_all(seen + stock):
            return False
        table_hands, deals = self.table.hands, self.record.deals
        for name, size in zip(self.order, sizes, strict=True):
            if name not in deals:
                table_hands[name].hidden = size
        for name, cards in hands:
            table_hands[name].add_all(cards)
        return True

    def _deal_each(self, sizes: list[int], up: Card | None, stock: list[Card]) -> list[Card]:
        """Deal the hands line by line and count the turned-up card and the stock card by
        card, reporting what is wrong; the stock's cards that are within the decks."""
        record, table = self.record, self.table
        for name, size in zip(self.order, sizes, strict=True):
            self._deal(name, size)
        for name, deal in record.deals.items():
            if name not in self.seats:
                self.unknown_player(name, name, deal.line)
        if up is not None:
            problem = table.appear(up)
            if problem is not None:
                self.log_problem(problem, None, record.up_line or record.line)
        if table.supply.appear_all(stock):
            return stock
        kept = []  # a card too many: find it
        for card in stock:
            problem = table.appear(card)
            if problem is None:
                kept.append(card)
            else:
                self.log_problem(problem, None, record.stock_line or record.line)
        return kept

    def _seat_deals(self, sizes: list[int]) -> list[tuple[str, list[Card]]] | None:
        """Each ``deal`` line's player and cards as they sit in a hand, in seat order; None
        when one is not its seat's size or is not for a seat."""
        deals = self.record.deals
        hands: list[tuple[str, list[Card]]] = []
        for name, size in zip(self.order, sizes, strict=True):
            deal = deals.get(name)
            if deal is not None:
                if len(deal.cards) != size:
                    return None
                hands.append((name, list(map(_PHYSICAL, deal.cards))))
        return hands if len(hands) == len(deals) else None

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
        cards = list(map(_PHYSICAL, deal.cards))
        if supply.appear_all(cards):  # the usual case, at once
            hand.add_all(cards)
            return
        for physical in cards:
            if not supply.appear(physical):
                self.log_problem(self.table.no_supply(physical), name, deal.line)
            hand.add(physical)

    # -- the events ----------------------------------------------------------------------

    def play(self, events: list[Event], deadline: float | None = None) -> None:
        """Play the events in order. With a ``deadline`` (a :func:`time.monotonic` time),
        :class:`OutOfTimeError` once it has passed: looked at before the first event and
        every ``DEADLINE_EVERY`` events, so one huge game cannot run past its caller's
        time limit (without one, the loop is as it was: the CLI passes none)."""
        if deadline is None:
            self.events += len(events)  # counted here, not once per event
            for ev in events:
                self.play_one(ev)
            return
        for count, ev in enumerate(events):
            if not count % DEADLINE_EVERY and monotonic() > deadline:
                raise OutOfTimeError(ev.line)
            self.events += 1
            self.play_one(ev)

    def iter_play(self, events: list[Event]) -> Iterator[TableView]:
        """Play the events one at a time, giving the table after each."""
        for ev in events:
            self.events += 1
            self.play_one(ev)
            yield self.view()

    def play_one(self, ev: Event) -> None:
        """One event (the replay's hot path: one call per event, then one per move; its
        callers count it in :attr:`events`)."""
        if self.idle:
            return
        self.line = ev.line
        player = ev.player
        if self.finished:
            self.log_error("after-end", player, ev.line, winner=self.winner)
        elif player not in self.seats:
            self.unknown_player(player, player, ev.line)
        elif player in self.barred:
            self.log_error(self.barred_rule, player, ev.line)
        else:
            move = _MOVES.get(type(ev))
            if move is not None:
                move(self, ev)
        if self.after_pending:
            self.after_pending = False
            self.after_event()

    # Each move: verify (a problem is a log error, and the event is skipped), the game's
    # judge_* hook, the table's move, the game's after_* hook.

    def _call(self, ev: Call) -> None:
        self.judge_call(ev)  # a call moves no card

    def _draw(self, ev: Draw) -> None:
        table = self.table
        stock = table.stock
        if not (stock.order or stock.unknown):  # an empty stock: the pile is turned over
            problem = table.verify_turn_over()
            if problem is not None:
                self.log_problem(problem, ev.player, ev.line)
                return
            table.turn_over()
        named = None if ev.card is None else ev.card.physical
        problem = table.verify_draw(named)
        if problem is not None:
            self.log_problem(problem, ev.player, ev.line)
            return
        self.judge_draw(ev)
        table.draw(ev.player, named)

    def _take(self, ev: Take) -> None:
        table = self.table
        if self.variant.take_whole_pile:
            problem = table.verify_take_pile(ev.cards)
            if problem is not None:
                self.log_problem(problem, ev.player, ev.line)
                return
            self.judge_take(ev)
            table.take_pile(ev.player, ev.cards)
            return
        assert ev.card is not None  # the reader checks a one-card take names its card
        problem = table.verify_take_top(ev.card.physical)
        if problem is not None:
            self.log_problem(problem, ev.player, ev.line)
            return
        self.judge_take(ev)
        table.take_top(ev.player)

    def _meld(self, ev: Meld) -> None:
        table = self.table
        problem = table.verify_hold(ev.player, ev.cards)
        if problem is not None:
            self.log_problem(problem, ev.player, ev.line)
            return
        plan = self.judge_meld(ev)
        meld = TableMeld(len(table.melds) + 1, ev.player, ev.line, plan.turn, plan.cards,
                         plan.shape)
        table.lay(ev.player, meld, ev.cards)
        self.after_meld(ev, meld)

    def _layoff(self, ev: Layoff) -> None:
        table = self.table
        melds = table.melds
        if not 1 <= ev.meld <= len(melds):
            self.log_error("no-such-meld", ev.player, ev.line, meld=ev.meld, melds=len(melds))
            return
        problem = table.verify_card(ev.player, ev.card)
        if problem is not None:
            self.log_problem(problem, ev.player, ev.line)
            return
        meld = melds[ev.meld - 1]
        shape = meld.shape
        fits = shape is not None and shape.placement(ev.card) is not None
        self.judge_layoff(ev, meld, fits)
        placed = table.lay_off(ev.player, ev.card, meld, fits)
        self.after_layoff(ev, meld, placed)

    def _discard(self, ev: Discard) -> None:
        table = self.table
        problem = table.verify_card(ev.player, ev.card)
        if problem is not None:
            self.log_problem(problem, ev.player, ev.line)
            return
        self.judge_discard(ev)
        table.discard(ev.player, ev.card)
        self.after_discard(ev)

    def finish(self, winner: str | None) -> None:
        self.finished = True
        self.winner = winner

    # -- the game's hooks ------------------------------------------------------------------

    def after_event(self) -> None:
        """After an event that set ``after_pending``, its cards moved (51: eliminations
        that wait for them)."""

    def judge_draw(self, ev: Draw) -> None:
        raise NotImplementedError

    def judge_take(self, ev: Take) -> None:
        raise NotImplementedError

    def judge_meld(self, ev: Meld) -> MeldPlan:
        """The game's rulings on a meld, and what it lays (its shape, or none)."""
        raise NotImplementedError

    def after_meld(self, ev: Meld, meld: TableMeld) -> None:
        """The meld is on the table, its cards out of the hand."""

    def judge_layoff(self, ev: Layoff, meld: TableMeld, fits: bool) -> None:
        """The game's rulings on a lay-off onto ``meld``; ``fits``: its shape takes the
        card (:meth:`~referee.engine.game.MeldShape.placement`)."""
        raise NotImplementedError

    def after_layoff(self, ev: Layoff, meld: TableMeld, placed: object) -> None:
        """The card is on the meld (``placed``: what the shape's ``lay_off`` returned;
        None when it did not fit)."""

    def judge_discard(self, ev: Discard) -> None:
        raise NotImplementedError

    def after_discard(self, ev: Discard) -> None:
        """The card tops the pile, out of the hand."""

    def judge_call(self, ev: Call) -> None:
        raise NotImplementedError

    def close(self) -> None:
        """The log has ended: judge what the end of a turn would have judged."""

    def result_fields(self, result: GameResult) -> None:
        """Fill the game's parts of the result: the common fields it has (calls,
        eliminations, settlement) and its own result object (``result.extras``)."""

    def current_player(self) -> str | None:
        raise NotImplementedError

    def turn_started(self) -> bool:
        """The current player has started their turn (a draw or take), for a game that
        keeps turns."""
        return False

    def down_players(self) -> tuple[str, ...]:
        """Who has laid a meld on the table (in the game's sense of "down")."""
        return ()

    def opening_points(self) -> dict[str, int]:
        """The points of each player's first lay-down, for a game that counts them (51's
        bajadas; what a turn still being laid has laid so far)."""
        return {}

    def open_renuncias(self) -> tuple[Finding, ...]:
        """Renuncias still open to a call, for a game that has calls."""
        return ()

    def out_players(self) -> tuple[str, ...]:
        """Who has left the game, in order, for a game that puts players out."""
        return ()

    def game_view(self) -> GameView | None:
        """The game's own view of the table beyond the common one (none by default)."""
        return None

    # -- results ---------------------------------------------------------------------------

    def hands(self) -> dict[str, int]:
        """Each player's cards in hand at the end; none for an ``idle`` game, which deals
        no hands (its table's view shows none either)."""
        if self.idle:
            return {}
        return {name: hand.size for name, hand in self.table.hands.items()}

    def view(self) -> TableView:
        """The table as a replay shows it now (:func:`referee.engine.views.table_view`)."""
        from referee.engine.views import table_view

        return table_view(self)

_PHYSICAL = attrgetter("physical")  # a card as it sits in a hand; mapped in C over a deal

_MOVES: dict[type[Any], Callable[[Referee[Any], Any], None]] = {
    Draw: Referee._draw, Discard: Referee._discard, Meld: Referee._meld,
    Layoff: Referee._layoff, Take: Referee._take, Call: Referee._call,
}
"""Each event's move, by the event's class (one lookup, not a chain of isinstance)."""
