"""The physical table (:mod:`referee.engine.table`): ``verify_*`` change nothing, not even
the supply's count of cards seen; the moves move the cards, the pile and the melds
included.

Before: ``verify_hold`` and ``verify_take_pile`` counted the cards they found as seen,
the cards of a meld, a lay-off or a discard left the hand before the rules looked, and
each game pushed the pile itself (two ways).
"""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest

from referee.cards import FRENCH, Card, Shoe
from referee.engine.table import Problem, Table, TableMeld

C = Card.parse


def table(hidden: int = 0, known: str = "", decks: int = 1, jokers: int = 2) -> Table:
    """Ana and Beto at a table of ``decks`` decks; Ana holds ``known`` and ``hidden``."""
    t = Table(["Ana", "Beto"], Shoe(FRENCH, decks, jokers))
    for text in known.split():
        t.supply.appear(C(text))
        t.hands["Ana"].add(C(text))
    t.hands["Ana"].hidden = hidden
    t.fill_stock([], 20)
    return t


def snapshot(t: Table) -> tuple[object, ...]:
    hands = {name: (dict(h.known), h.hidden, h.count) for name, h in t.hands.items()}
    return (hands, dict(t.supply.seen), dict(t.supply.floating), list(t.stock.order),
            t.stock.unknown, list(t.pile), [(m.number, list(m.cards)) for m in t.melds])


VERIFIES: list[tuple[str, Callable[[Table], Problem | None]]] = [
    ("hold, known", lambda t: t.verify_hold("Ana", (C("7h"),))),
    ("hold, hidden", lambda t: t.verify_hold("Ana", (C("9c"),))),
    ("hold, several hidden", lambda t: t.verify_hold("Ana", (C("9c"), C("9d"), C("9s")))),
    ("hold, not in hand", lambda t: t.verify_hold("Beto", (C("9c"),))),
    ("draw, unseen", lambda t: t.verify_draw(None)),
    ("draw, named", lambda t: t.verify_draw(C("Kd"))),
    ("take the top", lambda t: t.verify_take_top(C("5s"))),
    ("take the pile, listed", lambda t: t.verify_take_pile((C("5s"), C("Qh")))),
    ("take the pile, bare", lambda t: t.verify_take_pile(None)),
    ("turn over", lambda t: t.verify_turn_over()),
]


@pytest.mark.parametrize(("what", "verify"), VERIFIES, ids=[v[0] for v in VERIFIES])
def test_a_verify_changes_nothing(what: str, verify: Callable[[Table], Problem | None]) -> None:
    t = table(hidden=5, known="7h 7h")
    t.pile = [None, C("5s")]  # an unseen card under the top: a list may name it
    before = snapshot(t)
    verify(t)
    assert snapshot(t) == before, what


def test_hidden_cards_are_seen_when_they_are_played_not_when_verified() -> None:
    t = table(hidden=3)
    assert t.verify_hold("Ana", (C("9c"), C("9d"))) is None
    assert t.supply.seen == {}
    t.lay("Ana", TableMeld(1, "Ana", 5, 1, [C("9c"), C("9d")], None), (C("9c"), C("9d")))
    assert t.supply.seen == {C("9c"): 1, C("9d"): 1} and t.hands["Ana"].hidden == 1


def test_verify_hold_says_when_the_decks_hold_no_copy_left_fires() -> None:
    t = table(hidden=3)
    t.supply.appear(C("9c"))  # the one deck's only 9c is elsewhere
    problem = t.verify_hold("Ana", (C("9c"), C("9d")))
    assert problem is not None and problem.rule == "card-supply"
    assert t.supply.seen == {C("9c"): 1}  # nothing counted for the 9d either


def test_verify_hold_of_a_copy_the_decks_still_hold_legal_neighbour() -> None:
    t = table(hidden=3, decks=2)
    t.supply.appear(C("9c"))
    assert t.verify_hold("Ana", (C("9c"), C("9d"))) is None


def test_verify_hold_counts_copies_against_the_hidden_cards_fires() -> None:
    t = table(hidden=1, known="9c")
    problem = t.verify_hold("Ana", (C("9c"), C("9c"), C("9c")))
    assert problem is not None and problem.rule == "not-in-hand"


def test_a_discard_tops_the_pile_and_leaves_the_hand() -> None:
    t = table(known="7h 8h")
    assert t.verify_hold("Ana", (C("7h"),)) is None
    t.discard("Ana", C("7h"))
    assert t.pile == [C("7h")] and t.hands["Ana"].cards() == [C("8h")]


