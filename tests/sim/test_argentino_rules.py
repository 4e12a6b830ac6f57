"""The argentino simulator's own rules (referee/sim/argentino): values, how a written
meld reads, where a lay-off goes, the moving end wild, scoring (ARGENTINO.md 4-7, 12).
The simulator is a second implementation of the spec: these pin it to the spec's words."""

from __future__ import annotations

import pytest

from referee.cards import Card
from referee.sim.argentino.match import match_end, standings_after
from referee.sim.argentino.melds import Written, hand_value, read_meld
from referee.sim.argentino.state import HandState, Score
from referee.sim.argentino.table import HIGH, LOW, MOVE_DOWN, MOVE_UP, SET, TableMeld
from referee.sim.cards import ID, counts_of
from referee.variants.argentino.knobs import HandPenalty, RulesArgentino, SetWilds

RULES = RulesArgentino()


def w(text: str) -> Written:
    return Written.of(Card.parse(text))


def cards(text: str) -> list[Written]:
    return [w(t) for t in text.split()]


def held(text: str) -> list[int]:
    """A hand's counts from its cards' text."""
    return counts_of(Card.parse(t) for t in text.split())


def meld(text: str, rules: RulesArgentino = RULES, owner: int = 0) -> TableMeld:
    reading = read_meld(cards(text), rules)
    assert reading is not None, text
    return TableMeld.from_reading(1, owner, reading)


def readings(m: TableMeld) -> list[str]:
    """The meld's cards lowest first, each as the card it stands for."""
    out = []
    for s in m.slots:
        card = "?" if s.stands is None else str(Card.parse(str(_card(s.stands))))
        out.append(card + ("*" if s.wild else ""))
    return out


def _card(cid: int) -> Card:
    from referee.sim.cards import CARDS

    return CARDS[cid]


@pytest.mark.parametrize(("text", "value"), [
    ("2c", 20), ("3h", 5), ("7s", 5), ("8d", 10), ("10c", 10), ("Kh", 10), ("As", 15),
    ("JK", 50),
])
def test_values_in_hand(text: str, value: int) -> None:
    assert hand_value(w(text).card) == value


@pytest.mark.parametrize(("text", "kind", "points", "read"), [
    # section 4: a meld that can be read as a set is a set
    ("2c 2d 2h", "set", 15, ["2c", "2d", "2h"]),
    # the reading worth the most points: 50 + 10 + 20
    ("JK 8h 2c", "run", 80, ["7h*", "8h", "9h*"]),
    # the 2 real: a 2 of the run's suit at the 2's place is natural
    ("Ah 2h 3h", "run", 25, ["Ah", "2h", "3h"]),
    ("2d 3d 4d", "run", 15, ["2d", "3d", "4d"]),
    # the mono: 5 for a 2 to 7, 20 for an 8 or higher
    ("5c 6c 2h", "run", 15, ["5c", "6c", "7c*"]),
    ("Jd Qd 2s", "run", 40, ["Jd", "Qd", "Kd*"]),
    ("Kc Kd 2s", "set", 40, None),
    # the corner: K A 2
    ("Kh Ah 2h", "run", 30, ["Kh", "Ah", "2h"]),
    ("Qs Ks As", "run", 35, ["Qs", "Ks", "As"]),
    # laid high to low
    ("7d 6d 5d JK=4d", "run", 65, ["4d*", "5d", "6d", "7d"]),
])
def test_how_a_meld_reads(text: str, kind: str, points: int, read: list[str] | None) -> None:
    reading = read_meld(cards(text), RULES)
    assert reading is not None
    assert (reading.kind, reading.points) == (kind, points)
    if read is not None:
        assert readings(meld(text)) == read


