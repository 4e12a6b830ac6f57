"""Melds (RULES.md §1 values, §3 shapes, jokers, lay-offs): ``judge_meld`` and its shapes."""

from __future__ import annotations

import pytest

from referee.audit import replay_to
from referee.cards import FRENCH_SUITS, Card, Rank, Suit
from referee.games import games
from referee.variants.la51.knobs import Rules51
from referee.variants.la51.melds import (
    MeldVerdict,
    RunMeld,
    SetMeld,
    card_value,
    judge_meld,
    rank_value,
)
from tests.variants.la51 import audit, line_of, log, problems, read, renuncia

DEFAULT = Rules51()


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def judge(text: str, **knobs: str) -> MeldVerdict:
    rules = games()["51"].config(knobs, 2) if knobs else DEFAULT
    return judge_meld(cards(text), rules)


def shown(seq) -> list[str]:
    return [str(c) for c in seq]


def valid(text: str, **knobs: str) -> MeldVerdict:
    verdict = judge(text, **knobs)
    assert verdict.defect is None, f"{text} {knobs}: {verdict.defect} ({verdict.reason})"
    assert verdict.shape is not None
    return verdict


def laid_off(shape: SetMeld | RunMeld, card: str) -> list[str]:
    """Lay ``card`` off onto ``shape`` (it must fit) and return the meld's cards."""
    c = Card.parse(card)
    assert shape.placement(c) is not None, f"{card} should fit {shown(shape.readings())}"
    shape.lay_off(c)
    return shown(shape.readings())


# -- §1 card values: the seed checks --------------------------------------------------------------


def test_seed_run_8_to_q_is_47():
    v = valid("8h 9h 10h Jh Qh")
    assert v.shape.kind == "run"
    assert v.points == 47


def test_seed_set_3_3_3_is_9():
    v = valid("3c 3h 3s")
    assert v.shape.kind == "set"
    assert v.points == 9


def test_seed_joker_counts_3_in_a_2_jk_4():
    v = valid("Ah 2h JK 4h")
    assert v.points == 10 + 2 + 3 + 4
    joker = v.cards[2]
    assert joker.is_joker and joker.stands_for == Card.parse("3h")
    assert card_value(joker) == 3


def test_seed_joker_counts_10_in_jk_j_q_k():
    v = valid("JK Jh Qh Kh")
    assert v.points == 40
    assert v.cards[0].stands_for == Card.parse("10h")
    assert card_value(v.cards[0]) == 10


@pytest.mark.parametrize(
    "meld, points",
    [
        ("Ah 2h 3h 4h", 19),  # the ace counts 10 also in A-2-3
        ("Jh Qh Kh Ah", 40),
        ("Ad Ac Ah", 30),
        ("Kh Ah 2h 3h", 25),
        ("10c 10d 10s 10h", 40),
        ("2s 3s 4s 5s", 14),
    ],
)
def test_values_of_cards(meld, points):
    assert valid(meld).points == points


# -- runs -----------------------------------------------------------------------------------------


def test_k_a_2_3_is_valid_with_runwrap():
    v = valid("Kh Ah 2h 3h")
    assert v.shape.kind == "run"


def test_k_a_2_3_is_run_not_ordered_without_runwrap():
    v = judge("Kh Ah 2h 3h", RunWrap="no")
    assert v.defect == "run-not-ordered"
    assert v.shape is None


def test_q_k_a_2_wrap_only_with_runwrap():
    assert valid("Qh Kh Ah 2h").points == 32
    assert judge("Qh Kh Ah 2h", RunWrap="no").defect == "run-not-ordered"


@pytest.mark.parametrize("meld", ["Ah 2h 3h 4h", "Jh Qh Kh Ah", "4h 3h 2h Ah", "Ah Kh Qh Jh"])
@pytest.mark.parametrize("wrap", ["yes", "no"])
def test_ace_at_either_end_needs_no_wrap(meld, wrap):
    valid(meld, RunWrap=wrap)


def test_ace_in_the_middle_descending_with_wrap():
    v = valid("3h 2h Ah Kh")
    assert v.shape.kind == "run"
    assert v.points == 3 + 2 + 10 + 10


