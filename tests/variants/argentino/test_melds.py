"""Argentino's melds read as docs/argentino.md says: wilds, monos, the 2 real, values,
one defect per meld, and lay-offs that move an end wild."""

from __future__ import annotations

import pytest

from referee.cards import Card
from referee.variants.argentino.knobs import RulesArgentino, SetWilds
from referee.variants.argentino.melds import judge_meld
from referee.variants.argentino.runs import RunShape
from referee.variants.argentino.sets import SetShape
from referee.variants.argentino.slots import hand_value, mono_value, rank_value

RULES = RulesArgentino()


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def valid(text: str, rules: RulesArgentino = RULES) -> SetShape | RunShape:
    verdict = judge_meld(cards(text), "Ana", rules)
    assert verdict.defect is None, (text, verdict.defect, verdict.reason)
    assert verdict.shape is not None
    return verdict.shape


def defect(text: str, rules: RulesArgentino = RULES) -> str | None:
    return judge_meld(cards(text), "Ana", rules).defect


def readings(shape: SetShape | RunShape) -> str:
    return " ".join(str(c) for c in shape.readings())


def test_values_of_the_seed() -> None:
    assert [rank_value(Card.parse(t).rank) for t in ("2h", "7c", "8d", "Ks", "Ah")] == [  # type: ignore[arg-type]
        5, 5, 10, 10, 15]
    assert [mono_value(Card.parse(t).rank) for t in ("2h", "7c", "8d", "Ks", "Ah")] == [  # type: ignore[arg-type]
        5, 5, 20, 20, 20]
    assert [hand_value(Card.parse(t)) for t in ("2h", "JK", "Ah", "9c")] == [20, 50, 15, 10]


@pytest.mark.parametrize("meld, points, read", [
    ("2c 2d 2h", 15, "2c 2d 2h"),  # a set of 2s: every 2 natural
    ("Kc Kd 2s", 40, "Kc Kd 2s"),  # the mono in a set of kings counts 20
    ("5c 5d 2h", 15, "5c 5d 2h"),  # ... in a set of fives, 5
    ("JK 8h 2c", 80, "JK=7h 8h 2c=9h"),  # the reading worth most (ARGENTINO.md)
    ("5d 6d 7d 2c", 35, "5d 6d 7d 2c=8d"),
    ("2h 3h 4h", 15, "2h 3h 4h"),  # the 2 real: its own suit's 2 in a run
    ("7h 6h 5h", 15, "7h 6h 5h"),  # descending, read as laid
    ("Qh Kh Ah", 35, "Qh Kh Ah"),  # the ace high
    ("Kh Ah 2h", 30, "Kh Ah 2h"),  # turning the corner (RunWrap)
    ("JK=9c 10c Jc", 70, "JK=9c 10c Jc"),
    ("7d 8d 9d 2s=10d Jd Qd", 65, "7d 8d 9d 2s=10d Jd Qd"),
    ("Kc Kd Kh JK", 80, "Kc Kd Kh JK"),  # a set's wild stays open for the missing suit
])
def test_valid_melds_and_their_points(meld: str, points: int, read: str) -> None:
    shape = valid(meld)
    assert shape.points() == points
    assert readings(shape) == read


def test_a_meld_that_reads_as_a_set_is_a_set() -> None:
    assert valid("2c 2d 2h").kind == "set"


@pytest.mark.parametrize("meld, rule", [
    ("Ah Ad", "meld-invalid"),  # fewer than 3 cards
    ("Ah Kc 7d", "meld-invalid"),  # neither a set nor a run
    ("JK JK 2c", "set-two-wilds"),  # 2c is a natural 2: a set of 2s with two jokers
    ("Kc Kd Kh Ks Ac", "meld-invalid"),
    ("Kc Kd JK=Kc", "set-repeated-suit"),
    ("5h 7h 6h", "run-not-ordered"),
    ("Kc JK 2d", "set-two-wilds"),
    ("5h JK 2c", "set-two-wilds"),  # no reading at all: judged as a set (ARGENTINO.md §12)
    ("5s 6s 7s JK 2d 10s", "run-adjacent-wilds"),  # the seed's example
])
def test_one_defect_per_meld(meld: str, rule: str) -> None:
    assert defect(meld) == rule


def test_a_run_of_fourteen_cards_is_invalid() -> None:
    text = "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah"
    assert defect(text) == "meld-invalid"


def test_runmin_makes_a_short_run() -> None:
    assert defect("5h 6h 7h", RulesArgentino(RunMin=4)) == "run-too-short"
    valid("5h 6h 7h 8h", RulesArgentino(RunMin=4))


