"""mini-rummy's rules, judged in this process: every rule id of its rulings fires on a
log that breaks it, and its legal neighbour passes; its melds as it reads them; the
sample logs' rulings."""

from __future__ import annotations

import pytest

from referee.audit import audit_text
from referee.cards import Card
from referee.engine.findings import GameResult
from tests.plugin import LOGS

pytestmark = pytest.mark.usefixtures("mini")

HEADER = """[Game "mini-rummy"]
[Players "Ana Beto"]
"""
DEALS = """
deal Ana: 5h 6h 7h Kc Kd 2s 9c
deal Beto: 3d 3c 3s Jh Qh 8c 4s
stock: 8h 9h 10h Jc Ks 4h Kh 5c

"""


def judge(events: str, deals: str = DEALS, tags: str = "") -> GameResult:
    (result,) = audit_text(HEADER + tags + deals + events, "test.rummy")
    return result


def rulings(result: GameResult) -> list[tuple[str, str | None, int]]:
    return [(f.rule, f.player, f.line) for f in result.findings]


def line_of(result: GameResult, rule: str) -> int:
    return next(f.line for f in result.findings if f.rule == rule)


# --------------------------------------------------------------------------- turns


def test_out_of_turn_fires_on_a_draw_in_another_players_turn() -> None:
    result = judge("Beto draw 8h\n")
    assert rulings(result) == [("out-of-turn", "Beto", 8)]
    assert result.findings[0].message() == "Beto played (draw) out of turn: it was Ana's turn"


def test_out_of_turn_legal_neighbour_the_player_whose_turn_it_is() -> None:
    assert judge("Ana draw 8h\nAna discard 9c\nBeto draw 9h\n").findings == []


def test_play_before_draw_fires_on_a_discard_before_drawing() -> None:
    result = judge("Ana discard 9c\n")
    assert rulings(result) == [("play-before-draw", "Ana", 8)]


def test_play_before_draw_fires_on_a_meld_and_a_lay_off_too() -> None:
    # Beto's lay-off breaks two rules: before drawing, and before a meld of his own.
    result = judge("Ana meld 5h 6h 7h\nAna discard 9c\nBeto layoff 8c on 1\n")
    assert [r[0] for r in rulings(result)] == ["play-before-draw", "play-before-draw",
                                               "play-before-draw", "mini-layoff-before-meld"]


def test_play_before_draw_legal_neighbour_a_discard_after_a_draw_or_a_take() -> None:
    assert judge("Ana draw 8h\nAna discard 9c\nBeto take 9c\nBeto discard 8c\n").findings == []


def test_extra_draw_fires_on_a_second_draw_in_one_turn() -> None:
    result = judge("Ana draw 8h\nAna draw 9h\n")
    assert rulings(result) == [("extra-draw", "Ana", 9)]


def test_extra_draw_fires_on_a_take_after_a_draw() -> None:
    result = judge("Ana draw 8h\nAna discard 9c\nBeto draw 9h\nBeto take 9c\n")
    assert rulings(result) == [("extra-draw", "Beto", 11)]


def test_extra_draw_legal_neighbour_one_draw_each_turn() -> None:
    assert judge("Ana draw 8h\nAna discard 9c\nBeto draw 9h\nBeto discard 9h\n"
                 "Ana draw 10h\n").findings == []


# --------------------------------------------------------------------------- melds


def test_a_bad_meld_fires_and_takes_no_lay_off() -> None:
    result = judge("Ana draw 8h\nAna meld Kc Kd 2s\nAna layoff 9c on 1\n")
    assert [r[0] for r in rulings(result)] == ["mini-bad-meld", "layoff-mismatch"]
    assert result.findings[0].message("es") == "Ana bajó Kc Kd 2s, que no es ni trío ni escalera"
    assert result.findings[1].key == "layoff-mismatch:invalid"


def test_a_bad_meld_legal_neighbour_a_run_and_a_set() -> None:
    result = judge("Ana draw 8h\nAna meld 5h 6h 7h 8h\nAna discard 9c\n"
                   "Beto draw 9h\nBeto meld 3d 3c 3s\nBeto discard 8c\n")
    assert result.findings == []