@pytest.mark.parametrize("meld", ["8h 7h 6h 5h", "Qs Js 10s 9s 8s", "5d 4d 3d 2d Ad"])
def test_descending_runs_are_valid(meld):
    v = valid(meld)
    assert v.shape.kind == "run"
    assert v.shape.ascending is False


def test_descending_run_points_equal_ascending():
    assert valid("8h 7h 6h 5h").points == valid("5h 6h 7h 8h").points == 26


@pytest.mark.parametrize(
    "meld",
    [
        "5h 7h 6h 8h",  # shuffled
        "5h 6h 8h 9h",  # a gap
        "5h 6h 7h 6h",  # a rank twice
        "8h 7h 9h 10h",  # changes direction
    ],
)
def test_run_not_ordered(meld):
    assert judge(meld).defect == "run-not-ordered"


def test_run_of_mixed_suits_is_meld_invalid():
    assert judge("5h 6c 7h 8h").defect == "meld-invalid"


def test_run_too_short_under_default_runmin():
    v = judge("5h 6h 7h")
    assert v.defect == "run-too-short"
    assert v.shape is None


def test_runmin_3_accepts_three_cards():
    assert valid("5h 6h 7h", RunMin="3").points == 18


def test_runmin_5_rejects_four_cards():
    assert judge("5h 6h 7h 8h", RunMin="5").defect == "run-too-short"
    valid("5h 6h 7h 8h 9h", RunMin="5")


def test_thirteen_card_run_is_valid_and_full():
    v = valid("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh")
    assert v.points == 10 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 10 + 10 + 10
    for card in ("Ah", "JK", "2h", "Kh"):
        assert v.shape.placement(Card.parse(card)) is None


def test_fourteen_cards_with_a_rank_twice_is_not_a_run():
    assert judge("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah").defect is not None


# -- sets and colours -----------------------------------------------------------------------------


@pytest.mark.parametrize("meld", ["9c 9h 9s", "9h 9c 9d", "9d 9s 9h", "9s 9d 9c"])
def test_terna_alternates_colours(meld):
    assert valid(meld).shape.kind == "set"


@pytest.mark.parametrize("meld", ["9c 9s 9h", "9h 9d 9c", "9c 9h 9d", "9d 9h 9s"])
def test_terna_with_neighbours_of_one_colour_is_set_colors(meld):
    v = judge(meld)
    assert v.defect == "set-colors"
    assert v.shape is None


@pytest.mark.parametrize("meld", ["9c 9h 9s 9d", "9d 9s 9h 9c", "9h 9c 9d 9s"])
def test_cuarta_alternates_all_the_way(meld):
    assert valid(meld).points == 36


@pytest.mark.parametrize("meld", ["9c 9s 9h 9d", "9c 9h 9d 9s", "9h 9c 9s 9d"])
def test_cuarta_with_neighbours_of_one_colour_is_set_colors(meld):
    assert judge(meld).defect == "set-colors"


def test_alternate_colors_off_accepts_any_order():
    assert valid("9c 9s 9h", AlternateColors="no").points == 27
    assert valid("9c 9s 9h 9d", AlternateColors="no").points == 36


def test_set_with_a_suit_twice():
    assert judge("9c 9h 9c").defect == "set-repeated-suit"
    assert judge("9c 9h 9c", AlternateColors="no").defect == "set-repeated-suit"


def test_set_of_five_is_meld_invalid():
    assert judge("9c 9h 9s 9d JK").defect == "meld-invalid"


def test_fewer_than_three_cards_is_meld_invalid():
    assert judge("9c 9h").defect == "meld-invalid"
    assert judge("JK 5h").defect == "meld-invalid"


def test_only_jokers_is_meld_invalid():
    assert judge("JK JK JK").defect == "meld-invalid"


def test_neither_set_nor_run_is_meld_invalid():
    assert judge("9c 10h Jc").defect == "meld-invalid"


# -- jokers ---------------------------------------------------------------------------------------


