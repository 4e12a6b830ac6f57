"""The physical table: hands, stock, discard pile, melds and the decks' supply.

Nothing here judges a rule. Every move comes as a pair, in the manner of
PokerKit: ``verify_x`` says why the record is impossible (a log error, as a
:class:`Problem`) and moves nothing; ``x`` moves the cards. The replay
(:mod:`referee.engine.replay`) calls ``verify_x``, lets the game judge the move,
then calls ``x``: a renuncia changes nothing physically.

Cards nobody saw are counted, not named: a hand holds known cards plus a number
of hidden ones, the stock a recorded order on top plus a number of unknown
cards, the pile may hold a card nobody saw (``None``: argentino's unseen ``up:``
card). The supply counts the copies of each card that have shown up, so a card
appearing more often than the decks hold is a ``card-supply`` log error.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.cards import JOKER, Card


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
        """:meth:`add` each of ``cards``, in order."""
        known = self.known
        get = known.get
        for card in cards:
            known[card] = get(card, 0) + 1
        self.count += len(cards)

    def remove(self, card: Card) -> None:
        """Take ``card`` out: a known copy if there is one, else a hidden card."""
        known = self.known
        copies = known.get(card, 0)
        if copies > 1:
            known[card] = copies - 1
        elif copies == 1:
            del known[card]
        else:
            self.hidden -= 1
            return
        self.count -= 1

    def cards(self) -> list[Card]:
        return [card for card, copies in self.known.items() for _ in range(copies)]


@dataclass(slots=True)
class TableMeld:
    """A meld on the table, as laid and grown. ``shape`` is the game's reading of it
    (None for a faulty meld, which takes no lay-offs); ``strays`` are cards laid off
    onto it that did not fit."""

    number: int
    owner: str
    line: int
    turn: int  # serial of the turn it was laid in
    cards: list[Card]  # as laid, wild cards with their readings once fixed
    shape: Any  # the game's meld object, or None when faulty
    strays: list[Card] = field(default_factory=list)

    @property
    def kind(self) -> str:
        return "invalid" if self.shape is None else str(self.shape.kind)

    def readings(self) -> list[Card]:
        """The cards as they read now (a wild card with what it stands for, once fixed)."""
        return list(self.shape.readings()) if self.shape is not None else list(self.cards)

    def text(self) -> str:
        return " ".join(str(c) for c in [*self.readings(), *self.strays])


class Supply:
    """How many copies of each card the decks hold and how many have shown up."""

    __slots__ = ("decks", "floating", "jokers", "seen")

    def __init__(self, decks: int, jokers: int) -> None:
        self.decks = decks
        self.jokers = jokers
        self.seen: Counter[Card] = Counter()  # copies whose existence is established
        self.floating: Counter[Card] = Counter()  # seen copies now in unknown places

    def copies(self, card: Card) -> int:
        return self.jokers if card is JOKER else self.decks

    def appear(self, card: Card) -> bool:
        """A card comes out of the unknown; False when the decks hold no copy left for it."""
        floating = self.floating.get(card, 0)
        if floating:
            self.floating[card] = floating - 1
            return True
        seen = self.seen.get(card, 0)
        if seen >= (self.jokers if card.rank is None else self.decks):
            return False
        self.seen[card] = seen + 1
        return True

    def appear_all(self, cards: Sequence[Card]) -> bool:
        """All of ``cards`` come out of the unknown at once (a deal, a ``stock:`` line), as
        :meth:`appear` one by one would let them; False, changing nothing, when one of them
        has no copy left or some copy is floating (then :meth:`appear` them one by one)."""
        if self.floating:
            return False
        seen = self.seen
        counts = Counter(cards)
        get = seen.get
        for card, copies in counts.items():
            if get(card, 0) + copies > (self.jokers if card.rank is None else self.decks):
                return False
        for card, copies in counts.items():  # not Counter.update: no checks per call
            seen[card] = get(card, 0) + copies
        return True

    def total(self) -> int:
        return 52 * self.decks + self.jokers


class Stock:
    """The face-down stock: a recorded order on top (``stock:``), then cards in no known order.

    When the stock runs dry the discard pile (but its top) is turned over; those
    cards were seen, but their order is lost, so they join the unordered part and
    the supply counts them as floating (seen copies somewhere unknown).
    """

    __slots__ = ("order", "unknown")

    def __init__(self, order: list[Card], unknown: int) -> None:
        self.order: deque[Card] = deque(order)
        self.unknown = unknown

    @property
    def size(self) -> int:
        return len(self.order) + self.unknown


class Table:
    """Everything physical about one game: the players' hands, the stock, the pile, the melds."""

    def __init__(self, players: Sequence[str], decks: int, jokers: int) -> None:
        self.hands: dict[str, Hand] = {name: Hand() for name in players}
        self.supply = Supply(decks, jokers)
        self.stock = Stock([], 0)
        self.pile: list[Card | None] = []  # the discard pile, top last (None: nobody saw it)
        self.melds: list[TableMeld] = []

    # -- setup ---------------------------------------------------------------------------

    def appear(self, card: Card) -> Problem | None:
        """A card shows up from the unknown (dealt, drawn, played from a hidden hand)."""
        if self.supply.appear(card):
            return None
        return self.no_supply(card)

    def no_supply(self, card: Card) -> Problem:
        """``card-supply``: the decks hold no copy of ``card`` left."""
        return Problem("card-supply", {"card": str(card), "copies": self.supply.copies(card)})

    def fill_stock(self, order: list[Card], unknown: int) -> None:
        self.stock = Stock(order, unknown)

    # -- drawing -------------------------------------------------------------------------

    def refill_if_empty(self) -> Problem | None:
        """A draw finds the stock empty: the pile but its top becomes the stock (its order
        unknown). ``stock-empty`` when there is nothing to turn over."""
        if self.stock.size:
            return None
        if len(self.pile) < 2:
            return Problem("stock-empty")
        turned = self.pile[:-1]
        self.stock.unknown += len(turned)
        self.supply.floating.update(card for card in turned if card is not None)
        del self.pile[:-1]
        return None

    def draw_card(self, player: str, named: Card | None) -> Problem | None:
        """A draw: refill an empty stock, check the card against the stock, move it to
        ``player``'s hand; the problem, moving nothing, when the record is impossible."""
        stock = self.stock
        if not stock.size:
            problem = self.refill_if_empty()
            if problem is not None:
                return problem
        order = stock.order
        if order:
            top = order[0]
            if named is not None and named != top:
                return Problem("stock-mismatch", {"card": str(named), "top": str(top)})
            self.hands[player].add(order.popleft())
            return None
        if named is not None and not self.supply.appear(named):
            return self.no_supply(named)
        stock.unknown -= 1
        hand = self.hands[player]
        if named is None:
            hand.hidden += 1
        else:
            hand.add(named)
        return None

    def verify_draw(self, named: Card | None) -> Problem | None:
        """A draw from a stock that is not empty, naming ``named`` (None: unseen)."""
        stock = self.stock
        if stock.order:
            top = stock.order[0]
            if named is not None and named != top:
                return Problem("stock-mismatch", {"card": str(named), "top": str(top)})
            return None
        if named is not None:
            return self.appear(named)
        return None

    def draw(self, player: str, named: Card | None) -> Card | None:
        """Move the stock's top card to ``player``'s hand (after :meth:`verify_draw`, which
        already counted a named card's supply); the card, or None when nobody saw it."""
        stock, hand = self.stock, self.hands[player]
        if stock.order:
            card: Card | None = stock.order.popleft()
        else:
            stock.unknown -= 1
            card = named
        if card is None:
            hand.hidden += 1
        else:
            hand.add(card)
        return card

    # -- the discard pile ----------------------------------------------------------------

    def verify_take_top(self, card: Card) -> Problem | None:
        """51: ``take`` names the top card of the pile."""
        top = self.pile[-1] if self.pile else None
        if top is not None and top == card:
            return None
        if not self.pile:
            return Problem("take-mismatch", {"card": str(card), "top": None},
                           key="take-mismatch:empty")
        return Problem("take-mismatch", {"card": str(card), "top": str(top or "??")})

    def take_top(self, player: str) -> Card:
        card = self.pile.pop()
        assert card is not None
        self.hands[player].add(card)
        return card

    def verify_take_pile(self, listed: tuple[Card | None, ...] | None) -> Problem | None:
        """Argentino: ``take`` takes the whole pile; a list must be the pile as a multiset,
        where ``??`` matches a card nobody saw and a named card may name one."""
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
        for card in named:
            problem = self.appear(card)
            if problem is not None:
                return problem
        return None

    def _name_unseen(self, listed: tuple[Card | None, ...]) -> list[Card] | None:
        """The cards a list names for unseen pile cards, or None when it is not the pile."""
        if len(listed) != len(self.pile):
            return None
        known = Counter(card for card in self.pile if card is not None)
        unseen = len(self.pile) - sum(known.values())
        extra: list[Card] = []
        for card in listed:
            if card is None:
                unseen -= 1
                continue
            physical = card.physical
            if known[physical]:
                known[physical] -= 1
            else:
                extra.append(physical)
                unseen -= 1
        return extra if unseen == 0 and not +known else None

    def take_pile(self, player: str, listed: tuple[Card | None, ...] | None) -> None:
        """Move the whole pile to ``player``'s hand; unseen cards a list names are seen now."""
        hand = self.hands[player]
        named = self._name_unseen(listed) if listed is not None else []
        assert named is not None
        for card in self.pile:
            if card is not None:
                hand.add(card)
            elif named:
                hand.add(named.pop())
            else:
                hand.hidden += 1
        self.pile.clear()

    def discard(self, card: Card) -> None:
        self.pile.append(card)

    # -- playing cards from a hand -------------------------------------------------------

    def play_from_hand(self, player: str, cards: Sequence[Card]) -> Problem | None:
        """Take the cards out of ``player``'s hand for a meld, a lay-off or a discard; the
        problem, moving nothing, when the record is impossible. The usual case, one card
        the hand is known to hold, is checked and moved in one step."""
        if len(cards) == 1:
            card = cards[0].physical
            hand = self.hands[player]
            if card in hand.known:
                hand.remove(card)
                return None
        problem = self.verify_hold(player, cards)
        if problem is None:
            self.hold(player, cards)
        return problem

    def verify_hold(self, player: str, cards: Sequence[Card]) -> Problem | None:
        """``player`` can play these cards: known copies first, then hidden cards, each of
        which must be a copy the decks can still supply. Counts those copies as seen."""
        hand = self.hands[player]
        if len(cards) == 1:
            card = cards[0].physical
            if card in hand.known:
                return None
            if hand.hidden <= 0:
                return Problem("not-in-hand", {"card": str(card)})
            return self.appear(card)
        need: dict[Card, int] = {}
        for c in cards:
            card = c.physical
            need[card] = need.get(card, 0) + 1
        known = hand.known.get
        from_hidden = {c: k - known(c, 0) for c, k in need.items() if k > known(c, 0)}
        if not from_hidden:  # the usual meld: every card known in the hand
            return None
        if sum(from_hidden.values()) > hand.hidden:
            return Problem("not-in-hand", {"card": str(next(iter(from_hidden)))})
        for card, copies in from_hidden.items():
            for _ in range(copies):
                problem = self.appear(card)
                if problem is not None:
                    return problem
        return None

    def hold(self, player: str, cards: Sequence[Card]) -> None:
        """Take the cards out of ``player``'s hand (after :meth:`verify_hold`)."""
        hand = self.hands[player]
        for card in cards:
            hand.remove(card.physical)

    def lay(self, meld: TableMeld) -> None:
        self.melds.append(meld)


def _pile_text(cards: tuple[Card | None, ...] | None) -> str:
    if cards is None:
        return "the pile"
    return " ".join("??" if card is None else str(card) for card in cards)
