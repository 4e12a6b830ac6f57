"""51's melds: what a laid meld is (set or run), its defect, its points, its jokers.

One finding per meld (docs/rules.md), the first that applies of ``meld-invalid``,
``set-repeated-suit``, ``set-colors``, ``run-not-ordered``, ``run-too-short``,
``joker-limit``. A valid meld becomes a :class:`SetMeld` or :class:`RunMeld`
that knows which cards it can still take (lay-offs and pegues). In 51 the joker
is the only wild card, and card values are :func:`rank_value`.

The deck in play (RULES.md §13) gives the suits a set may hold and the ranks in run
order: a run's cards stand at consecutive positions of that order (the 40-card
Spanish deck's 7 and 10 are neighbours), the as at 1 or, high, at one past the last
rank (14 under the French deck, 13 and 11 under the Spanish ones).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise, permutations
from typing import cast

from referee.cards import FRENCH, JOKER, SUIT_COLOR, Card, Rank, Suit
from referee.engine.findings import Rulings, renuncia
from referee.messages import Phrase
from referee.notation.events import Meld
from referee.variants.la51.knobs import Rules51

# Why a meld is faulty: messages, said in the finding's language (meld-invalid's reason).
FEWER_THAN_3 = Phrase("meld.reason.fewer-than-3")
NO_NATURAL = Phrase("meld.reason.no-natural")
NEITHER = Phrase("meld.reason.neither")
SET_OF_5 = Phrase("meld.reason.set-of-5")

ALL_SUITS = FRENCH.suits  # the French deck's (a game's deck: ``Rules51.Deck``)
FRENCH_RANKS = FRENCH.ranks
MAX_RUN = 13  # under the French deck: a run holds at most as many cards as the deck has ranks
_VALUES: tuple[int, ...] = (0, 10, *range(2, 10), 10, 10, 10, 10)  # by rank: A (1) to K (13)


def rank_value(rank: Rank) -> int:
    """A card's value in 51: 2 to 10 their number; J, Q, K and A ten."""
    return _VALUES[rank]


def card_value(card: Card) -> int:
    """A natural card's value; a joker counts as what it stands for (0 while unknown)."""
    if card.rank is not None:
        return rank_value(card.rank)
    return 0 if card.stands_for is None or card.stands_for.rank is None else rank_value(
        card.stands_for.rank)


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def rank_at(value: int, ranks: tuple[Rank, ...] = FRENCH_RANKS) -> Rank:
    """The rank at a run position: values are consecutive integers, 1 and one past the
    last rank (14 under the French deck) are aces; ``ranks`` the deck's, in run order."""
    return ranks[(value - 1) % len(ranks)]


def _alternates(suits: tuple[Suit, ...]) -> bool:
    """Every two neighbours of ``suits`` of different colours."""
    alternates = _ALTERNATES.get(suits)
    if alternates is None:  # remembered: a set's readings are a few suit tuples
        alternates = _ALTERNATES[suits] = all(
            SUIT_COLOR[a] is not SUIT_COLOR[b] for a, b in pairwise(suits))
    return alternates


_ALTERNATES: dict[tuple[Suit, ...], bool] = {}  # at most a set's suits in every order


def _joker_capped(cards: list[Card], card: Card, max_jokers: int | None) -> bool:
    """A joker cannot join a meld that already holds ``MaxJokers`` jokers."""
    if card.rank is not None or max_jokers is None:
        return False
    return sum(1 for c in cards if c.rank is None) >= max_jokers


def _fixed(card: Card) -> Card | None:
    """The natural card a meld slot is known to be: itself, a joker's reading, or None."""
    return card if card.rank is not None else card.stands_for


