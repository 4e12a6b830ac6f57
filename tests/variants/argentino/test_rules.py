"""Every argentino rule id fires where docs/argentino.md says, and its legal neighbour
passes (ARGENTINO.md section 8)."""

from __future__ import annotations

import pytest

from tests.variants.argentino import alog, audit, explain, line_of, problems


def ren(rule: str, player: str, line: int) -> tuple[str, str, str, int]:
    return ("renuncia", rule, player, line)


def err(rule: str, player: str | None, line: int) -> tuple[str, str, str | None, int]:
    return ("log-error", rule, player, line)


def check(text: str, expected: list[tuple[str, str, str | None, int]]) -> None:
    result = audit(text)
    assert problems(result) == expected, explain(text, result)


def clean(text: str) -> None:
    check(text, [])


# --- turns -----------------------------------------------------------------------------------


def test_out_of_turn_and_the_draw_does_not_start_the_turn() -> None:
    text = alog("""
        Ana draw 3h
        Beto draw 4h
        Ana discard 3h
        Beto draw 5h
        Beto discard 4h
        """)
    check(text, [ren("out-of-turn", "Beto", line_of(text, "Beto draw 4h"))])


def test_out_of_turn_neighbour() -> None:
    clean(alog("Ana draw 3h\nAna discard 3h\nBeto draw 4h\nBeto discard 4h"))


def test_there_is_no_early_draw() -> None:
    text = alog("Ana draw 3h\nBeto draw 4h")  # after Ana started: still out of turn
    check(text, [ren("out-of-turn", "Beto", line_of(text, "Beto draw 4h"))])


def test_play_before_draw() -> None:
    text = alog("Ana discard Kd\nBeto draw 4h\nBeto discard 4h", deals={"Ana": "Kd"})
    check(text, [ren("play-before-draw", "Ana", line_of(text, "Ana discard Kd"))])
    clean(alog("Ana draw 3h\nAna discard Kd\nBeto draw 4h\nBeto discard 4h",
               deals={"Ana": "Kd"}))


def test_extra_draw_by_a_second_draw_or_a_take() -> None:
    text = alog("Ana draw 3h\nAna draw 4h\nAna take\nAna discard 3h")
    check(text, [ren("extra-draw", "Ana", line_of(text, "Ana draw 4h")),
                 ren("extra-draw", "Ana", line_of(text, "Ana take"))])


def test_taking_the_pile_starts_the_turn() -> None:
    clean(alog("Ana take\nAna discard Qc\nBeto take Qc\nBeto discard Qc"))


# --- melds -----------------------------------------------------------------------------------

MELD_DEALS = {"Ana": "Ah Ad Ac Kc Kd Kh 5s 6s 7s", "Beto": "9c 9d 9h Js Jd Jh 3c 4c 5c"}


@pytest.mark.parametrize("meld, rule", [
    ("Ah Kc 7s", "meld-invalid"),
    ("Ah Ad", "meld-invalid"),
    ("Kc Kd JK=Kc", "set-repeated-suit"),
    ("5s 7s 6s", "run-not-ordered"),
    ("Kc JK 2d", "set-two-wilds"),
    ("5s 6s 7s JK 2d 10s", "run-adjacent-wilds"),
])
def test_a_faulty_meld_fires_its_one_defect(meld: str, rule: str) -> None:
    deals = {"Ana": meld.replace("JK=Kc", "JK") + " Qd"}
    text = alog(f"Ana draw 3h\nAna meld {meld}\nAna discard 3h", deals=deals)
    check(text, [ren(rule, "Ana", line_of(text, f"Ana meld {meld}"))])


def test_run_too_short_with_runmin() -> None:
    text = alog("Ana draw 3h\nAna meld 5s 6s 7s\nAna discard 3h", deals=MELD_DEALS,
                tags={"RunMin": "4"})
    check(text, [ren("run-too-short", "Ana", line_of(text, "Ana meld 5s 6s 7s"))])


@pytest.mark.parametrize("meld", ["Ah Ad Ac", "Kc Kd JK=Kh", "5s 6s 7s", "Kc Kd 2h",
                                  "5s 6s JK 8s 2d 10s"])
def test_valid_melds_pass(meld: str) -> None:
    deals = {"Ana": meld.replace("JK=Kh", "JK") + " Qd"}
    clean(alog(f"Ana draw 3h\nAna meld {meld}\nAna discard 3h", deals=deals))


