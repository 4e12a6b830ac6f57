"""``referee simulate --game mini-rummy``: random, legal games, as ``.rummy`` text.

A plain bot plays every seat: it takes the pile's top when that card makes a meld
with its hand, else draws; lays every meld it finds (a set, else the longest run),
and, once it has a meld on the table, lays off every card that fits; always keeps
a card to discard, and discards its costliest card. A deal whose stock runs out
before anyone goes out is dealt again from the next random state, so every game
written finishes. Everything random comes from one ``random.Random(seed)``.

It reuses the game's own meld reading (:mod:`mini_rummy.melds`) and the referee's
writer of simulated records (:mod:`referee.sim.record`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from referee.cards import FRENCH, Card, Rank
from referee.engine.game import Variant
from referee.notation.events import Discard, Draw, Event, GameRecord, Layoff, Meld, Take
from referee.sim import NAMES, SimulationError, format_record, hidden_record
from referee.sim.knobs import knob_tags
from referee.sim.record import build_record, join_games

from mini_rummy import HAND
from mini_rummy.knobs import MiniRules
from mini_rummy.melds import MiniMeld, card_points, read_meld

MAX_DEALS = 1000  # deals tried for one game before giving up (never reached in practice)


def simulate_log(game: Variant[MiniRules], count: int, players: tuple[int, int], seed: int,
                 knobs: Mapping[str, str] | None, hidden: bool, lang: str,
                 matches: bool) -> str:
    """``count`` games with ``players[0]`` to ``players[1]`` players each."""
    if matches:
        raise SimulationError(f"{game.name} has no matches (every game stands alone)",
                              "report.sim_no_matches", game=game.name)
    values, tags = knob_tags(knobs, MiniRules)
    rules = MiniRules(**values)
    rng = random.Random(seed)
    texts = []
    for index in range(1, count + 1):
        names = tuple(NAMES[: rng.randint(*players)])
        header = [("Game", game.name), ("Players", " ".join(names)), *tags]
        record = play_game(rng, index, header, names, rules)
        texts.append(format_record(hidden_record(record) if hidden else record, lang))
    return join_games(texts)


def play_game(rng: random.Random, index: int, header: list[tuple[str, str]],
              names: tuple[str, ...], rules: MiniRules) -> GameRecord:
    """One finished game: deals again until one finishes."""
    for _ in range(MAX_DEALS):
        deck = list(FRENCH.cards)
        rng.shuffle(deck)
        deals = [deck[seat * HAND:(seat + 1) * HAND] for seat in range(len(names))]
        stock = deck[len(names) * HAND:]
        events = Bots(names, deals, stock, rules).play()
        if events is not None:
            return build_record(index, header, names, deals, stock, events)
    raise SimulationError(f"no deal of {MAX_DEALS} finished", "mini.sim_no_finish",
                          deals=MAX_DEALS)


class Bots:
    """One deal, played out by the bots."""

    def __init__(self, names: tuple[str, ...], deals: Sequence[list[Card]],
                 stock: list[Card], rules: MiniRules) -> None:
        self.names = names
        self.hands = {name: list(cards) for name, cards in zip(names, deals, strict=True)}
        self.stock = list(stock)
        self.pile: list[Card] = []
        self.melds: list[MiniMeld] = []
        self.melded: set[str] = set()
        self.rules = rules
        self.events: list[Event] = []

    def play(self) -> list[Event] | None:
        """The events until someone goes out; None when the stock runs out first."""
        seat = 0
        while True:
            name = self.names[seat]
            if not self.turn(name):
                return None
            if not self.hands[name]:
                return self.events
            seat = (seat + 1) % len(self.names)

    def turn(self, name: str) -> bool:
        hand = self.hands[name]
        top = self.pile[-1] if self.pile else None
        if top is not None and find_meld([*hand, top], self.rules, must=top) is not None:
            hand.append(self.pile.pop())
            self.events.append(Take(name, 0, 1, (top,)))
        elif self.stock:
            card = self.stock.pop(0)
            hand.append(card)
            self.events.append(Draw(name, 0, 1, card))
        else:
            return False
        self.lay_melds(name, hand)
        if name in self.melded:
            self.lay_offs(name, hand)
        discard = max(hand, key=lambda c: (card_points(c), int(c.rank or 0)))
        hand.remove(discard)
        self.pile.append(discard)
        self.events.append(Discard(name, 0, 1, discard))
        return True

    def lay_melds(self, name: str, hand: list[Card]) -> None:
        while (cards := find_meld(hand, self.rules)) is not None and len(cards) < len(hand):
            shape = read_meld(cards, self.rules)
            assert shape is not None, cards
            for card in cards:
                hand.remove(card)
            self.melds.append(shape)
            self.melded.add(name)
            self.events.append(Meld(name, 0, 1, tuple(cards)))

    def lay_offs(self, name: str, hand: list[Card]) -> None:
        for card in list(hand):
            for number, meld in enumerate(self.melds, 1):
                if len(hand) > 1 and meld.placement(card) is not None:
                    meld.lay_off(card, name)
                    hand.remove(card)
                    self.events.append(Layoff(name, 0, 1, card, number))
                    break


def find_meld(cards: Sequence[Card], rules: MiniRules, must: Card | None = None
              ) -> list[Card] | None:
    """A set in ``cards`` (all of a rank), else their longest run; holding ``must``
    when it is given."""
    found: list[list[Card]] = []
    for rank in {c.rank for c in cards}:
        same = [c for c in cards if c.rank == rank]
        if len(same) >= 3:
            found.append(same)
    for suit in {c.suit for c in cards}:
        found.extend(runs([c for c in cards if c.suit == suit], rules))
    found = [meld for meld in found if must is None or must in meld]
    return max(found, key=len) if found else None


def runs(suited: list[Card], rules: MiniRules) -> list[list[Card]]:
    """The longest stretches of one suit's cards in a row, at least ``RunMin`` long."""
    by_place: dict[int, Card] = {int(c.rank or 0): c for c in suited}
    ace = by_place.get(Rank.ACE)
    if ace is not None and rules.AceHigh:
        by_place[14] = ace
    stretches: list[list[Card]] = []
    current: list[Card] = []
    for place in range(1, 16):
        card = by_place.get(place)
        if card is not None and card not in current:
            current.append(card)
            continue
        if len(current) >= rules.RunMin:
            stretches.append(current)
        current = [] if card is None else [card]
    return stretches