def test_a_run_shorter_than_run_min_is_a_bad_meld() -> None:
    events = "Ana draw 8h\nAna meld 5h 6h 7h\nAna discard 9c\n"
    assert judge(events).findings == []
    assert [r[0] for r in rulings(judge(events, tags='[RunMin "4"]\n'))] == ["mini-bad-meld"]


# --------------------------------------------------------------------------- lay-offs


def test_a_lay_off_before_ones_first_meld_fires() -> None:
    result = judge("Ana draw 8h\nAna meld 5h 6h 7h 8h\nAna discard 9c\n"
                   "Beto draw 9h\nBeto layoff 9h on 1\n")
    assert rulings(result) == [("mini-layoff-before-meld", "Beto", 12)]
    assert result.findings[0].message() == (
        "Beto laid off 9h on meld 1 (5h 6h 7h 8h) before laying a meld of their own")


def test_a_lay_off_before_ones_first_meld_legal_neighbour_after_it() -> None:
    result = judge("Ana draw 8h\nAna meld 5h 6h 7h 8h\nAna discard 9c\n"
                   "Beto draw 9h\nBeto meld 3d 3c 3s\nBeto layoff 9h on 1\nBeto discard 8c\n")
    assert result.findings == []


def test_a_lay_off_that_does_not_fit_fires_layoff_mismatch() -> None:
    result = judge("Ana draw 8h\nAna meld 5h 6h 7h 8h\nAna discard 9c\n"
                   "Beto draw 9h\nBeto meld 3d 3c 3s\nBeto layoff Jh on 1\n")
    assert rulings(result) == [("layoff-mismatch", "Beto", 13)]
    assert result.findings[0].key == "layoff-mismatch"


# --------------------------------------------------------------------------- going out

OUT_DEALS = """
deal Ana: 5h 6h 7h Kc Kd Ks 9h
deal Beto: 3d 3c 3s Jh Qh 8c 4s
stock: 8h

"""


def test_emptying_the_hand_by_melds_fires_no_final_discard() -> None:
    result = judge("Ana draw 8h\nAna meld 5h 6h 7h 8h 9h\nAna meld Kc Kd Ks\n", OUT_DEALS)
    assert rulings(result) == [("no-final-discard", "Ana", 10)]
    assert not result.finished


def test_going_out_by_the_last_discard_legal_neighbour() -> None:
    result = judge("Ana draw 8h\nAna meld 5h 6h 7h 8h\nAna meld Kc Kd Ks\nAna discard 9h\n",
                   OUT_DEALS)
    assert result.findings == []
    assert result.finished and result.winner == "Ana"
    assert result.extras is not None
    assert result.extras.report_fields() == {"mini_points": {"Ana": 0, "Beto": 41}}


def test_an_event_after_going_out_is_a_log_error() -> None:
    result = judge("Ana draw 8h\nAna meld 5h 6h 7h 8h\nAna meld Kc Kd Ks\nAna discard 9h\n"
                   "Beto draw\n", OUT_DEALS)
    assert rulings(result) == [("after-end", "Beto", 12)]


def test_no_points_when_a_hand_was_hidden() -> None:
    deals = "\ndeal Ana: 5h 6h 7h Kc Kd Ks 9h\nstock: 8h\n\n"
    result = judge("Ana draw 8h\nAna meld 5h 6h 7h 8h\nAna meld Kc Kd Ks\nAna discard 9h\n",
                   deals)
    assert result.winner == "Ana" and result.extras is not None
    assert result.extras.report_fields() == {"mini_points": {}}


# --------------------------------------------------------------------------- calls


def test_a_call_is_a_log_error_in_its_own_words() -> None:
    result = judge("Ana discard 9c\nBeto call Ana\n")
    assert rulings(result) == [("play-before-draw", "Ana", 8), ("no-calls", "Beto", 9)]
    assert result.findings[1].kind == "log-error"
    assert "mini-rummy has no calls" in result.findings[1].message()