@dataclass(slots=True)
class SetMeld:
    """A terna or cuarta. ``options`` lists every suit reading still possible, slot by slot."""

    rank: Rank
    cards: list[Card]
    options: list[tuple[Suit, ...]]
    alternate: bool
    max_jokers: int | None = None
    suits: tuple[Suit, ...] = ALL_SUITS  # the deck's
    kind: str = "set"
    # The cards in hand (naturals, a bare joker) that fit, worked out once per change.
    _taking: frozenset[Card] | None = field(default=None, repr=False, compare=False)

    def taking(self) -> frozenset[Card]:
        """The cards as they sit in a hand (natural cards, a bare joker) that fit:
        ``placement(card) is not None`` exactly for these, worked out once per change."""
        taking = self._taking
        if taking is None:
            if len(self.cards) != 3:  # only a terna takes a card (see placement)
                taking = self._taking = frozenset()
                return taking
            candidates = [Card.natural(self.rank, suit) for suit in self.suits] + [JOKER]
            taking = self._taking = frozenset(
                c for c in candidates if self.placement(c) is not None)
        return taking

    def takes(self, card: Card) -> bool:
        """Whether ``card``, a card as it sits in a hand, fits (one lookup)."""
        return card in self.taking()

    def points(self) -> int:
        return rank_value(self.rank) * len(self.cards)

    def placement(self, card: Card) -> tuple[int, list[tuple[Suit, ...]]] | None:
        """Where ``card`` completes this terna (index 0 or end) and the readings left."""
        if len(self.cards) != 3 or _joker_capped(self.cards, card, self.max_jokers):
            return None
        fixed = _fixed(card)
        if fixed is not None and fixed.rank != self.rank:
            return None
        suits = (fixed.suit,) if fixed is not None and fixed.suit else self.suits
        for at_end in (True, False):
            kept: list[tuple[Suit, ...]] = []
            for option in self.options:
                for suit in suits:
                    if suit in option:
                        continue
                    new = (*option, suit) if at_end else (suit, *option)
                    if not self.alternate or _alternates(new):
                        kept.append(new)
            if kept:
                return (len(self.cards) if at_end else 0), kept
        return None

    def lay_off(self, card: Card, by: str = "") -> int:
        """Add a card that fits (see :meth:`placement`); return the points it counts
        (who laid it, ``by``, is not kept: 51 counts no player's cards on a meld)."""
        where = self.placement(card)
        assert where is not None, "lay_off needs a card that fits"
        index, options = where
        self._taking = None
        self.cards.insert(index, card)
        self.options = options
        self._settle_jokers()
        return rank_value(self.rank)

    def _settle_jokers(self) -> None:
        """Give a bare joker its reading once only one suit fits it."""
        for i, card in enumerate(self.cards):
            if card.rank is None and card.stands_for is None:
                suits = {option[i] for option in self.options}
                if len(suits) == 1:
                    self.cards[i] = Card(None, None, Card.natural(self.rank, suits.pop()))

    def readings(self) -> list[Card]:
        return list(self.cards)


@dataclass(slots=True)
class RunMeld:
    """An escalera: ``low`` is the value of its lowest card (values run ``low..low+len-1``)."""

    suit: Suit
    low: int
    cards: list[Card]  # in laid order, jokers carry their reading
    ascending: bool
    wrap: bool
    max_jokers: int | None = None
    ranks: tuple[Rank, ...] = FRENCH_RANKS  # the deck's, in run order
    kind: str = "run"
    # The cards in hand (naturals, a bare joker) that fit, worked out once per change.
    _taking: frozenset[Card] | None = field(default=None, repr=False, compare=False)

    def taking(self) -> frozenset[Card]:
        """The cards as they sit in a hand (natural cards, a bare joker) that fit:
        ``placement(card) is not None`` exactly for these, worked out once per change."""
        taking = self._taking
        if taking is None:
            ranks = self.ranks
            candidates = [Card.natural(rank_at(self.high + 1, ranks), self.suit),
                          Card.natural(rank_at(self.low - 1, ranks), self.suit), JOKER]
            taking = self._taking = frozenset(
                c for c in candidates if self.placement(c) is not None)
        return taking

    def takes(self, card: Card) -> bool:
        """Whether ``card``, a card as it sits in a hand, fits (one lookup)."""
        return card in self.taking()

    @property
    def high(self) -> int:
        return self.low + len(self.cards) - 1

    def points(self) -> int:
        ranks = self.ranks
        return sum(rank_value(rank_at(v, ranks)) for v in range(self.low, self.high + 1))

    def _can_grow(self, up: bool) -> bool:
        count = len(self.ranks)
        if len(self.cards) >= count:
            return False
        if self.wrap:
            return True
        return self.high + 1 <= count + 1 if up else self.low - 1 >= 1

    def placement(self, card: Card) -> bool | None:
        """True to add at the high end, False at the low end, None when it does not fit."""
        if _joker_capped(self.cards, card, self.max_jokers):
            return None
        fixed = _fixed(card)
        if fixed is None:  # a bare joker: the high end when the run can grow there
            if self._can_grow(True):
                return True
            return False if self._can_grow(False) else None
        if fixed.suit != self.suit:
            return None
        if self._can_grow(True) and rank_at(self.high + 1, self.ranks) == fixed.rank:
            return True
        if self._can_grow(False) and rank_at(self.low - 1, self.ranks) == fixed.rank:
            return False
        return None

    def lay_off(self, card: Card, by: str = "") -> int:
        """Add a card that fits (see :meth:`placement`); return the points it counts."""
        up = self.placement(card)
        assert up is not None, "lay_off needs a card that fits"
        value = self.high + 1 if up else self.low - 1
        self._taking = None
        if card.rank is None and card.stands_for is None:
            card = Card(None, None, Card.natural(rank_at(value, self.ranks), self.suit))
        if not up:
            self.low -= 1
        if up == self.ascending:
            self.cards.append(card)
        else:
            self.cards.insert(0, card)
        return rank_value(rank_at(value, self.ranks))

    def readings(self) -> list[Card]:
        return list(self.cards)