def test_without_runwrap_the_ace_is_low_or_high_never_between() -> None:
    assert defect("Kh Ah 2h", RulesArgentino(RunWrap=False)) == "run-not-ordered"
    valid("Ah 2h 3h", RulesArgentino(RunWrap=False))
    valid("Qh Kh Ah", RulesArgentino(RunWrap=False))


def test_set_wilds_distinct_allows_one_joker_and_one_mono() -> None:
    distinct = RulesArgentino(SetWilds=SetWilds.DISTINCT)
    assert valid("Kc JK 2d", distinct).points() == 10 + 50 + 20
    assert defect("Kc 2d 2h", distinct) == "set-two-wilds"
    assert defect("Kc JK JK", distinct) == "set-two-wilds"


def test_runs_may_hold_several_wilds_not_side_by_side() -> None:
    assert readings(valid("5s 6s JK 8s 2d 10s")) == "5s 6s JK=7s 8s 2d=9s 10s"


# --- lay-offs --------------------------------------------------------------------------


def layoff(meld: str, card: str) -> tuple[SetShape | RunShape, bool]:
    shape = valid(meld)
    fits = shape.placement(Card.parse(card)) is not None
    if fits:
        shape.lay_off(Card.parse(card), "Beto")
    return shape, fits


def test_a_card_naming_an_end_wild_moves_it_to_the_other_end() -> None:
    shape, fits = layoff("5d 6d 7d 2c", "8d")  # 2c stands for 8d: it moves to 4d
    assert fits and readings(shape) == "2c=4d 5d 6d 7d 8d"
    assert shape.points() == 5 + 5 + 5 + 5 + 10
    by = {s.by for s in shape.slots if s.card == Card.parse("2c")}
    assert by == {"Ana"}  # the wild still counts for whoever laid it


def test_a_mono_moving_onto_its_own_2_becomes_natural() -> None:
    shape, fits = layoff("3h 4h 2h", "5h")  # 2h stands for 5h, then lands on 2h itself
    assert fits and readings(shape) == "2h 3h 4h 5h"
    assert not any(s.wild for s in shape.slots)


def test_an_enclosed_wild_never_moves() -> None:
    _, fits = layoff("5h JK 7h", "6h")
    assert not fits


def test_a_move_that_leaves_two_wilds_side_by_side_does_not_fit() -> None:
    _, fits = layoff("JK 5h 6h 2c", "7h")  # 2c=7h would move beside JK=4h
    assert not fits


def test_a_bare_wild_goes_high_else_low_never_beside_a_wild() -> None:
    shape, fits = layoff("5h 6h 7h", "JK")
    assert fits and readings(shape) == "5h 6h 7h JK=8h"
    shape, fits = layoff("5h 6h JK", "2c")  # the high end is a wild: the low end
    assert fits and readings(shape) == "2c=4h 5h 6h JK=7h"
    _, fits = layoff("JK 6h 2c", "JK")  # wilds at both ends
    assert not fits


def test_a_2_that_can_be_its_own_2_there_is_natural() -> None:
    shape, fits = layoff("3h 4h 5h", "2h")
    assert fits and readings(shape) == "2h 3h 4h 5h" and shape.points() == 20


def test_a_set_takes_a_missing_suit_or_a_wild_within_its_limit() -> None:
    shape, fits = layoff("Kc Kd Kh", "Ks")
    assert fits and len(shape.slots) == 4
    _, fits = layoff("Kc Kd Kh", "Kc")  # suit twice
    assert not fits
    _, fits = layoff("Kc Kd JK", "2h")  # a second wild
    assert not fits
    shape, fits = layoff("Kc Kd JK", "Ks")  # the open wild takes the last suit
    assert fits
    _, fits = layoff("Kc Kd Kh Ks", "JK")  # four already
    assert not fits


# --- the run search: only the lows where the first pinned card lands on its rank ---------

_POOL = cards("JK 2h 2s 2c 3h 4h 5h 6h 9h Th Jh Qh Kh Ah Ac 7c JK=5h JK=Ah 2s=6h 2h=Kh 2c=3c Ks")


def _every_reading(meld: list[Card], wrap: bool) -> list[tuple[object, ...]]:
    """The search as it was: every suit, direction and low tried by ``_place``."""
    from referee.variants.argentino import runs as melds

    suits = melds._run_suits(meld)
    assert suits is not None
    n = len(meld)
    lows = range(1, 14) if wrap else range(1, 16 - n)
    found: list[tuple[object, ...]] = []
    for suit in suits:
        for ascending in (True, False):
            for low in lows:
                reading = melds._place(meld, "Ana", suit, low, ascending)
                if reading is not None:
                    found.append((reading.suit, reading.low, reading.ascending,
                                  [(s.card, s.wild, s.stands) for s in reading.slots]))
    return found