def test_joker_declared_with_jk_equals():
    v = valid("JK=6h 7h 8h 9h")
    assert v.cards[0].stands_for == Card.parse("6h")
    assert v.points == 30


def test_joker_declared_wrongly_breaks_the_meld():
    assert judge("5h JK=9c 7h 8h").defect is not None
    assert judge("JK=8h 7h 8h 9h").defect is not None


def test_joker_declared_in_a_set_takes_that_suit_and_colour():
    v = valid("JK=9h 9c 9d")
    assert v.cards[0].stands_for == Card.parse("9h")
    assert judge("9c JK=9s 9h").defect == "set-colors"
    assert judge("9c JK=9c 9h").defect == "set-repeated-suit"


def test_joker_read_from_a_run_as_laid():
    v = valid("5h JK JK 8h")
    assert shown(v.cards) == ["5h", "JK=6h", "JK=7h", "8h"]
    v = valid("8h JK JK 5h")
    assert shown(v.cards) == ["8h", "JK=7h", "JK=6h", "5h"]


def test_run_with_one_natural_card_reads_ascending():
    v = valid("5h JK JK JK")
    assert shown(v.cards) == ["5h", "JK=6h", "JK=7h", "JK=8h"]
    assert v.points == 26
    v = valid("JK JK 2h JK JK")
    assert shown(v.cards) == ["JK=Kh", "JK=Ah", "2h", "JK=3h", "JK=4h"]


def test_joker_reading_wraps_round_the_ace():
    v = valid("Kh JK 2h 3h")
    assert v.cards[1].stands_for == Card.parse("Ah")
    assert v.points == 10 + 10 + 2 + 3


def test_bare_joker_in_a_terna_stays_open_while_two_suits_fit():
    v = valid("9c JK 9s")
    shape = v.shape
    assert isinstance(shape, SetMeld)
    assert shape.cards[1].is_joker and shape.cards[1].stands_for is None
    assert {opt[1] for opt in shape.options} == {Suit.DIAMONDS, Suit.HEARTS}
    assert v.points == 27


def test_bare_joker_in_a_terna_fixed_by_the_only_suit_left():
    # 9h 9c ?: the joker must be red and not hearts: diamonds.
    v = valid("9h 9c JK")
    assert v.shape.cards[2].stands_for == Card.parse("9d")


def test_open_set_joker_fixed_by_a_later_layoff():
    shape = valid("9c JK 9s").shape
    assert laid_off(shape, "9h") == ["9c", "JK=9d", "9s", "9h"]
    shape = valid("9c JK 9s").shape
    assert laid_off(shape, "9d") == ["9c", "JK=9h", "9s", "9d"]


def test_two_bare_jokers_in_a_terna_stay_open():
    shape = valid("JK 9c JK").shape
    assert shape.cards[0].stands_for is None and shape.cards[2].stands_for is None
    assert len(shape.options) == 2


def test_open_set_joker_in_game_replay_fixed_by_layoff():
    text = log(
        """
        Ana discard 2c
        Beto draw 3d
        Beto meld 9c JK 9s
        Beto meld Kh Kc Kd
        Beto discard 3d
        Caro draw 4d
        Caro meld Qh Qc Qd
        Caro meld 5s 6s 7s 8s
        Caro layoff 9h on 1
        Caro discard 4d
        """,
        deals={"Ana": "2c", "Beto": "9c JK 9s Kh Kc Kd", "Caro": "Qh Qc Qd 5s 6s 7s 8s 9h"},
    )
    record = read(text)[0]
    before = replay_to(record, line_of(text, "Beto discard 3d"))
    assert [str(c) for c in before.melds[0].cards] == ["9c", "JK", "9s"]
    after = replay_to(record)
    assert [str(c) for c in after.melds[0].cards] == ["9c", "JK=9d", "9s", "9h"]
    assert problems(audit(text)) == []