@pytest.mark.parametrize(("text", "rules"), [
    ("5s 6s 7s JK 2d 10s", RULES),  # JK=8s 2d=9s side by side: run-adjacent-wilds
    ("5h JK 2c", RULES),  # judged as a set: two wilds
    ("7c 7d 2h JK", RULES),  # a set with two wilds (SetWilds one)
    ("7c 7d 2h 2s", RulesArgentino(SetWilds=SetWilds.DISTINCT)),  # two monos: never
    ("7c 7c 7d", RULES),  # a suit twice
    ("JK JK JK", RULES),  # no natural card
    ("JK JK 5h", RULES),  # two wilds: in a set, or side by side in a run
    ("Qs Ks As", RulesArgentino(RunWrap=False, RunMin=4)),  # too short
    ("Ks As 2s", RulesArgentino(RunWrap=False)),  # no corner without RunWrap
    ("5h 7h 6h", RULES),  # not in order
])
def test_melds_without_a_valid_reading(text: str, rules: RulesArgentino) -> None:
    assert read_meld(cards(text), rules) is None


def test_set_wilds_distinct_takes_a_joker_and_a_mono() -> None:
    distinct = RulesArgentino(SetWilds=SetWilds.DISTINCT)
    reading = read_meld(cards("7c JK 2h"), distinct)
    assert reading is not None and reading.kind == "set" and reading.points == 5 + 50 + 5


@pytest.mark.parametrize(("table", "laid", "where", "after"), [
    # a natural card extends either end
    ("5d 6d 7d", "8d", HIGH, ["5d", "6d", "7d", "8d"]),
    ("5d 6d 7d", "4d", LOW, ["4d", "5d", "6d", "7d"]),
    # a bare wild: the high end when it may stand there, else the low end
    ("5d 6d 7d", "JK", HIGH, ["5d", "6d", "7d", "8d*"]),
    ("5d 6d JK=7d", "2c", LOW, ["4d*", "5d", "6d", "7d*"]),
    # a bare 2 that can stand as its own suit's 2 is natural
    ("3h 4h 5h", "2h", LOW, ["2h", "3h", "4h", "5h"]),
    # the end wild moves: naming the card it stands for
    ("5d 6d 7d 2c", "8d", MOVE_DOWN, ["4d*", "5d", "6d", "7d", "8d"]),
    ("JK=4d 5d 6d", "4d", MOVE_UP, ["4d", "5d", "6d", "7d*"]),
    # a wild 2 that moves onto its own suit's 2 becomes natural
    ("3d 4d 5d 2d=6d", "6d", MOVE_DOWN, ["2d", "3d", "4d", "5d", "6d"]),
    # a set: the missing suit, a wild within the limit
    ("9c 9d 9h", "9s", SET, None),
    ("9c 9d 9h", "JK", SET, None),
])
def test_where_a_layoff_goes(table: str, laid: str, where: str, after: list[str] | None) -> None:
    m = meld(table)
    at = m.placement(w(laid), RULES)
    assert at is not None and at.where == where
    m.lay(w(laid), 1, at)
    if after is not None:
        assert readings(m) == after


@pytest.mark.parametrize(("table", "laid"), [
    ("5d 6d 7d", "9d"),  # a gap
    ("5d 6d 7d", "8c"),  # another suit
    ("JK=4d 5d 6d 2c", "4d"),  # the wild would move next to the other end wild
    ("9c 9d 2h", "JK"),  # a set's second wild (SetWilds one)
    ("9c 9d 9h 9s", "JK"),  # a set of four is full
    ("9c 9d JK=9h", "9h"),  # the written reading is fixed: a suit twice
    ("JK=4d 5d 2c=6d", "JK"),  # wilds at both ends: a bare wild has nowhere to go
])
def test_layoffs_that_do_not_fit(table: str, laid: str) -> None:
    assert meld(table).placement(w(laid), RULES) is None


def test_an_enclosed_wild_never_moves() -> None:
    m = meld("5d JK 7d")  # JK stands for 6d between two naturals
    assert m.placement(w("6d"), RULES) is None
    at = m.placement(w("JK"), RULES)
    assert at is not None and at.where == HIGH


