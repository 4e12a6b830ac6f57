"""Going down (RULES.md §6): ``bajada-below-minimum``, ``bajada-not-above-previous``,
``bajada-first-turn``, and the knobs that shape a bajada.

For each id: a log that makes it fire (kind, rule, player and line, and no other
renuncia or log error) and its legal neighbour, the closest legal play, which
produces no finding. House-rule knobs are set with tags, as a log would.
"""

from __future__ import annotations

import pytest

from tests.variants.la51 import (
    line_of,
    log,
    renuncia,
)
from tests.variants.la51.rulings import (
    BETO_DOWN,
    BETO_DOWN_DEALS,
    check,
    clean,
    deals,
    first_turn_win,
    layoffs_count_log,
)

# -------------------------------------------------------------------------------------------------
# §4 the bajada
# -------------------------------------------------------------------------------------------------


def bajada_log(melds: list[str], tags=None, discard: str = "3d", end: bool = True) -> str:
    events = "Ana discard 2c\nBeto draw 3d\n" + "".join(f"Beto meld {m}\n" for m in melds)
    if end:
        events += f"Beto discard {discard}\n"
    cards = " ".join(melds)
    return log(events, deals={"Ana": "2c", "Beto": cards}, tags=tags)


def test_bajada_below_minimum_fires_at_the_first_meld():
    text = bajada_log(["Kh Kc Kd", "2h 3h 4h 5h"])  # 30 + 14 = 44
    check(text, [renuncia("bajada-below-minimum", "Beto", line_of(text, "Beto meld Kh Kc Kd"))])


def test_bajada_below_minimum_legal_neighbour_exactly_51():
    clean(bajada_log(["7c 7h 7s", "6d 7d 8d 9d"]))  # 21 + 30 = 51


def test_bajada_50_is_below_minimum():
    text = bajada_log(["10s Js Qs Ks As"])  # 50
    check(text, [renuncia("bajada-below-minimum", "Beto", line_of(text, "Beto meld 10s..."))])


def test_bajada_judged_at_the_end_of_the_log():
    text = bajada_log(["Kh Kc Kd", "2h 3h 4h 5h"], end=False)
    check(text, [renuncia("bajada-below-minimum", "Beto", line_of(text, "Beto meld Kh Kc Kd"))])


def test_minopen_71():
    text = bajada_log(["Kh Kc Kd", "5h 6h 7h 8h"], tags={"MinOpen": "71"})  # 56
    check(text, [renuncia("bajada-below-minimum", "Beto", line_of(text, "Beto meld Kh Kc Kd"))])
    clean(bajada_log(["Kh Kc Kd", "Jh Jc Jd", "2h 3h 4h 5h"], tags={"MinOpen": "71"}))  # 74


def test_open_exact_fires_above_minopen():
    text = bajada_log(["Kh Kc Kd", "4h 5h 6h 7h"], tags={"OpenExact": "yes"})  # 52
    check(text, [renuncia("bajada-below-minimum", "Beto", line_of(text, "Beto meld Kh Kc Kd"))])


def test_open_exact_fires_below_minopen():
    text = bajada_log(["Kh Kc Kd", "2h 3h 4h 5h"], tags={"OpenExact": "yes"})  # 44
    check(text, [renuncia("bajada-below-minimum", "Beto", line_of(text, "Beto meld Kh Kc Kd"))])


def test_open_exact_legal_neighbour_exactly_51():
    clean(bajada_log(["7c 7h 7s", "6d 7d 8d 9d"], tags={"OpenExact": "yes"}))


def test_open_exact_with_minopen_71():
    clean(
        bajada_log(
            ["Kh Kc Kd", "Jh Jc Jd", "Ah 2h 3h 4h", "3s 3d 3c"],
            tags={"OpenExact": "yes", "MinOpen": "88"},
        )
    )  # 30+30+19+9 = 88
    text = bajada_log(
        ["Kh Kc Kd", "Jh Jc Jd", "2h 3h 4h 5h"], tags={"OpenExact": "yes", "MinOpen": "71"}
    )  # 74
    check(text, [renuncia("bajada-below-minimum", "Beto", line_of(text, "Beto meld Kh Kc Kd"))])


# Caro goes down after Beto's 56.
def caro_bajada(melds: list[str], tags=None, extra: str = "") -> str:
    events = BETO_DOWN + "Caro draw 4d\n" + "".join(f"Caro meld {m}\n" for m in melds)
    events += extra + "Caro discard 4d\n"
    return log(events, deals=deals(BETO_DOWN_DEALS, {"Caro": " ".join(melds)}), tags=tags)


def test_bajada_not_above_previous_fires_on_equal():
    text = caro_bajada(["Qh Qc Qd", "5s 6s 7s 8s"])  # 56 = 56
    check(
        text, [renuncia("bajada-not-above-previous", "Caro", line_of(text, "Caro meld Qh Qc Qd"))]
    )


def test_bajada_not_above_previous_legal_neighbour_one_more():
    clean(caro_bajada(["9h 9c 9d", "6s 7s 8s 9s"]))  # 27 + 30 = 57 > 56


def test_beat_previous_off():
    clean(caro_bajada(["Qh Qc Qd", "5s 6s 7s 8s"], tags={"BeatPrevious": "no"}))
    clean(caro_bajada(["Qh Qc Qd", "2s 3s 4s 5s", "3c 3h 3s"], tags={"BeatPrevious": "no"}))