def test_set_wilds_distinct_neighbour() -> None:
    clean(alog("Ana draw 3h\nAna meld Kc JK 2d\nAna discard 3h", deals={"Ana": "Kc JK 2d"},
               tags={"SetWilds": "distinct"}))


# --- lay-offs --------------------------------------------------------------------------------

LAYOFF = """
Ana draw 3h
Ana meld Ah Ad Ac
Ana discard 3h
Beto draw 4h
"""


def test_layoff_before_down_even_when_the_card_does_not_fit() -> None:
    text = alog(LAYOFF + "Beto layoff As on 1\nBeto layoff 5c on 1\nBeto discard 4h",
                deals={"Ana": "Ah Ad Ac", "Beto": "As 5c"})
    check(text, [ren("layoff-before-down", "Beto", line_of(text, "Beto layoff As on 1")),
                 ren("layoff-before-down", "Beto", line_of(text, "Beto layoff 5c on 1"))])


def test_a_meld_earlier_in_the_turn_puts_the_player_down() -> None:
    clean(alog(LAYOFF + "Beto meld 9c 9d 9h\nBeto layoff As on 1\nBeto discard 4h",
               deals={"Ana": "Ah Ad Ac", "Beto": "As 9c 9d 9h"}))


def test_layoff_mismatch() -> None:
    text = alog(LAYOFF + "Beto meld 9c 9d 9h\nBeto layoff 5c on 1\nBeto discard 4h",
                deals={"Ana": "Ah Ad Ac", "Beto": "5c 9c 9d 9h"})
    check(text, [ren("layoff-mismatch", "Beto", line_of(text, "Beto layoff 5c on 1"))])


def test_layoff_onto_a_faulty_meld_is_a_mismatch() -> None:
    text = alog("Ana draw 3h\nAna meld Ah Kc 7s\nAna layoff 8s on 1\nAna discard 3h",
                deals={"Ana": "Ah Kc 7s 8s"})
    check(text, [ren("meld-invalid", "Ana", line_of(text, "Ana meld Ah Kc 7s")),
                 ren("layoff-mismatch", "Ana", line_of(text, "Ana layoff 8s on 1"))])


def test_a_moving_wild_lay_off_fits() -> None:
    clean(alog(LAYOFF.replace("Ah Ad Ac", "5d 6d 7d 2c")
               + "Beto meld 9c 9d 9h\nBeto layoff 8d on 1\nBeto discard 4h",
               deals={"Ana": "5d 6d 7d 2c", "Beto": "8d 9c 9d 9h"}))


# --- en ley ----------------------------------------------------------------------------------

EN_LEY = {"Scores": "Ana 720, Beto 300"}


def test_law_below_minimum() -> None:
    text = alog("Ana draw 3h\nAna meld Ah Ad Ac\nAna meld Kc Kd Kh\nAna discard 3h",
                deals=MELD_DEALS, tags=EN_LEY)
    check(text, [ren("law-below-minimum", "Ana", line_of(text, "Ana meld Ah Ad Ac"))])
    assert audit(text).extras.en_ley == ("Ana",)


def test_law_neighbour_a_hundred_at_once_counting_lay_offs() -> None:
    text = alog("""
        Ana draw 3h
        Ana discard 7s
        Beto take
        Beto meld Ah Ad Ac
        Beto meld Kc Kd Kh
        Beto meld 5s 6s 7s
        Beto layoff 8s on 3
        Beto discard Qc
        """, deals={"Ana": "7s", "Beto": "Ah Ad Ac Kc Kd Kh 5s 6s 8s"},
        tags={"Scores": "Ana 0, Beto 720"})
    result = audit(text)  # 45 + 30 + 15 + 10 = 100: enough
    assert problems(result) == [] and result.winner == "Beto", explain(text, result)


def test_not_en_ley_at_the_limit_or_while_totals_are_unknown() -> None:
    clean(alog("Ana draw 3h\nAna meld Ah Ad Ac\nAna discard 3h", deals=MELD_DEALS,
               tags={"Scores": "Ana 700, Beto 0"}))
    clean(alog("Ana draw 3h\nAna meld Ah Ad Ac\nAna discard 3h", deals=MELD_DEALS))


def test_en_ley_is_judged_when_the_log_stops_mid_turn() -> None:
    text = alog("Ana draw 3h\nAna meld Ah Ad Ac", deals=MELD_DEALS, tags=EN_LEY)
    check(text, [ren("law-below-minimum", "Ana", line_of(text, "Ana meld Ah Ad Ac"))])