TableShape = SetMeld | RunMeld


@dataclass(slots=True)
class MeldVerdict:
    """The outcome of judging one laid meld."""

    shape: TableShape | None  # None when the meld has a defect
    defect: str | None = None  # a rule id
    reason: str = ""  # words for meld-invalid (a Phrase: rendered in the finding's language)
    points: int = 0
    cards: list[Card] = field(default_factory=list)


def judge_shape(ev: Meld, rules: Rules51) -> tuple[MeldVerdict, Rulings]:
    """A laid meld: its verdict, and its one defect as a renuncia (if any)."""
    verdict = judge_meld(ev.cards, rules)
    if verdict.defect is None:
        return verdict, ()
    return verdict, (renuncia(verdict.defect, ev.player, ev.line, cards=cards_text(ev.cards),
                              reason=verdict.reason, run_min=rules.RunMin,
                              max_jokers=rules.MaxJokers),)


def judge_meld(cards: Sequence[Card], rules: Rules51) -> MeldVerdict:
    """Judge a meld as laid: its shape, its one defect (if any) and its best points."""
    laid = list(cards)
    n = len(laid)
    fixed, jokers, face, same_rank, same_suit = _read_cards(laid)
    if n < 3:
        return MeldVerdict(None, "meld-invalid", FEWER_THAN_3, face, laid)
    if jokers == n:
        return MeldVerdict(None, "meld-invalid", NO_NATURAL, face, laid)
    candidates: list[MeldVerdict] = []
    if same_rank:
        candidates.append(_judge_set(laid, fixed, rules))
    if same_suit and (not same_rank or len(fixed) == 1):
        candidates.append(_judge_run(laid, fixed, rules, face))
    if not candidates:
        return MeldVerdict(None, "meld-invalid", NEITHER, face, laid)
    best: MeldVerdict | None = None
    for verdict in candidates:  # the first valid one with the most points
        if verdict.defect is None and (best is None or verdict.points > best.points):
            best = verdict
    if best is None:
        return candidates[0] if n <= 4 or len(candidates) == 1 else candidates[-1]
    if rules.MaxJokers is not None and jokers > rules.MaxJokers:
        return MeldVerdict(None, "joker-limit", Phrase("meld.reason.jokers", count=jokers),
                           best.points, laid)
    return best


def _read_cards(laid: list[Card]) -> tuple[list[tuple[int, Card]], int, int, bool, bool]:
    """One pass over a meld's cards (a comprehension per fact cost a third of a meld's
    replay: docs/performance.md): the fixed cards (naturals and jokers' readings, with
    their places), the jokers, the face value, and whether the fixed cards share one
    rank (a set) and one suit (a run)."""
    fixed: list[tuple[int, Card]] = []
    jokers = face = 0
    same_rank = same_suit = True
    for i, card in enumerate(laid):
        reading = card if card.rank is not None else card.stands_for
        if card.rank is None:
            jokers += 1
        if reading is None:  # a bare joker
            continue
        if fixed:
            first = fixed[0][1]
            same_rank = same_rank and reading.rank == first.rank
            same_suit = same_suit and reading.suit is first.suit
        fixed.append((i, reading))
        if reading.rank is not None:
            face += _VALUES[reading.rank]
    return fixed, jokers, face, same_rank, same_suit


