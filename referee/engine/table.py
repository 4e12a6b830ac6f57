"""The physical table: hands, stock, discard pile, melds and the decks' supply.

Nothing here judges a rule. Every move comes as a pair, in the manner of
PokerKit's ``verify_folding``/``fold``: ``verify_x`` says why the record is
impossible (a log error, as a :class:`Problem`) and changes nothing, not even
the supply's count of cards seen; ``x`` moves the cards. The replay
(:mod:`referee.engine.replay`) calls ``verify_x``, lets the game judge the move,
then calls ``x``: a renuncia changes nothing physically, and this class is the
one place that moves a card (the pile and the melds included).

Cards nobody saw are counted, not named: a hand holds known cards plus a number
of hidden ones, the stock a recorded order on top plus a number of unknown
cards, the pile may hold a card nobody saw (``None``: argentino's unseen ``up:``
card). The supply counts the copies of each card that have shown up, so a card
appearing more often than the decks hold is a ``card-supply`` log error (the supply
and the stock: :mod:`referee.engine.supply`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import chain, repeat
from typing import TYPE_CHECKING, Any

from referee.cards import Card, Shoe
from referee.engine.supply import Stock, Supply, count_into

if TYPE_CHECKING:
    from referee.engine.game import MeldShape


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a move cannot have happened: a log-error rule id and its message parameters."""

    rule: str
    params: dict[str, Any] = field(default_factory=dict)
    key: str | None = None  # the message key when it is not the rule id


@dataclass(slots=True)
class Hand:
    """Known cards (card -> copies) plus a count of cards nobody saw (hidden deals, ``??``)."""

    known: dict[Card, int] = field(default_factory=dict)
    hidden: int = 0
    count: int = 0  # known cards, copies included

    @property
    def size(self) -> int:
        return self.count + self.hidden

    def has(self, card: Card) -> int:
        """Known copies of ``card``."""
        return self.known.get(card, 0)

    def add(self, card: Card) -> None:
        known = self.known
        known[card] = known.get(card, 0) + 1
        self.count += 1

    def add_all(self, cards: Sequence[Card]) -> None:
        """:meth:`add` each of ``cards``, in order (counted in C: docs/performance.md)."""
        count_into(self.known, cards)
        self.count += len(cards)

    def remove(self, card: Card) -> bool:
        """Take ``card`` out: a known copy if there is one (True), else a hidden card."""
        known = self.known
        copies = known.get(card, 0)
        if copies > 1:
            known[card] = copies - 1
        elif copies == 1:
            del known[card]
        else:
            self.hidden -= 1
            return False
        self.count -= 1
        return True

    def cards(self) -> list[Card]:
        """The known cards, each copy once (in C: a hand's cards are listed for every
        scored argentino hand, docs/performance.md)."""
        known = self.known
        return list(chain.from_iterable(map(repeat, known, known.values())))


@dataclass(slots=True)
class TableMeld:
    """A meld on the table, as laid and grown. ``shape`` is the game's reading of it
    (None for a faulty meld, which takes no lay-offs); ``strays`` are cards laid off
    onto it that did not fit."""

    number: int
    owner: str
    line: int
    turn: int  # serial of the turn it was laid in (the game's count)
    cards: list[Card]  # as laid, wild cards with their readings once fixed
    shape: MeldShape | None  # the game's meld object, or None when faulty
    strays: list[Card] = field(default_factory=list)

    @property
    def kind(self) -> str:
        return "invalid" if self.shape is None else str(self.shape.kind)

    def readings(self) -> list[Card]:
        """The cards as they read now (a wild card with what it stands for, once fixed)."""
        return list(self.shape.readings()) if self.shape is not None else list(self.cards)

    def text(self) -> str:
        return " ".join(str(c) for c in [*self.readings(), *self.strays])