def test_only_the_first_lay_down_is_judged() -> None:
    text = alog("""
        Ana draw 3h
        Ana discard 3h
        Beto draw 4h
        Beto meld Ah Ad Ac
        Beto meld Kc Kd Kh
        Beto discard 4h
        Ana draw 5h
        Ana discard 5h
        Beto draw 9h
        Beto meld 9c 9d 9h
        Beto discard Jd
        """, deals={"Beto": "Ah Ad Ac Kc Kd Kh 9c 9d Jd"}, tags={"Scores": "Ana 0, Beto 720"})
    result = audit(text)
    assert problems(result) == [ren("law-below-minimum", "Beto",
                                    line_of(text, "Beto meld Ah Ad Ac"))], explain(text, result)
    assert result.winner == "Beto"


# --- going out -------------------------------------------------------------------------------

FULL = {"Ana": "Ah Ad Ac Kc Kd Kh 5s 6s 7s", "Beto": "9c 9d 9h Js Jd Jh 3c 4c 5c"}


def test_no_final_discard() -> None:
    text = alog("""
        Ana draw 3h
        Ana discard 3h
        Beto draw 6c
        Beto meld 9c 9d 9h
        Beto meld Js Jd Jh
        Beto meld 3c 4c 5c 6c
        Ana draw 4h
        Ana discard 4h
        """, deals=FULL)
    result = audit(text)
    assert problems(result) == [ren("no-final-discard", "Beto",
                                    line_of(text, "Beto meld 3c 4c 5c 6c"))], explain(text, result)
    assert not result.finished  # the turn ends there; Ana plays on


def test_the_dealer_may_go_out_in_the_first_round() -> None:
    text = alog("""
        Ana draw 3h
        Ana discard 3h
        Beto draw 8h
        Beto meld 9c 9d 9h
        Beto meld Js Jd Jh
        Beto meld 3c 4c 5c
        Beto discard 8h
        """, deals=FULL)
    result = audit(text)
    assert problems(result) == [] and result.winner == "Beto", explain(text, result)


def test_cut_first_round_and_the_hand_goes_on() -> None:
    text = alog("""
        Ana draw 8h
        Ana meld Ah Ad Ac
        Ana meld Kc Kd Kh
        Ana meld 5s 6s 7s
        Ana discard 8h
        Beto draw 4h
        Beto discard 4h
        """, deals=FULL)
    result = audit(text)
    assert problems(result) == [ren("cut-first-round", "Ana", line_of(text, "Ana discard 8h"))]
    assert not result.finished


def test_a_discard_out_of_turn_that_empties_the_hand_still_ends_the_hand() -> None:
    text = alog("""
        Ana draw 3h
        Ana discard 3h
        Beto draw 8h
        Beto meld 9c 9d 9h
        Beto meld Js Jd Jh
        Beto meld 3c 4c 5c
        Beto discard 8h
        Ana discard Kd
        """, deals=FULL)
    result = audit(text)
    assert result.winner == "Beto"
    assert problems(result) == [err("after-end", "Ana", line_of(text, "Ana discard Kd"))]


# --- log errors -------------------------------------------------------------------------------


def test_not_in_hand_and_card_supply() -> None:
    text = alog("Ana draw 9c\nAna discard 3h", deals=FULL)
    check(text, [err("card-supply", "Ana", line_of(text, "Ana draw 9c")),
                 err("not-in-hand", "Ana", line_of(text, "Ana discard 3h"))])


def test_take_must_list_the_pile() -> None:
    text = alog("""
        Ana draw 3h
        Ana discard 3h
        Beto take Qc 9s
        Beto take 3h Qc
        Beto discard Qc
        Ana take 3h
        """)
    check(text, [err("take-mismatch", "Beto", line_of(text, "Beto take Qc 9s")),
                 err("take-mismatch", "Ana", line_of(text, "Ana take 3h"))])


def test_a_take_list_may_name_a_card_nobody_saw_or_leave_it_unseen() -> None:
    clean(alog("Ana take 10h\nAna discard 10h\nBeto take 10h\nBeto discard Jd",
               deals={"Beto": "Jd"}, up=None))
    clean(alog("Ana take ??\nAna discard Kd\nBeto take Kd\nBeto discard Jd",
               deals={"Ana": "Kd", "Beto": "Jd"}, up=None))
    # ?? matches only a card nobody saw: the pile's 10h was seen.
    text = alog("Ana take 10h\nAna discard 10h\nBeto take ??", up=None)
    check(text, [err("take-mismatch", "Beto", line_of(text, "Beto take ??"))])