def _judge_set(laid: list[Card], fixed: list[tuple[int, Card]], rules: Rules51) -> MeldVerdict:
    n = len(laid)
    rank = fixed[0][1].rank
    assert rank is not None
    points = rank_value(rank) * n
    if n > 4:
        return MeldVerdict(None, "meld-invalid", SET_OF_5, points, laid)
    fixed_suits = [f.suit for _, f in fixed]
    if len(set(fixed_suits)) != len(fixed_suits):
        return MeldVerdict(None, "set-repeated-suit", "", points, laid)
    bare = len(fixed) < n  # a bare joker: its suit is one of those left
    readings = _set_readings(laid, fixed, rules.Deck.suits) if bare else [
        cast(tuple[Suit, ...], tuple(fixed_suits))]  # the one reading: the suits as laid
    alternate = rules.alternate_colors
    options = [s for s in readings if _alternates(s)] if alternate else readings
    if not options:
        return MeldVerdict(None, "set-colors", "", points, laid)
    shape = SetMeld(rank, list(laid), options, alternate, rules.MaxJokers, rules.Deck.suits)
    if bare:
        shape._settle_jokers()
    return MeldVerdict(shape, None, "", points, shape.cards)


def _set_readings(laid: list[Card], fixed: list[tuple[int, Card]],
                  suits: tuple[Suit, ...]) -> list[tuple[Suit, ...]]:
    """Every reading of a set's suits, slot by slot, its bare jokers given the suits left."""
    fixed_suits = [f.suit for _, f in fixed]
    free = [s for s in suits if s not in fixed_suits]
    open_slots = [i for i, c in enumerate(laid) if _fixed(c) is None]
    known: dict[int, Suit] = {i: f.suit for i, f in fixed if f.suit is not None}
    readings: list[tuple[Suit, ...]] = []
    for choice in permutations(free, len(open_slots)):
        reading = known | dict(zip(open_slots, choice, strict=True))
        readings.append(tuple(reading[i] for i in range(len(laid))))
    return readings


def _judge_run(laid: list[Card], fixed: list[tuple[int, Card]], rules: Rules51,
               face: int) -> MeldVerdict:
    n = len(laid)
    ranks = rules.Deck.ranks
    if n > len(ranks):
        return MeldVerdict(None, "meld-invalid", Phrase("meld.reason.run-of", count=n), face, laid)
    placed = _place_run(n, fixed, rules.RunWrap, ranks)
    if placed is None:
        return MeldVerdict(None, "run-not-ordered", "", face, laid)
    low, ascending = placed
    suit = fixed[0][1].suit
    assert suit is not None
    cards: list[Card] = []
    for i, card in enumerate(laid):
        if card.rank is None and card.stands_for is None:
            value = low + i if ascending else low + n - 1 - i
            card = Card(None, None, Card.natural(rank_at(value, ranks), suit))
        cards.append(card)
    shape = RunMeld(suit, low, cards, ascending, rules.RunWrap, rules.MaxJokers, ranks)
    if n < rules.RunMin:
        return MeldVerdict(None, "run-too-short", "", shape.points(), laid)
    return MeldVerdict(shape, None, "", shape.points(), cards)


def _place_run(n: int, fixed: list[tuple[int, Card]], wrap: bool,
               ranks: tuple[Rank, ...] = FRENCH_RANKS) -> tuple[int, bool] | None:
    """The lowest value and direction that put every fixed card at its rank, or None
    (values: positions in ``ranks``, the deck's run order; the as is 1 or, high, one
    past the last rank)."""
    i0, first = fixed[0]
    assert first.rank is not None
    count = len(ranks)
    top = count + 1
    position = ranks.index(first.rank) + 1 if first.rank in ranks else 0
    if not position:
        return None  # a rank the deck does not have (the reader refuses such a card)
    for ascending in (True, False):
        for ace_high in (False, True):
            r0 = top if (ace_high and first.rank == Rank.ACE) else position
            if ace_high and first.rank != Rank.ACE and wrap:
                continue
            # value at position i: start + i (ascending) or start - i (descending)
            start = r0 - i0 if ascending else r0 + i0
            values = [start + i if ascending else start - i for i in range(n)]
            if not all(rank_at(values[i], ranks) == f.rank for i, f in fixed):
                continue
            low = min(values)
            if not wrap and (low < 1 or max(values) > top):
                # shift by the rank count keeps ranks; try to bring the run inside 1..top
                shifted = ([v + count for v in values] if low < 1
                           else [v - count for v in values])
                if min(shifted) < 1 or max(shifted) > top:
                    continue
                low = min(shifted)
            return low, ascending
    return None