def test_meld_of_several_readings_scores_its_best():
    # 5h JK JK JK: a set of fives (20) or the run 5-6-7-8 (26)
    v = valid("5h JK JK JK")
    assert v.points == 26
    # 9h JK JK with RunMin 3: the set 9-9-9 (27) or the run 9-10-J (29)
    v = valid("9h JK JK", RunMin="3")
    assert v.points == 29
    assert v.shape.kind == "run"
    # Kh JK JK with RunMin 3: K-A-2 (22) or K-K-K (30)
    v = valid("Kh JK JK", RunMin="3")
    assert v.points == 30
    assert v.shape.kind == "set"


def test_jokers_over_runmin_only_as_a_set():
    # 2 naturals, 4 cards: 5h JK JK with RunMin 4 is too short as a run but a set
    v = valid("JK 5h JK")
    assert v.shape.kind == "set"
    assert v.points == 15


# -- MaxJokers ------------------------------------------------------------------------------------


def test_max_jokers_default_is_no_cap():
    valid("5h JK JK JK JK")


def test_max_jokers_1_rejects_two_jokers():
    v = judge("5h JK JK 8h", MaxJokers="1")
    assert v.defect == "joker-limit"
    assert v.shape is None


def test_max_jokers_1_accepts_one_joker():
    valid("5h JK 7h 8h", MaxJokers="1")
    valid("9c JK 9s", MaxJokers="1")


def test_max_jokers_0_rejects_any_joker():
    assert judge("9c JK 9s", MaxJokers="0").defect == "joker-limit"
    valid("9c 9h 9s", MaxJokers="0")


# -- one finding per meld: the first that applies, in the order of RULES.md §3 --------------------


@pytest.mark.parametrize(
    "meld, knobs, defect",
    [
        ("9c 9d 9s 9h 9c", {}, "meld-invalid"),  # 5 cards beats a repeated suit
        ("9c 9c", {}, "meld-invalid"),  # too few beats a repeated suit
        ("5h 7h", {}, "meld-invalid"),  # too few beats not-ordered / too short
        ("9c 9c 9s", {}, "set-repeated-suit"),  # beats set-colors (c c, c s)
        ("9c 9c 9h 9s", {}, "set-repeated-suit"),
        ("9c 9c JK", {"MaxJokers": "0"}, "set-repeated-suit"),  # beats joker-limit
        ("9c 9s JK", {"MaxJokers": "0"}, "set-colors"),  # beats joker-limit
        ("5h 7h 6h", {}, "run-not-ordered"),  # beats run-too-short
        ("5h JK 6h 8h", {"MaxJokers": "0"}, "run-not-ordered"),  # beats joker-limit
        ("5h JK 7h", {"MaxJokers": "0"}, "run-too-short"),  # beats joker-limit
        ("5h JK JK 8h", {"MaxJokers": "1"}, "joker-limit"),
    ],
)
def test_one_finding_per_meld_order(meld, knobs, defect):
    assert judge(meld, **knobs).defect == defect


def test_faulty_meld_keeps_its_number_and_takes_no_layoffs_nor_pegues():
    # Beto's meld 1 is run-too-short; it stays on the table as meld 1, so his
    # next melds are 2 and 3. Caro's 4h would extend 5h-7h were it valid: no
    # pegue. Beto's 8h does not fit meld 1 (a faulty meld takes no lay-offs).
    text = log(
        """
        Ana discard 2c
        Beto draw 3d
        Beto meld 5h 6h 7h
        Beto meld Kh Kc Kd
        Beto meld 8s 9s 10s Js
        Beto discard 3d
        Caro draw 4d
        Caro discard 4h
        Ana draw 6c
        Ana discard 6c
        Beto draw Ac
        Beto layoff 8h on 1
        Beto layoff 7s on 3
        Beto discard Ac
        """,
        deals={"Ana": "2c", "Beto": "5h 6h 7h Kh Kc Kd 8s 9s 10s Js 8h 7s", "Caro": "4h"},
    )
    result = audit(text)
    assert problems(result) == [
        renuncia("run-too-short", "Beto", line_of(text, "Beto meld 5h 6h 7h")),
        renuncia("layoff-mismatch", "Beto", line_of(text, "Beto layoff 8h on 1")),
    ]
    table = replay_to(read(text)[0])
    assert [m.number for m in table.melds] == [1, 2, 3]
    assert table.melds[0].kind == "invalid"
    assert [str(c) for c in table.melds[2].cards] == ["7s", "8s", "9s", "10s", "Js"]