class Table:
    """Everything physical about one game: the players' hands, the stock, the pile, the melds."""

    def __init__(self, players: Sequence[str], shoe: Shoe) -> None:
        self.hands: dict[str, Hand] = {name: Hand() for name in players}
        self.supply = Supply(shoe.decks, shoe.jokers, shoe.deck.size)
        self.stock = Stock([], 0)
        self.pile: list[Card | None] = []  # the discard pile, top last (None: nobody saw it)
        self.melds: list[TableMeld] = []

    # -- setup ---------------------------------------------------------------------------

    def appear(self, card: Card) -> Problem | None:
        """A card shows up from the unknown (dealt, turned up, listed in the stock)."""
        if self.supply.appear(card):
            return None
        return self.no_supply(card)

    def no_supply(self, card: Card) -> Problem:
        """``card-supply``: the decks hold no copy of ``card`` left."""
        return Problem("card-supply", {"card": str(card), "copies": self.supply.copies(card)})

    def fill_stock(self, order: list[Card], unknown: int) -> None:
        self.stock = Stock(order, unknown)

    def turn_up(self, card: Card | None) -> None:
        """A card turned up from the deck starts the pile (None: nobody saw it)."""
        self.pile.append(card)

    # -- drawing -------------------------------------------------------------------------

    def verify_turn_over(self) -> Problem | None:
        """A draw finds the stock empty: ``stock-empty`` when the pile has no card under
        its top to turn over."""
        return Problem("stock-empty") if len(self.pile) < 2 else None

    def turn_over(self) -> None:
        """The pile but its top becomes the stock (its order unknown; the cards were seen,
        so the supply counts them as floating)."""
        turned = self.pile[:-1]
        self.stock.unknown += len(turned)
        count_into(self.supply.floating, [card for card in turned if card is not None])
        del self.pile[:-1]

    def verify_draw(self, named: Card | None) -> Problem | None:
        """A draw from a stock that is not empty, naming ``named`` (None: unseen): the
        recorded top when there is one, else a card the decks can still supply."""
        order = self.stock.order
        if order:
            top = order[0]
            if named is not None and named != top:
                return Problem("stock-mismatch", {"card": str(named), "top": str(top)})
            return None
        if named is not None and not self.supply.can_appear(named):
            return self.no_supply(named)
        return None

    def draw(self, player: str, named: Card | None) -> None:
        """Move the stock's top card to ``player``'s hand (after :meth:`verify_draw`)."""
        stock, hand = self.stock, self.hands[player]
        if stock.order:  # the usual draw: Hand.add without its call (one per draw)
            card = stock.order.popleft()
            known = hand.known
            known[card] = known.get(card, 0) + 1
            hand.count += 1
            return
        stock.unknown -= 1
        if named is None:
            hand.hidden += 1
        else:
            self.supply.appear(named)
            hand.add(named)

    # -- the discard pile ----------------------------------------------------------------

    def verify_take_top(self, card: Card) -> Problem | None:
        """``take`` names the top card of the pile (a game that takes one card)."""
        top = self.pile[-1] if self.pile else None
        if top is not None and top == card:
            return None
        if not self.pile:
            return Problem("take-mismatch", {"card": str(card), "top": None},
                           key="take-mismatch:empty")
        return Problem("take-mismatch", {"card": str(card), "top": str(top or "??")})

    def take_top(self, player: str) -> None:
        card = self.pile.pop()
        assert card is not None
        self.hands[player].add(card)

    def verify_take_pile(self, listed: tuple[Card | None, ...] | None) -> Problem | None:
        """``take`` takes the whole pile (a game that takes it all); a list must be the
        pile as a multiset, where ``??`` matches a card nobody saw and a named card may
        name one, as long as the decks can still supply it."""
        if not self.pile:
            return Problem("take-mismatch", {"card": _pile_text(listed), "top": None},
                           key="take-mismatch:empty")
        if listed is None:
            return None
        named = self._name_unseen(listed)
        if named is None:
            return Problem("take-mismatch", {"card": _pile_text(listed),
                                             "top": _pile_text(tuple(self.pile))},
                           key="take-mismatch:pile")
        if named:  # usually none: every card of the pile was seen
            for card, copies in Counter(named).items():
                if not self.supply.can_appear(card, copies):
                    return self.no_supply(card)
        return None

    def _name_unseen(self, listed: tuple[Card | None, ...]) -> list[Card] | None:
        """The cards a list names for unseen pile cards, or None when it is not the pile."""
        pile = self.pile
        if len(listed) != len(pile):
            return None
        unseen = pile.count(None)
        known: dict[Card | None, int] = {}
        count_into(known, pile)  # in C (docs/performance.md); the unseen ones aside
        known.pop(None, None)
        extra: list[Card] = []
        for card in listed:
            if card is None:
                unseen -= 1
                continue
            physical = card.physical
            copies = known.get(physical, 0)
            if copies:
                known[physical] = copies - 1
            else:
                extra.append(physical)
                unseen -= 1
        return extra if unseen == 0 and not any(known.values()) else None

    def take_pile(self, player: str, listed: tuple[Card | None, ...] | None) -> None:
        """Move the whole pile to ``player``'s hand (after :meth:`verify_take_pile`);
        unseen cards a list names are seen now."""
        hand = self.hands[player]
        named = self._name_unseen(listed) if listed is not None else []
        assert named is not None
        for seen in named:
            self.supply.appear(seen)
        for card in self.pile:
            if card is not None:
                hand.add(card)
            elif named:
                hand.add(named.pop())
            else:
                hand.hidden += 1
        self.pile.clear()

    # -- playing cards from a hand -------------------------------------------------------

    def verify_card(self, player: str, card: Card) -> Problem | None:
        """``player`` can play ``card`` (a lay-off, a discard): :meth:`verify_hold` of one."""
        physical = card.physical
        hand = self.hands[player]
        if physical in hand.known:
            return None
        if hand.hidden <= 0:
            return Problem("not-in-hand", {"card": str(physical)})
        return None if self.supply.can_appear(physical) else self.no_supply(physical)

    def verify_hold(self, player: str, cards: Sequence[Card]) -> Problem | None:
        """``player`` can play these cards: known copies first, then hidden cards, each of
        which must be a copy the decks can still supply."""
        if len(cards) == 1:
            return self.verify_card(player, cards[0])
        hand = self.hands[player]
        from_hidden = _from_hidden(hand, cards)
        if not from_hidden:  # the usual meld: every card known in the hand
            return None
        if sum(from_hidden.values()) > hand.hidden:
            return Problem("not-in-hand", {"card": str(next(iter(from_hidden)))})
        for card, copies in from_hidden.items():
            if not self.supply.can_appear(card, copies):
                return self.no_supply(card)
        return None

    def _play(self, player: str, cards: Sequence[Card]) -> None:
        """Take the cards out of ``player``'s hand (after :meth:`verify_hold`): known
        copies first; a card from the hidden ones is seen now."""
        hand, supply = self.hands[player], self.supply
        for card in cards:
            physical = card.physical
            if not hand.remove(physical):
                supply.appear(physical)

    def discard(self, player: str, card: Card) -> None:
        """``player`` discards ``card``: it leaves the hand and tops the pile."""
        physical = card.physical
        if not self.hands[player].remove(physical):
            self.supply.appear(physical)
        self.pile.append(physical)

    def lay(self, player: str, meld: TableMeld, laid: Sequence[Card]) -> None:
        """``player`` lays the cards ``laid`` as ``meld``: they leave the hand, the meld
        takes its place on the table (its number is the next one)."""
        self._play(player, laid)
        self.melds.append(meld)

    def lay_off(self, player: str, card: Card, meld: TableMeld, fits: bool) -> object:
        """``player`` lays ``card`` off onto ``meld``: it leaves the hand and the meld's
        shape takes it when it ``fits`` (what the shape returns is returned), else it
        sits on the meld as a card that did not fit."""
        physical = card.physical
        if not self.hands[player].remove(physical):
            self.supply.appear(physical)
        shape = meld.shape
        if fits and shape is not None:
            placed = shape.lay_off(card, player)
            meld.cards = shape.readings()
            return placed
        meld.strays.append(card)
        return None


def _from_hidden(hand: Hand, cards: Sequence[Card]) -> dict[Card, int]:
    """The copies of each card that must come from the hand's hidden cards."""
    need: dict[Card, int] = {}
    for c in cards:
        card = c.physical
        need[card] = need.get(card, 0) + 1
    known = hand.known.get
    return {c: k - known(c, 0) for c, k in need.items() if k > known(c, 0)}


def _pile_text(cards: tuple[Card | None, ...] | None) -> str:
    if cards is None:
        return "the pile"
    return " ".join("??" if card is None else str(card) for card in cards)