def test_below_minimum_and_not_above_previous_reports_only_below_minimum():
    text = caro_bajada(["Qh Qc Qd", "2s 3s 4s 5s"])  # 44: < 51 and <= 56
    check(text, [renuncia("bajada-below-minimum", "Caro", line_of(text, "Caro meld Qh Qc Qd"))])


def test_beat_previous_compares_with_the_most_recent_other_bajada():
    # Beto 74, then Caro 56 (not above 74), then Ana 60: above Caro's 56, the most
    # recent, though below Beto's 74.
    text = log(
        """
        Ana discard 2c
        Beto draw 3d
        Beto meld Kh Kc Kd
        Beto meld Jh Jc Jd
        Beto meld 2s 3s 4s 5s
        Beto discard 3d
        Caro draw 4d
        Caro meld Qh Qc Qd
        Caro meld 5h 6h 7h 8h
        Caro discard 4d
        Ana draw 5d
        Ana meld 10h 10c 10d
        Ana meld 6s 7s 8s 9s
        Ana discard 5d
        """,
        deals={
            "Ana": "2c 10h 10c 10d 6s 7s 8s 9s",
            "Beto": "Kh Kc Kd Jh Jc Jd 2s 3s 4s 5s",
            "Caro": "Qh Qc Qd 5h 6h 7h 8h",
        },
    )
    check(
        text, [renuncia("bajada-not-above-previous", "Caro", line_of(text, "Caro meld Qh Qc Qd"))]
    )


def test_layoffs_count_towards_the_bajada():
    # Caro: 44 in melds + 9h and Ks laid off on Beto's melds = 63 > 56
    clean(layoffs_count_log({}))


def test_layoffs_count_off():
    text = layoffs_count_log({"LayoffsCount": "no"})
    check(text, [renuncia("bajada-below-minimum", "Caro", line_of(text, "Caro meld Qh Qc Qd"))])


def test_faulty_bajada_still_counts_as_going_down():
    # Beto's 44 is below the minimum, but he has gone down: he lays off next turn
    # and lays a small meld with no minimum.
    text = log(
        """
        Ana discard 2c
        Beto draw 3d
        Beto meld Kh Kc Kd
        Beto meld 2h 3h 4h 5h
        Beto discard 3d
        Caro draw 4d
        Caro discard 4d
        Ana draw 6d
        Ana discard 6d
        Beto draw 6h
        Beto meld 3c 3h 3s
        Beto layoff 6h on 2
        Beto discard 2d
        """,
        deals={"Ana": "2c", "Beto": "Kh Kc Kd 2h 3h 4h 5h 3c 3h 3s 2d"},
    )
    check(text, [renuncia("bajada-below-minimum", "Beto", line_of(text, "Beto meld Kh Kc Kd"))])


@pytest.mark.parametrize(
    "beto_meld, laid_off",
    [
        # Beto's 9c JK 9s has an open joker (9d or 9h); a bare joker laid off on it
        # stands for a 9: Caro has 42 in melds + 9 = 51.
        ("9c JK 9s", "JK"),
        # Beto's 9h 8h JK 6h (the joker is 7h): a bare joker laid off goes at the high
        # end, 10h, worth 10: 42 + 10 = 52.
        ("9h 8h JK 6h", "JK"),
        # the same run, the joker declared as 10h
        ("9h 8h JK 6h", "JK=10h"),
    ],
    ids=["bare-on-open-terna", "bare-on-descending-run", "declared"],
)
def test_bajada_counts_a_joker_laid_off(beto_meld, laid_off):
    text = log(
        f"""
        Ana discard 2c
        Beto draw 3d
        Beto meld {beto_meld}
        Beto meld Kh Kc Kd
        Beto discard 3d
        Caro draw 5d
        Caro meld Qh Qc Qd
        Caro meld 4c 4h 4s
        Caro layoff {laid_off} on 1
        Caro discard 5d
        """,
        deals={"Ana": "2c", "Beto": f"{beto_meld} Kh Kc Kd", "Caro": "Qh Qc Qd 4c 4h 4s JK"},
        tags={"BeatPrevious": "no"},
    )
    clean(text)


def test_bajada_first_turn_fires():
    text = log(
        "Ana meld Kh Kc Kd\nAna meld 5h 6h 7h 8h\nAna discard 2c",
        deals={"Ana": "2c Kh Kc Kd 5h 6h 7h 8h"},
    )
    check(text, [renuncia("bajada-first-turn", "Ana", line_of(text, "Ana meld Kh Kc Kd"))])


def test_bajada_first_turn_legal_neighbour_second_turn():
    text = log(
        """
        Ana discard 2c
        Beto draw 3d
        Beto discard 3d
        Caro draw 4d
        Caro discard 4d
        Ana draw 6d
        Ana meld Kh Kc Kd
        Ana meld 5h 6h 7h 8h
        Ana discard 6d
        """,
        deals={"Ana": "2c Kh Kc Kd 5h 6h 7h 8h"},
    )
    clean(text)


def test_other_players_may_go_down_and_win_in_their_first_turn():
    result = clean(first_turn_win())
    assert result.finished and result.winner == "Beto"