# -- lay-offs -------------------------------------------------------------------------------------


def test_layoff_extends_a_run_at_either_end():
    shape = valid("5h 6h 7h 8h").shape
    assert laid_off(shape, "9h") == ["5h", "6h", "7h", "8h", "9h"]
    assert laid_off(shape, "4h") == ["4h", "5h", "6h", "7h", "8h", "9h"]


def test_layoff_extends_a_descending_run_at_either_end():
    shape = valid("8h 7h 6h 5h").shape
    assert laid_off(shape, "9h") == ["9h", "8h", "7h", "6h", "5h"]
    assert laid_off(shape, "4h") == ["9h", "8h", "7h", "6h", "5h", "4h"]


@pytest.mark.parametrize("card", ["10h", "3h", "4c", "9s", "6h"])
def test_layoff_that_does_not_extend_a_run(card):
    assert valid("5h 6h 7h 8h").shape.placement(Card.parse(card)) is None


def test_layoff_onto_a_run_round_the_ace():
    shape = valid("Jh Qh Kh Ah").shape
    assert laid_off(shape, "2h") == ["Jh", "Qh", "Kh", "Ah", "2h"]
    shape = valid("Jh Qh Kh Ah", RunWrap="no").shape
    assert shape.placement(Card.parse("2h")) is None
    assert laid_off(shape, "10h") == ["10h", "Jh", "Qh", "Kh", "Ah"]
    shape = valid("Ah 2h 3h 4h").shape
    assert laid_off(shape, "Kh") == ["Kh", "Ah", "2h", "3h", "4h"]
    assert valid("Ah 2h 3h 4h", RunWrap="no").shape.placement(Card.parse("Kh")) is None


def test_declared_joker_laid_off_where_its_card_goes():
    shape = valid("5h 6h 7h 8h").shape
    assert laid_off(shape, "JK=4h") == ["JK=4h", "5h", "6h", "7h", "8h"]
    assert valid("5h 6h 7h 8h").shape.placement(Card.parse("JK=3h")) is None


def test_bare_joker_laid_off_goes_to_the_high_end():
    shape = valid("5h 6h 7h 8h").shape
    assert laid_off(shape, "JK") == ["5h", "6h", "7h", "8h", "JK=9h"]
    shape = valid("8h 7h 6h 5h").shape
    assert laid_off(shape, "JK") == ["JK=9h", "8h", "7h", "6h", "5h"]


def test_bare_joker_laid_off_goes_low_when_the_run_cannot_grow_high():
    shape = valid("Jh Qh Kh Ah", RunWrap="no").shape
    assert laid_off(shape, "JK") == ["JK=10h", "Jh", "Qh", "Kh", "Ah"]


def test_bare_joker_high_end_wraps_when_runwrap_allows():
    shape = valid("Jh Qh Kh Ah").shape
    assert laid_off(shape, "JK") == ["Jh", "Qh", "Kh", "Ah", "JK=2h"]


def test_terna_takes_its_missing_suit():
    # the seed: J♦ J♣ J♥ takes J♠
    shape = valid("Jd Jc Jh").shape
    assert laid_off(shape, "Js") in (["Jd", "Jc", "Jh", "Js"], ["Js", "Jd", "Jc", "Jh"])
    new = judge(" ".join(shown(shape.readings())))
    assert new.defect is None  # the cuarta still alternates


@pytest.mark.parametrize("card", ["Jc", "Jd", "Qs", "JK=Jd"])
def test_terna_refuses_a_suit_it_has_or_another_rank(card):
    assert valid("Jd Jc Jh").shape.placement(Card.parse(card)) is None


def test_terna_layoff_goes_at_the_end_that_keeps_colours_alternating():
    shape = valid("Jc Jh Js").shape
    result = laid_off(shape, "Jd")
    assert judge(" ".join(result)).defect is None
    shape = valid("Jc Jh Js", AlternateColors="no").shape
    assert len(laid_off(shape, "Jd")) == 4