def test_a_call_of_an_unknown_player() -> None:
    assert rulings(judge("Beto call Zoe\n")) == [("unknown-player", "Zoe", 8)]


# --------------------------------------------------------------------------- the samples


@pytest.mark.parametrize(("name", "expected"), [
    ("clean.rummy", []),
    ("play-before-draw.rummy", [("play-before-draw", "Beto", 16)]),
    ("layoff-before-meld.rummy", [("mini-layoff-before-meld", "Caro", 18)]),
])
def test_the_sample_logs(name: str, expected: list[tuple[str, str, int]]) -> None:
    (result,) = audit_text((LOGS / name).read_text(encoding="utf-8"), name)
    assert rulings(result) == expected


def test_the_clean_sample_ends_with_ana_out_and_the_points_left() -> None:
    (result,) = audit_text((LOGS / "clean.rummy").read_text(encoding="utf-8"))
    assert result.winner == "Ana" and result.result_claimed == "Ana"
    assert result.extras is not None
    assert result.extras.report_fields() == {"mini_points": {"Ana": 0, "Beto": 30, "Caro": 18}}


# --------------------------------------------------------------------------- meld shapes


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


@pytest.mark.parametrize(("laid", "kind", "reads"), [
    ("7h 7d 7c", "set", "7h 7d 7c"),
    ("7h 7d 7c 7s", "set", "7h 7d 7c 7s"),
    ("9s 7s 8s", "run", "7s 8s 9s"),
    ("3d Ad 2d", "run", "Ad 2d 3d"),
    ("Kc Ac Qc", "run", "Qc Kc Ac"),
    ("7h 7h 7c", None, ""),  # a suit twice
    ("Kc Ac 2c", None, ""),  # no turning the corner
    ("7h 8h", None, ""),  # too short
    ("7h 8h 10h", None, ""),  # a gap
    ("7h 8h 9d", None, ""),  # two suits
])
def test_reading_a_meld(laid: str, kind: str | None, reads: str) -> None:
    from mini_rummy.knobs import MiniRules
    from mini_rummy.melds import read_meld

    shape = read_meld(cards(laid), MiniRules())
    if kind is None:
        assert shape is None
        return
    assert shape is not None and shape.kind == kind
    assert " ".join(str(c) for c in shape.readings()) == reads


def test_the_ace_above_the_king_is_a_knob() -> None:
    from mini_rummy.knobs import MiniRules
    from mini_rummy.melds import read_meld

    assert read_meld(cards("Qc Kc Ac"), MiniRules(AceHigh=False)) is None
    assert read_meld(cards("Ac 2c 3c"), MiniRules(AceHigh=False)) is not None


@pytest.mark.parametrize(("laid", "card", "fits", "reads"), [
    ("5h 6h 7h", "4h", True, "4h 5h 6h 7h"),
    ("5h 6h 7h", "8h", True, "5h 6h 7h 8h"),
    ("5h 6h 7h", "9h", False, ""),
    ("5h 6h 7h", "8d", False, ""),
    ("Jh Qh Kh", "Ah", True, "Jh Qh Kh Ah"),
    ("2h 3h 4h", "Ah", True, "Ah 2h 3h 4h"),
    ("Qh Kh Ah", "2h", False, ""),
    ("7h 7d 7c", "7s", True, "7h 7d 7c 7s"),
    ("7h 7d 7c", "8s", False, ""),
])
def test_laying_off_onto_a_meld(laid: str, card: str, fits: bool, reads: str) -> None:
    from mini_rummy.knobs import MiniRules
    from mini_rummy.melds import read_meld

    shape = read_meld(cards(laid), MiniRules())
    assert shape is not None
    one = Card.parse(card)
    assert (shape.placement(one) is not None) is fits
    if fits:
        shape.lay_off(one, "Ana")
        assert " ".join(str(c) for c in shape.readings()) == reads
        assert shape.points() == sum(min(int(c.rank or 0), 10) for c in shape.readings())