def test_a_lay_off_that_does_not_fit_stays_on_the_meld_as_a_stray() -> None:
    t = table(known="2c")
    meld = TableMeld(1, "Beto", 3, 1, [C("7h"), C("8h"), C("9h")], None)
    t.melds.append(meld)
    assert t.lay_off("Ana", C("2c"), meld, fits=False) is None
    assert meld.strays == [C("2c")] and t.hands["Ana"].size == 0


class Shape:
    """A meld shape that takes any card (what the engine asks of a game's meld)."""

    kind = "run"

    def __init__(self, cards: list[Card]) -> None:
        self.cards = cards
        self.by: list[str] = []

    def readings(self) -> list[Card]:
        return list(self.cards)

    def placement(self, card: Card) -> object | None:
        return True

    def lay_off(self, card: Card, by: str) -> object:
        self.cards.append(card)
        self.by.append(by)
        return len(self.cards)

    def points(self) -> int:
        return len(self.cards)


def test_a_lay_off_that_fits_goes_to_the_shape_which_says_what_it_took() -> None:
    t = table(known="10h")
    shape = Shape([C("7h"), C("8h"), C("9h")])
    meld = TableMeld(1, "Beto", 3, 1, list(shape.cards), shape)
    assert t.lay_off("Ana", C("10h"), meld, fits=True) == 4
    assert meld.cards == [C("7h"), C("8h"), C("9h"), C("10h")] and shape.by == ["Ana"]
    assert meld.kind == "run" and meld.strays == []


def test_a_draw_names_the_recorded_top_fires() -> None:
    t = table()
    t.fill_stock([C("Kd"), C("2s")], 5)
    problem = t.verify_draw(C("2s"))
    assert problem is not None and problem.rule == "stock-mismatch"


def test_a_draw_of_the_recorded_top_moves_it_legal_neighbour() -> None:
    t = table()
    t.fill_stock([C("Kd"), C("2s")], 5)
    assert t.verify_draw(C("Kd")) is None
    t.draw("Beto", C("Kd"))
    assert t.hands["Beto"].cards() == [C("Kd")] and t.stock.size == 6


def test_taking_the_listed_pile_sees_the_unseen_card_it_names() -> None:
    t = table()
    t.pile = [None, C("5s")]
    assert t.verify_take_pile((C("Qh"), C("5s"))) is None
    assert t.supply.seen == {}
    t.take_pile("Beto", (C("Qh"), C("5s")))
    assert sorted(map(str, t.hands["Beto"].cards())) == ["5s", "Qh"] and t.pile == []
    assert t.supply.seen == {C("Qh"): 1}


def test_turning_the_pile_over_keeps_its_top() -> None:
    t = table()
    t.stock.unknown = 0
    t.pile = [C("3c"), C("4c"), C("5c")]
    assert t.verify_turn_over() is None
    t.turn_over()
    assert t.pile == [C("5c")] and t.stock.unknown == 2
    assert t.supply.floating == {C("3c"): 1, C("4c"): 1}


def test_an_empty_stock_with_one_card_in_the_pile_fires() -> None:
    t = table()
    t.stock.unknown = 0
    t.pile = [C("5c")]
    problem = t.verify_turn_over()
    assert problem is not None and problem.rule == "stock-empty"


def test_the_supply_can_say_without_counting() -> None:
    t = table(decks=1)
    supply = copy.deepcopy(t.supply)
    assert supply.can_appear(C("9c")) and not supply.can_appear(C("9c"), 2)
    supply.floating[C("9c")] = 1
    assert supply.can_appear(C("9c"), 2) and supply.seen == {}


def test_appear_all_refused_changes_nothing_fires() -> None:
    """A deal with a card the decks hold no copy left of: refused, every count as before
    (the cards before the bad one were counted in place, then taken back)."""
    supply = table(known="7h").supply  # one deck: 7h seen once
    before = dict(supply.seen)
    assert not supply.appear_all([C("3c"), C("9d"), C("3c")])  # 3c twice from one deck
    assert dict(supply.seen) == before
    assert not supply.appear_all([C("5s"), C("7h")])
    assert dict(supply.seen) == before


def test_appear_all_counts_every_copy_legal_neighbour() -> None:
    supply = table(known="7h", decks=2).supply
    assert supply.appear_all([C("3c"), C("7h"), C("3c"), C("JK")])
    assert dict(supply.seen) == {C("7h"): 2, C("3c"): 2, C("JK"): 1}
    assert not supply.appear_all([C("3c")])  # two decks: no third 3c
    assert dict(supply.seen) == {C("7h"): 2, C("3c"): 2, C("JK"): 1}