def test_a_faulty_meld_takes_no_layoffs_and_scores_nothing() -> None:
    state = HandState(("Ana", "Beto"), RULES, [held("5s 6s 7s JK 2d 10s Qd Qh Qc"),
                                              [0] * 53])
    state.draw(0, ID[Card.parse("3d")])
    faulty = state.meld(0, cards("5s 6s 7s JK 2d 10s"))
    assert faulty.kind == "faulty"
    assert faulty.placement(w("8s"), RULES) is None
    state.meld(0, cards("Qd Qh Qc"))
    state.started = {0, 1}
    assert state.discard(0, ID[Card.parse("3d")])
    (ana, _) = state.scores()
    assert ana == Score("Ana", 30, 0, 100, 0, 130)


def test_a_twelve_card_run_costs_the_others_fifty() -> None:
    run = " ".join(f"{r}h" for r in ("A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q"))
    hands = [held(f"{run} 4c"), held("5c"), held("6c")]
    state = HandState(("Ana", "Beto", "Caro"), RULES, hands)
    state.draw(0, ID[Card.parse("Kd")])
    state.meld(0, cards(run))
    state.discard(0, ID[Card.parse("Kd")])  # Beto and Caro have not played: she keeps 4c
    for seat, card in ((1, "8s"), (2, "9s")):
        state.draw(seat, ID[Card.parse(card)])
        state.discard(seat, ID[Card.parse(card)])
    state.draw(0, ID[Card.parse("Kh")])
    assert state.layoff(0, w("Kh"), 1)  # 13 cards now
    assert state.discard(0, ID[Card.parse("4c")])
    ana, beto, caro = state.scores()
    assert ana.penalty == 0 and beto.penalty == caro.penalty == 50
    assert beto == Score("Beto", 0, 5, 0, 50, -55)
    assert ana.laid == 15 + 5 * 6 + 10 * 6 and ana.bonus == 50


def test_hand_penalty_wilds_counts_only_jokers_and_twos() -> None:
    rules = RulesArgentino(HandPenalty=HandPenalty.WILDS)
    hands = [held("5c 6c 7c 9d"), held("JK 2s Ah Kd")]
    state = HandState(("Ana", "Beto"), rules, hands)
    state.draw(0, ID[Card.parse("3d")])
    state.meld(0, cards("5c 6c 7c"))
    state.discard(0, ID[Card.parse("9d")])
    state.draw(1, ID[Card.parse("4d")])
    state.discard(1, ID[Card.parse("4d")])
    state.draw(0, ID[Card.parse("8d")])
    state.discard(0, ID[Card.parse("8d")])
    assert state.winner is None  # she still holds 3d
    state.draw(1, ID[Card.parse("4h")])
    state.discard(1, ID[Card.parse("4h")])
    state.draw(0, ID[Card.parse("5d")])
    state.hands[0][ID[Card.parse("3d")]] -= 1
    assert state.discard(0, ID[Card.parse("5d")])
    assert state.in_hand(1) == 50 + 20


def test_cut_first_round_does_not_end_the_hand() -> None:
    hands = [held("9c 9d 9h"), [0] * 53]
    state = HandState(("Ana", "Beto"), RULES, hands)
    state.draw(0, ID[Card.parse("10s")])
    state.meld(0, cards("9c 9d 9h"))
    assert not state.discard(0, ID[Card.parse("10s")])  # Beto has not played
    state.draw(1, ID[Card.parse("6s")])
    state.discard(1, ID[Card.parse("6s")])
    state.draw(0, ID[Card.parse("7s")])
    assert state.discard(0, ID[Card.parse("7s")])
    assert state.bonus(0) == 50  # she laid in an earlier turn: out shown


def test_match_end_winner_and_tie() -> None:
    scores = [Score("Ana", 0, 0, 0, 0, 100), Score("Beto", 0, 0, 0, 0, 40)]
    assert standings_after({"Ana": 900, "Beto": 960}, scores) == {"Ana": 1000, "Beto": 1000}
    assert match_end({"Ana": 1000, "Beto": 1000}, 1000) == (True, None, ("Ana", "Beto"))
    assert match_end({"Ana": 1005, "Beto": 1000}, 1000) == (True, "Ana", ())
    assert match_end({"Ana": 999, "Beto": -5}, 1000) == (False, None, ())