def test_bare_joker_laid_off_on_a_terna_takes_the_missing_suit():
    shape = valid("Jd Jc Jh").shape
    result = laid_off(shape, "JK")
    assert "JK=Js" in result


def test_cuarta_takes_no_layoff():
    shape = valid("9c 9h 9s 9d").shape
    for card in ("JK", "9c", "10c"):
        assert shape.placement(Card.parse(card)) is None


def test_seed_pegues_of_a_2_3_clubs_with_runmin_3():
    # the seed's example: A♣ 2♣ 3♣ takes K♣ and 4♣
    shape = valid("Ac 2c 3c", RunMin="3").shape
    assert shape.placement(Card.parse("4c")) is True
    assert shape.placement(Card.parse("Kc")) is False
    assert valid("Ac 2c 3c", RunMin="3", RunWrap="no").shape.placement(Card.parse("Kc")) is None


def test_rank_values_match_rules():
    assert [rank_value(r) for r in Rank] == [10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert card_value(Card.parse("JK")) == 0 and card_value(Card.parse("JK=Qd")) == 10


# -- MaxJokers on lay-offs: a meld at the cap takes no more jokers ---------------------------------


@pytest.mark.parametrize("meld", ["5h JK 7h 8h", "9c JK 9s"])
def test_a_meld_at_the_joker_cap_takes_no_joker(meld):
    assert valid(meld, MaxJokers="1").shape.placement(Card.parse("JK")) is None
    assert valid(meld, MaxJokers="1").shape.placement(Card.parse("JK=9h")) is None


@pytest.mark.parametrize("meld", ["5h JK 7h 8h", "9c JK 9s"])
def test_a_meld_under_the_joker_cap_takes_a_joker(meld):
    assert valid(meld, MaxJokers="2").shape.placement(Card.parse("JK")) is not None
    assert valid(meld).shape.placement(Card.parse("JK")) is not None


# ``takes`` (the discard-pegue check) is ``placement`` read from a set kept per change.

HAND_CARDS = [*(Card.natural(r, s) for s in FRENCH_SUITS for r in Rank), Card.parse("JK")]


def _random_shapes(seed: int, rules: Rules51) -> list[SetMeld | RunMeld]:
    import random

    rng = random.Random(seed)
    shapes: list[SetMeld | RunMeld] = []
    pool = [*HAND_CARDS, Card.parse("JK=5h"), Card.parse("JK=Qs")]
    while len(shapes) < 60:
        rank = rng.choice(list(Rank))
        if rng.random() < 0.5:  # a set of one rank
            laid = [Card.natural(rank, s) for s in rng.sample(FRENCH_SUITS, rng.randint(3, 4))]
        else:  # a run of one suit
            suit, low = rng.choice(list(FRENCH_SUITS)), rng.randint(1, 12)
            laid = [Card.natural(Rank((v - 1) % 13 + 1), suit)
                    for v in range(low, low + rng.randint(3, 6))]
        if rng.random() < 0.4:
            laid[rng.randrange(len(laid))] = rng.choice(pool[-3:])
        shape = judge_meld(laid, rules).shape
        if shape is None:
            continue
        for _ in range(rng.randint(0, 4)):  # grow it, checking ``takes`` at every step
            _check_takes(shape)
            fits = [c for c in HAND_CARDS if shape.placement(c) is not None]
            if not fits:
                break
            shape.lay_off(rng.choice(fits))
        shapes.append(shape)
    return shapes


def _check_takes(shape: SetMeld | RunMeld) -> None:
    for card in HAND_CARDS:
        assert shape.takes(card) == (shape.placement(card) is not None), (shape, card)


@pytest.mark.parametrize("knobs", [{}, {"AlternateColors": "yes"}, {"RunWrap": "yes"},
                                   {"MaxJokers": "1"}, {"MaxJokers": "0"}])
def test_takes_is_placement(knobs: dict[str, str]) -> None:
    rules = games()["51"].config(knobs, 2) if knobs else DEFAULT
    for seed in range(5):
        for shape in _random_shapes(seed, rules):
            _check_takes(shape)