def test_stock_mismatch() -> None:
    text = alog("Ana draw 4h\nAna discard 4h", stock="3h 4h")
    check(text, [err("stock-mismatch", "Ana", line_of(text, "Ana draw 4h")),
                 err("not-in-hand", "Ana", line_of(text, "Ana discard 4h"))])
    clean(alog("Ana draw 3h\nAna discard 3h", stock="3h 4h"))


def test_deal_size_is_nine() -> None:
    text = ('[Game "rummy-argentino"]\n[Players "Ana Beto"]\n\n'
            "deal Ana: Ah Ad Ac Kc Kd Kh 5s 6s\n\nAna draw 3h\n")
    check(text, [err("deal-size", "Ana", 4)])


def test_unknown_player_also_in_cut_bonus_and_calls() -> None:
    text = alog("Zoe draw 3h\nAna call Zoe", tags={"CutBonus": "Eva"})
    check(text, [err("unknown-player", "Eva", line_of(text, '[CutBonus "Eva"]')),
                 err("unknown-player", "Zoe", line_of(text, "Zoe draw 3h")),
                 err("unknown-player", "Zoe", line_of(text, "Ana call Zoe"))])


def test_no_calls_in_argentino() -> None:
    text = alog("Ana draw 3h\nBeto call Ana\nAna discard 3h")
    check(text, [err("no-calls", "Beto", line_of(text, "Beto call Ana"))])


def test_no_such_meld() -> None:
    text = alog("Ana draw 3h\nAna meld Ah Ad Ac\nAna layoff As on 2\nAna discard 3h",
                deals={"Ana": "Ah Ad Ac As"})
    check(text, [err("no-such-meld", "Ana", line_of(text, "Ana layoff As on 2"))])


def test_stock_empty() -> None:
    events = "\n".join(["Ana draw"] * 36)  # 54 - 18 dealt - 1 up = 35 in the stock
    text = alog(events)
    result = audit(text)
    found = problems(result)
    assert found[-1] == err("stock-empty", "Ana", line_of(text, "Ana draw", 36))
    assert {p[1] for p in found[:-1]} == {"extra-draw"}


def test_result_mismatch_names_who_went_out() -> None:
    events = """
        Ana draw 3h
        Ana discard 3h
        Beto draw 8h
        Beto meld 9c 9d 9h
        Beto meld Js Jd Jh
        Beto meld 3c 4c 5c
        Beto discard 8h
        """
    text = alog(events, deals=FULL, tags={"Result": "Ana"})
    check(text, [err("result-mismatch", None, line_of(text, '[Result "Ana"]'))])
    clean(alog(events, deals=FULL, tags={"Result": "Beto"}))


def test_every_message_is_filled_in_both_languages() -> None:
    """No finding of these hands leaves a {placeholder} in its words."""
    texts = [
        alog("Ana draw 3h\nAna meld 5s 6s 7s\nAna discard 3h", deals=MELD_DEALS,
             tags={"RunMin": "4"}),
        alog("Ana draw 3h\nAna meld Kc JK 2d\nBeto call Ana\nAna discard 3h",
             deals={"Ana": "Kc JK 2d"}),
        alog(LAYOFF + "Beto layoff 5c on 1\nBeto discard 4h",
             deals={"Ana": "Ah Ad Ac", "Beto": "5c"}),
        alog("Ana draw 3h\nAna meld Ah Ad Ac\nAna discard 3h", deals=MELD_DEALS, tags=EN_LEY),
        alog("Ana draw 8h\nAna meld Ah Ad Ac\nAna meld Kc Kd Kh\nAna meld 5s 6s 7s\n"
             "Ana discard 8h\nZoe draw", deals=FULL),
    ]
    seen = set()
    for text in texts:
        for finding in audit(text).findings:
            seen.add(finding.rule)
            for lang in ("en", "es"):
                message = finding.message(lang)
                assert "{" not in message and "}" not in message, (finding.rule, message)
    assert {"run-too-short", "set-two-wilds", "no-calls", "layoff-before-down",
            "law-below-minimum", "cut-first-round", "unknown-player"} <= seen