@pytest.mark.parametrize("wrap", [False, True])
def test_pinned_lows_find_every_reading(wrap: bool) -> None:
    """``_readings`` skips the lows where the first natural (or written) card cannot
    stand: on random melds from cards that pin, wilds and 2s, it yields exactly the
    readings trying every low finds, in the same order (the best on a tie is the first)."""
    import random

    from referee.variants.argentino import runs as melds

    rng = random.Random(23)
    checked = 0
    for _ in range(3000):
        meld = rng.sample(_POOL, rng.randint(1, 7))  # runs of 1 and 2 cards: lows up to 14
        if melds._run_suits(meld) is None:
            continue
        fast = [(r.suit, r.low, r.ascending, [(s.card, s.wild, s.stands) for s in r.slots])
                for r in melds._readings(meld, "Ana", melds._run_suits(meld) or [], wrap)]
        assert fast == _every_reading(meld, wrap), meld
        checked += 1 if fast else 0
    assert checked > 50  # melds that read as runs were among them


# --- the set reading: one pass, as the card-by-card reading it replaced ----------------

_SET_POOL = cards("JK JK 2h 2s 2c 2d 7h 7s 7c 7d 7h Kh Ks JK=7h JK=7c JK=Kd 2s=7d 2h=7h "
                  "2c=Ks 2d=2c 2h=2s JK=2d")


def _set_as_it_was(meld: list[Card], rules: RulesArgentino) -> object:
    """``read_set`` as it was written before issue 23's one pass: each card through
    ``_set_slot``, then the checks in order, on the whole slots."""
    from referee.variants.argentino import sets

    rank = sets._set_rank(meld)
    if rank is None:
        return "meld-invalid", "neither a set nor a run"
    if len(meld) > 4:
        return "meld-invalid", "a set of 5 or more cards"
    slots = [sets._set_slot(card, rank, "Ana") for card in meld]
    if any(s is None for s in slots):
        return "meld-invalid", "a card stands for one of another rank"
    placed = [s for s in slots if s is not None]
    if all(s.wild for s in placed):
        return "meld-invalid", "no natural card"
    shape = sets.SetShape(rank, placed, rules.SetWilds)
    suits = shape.suits()
    if len(set(suits)) != len(suits):
        return "set-repeated-suit", ""
    if not sets._wilds_allowed(placed, rules.SetWilds):
        return "set-two-wilds", ""
    return (shape.rank, shape.limit,
            [(s.card, s.by, s.wild, s.stands, s.fixed) for s in shape.slots])


@pytest.mark.parametrize("limit", list(SetWilds))
def test_read_set_reads_as_card_by_card(limit: SetWilds) -> None:
    """On random melds of naturals, jokers, monos, 2s and written readings, ``read_set``
    gives what reading card by card gave: the same defect, or the same set."""
    import random

    from referee.variants.argentino.sets import read_set

    rules = RulesArgentino(SetWilds=limit)
    rng = random.Random(31)
    sets_read = 0
    for _ in range(4000):
        meld = rng.sample(_SET_POOL, rng.randint(1, 5))
        found = read_set(meld, "Ana", rules)
        if isinstance(found, SetShape):
            sets_read += 1
            found = (found.rank, found.limit,  # type: ignore[assignment]
                     [(s.card, s.by, s.wild, s.stands, s.fixed) for s in found.slots])
        assert found == _set_as_it_was(meld, rules), meld
    assert sets_read > 200


def test_add_values_adds_each_slot_value_to_its_layer() -> None:
    """The scoring loop's values written out (``add_values``) are :meth:`Slot.value`'s,
    for natural cards, jokers, monos standing for a card or open in a set, and 2s."""
    import random

    from referee.cards import Rank
    from referee.variants.argentino.slots import Slot, add_values

    rng = random.Random(5)
    pool = cards("JK 2h 2s 3h 7c 8d Ks Ah 10c")
    readings = [None, *cards("3h 7c 8d Ks Ah 2c")]
    for _ in range(500):
        slots = [Slot(card, rng.choice("ABC"), rng.random() < 0.5, rng.choice(readings))
                 for card in rng.sample(pool, rng.randint(1, 6))]
        set_rank = rng.choice(list(Rank))
        slots = [s for s in slots if s.wild or s.card.rank is not None]  # a joker is wild
        totals: dict[str, int] = {"C": 7}
        add_values(slots, set_rank, totals)
        expected = {"C": 7}
        for slot in slots:
            expected[slot.by] = expected.get(slot.by, 0) + slot.value(set_rank)
        assert totals == expected
