"""Every rule id of RULES.md §6 (renuncias), §9 (log errors) and the notices of §7.

For each id: a log that makes it fire (kind, rule, player and line, and no other
renuncia or log error) and its legal neighbour, the closest legal play, which
produces no finding. House-rule knobs are set with tags, as a log would.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.variants.la51 import (
    PLAYERS4,
    audit,
    explain,
    line_of,
    log,
    log_error,
    notice,
    notices,
    out,
    problems,
    renuncia,
    rules_of,
)

SPEC = "/work/shared/spec/RULES.md"


def deals(*parts: dict[str, str]) -> dict[str, str]:
    """Merge deal fragments: each player's cards are concatenated."""
    merged: dict[str, str] = {}
    for part in parts:
        for name, cards in part.items():
            merged[name] = (merged.get(name, "") + " " + cards).strip()
    return merged


def check(text: str, expected: list, overrides=None):
    """Audit ``text`` and compare its renuncias and log errors with ``expected``."""
    result = audit(text, overrides)
    assert problems(result) == expected, explain(text, result)
    return result


def clean(text: str):
    return check(text, [])


# Beto goes down in his first turn: meld 1 = Kh Kc Kd (takes Ks), meld 2 = 5h..8h
# (takes 4h, 9h, a joker). 56 points.
BETO_DOWN = """
Ana discard 2c
Beto draw 3d
Beto meld Kh Kc Kd
Beto meld 5h 6h 7h 8h
Beto discard 3d
"""
BETO_DOWN_DEALS = {"Ana": "2c", "Beto": "Kh Kc Kd 5h 6h 7h 8h"}

# Caro then goes down too: meld 3 = Qh Qc Qd (takes Qs), meld 4 = 7c..10c (takes 6c, Jc).
# 64 points, more than Beto's 56.
CARO_DOWN = """
Caro draw 4d
Caro meld Qh Qc Qd
Caro meld 7c 8c 9c 10c
Caro discard 4d
"""
CARO_DOWN_DEALS = {"Caro": "Qh Qc Qd 7c 8c 9c 10c"}

ANA_PASSES = """
Ana draw 6d
Ana discard 6d
"""

BOTH_DOWN = BETO_DOWN + CARO_DOWN + ANA_PASSES
BOTH_DOWN_DEALS = deals(BETO_DOWN_DEALS, CARO_DOWN_DEALS)


# -------------------------------------------------------------------------------------------------
# §6 turns: out-of-turn, early-draw, play-before-draw, extra-draw
# -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "events, offender, at",
    [
        # the next player draws before the current player has started
        ("Ana discard 2c\nCaro draw 4d", "Caro", "Caro draw 4d"),
        # a player who is not next draws while Beto plays
        ("Ana discard 2c\nBeto draw 3d\nAna draw 4d", "Ana", "Ana draw 4d"),
        # an early take is never allowed
        ("Ana discard 2c\nBeto draw 3d\nCaro take 2c", "Caro", "Caro take 2c"),
        # a discard in another player's turn
        ("Ana discard 2c\nBeto draw 3d\nCaro discard 4c", "Caro", "Caro discard 4c"),
        # a meld in another player's turn
        ("Ana discard 2c\nBeto draw 3d\nCaro meld Qh Qc Qd", "Caro", "Caro meld Qh Qc Qd"),
        # after a legal early draw, the other actions wait for the current discard
        ("Ana discard 2c\nBeto draw 3d\nCaro draw 4d\nCaro discard 4d", "Caro", "Caro discard 4d"),
        # the starter discards twice
        ("Ana discard 2c\nAna discard 3c", "Ana", "Ana discard 3c"),
    ],
)
def test_out_of_turn_fires(events, offender, at):
    text = log(events, deals={"Ana": "2c 3c", "Caro": "4c Qh Qc Qd"})
    check(text, [renuncia("out-of-turn", offender, line_of(text, at))])


def test_out_of_turn_layoff_fires():
    text = log(
        BOTH_DOWN + "Beto draw 2d\nCaro layoff 9h on 2\nBeto discard 2d",
        deals=deals(BOTH_DOWN_DEALS, {"Caro": "9h"}),
    )
    check(text, [renuncia("out-of-turn", "Caro", line_of(text, "Caro layoff 9h on 2"))])


def test_out_of_turn_legal_neighbour_in_order():
    clean(
        log(
            "Ana discard 2c\nBeto draw 3d\nBeto discard 3d\nCaro draw 4d\nCaro discard 4d",
            deals={"Ana": "2c"},
        )
    )


def test_out_of_turn_legal_neighbour_early_draw():
    # EarlyDraw (default yes): Caro draws once Beto has started, plays after his discard
    text = log(
        """
        Ana discard 2c
        Beto draw 3d
        Caro draw 4d
        Beto discard 3d
        Caro discard 4d
        Ana draw 5d
        Ana discard 5d
        """,
        deals={"Ana": "2c"},
    )
    clean(text)


def test_early_draw_fires_with_earlydraw_off():
    text = log(
        "Ana discard 2c\nBeto draw 3d\nCaro draw 4d\nBeto discard 3d",
        deals={"Ana": "2c"},
        tags={"EarlyDraw": "no"},
    )
    check(text, [renuncia("early-draw", "Caro", line_of(text, "Caro draw 4d"))])


def test_early_draw_with_earlydraw_off_still_starts_the_drawers_turn():
    # One infraction, one finding: the early card is her draw, so her discard is in order.
    text = log(
        "Ana discard 2c\nBeto draw 3d\nCaro draw 4d\nBeto discard 3d\nCaro discard 4d",
        deals={"Ana": "2c"},
        tags={"EarlyDraw": "no"},
    )
    check(text, [renuncia("early-draw", "Caro", line_of(text, "Caro draw 4d"))])


def test_early_draw_legal_neighbour_draws_after_the_discard():
    text = log(
        "Ana discard 2c\nBeto draw 3d\nBeto discard 3d\nCaro draw 4d\nCaro discard 4d",
        deals={"Ana": "2c"},
        tags={"EarlyDraw": "no"},
    )
    clean(text)


@pytest.mark.parametrize(
    "events, at",
    [
        ("Ana discard 2c\nBeto discard 3c", "Beto discard 3c"),
        (
            "Ana discard 2c\nBeto meld 9s 10s Js Qs Ks As\nBeto draw 3d\nBeto discard 3d",
            "Beto meld 9s 10s Js Qs Ks As",
        ),
    ],
)
def test_play_before_draw_fires(events, at):
    text = log(events, deals={"Ana": "2c", "Beto": "3c 9s 10s Js Qs Ks As"})
    check(text, [renuncia("play-before-draw", "Beto", line_of(text, at))])


def test_play_before_draw_legal_neighbour():
    text = log(
        "Ana discard 2c\nBeto draw 3d\nBeto meld 9s 10s Js Qs Ks As\nBeto discard 3c",
        deals={"Ana": "2c", "Beto": "3c 9s 10s Js Qs Ks As"},
    )
    clean(text)


@pytest.mark.parametrize(
    "events, player, at",
    [
        ("Ana discard 2c\nBeto draw 3d\nBeto draw 4d\nBeto discard 3d", "Beto", "Beto draw 4d"),
        ("Ana discard 2c\nBeto draw 3d\nBeto take 2c\nBeto discard 3d", "Beto", "Beto take 2c"),
        # the starter's first turn has no start: a draw there is a second card
        ("Ana draw 4d\nAna discard 2c", "Ana", "Ana draw 4d"),
        # an early drawer who draws again once their turn comes
        (
            "Ana discard 2c\nBeto draw 3d\nCaro draw 4d\nBeto discard 3d\nCaro draw 5d",
            "Caro",
            "Caro draw 5d",
        ),
    ],
)
def test_extra_draw_fires(events, player, at):
    text = log(events, deals={"Ana": "2c"})
    check(text, [renuncia("extra-draw", player, line_of(text, at))])


def test_extra_draw_legal_neighbour():
    clean(log("Ana discard 2c\nBeto draw 3d\nBeto discard 3d", deals={"Ana": "2c"}))


# -------------------------------------------------------------------------------------------------
# §6 meld shapes: one finding per meld
# -------------------------------------------------------------------------------------------------

# Beto goes down with 60 points of valid melds, then lays a third meld under test.
SHAPE_EVENTS = """
Ana discard 2c
Beto draw 3d
Beto meld Kh Kc Kd
Beto meld Qh Qc Qd
Beto meld {meld}
Beto discard 3d
"""
SHAPE_DEALS = {"Ana": "2c", "Beto": "Kh Kc Kd Qh Qc Qd"}


def shape_log(meld: str, tags=None) -> str:
    return log(
        SHAPE_EVENTS.format(meld=meld),
        deals=deals(SHAPE_DEALS, {"Beto": meld}),
        tags=tags,
    )


SHAPE_CASES = [
    # (meld that fires, its rule, knobs, the legal neighbour)
    ("9c 10h Jc", "meld-invalid", {}, "9c 9h 9s"),
    ("9c 9h", "meld-invalid", {}, "9c 9h 9s"),
    ("9c 9h 9s 9d 9c", "meld-invalid", {}, "9c 9h 9s 9d"),
    ("JK JK JK", "meld-invalid", {}, "JK 9h JK"),
    ("9c 9h 9c", "set-repeated-suit", {}, "9c 9h 9s"),
    ("9c 9s 9h", "set-colors", {}, "9c 9h 9s"),
    ("9c 9h 9d 9s", "set-colors", {}, "9c 9h 9s 9d"),
    ("4s 6s 5s 7s", "run-not-ordered", {}, "4s 5s 6s 7s"),
    ("4s 5s 7s 8s", "run-not-ordered", {}, "4s 5s 6s 7s 8s"),
    ("4s 5s 6s", "run-too-short", {}, "4s 5s 6s 7s"),
    ("4s JK JK 7s", "joker-limit", {"MaxJokers": "1"}, "4s JK 6s 7s"),
]


@pytest.mark.parametrize("meld, rule, knobs, _legal", SHAPE_CASES)
def test_meld_shape_fires(meld, rule, knobs, _legal):
    text = shape_log(meld, knobs)
    check(text, [renuncia(rule, "Beto", line_of(text, f"Beto meld {meld}"))])


@pytest.mark.parametrize("_meld, _rule, knobs, legal", SHAPE_CASES)
def test_meld_shape_legal_neighbour(_meld, _rule, knobs, legal):
    clean(shape_log(legal, knobs))


@pytest.mark.parametrize(
    "meld, knobs, rule",
    [
        # house rules: RunMin 3, RunWrap off, AlternateColors off, MaxJokers 1
        ("4s 5s 6s", {"RunMin": "3"}, None),
        ("4s 5s 6s", {}, "run-too-short"),
        ("4s 5s 6s 7s", {"RunMin": "5"}, "run-too-short"),
        ("Ks As 2s 3s", {}, None),
        ("Ks As 2s 3s", {"RunWrap": "no"}, "run-not-ordered"),
        ("Js Qs Ks As", {"RunWrap": "no"}, None),
        ("9c 9s 9h", {"AlternateColors": "no"}, None),
        ("9c 9s 9h 9d", {"AlternateColors": "no"}, None),
        ("9c 9h 9c", {"AlternateColors": "no"}, "set-repeated-suit"),
        ("4s JK JK 7s", {}, None),
        ("4s JK 6s 7s", {"MaxJokers": "1"}, None),
        ("9c JK 9s", {"MaxJokers": "0"}, "joker-limit"),
    ],
)
def test_meld_shape_house_rules(meld, knobs, rule):
    text = shape_log(meld, knobs)
    expected = [] if rule is None else [renuncia(rule, "Beto", line_of(text, f"Beto meld {meld}"))]
    check(text, expected)


def test_meld_shape_fires_in_a_later_turn_too():
    text = log(
        BETO_DOWN
        + "Caro draw 4d\nCaro discard 4d\n"
        + ANA_PASSES
        + "Beto draw 2d\nBeto meld 9c 9s 9h\nBeto discard 2d",
        deals=deals(BETO_DOWN_DEALS, {"Beto": "9c 9s 9h"}),
    )
    check(text, [renuncia("set-colors", "Beto", line_of(text, "Beto meld 9c 9s 9h"))])


def test_meld_in_a_later_turn_has_no_minimum():
    text = log(
        BETO_DOWN
        + "Caro draw 4d\nCaro discard 4d\n"
        + ANA_PASSES
        + "Beto draw 2d\nBeto meld 3c 3h 3s\nBeto discard 2d",
        deals=deals(BETO_DOWN_DEALS, {"Beto": "3c 3h 3s"}),
    )
    clean(text)


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
    clean(_layoffs_count_log({}))


def _layoffs_count_log(tags):
    events = (
        BETO_DOWN
        + """
        Caro draw 4d
        Caro meld Qh Qc Qd
        Caro meld 2s 3s 4s 5s
        Caro layoff 9h on 2
        Caro layoff Ks on 1
        Caro discard 4d
        """.replace("        ", "")
    )
    return log(
        events, deals=deals(BETO_DOWN_DEALS, {"Caro": "Qh Qc Qd 2s 3s 4s 5s 9h Ks"}), tags=tags
    )


def test_layoffs_count_off():
    text = _layoffs_count_log({"LayoffsCount": "no"})
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


def first_turn_win(extra: str = "", tags=None) -> str:
    return log(
        """
        Ana discard 2c
        Beto draw 3d
        Beto meld Kh Kc Kd Ks
        Beto meld 5h 6h 7h 8h
        Beto meld Qh Qc Qd
        Beto meld Jh Jc Jd
        Beto discard 3d
        """
        + extra,
        deals={"Ana": "2c", "Beto": "Kh Kc Kd Ks 5h 6h 7h 8h Qh Qc Qd Jh Jc Jd"},
        tags=tags,
    )


def test_other_players_may_go_down_and_win_in_their_first_turn():
    result = clean(first_turn_win())
    assert result.finished and result.winner == "Beto"


# -------------------------------------------------------------------------------------------------
# §5 taking the discard
# -------------------------------------------------------------------------------------------------


def take_log(body: str, tags=None, extra_deal: str = "") -> str:
    return log(
        "Ana discard 2c\nBeto take 2c\n" + body,
        deals={"Ana": "2c", "Beto": "2c 3c 4c 5c Kh Kc Kd Qh Qc Qd 9s " + extra_deal},
        tags=tags,
    )


def test_take_not_melded_fires_when_discarded():
    text = take_log("Beto discard 2c")
    check(text, [renuncia("take-not-melded", "Beto", line_of(text, "Beto discard 2c"))])


def test_take_not_melded_fires_when_kept():
    text = take_log("Beto discard 9s")
    check(text, [renuncia("take-not-melded", "Beto", line_of(text, "Beto discard 9s"))])


def test_take_not_melded_fires_when_laid_off():
    # DiscardPegue "down": Ana (not down) may throw the 9h Beto takes.
    text = log(
        BETO_DOWN + "Caro draw 4d\nCaro discard 4d\nAna draw 6d\nAna discard 9h\n"
        "Beto take 9h\nBeto layoff 9h on 2\nBeto discard Qs",
        deals=deals(BETO_DOWN_DEALS, {"Ana": "9h", "Beto": "Qs"}),
        tags={"DiscardPegue": "down"},
    )
    check(text, [renuncia("take-not-melded", "Beto", line_of(text, "Beto layoff 9h on 2"))])


def test_take_legal_neighbour_melded_in_the_first_meld():
    clean(
        take_log("Beto meld 2c 3c 4c 5c\nBeto meld Kh Kc Kd\nBeto meld Qh Qc Qd\nBeto discard 9s")
    )


def test_take_legal_neighbour_melded_in_a_later_turn_meld():
    text = log(
        BETO_DOWN + "Caro draw 4d\nCaro discard 4d\nAna draw 6d\nAna discard 9h\n"
        "Beto take 9h\nBeto meld 9h 10h Jh Qh\nBeto discard Qs",
        deals=deals(BETO_DOWN_DEALS, {"Ana": "9h", "Beto": "10h Jh Qh Qs"}),
        tags={"DiscardPegue": "down"},
    )
    clean(text)


def test_take_not_first_fires():
    text = take_log(
        "Beto meld Kh Kc Kd\nBeto meld 2c 3c 4c 5c\nBeto meld Qh Qc Qd\nBeto discard 9s"
    )
    check(text, [renuncia("take-not-first", "Beto", line_of(text, "Beto meld Kh Kc Kd"))])


def test_take_not_first_legal_neighbour():
    clean(
        take_log("Beto meld 2c 3c 4c 5c\nBeto meld Qh Qc Qd\nBeto meld Kh Kc Kd\nBeto discard 9s")
    )


# -------------------------------------------------------------------------------------------------
# §5 lay-offs
# -------------------------------------------------------------------------------------------------


def test_layoff_before_down_fires():
    text = log(
        BETO_DOWN + "Caro draw 4d\nCaro layoff 9h on 2\nCaro discard 4d",
        deals=deals(BETO_DOWN_DEALS, {"Caro": "9h"}),
    )
    check(text, [renuncia("layoff-before-down", "Caro", line_of(text, "Caro layoff 9h on 2"))])


def test_layoff_before_down_legal_neighbour_down_in_this_turn():
    text = log(
        BETO_DOWN + "Caro draw 4d\nCaro meld Qh Qc Qd\nCaro meld 7c 8c 9c 10c\n"
        "Caro layoff 9h on 2\nCaro discard 4d",
        deals=deals(BETO_DOWN_DEALS, CARO_DOWN_DEALS, {"Caro": "9h"}),
    )
    clean(text)


def test_layoff_before_down_legal_neighbour_down_in_an_earlier_turn():
    text = log(
        BOTH_DOWN + "Beto draw 2d\nBeto discard 2d\nCaro draw Ad\nCaro layoff 9h on 2\n"
        "Caro discard Ad",
        deals=deals(BOTH_DOWN_DEALS, {"Caro": "9h"}),
    )
    clean(text)


BETO_SECOND_TURN = BOTH_DOWN + "Beto draw 2d\n{body}Beto discard 2d\n"


@pytest.mark.parametrize(
    "card, meld",
    [
        ("10h", 2),  # a gap
        ("4c", 2),  # another suit
        ("Kd", 1),  # a suit the terna has
        ("Qs", 1),  # another rank
        ("JK=10h", 2),  # a joker declared as a card that does not fit
        ("Ks", 3),  # onto Caro's queens
    ],
)
def test_layoff_mismatch_fires(card, meld):
    text = log(
        BETO_SECOND_TURN.format(body=f"Beto layoff {card} on {meld}\n"),
        deals=deals(BOTH_DOWN_DEALS, {"Beto": card.replace("JK=10h", "JK")}),
    )
    check(text, [renuncia("layoff-mismatch", "Beto", line_of(text, f"Beto layoff {card}..."))])


@pytest.mark.parametrize(
    "card, meld",
    [
        ("9h", 2),
        ("4h", 2),
        ("Ks", 1),
        ("JK", 2),
        ("JK", 1),
        ("JK=4h", 2),
        ("Qs", 3),
        ("6c", 4),
        ("Jc", 4),
    ],
)
def test_layoff_legal_neighbour(card, meld):
    clean(
        log(
            BETO_SECOND_TURN.format(body=f"Beto layoff {card} on {meld}\n"),
            deals=deals(BOTH_DOWN_DEALS, {"Beto": card.replace("JK=4h", "JK")}),
        )
    )


def test_layoff_same_turn_fires():
    text = log(
        "Ana discard 2c\nBeto draw 3d\nBeto meld Kh Kc Kd\nBeto meld 5h 6h 7h 8h\n"
        "Beto layoff 9h on 2\nBeto discard 3d",
        deals={"Ana": "2c", "Beto": "Kh Kc Kd 5h 6h 7h 8h 9h"},
    )
    check(text, [renuncia("layoff-same-turn", "Beto", line_of(text, "Beto layoff 9h on 2"))])


def test_layoff_same_turn_legal_neighbour_next_turn():
    text = log(
        BETO_DOWN
        + "Caro draw 4d\nCaro discard 4d\n"
        + ANA_PASSES
        + "Beto draw 2d\nBeto layoff 9h on 2\nBeto discard 2d",
        deals=deals(BETO_DOWN_DEALS, {"Beto": "9h"}),
    )
    clean(text)


def test_meld_after_layoff_fires():
    text = log(
        BETO_SECOND_TURN.format(body="Beto layoff 9h on 2\nBeto meld Jh Jc Jd\n"),
        deals=deals(BOTH_DOWN_DEALS, {"Beto": "9h Jh Jc Jd"}),
    )
    check(text, [renuncia("meld-after-layoff", "Beto", line_of(text, "Beto meld Jh Jc Jd"))])


def test_meld_after_layoff_legal_neighbour_meld_first():
    clean(
        log(
            BETO_SECOND_TURN.format(body="Beto meld Jh Jc Jd\nBeto layoff 9h on 2\n"),
            deals=deals(BOTH_DOWN_DEALS, {"Beto": "9h Jh Jc Jd"}),
        )
    )


# -------------------------------------------------------------------------------------------------
# §6 discard-pegue and no-final-discard
# -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("card", ["9h", "4h", "Ks", "JK"])
def test_discard_pegue_fires(card):
    text = log(
        BETO_DOWN + f"Caro draw 4d\nCaro discard {card}",
        deals=deals(BETO_DOWN_DEALS, {"Caro": card}),
    )
    check(text, [renuncia("discard-pegue", "Caro", line_of(text, f"Caro discard {card}"))])


@pytest.mark.parametrize("card", ["10h", "3h", "Kd", "4c", "9s"])
def test_discard_pegue_legal_neighbour(card):
    clean(
        log(
            BETO_DOWN + f"Caro draw 4d\nCaro discard {card}",
            deals=deals(BETO_DOWN_DEALS, {"Caro": card}),
        )
    )


def test_discard_pegue_judges_the_discarders_own_melds():
    text = log(
        BETO_DOWN
        + "Caro draw 4d\nCaro discard 4d\n"
        + ANA_PASSES
        + "Beto draw 9h\nBeto discard 9h",
        deals=BETO_DOWN_DEALS,
    )
    check(text, [renuncia("discard-pegue", "Beto", line_of(text, "Beto discard 9h"))])


def test_discard_pegue_down_spares_a_player_not_down():
    clean(
        log(
            BETO_DOWN + "Caro draw 4d\nCaro discard 9h",
            deals=deals(BETO_DOWN_DEALS, {"Caro": "9h"}),
            tags={"DiscardPegue": "down"},
        )
    )


def test_discard_pegue_down_judges_a_player_down_this_turn():
    text = log(
        BETO_DOWN + "Caro draw 4d\nCaro meld Qh Qc Qd\nCaro meld 7c 8c 9c 10c\nCaro discard 9h",
        deals=deals(BETO_DOWN_DEALS, CARO_DOWN_DEALS, {"Caro": "9h"}),
        tags={"DiscardPegue": "down"},
    )
    check(text, [renuncia("discard-pegue", "Caro", line_of(text, "Caro discard 9h"))])


def test_discard_pegue_off():
    clean(
        log(
            BETO_DOWN + "Caro draw 4d\nCaro discard 9h",
            deals=deals(BETO_DOWN_DEALS, {"Caro": "9h"}),
            tags={"DiscardPegue": "off"},
        )
    )


NO_FINAL = """
Ana discard 2c
Beto draw 10d
Beto meld Kh Kc Kd Ks
Beto meld Qh Qc Qd Qs
Beto meld Jh Jc Jd Js
{last}
"""
NO_FINAL_DEALS = {"Ana": "2c", "Beto": "Kh Kc Kd Ks Qh Qc Qd Qs Jh Jc Jd Js 10h 10c"}


def test_no_final_discard_fires():
    text = log(NO_FINAL.format(last="Beto meld 10h 10c 10d"), deals=NO_FINAL_DEALS)
    result = check(
        text, [renuncia("no-final-discard", "Beto", line_of(text, "Beto meld 10h 10c 10d"))]
    )
    assert not result.finished
    assert result.winner is None


def test_no_final_discard_the_game_goes_on_and_the_player_draws_again():
    text = log(
        NO_FINAL.format(last="Beto meld 10h 10c 10d")
        + "Caro draw 4d\nCaro discard 4d\nAna draw 6d\nAna discard 6d\n"
        "Beto draw 5c\nBeto discard 5c",
        deals=NO_FINAL_DEALS,
    )
    result = check(
        text, [renuncia("no-final-discard", "Beto", line_of(text, "Beto meld 10h 10c 10d"))]
    )
    assert result.finished and result.winner == "Beto"


def test_no_final_discard_fires_on_a_layoff():
    # Beto keeps Js after going down; next turn he draws Qs and lays off both.
    text = log(
        """
        Ana discard 2c
        Beto draw 3d
        Beto meld Kh Kc Kd Ks
        Beto meld Qh Qc Qd
        Beto meld Jh Jc Jd
        Beto meld 10h 10c 10d
        Beto discard 3d
        Caro draw 4d
        Caro discard 4d
        Ana draw 6d
        Ana discard 6d
        Beto draw Qs
        Beto layoff Qs on 2
        Beto layoff Js on 3
        """,
        deals={"Ana": "2c", "Beto": "Kh Kc Kd Ks Qh Qc Qd Jh Jc Jd 10h 10c 10d Js"},
    )
    check(text, [renuncia("no-final-discard", "Beto", line_of(text, "Beto layoff Js on 3"))])


def test_no_final_discard_legal_neighbour_keeps_a_card():
    text = log(NO_FINAL.format(last="Beto discard 10h"), deals=NO_FINAL_DEALS)
    result = clean(text)
    assert not result.finished


def test_require_final_discard_off_emptying_the_hand_wins():
    text = log(
        NO_FINAL.format(last="Beto meld 10h 10c 10d"),
        deals=NO_FINAL_DEALS,
        tags={"RequireFinalDiscard": "no"},
    )
    result = clean(text)
    assert result.finished and result.winner == "Beto"


# -------------------------------------------------------------------------------------------------
# §7 missed-call and the notices
# -------------------------------------------------------------------------------------------------

# Caro's discard-pegue, then Ana's turn.
PEGUE = BETO_DOWN + "Caro draw 4d\nCaro discard 9h\n"
PEGUE_DEALS = deals(BETO_DOWN_DEALS, {"Caro": "9h"})


def test_missed_call_fires():
    text = log(
        PEGUE + "Ana draw 6d\nAna discard 6d\nBeto draw 2d\nBeto call Caro", deals=PEGUE_DEALS
    )
    result = check(
        text,
        [
            renuncia("discard-pegue", "Caro", line_of(text, "Caro discard 9h")),
            renuncia("missed-call", "Ana", line_of(text, "Ana discard 6d")),
        ],
    )
    missed = next(f for f in result.findings if f.rule == "missed-call")
    assert missed.ref_line == line_of(text, "Caro discard 9h")
    assert out(result) == ["Caro", "Ana"]
    assert result.winner == "Beto"


def test_missed_call_legal_neighbour_called_before_the_turn_ends():
    text = log(PEGUE + "Ana draw 6d\nAna call Caro\nAna discard 6d", deals=PEGUE_DEALS)
    result = check(text, [renuncia("discard-pegue", "Caro", line_of(text, "Caro discard 9h"))])
    assert out(result) == ["Caro"]
    assert not result.finished


def test_unfounded_call_fires():
    text = log("Ana discard 2c\nBeto draw 3d\nCaro call Beto\nBeto discard 3d", deals={"Ana": "2c"})
    result = clean(text)
    assert notices(result) == [notice("unfounded-call", "Caro", line_of(text, "Caro call Beto"))]
    assert out(result) == []


def test_unfounded_call_legal_neighbour_upheld():
    text = log(PEGUE + "Ana call Caro", deals=PEGUE_DEALS)
    result = audit(text)
    assert notices(result) == []
    assert out(result) == ["Caro"]


def test_amnesty_fires_at_the_offenders_next_draw():
    text = log(
        PEGUE + ANA_PASSES + "Beto draw 2d\nBeto discard 2d\nCaro draw Ad\nCaro discard Ad",
        deals=PEGUE_DEALS,
    )
    result = check(text, [renuncia("discard-pegue", "Caro", line_of(text, "Caro discard 9h"))])
    assert notices(result) == [notice("amnesty", "Caro", line_of(text, "Caro draw Ad"))]
    assert out(result) == []


def test_amnesty_legal_neighbour_called_in_time():
    text = log(PEGUE + "Ana draw 6d\nAna call Caro\nAna discard 6d", deals=PEGUE_DEALS)
    result = audit(text)
    assert [n for n in notices(result) if n[1] == "amnesty"] == []


def test_void_call_fires_after_amnesty():
    text = log(
        PEGUE + ANA_PASSES + "Beto draw 2d\nBeto discard 2d\nCaro draw Ad\n"
        "Ana call Caro\nCaro discard Ad",
        deals=PEGUE_DEALS,
    )
    result = check(text, [renuncia("discard-pegue", "Caro", line_of(text, "Caro discard 9h"))])
    assert notices(result) == [
        notice("amnesty", "Caro", line_of(text, "Caro draw Ad")),
        notice("void-call", "Ana", line_of(text, "Ana call Caro")),
    ]
    assert out(result) == []


def test_void_call_legal_neighbour_call_before_the_offenders_draw():
    text = log(
        PEGUE + ANA_PASSES + "Beto draw 2d\nBeto discard 2d\nAna call Caro\nCaro draw Ad",
        deals=PEGUE_DEALS,
    )
    result = audit(text)
    assert notices(result) == []
    assert out(result)[0] == "Caro"


# -------------------------------------------------------------------------------------------------
# §9 log errors
# -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "play",
    ["Beto discard 9s", "Beto meld 9s 10s Js Qs Ks As", "Beto meld 10s Js Qs Ks As 9s"],
)
def test_not_in_hand_fires_and_the_event_is_skipped(play):
    # Beto holds 10s Js Qs Ks As but no 9s; the play is skipped, his turn goes on.
    text = log(
        f"Ana discard 2c\nBeto draw 3d\n{play}\nBeto discard 3d\nCaro draw 4d",
        deals={"Ana": "2c", "Beto": "10s Js Qs Ks As"},
    )
    result = check(text, [log_error("not-in-hand", "Beto", line_of(text, play))])
    assert result.hands["Beto"] == 14


def test_not_in_hand_on_a_layoff():
    text = log(BETO_SECOND_TURN.format(body="Beto layoff 4h on 2\n"), deals=BOTH_DOWN_DEALS)
    check(text, [log_error("not-in-hand", "Beto", line_of(text, "Beto layoff 4h on 2"))])


def test_not_in_hand_legal_neighbour():
    clean(log("Ana discard 2c\nBeto draw 3d\nBeto discard 9s", deals={"Ana": "2c", "Beto": "9s"}))


def test_card_supply_fires_on_a_deal():
    text = log("Ana discard 2c", deals={"Ana": "2c 5h 5h", "Caro": "5h"})
    check(text, [log_error("card-supply", "Caro", line_of(text, "deal Caro: ..."))])


def test_card_supply_fires_on_a_fifth_joker():
    text = log("Ana discard 2c", deals={"Ana": "2c JK JK JK", "Beto": "JK", "Caro": "JK"})
    check(text, [log_error("card-supply", "Caro", line_of(text, "deal Caro: ..."))])


def test_card_supply_fires_on_a_draw_and_the_draw_is_skipped():
    text = log(
        "Ana discard 2c\nBeto draw 5h\nBeto draw 3d\nBeto discard 3d", deals={"Ana": "2c 5h 5h"}
    )
    check(text, [log_error("card-supply", "Beto", line_of(text, "Beto draw 5h"))])


def test_card_supply_with_one_deck():
    text = log("Ana discard 2c", deals={"Ana": "2c 5h", "Caro": "5h"}, decks=1, tags={"Decks": "1"})
    check(text, [log_error("card-supply", "Caro", line_of(text, "deal Caro: ..."))])


def test_card_supply_legal_neighbour_two_copies():
    clean(
        log(
            "Ana discard 2c\nBeto draw 3d\nBeto discard 3d",
            deals={"Ana": "2c 5h JK JK", "Caro": "5h JK JK"},
        )
    )


def test_take_mismatch_fires_and_the_take_is_skipped():
    text = log("Ana discard 2c\nBeto take 3c\nBeto draw 3d\nBeto discard 3d", deals={"Ana": "2c"})
    check(text, [log_error("take-mismatch", "Beto", line_of(text, "Beto take 3c"))])


def test_take_mismatch_on_an_empty_pile():
    text = log("Beto take 3c\nAna discard 2c", deals={"Ana": "2c"})
    result = audit(text)
    assert log_error("take-mismatch", "Beto", line_of(text, "Beto take 3c")) in problems(result)


def test_take_mismatch_legal_neighbour():
    # the same take, of the real top card, melded at once
    text = log(
        "Ana discard 2c\nBeto take 2c\nBeto meld 2c 3c 4c 5c\nBeto meld Kh Kc Kd\n"
        "Beto meld Qh Qc Qd\nBeto discard 3d",
        deals={"Ana": "2c", "Beto": "3c 4c 5c Kh Kc Kd Qh Qc Qd 3d"},
    )
    clean(text)


def test_stock_mismatch_fires_and_the_draw_is_skipped():
    text = log(
        "Ana discard 2c\nBeto draw 4d\nBeto draw 3d\nBeto discard 3d",
        deals={"Ana": "2c"},
        stock="3d 4d 5d",
    )
    check(text, [log_error("stock-mismatch", "Beto", line_of(text, "Beto draw 4d"))])


def test_stock_mismatch_legal_neighbour():
    clean(
        log(
            "Ana discard 2c\nBeto draw 3d\nBeto discard 3d\nCaro draw\nCaro discard 4d",
            deals={"Ana": "2c"},
            stock="3d 4d 5d",
        )
    )


def test_deal_size_fires():
    text = log("Ana discard 2c", deals={"Ana": "2c"})
    lines = text.splitlines()
    n = line_of(text, "deal Ana: ...")
    lines[n - 1] = lines[n - 1].rsplit(" ", 1)[0]  # 14 cards for the starter
    text = "\n".join(lines) + "\n"
    check(text, [log_error("deal-size", "Ana", n)])


def test_deal_size_fires_for_15_cards_to_a_non_starter():
    text = log("Ana discard 2c", deals={"Ana": "2c"})
    lines = text.splitlines()
    n = line_of(text, "deal Beto: ...")
    lines[n - 1] += " 3d"
    text = "\n".join(lines) + "\n"
    check(text, [log_error("deal-size", "Beto", n)])


def test_deal_size_legal_neighbour():
    result = clean(log("Ana discard 2c", deals={"Ana": "2c"}))
    assert result.hands == {"Ana": 14, "Beto": 14, "Caro": 14}


@pytest.mark.parametrize(
    "event, name",
    [
        ("Zoe draw 3d", "Zoe"),
        ("Caro call Zoe", "Zoe"),
        ("Zoe call Beto", "Zoe"),
        ("ana draw 3d", "ana"),
    ],
)
def test_unknown_player_fires(event, name):
    text = log(f"Ana discard 2c\n{event}\nBeto draw 3d\nBeto discard 3d", deals={"Ana": "2c"})
    check(text, [log_error("unknown-player", name, line_of(text, event))])


def test_unknown_player_in_a_deal():
    text = log("Ana discard 2c", deals={"Ana": "2c", "Zoe": "3d 4d"})
    check(text, [log_error("unknown-player", "Zoe", line_of(text, "deal Zoe: 3d 4d"))])


def test_unknown_player_legal_neighbour():
    clean(log("Ana discard 2c\nBeto draw 3d\nBeto discard 3d", deals={"Ana": "2c"}))


def test_player_out_fires():
    text = log(
        PEGUE + "Ana call Caro\nAna draw 6d\nAna discard 6d\nCaro draw 5d", deals=PEGUE_DEALS
    )
    check(
        text,
        [
            renuncia("discard-pegue", "Caro", line_of(text, "Caro discard 9h")),
            log_error("player-out", "Caro", line_of(text, "Caro draw 5d")),
        ],
    )


def test_player_out_fires_on_a_call_by_a_player_out():
    text = log(
        PEGUE + "Ana call Caro\nAna draw 6d\nCaro call Ana\nAna discard 6d", deals=PEGUE_DEALS
    )
    check(
        text,
        [
            renuncia("discard-pegue", "Caro", line_of(text, "Caro discard 9h")),
            log_error("player-out", "Caro", line_of(text, "Caro call Ana")),
        ],
    )


def test_player_out_legal_neighbour_turns_skip_them():
    text = log(
        PEGUE + "Ana call Caro\nAna draw 6d\nAna discard 6d\nBeto draw 5d\nBeto discard 5d"
        "\nAna draw 6s\nAna discard 6s",
        deals=PEGUE_DEALS,
    )
    check(text, [renuncia("discard-pegue", "Caro", line_of(text, "Caro discard 9h"))])


@pytest.mark.parametrize("number", [5, 0, 99])
def test_no_such_meld_fires(number):
    text = log(
        BETO_SECOND_TURN.format(body=f"Beto layoff 9h on {number}\nBeto layoff 9h on 2\n"),
        deals=deals(BOTH_DOWN_DEALS, {"Beto": "9h"}),
    )
    check(text, [log_error("no-such-meld", "Beto", line_of(text, f"Beto layoff 9h on {number}"))])


def test_no_such_meld_legal_neighbour():
    clean(
        log(
            BETO_SECOND_TURN.format(body="Beto layoff 9h on 2\n"),
            deals=deals(BOTH_DOWN_DEALS, {"Beto": "9h"}),
        )
    )


def test_after_end_fires():
    text = first_turn_win("Caro draw 4d\nCaro discard 4d\n")
    result = check(
        text,
        [
            log_error("after-end", "Caro", line_of(text, "Caro draw 4d")),
            log_error("after-end", "Caro", line_of(text, "Caro discard 4d")),
        ],
    )
    assert result.winner == "Beto"


def test_after_end_fires_on_a_call():
    text = first_turn_win("Caro call Beto\n")
    check(text, [log_error("after-end", "Caro", line_of(text, "Caro call Beto"))])


def test_after_end_legal_neighbour():
    clean(first_turn_win())


def test_stock_empty_fires():
    # One deck, no jokers, four hidden hands of 15+14+14+14 = 57 > 52: no stock at all,
    # and the discard pile holds a single card.
    text = log(
        "Ana discard 2c\nBeto draw",
        players=PLAYERS4,
        hidden=PLAYERS4,
        tags={"Decks": "1", "Jokers": "0"},
    )
    check(text, [log_error("stock-empty", "Beto", line_of(text, "Beto draw"))])


def test_stock_empty_legal_neighbour_two_decks():
    clean(log("Ana discard 2c\nBeto draw\nBeto discard 3c", players=PLAYERS4, hidden=PLAYERS4))


def test_result_mismatch_fires():
    text = first_turn_win(tags={"Result": "Caro"})
    result = check(text, [log_error("result-mismatch", None, line_of(text, '[Result "Caro"]'))])
    assert result.result_claimed == "Caro"
    assert result.winner == "Beto"


@pytest.mark.parametrize("claimed", ["Beto", "*"])
def test_result_mismatch_legal_neighbour(claimed):
    result = clean(first_turn_win(tags={"Result": claimed}))
    assert result.result_claimed == claimed


def test_result_mismatch_not_for_an_unfinished_game():
    clean(log("Ana discard 2c", deals={"Ana": "2c"}, tags={"Result": "Caro"}))


# -------------------------------------------------------------------------------------------------
# house rules of §7/§8 (more in test_calls)
# -------------------------------------------------------------------------------------------------


def test_calls_required_off_eliminates_at_once():
    text = log(
        PEGUE + "Ana draw 6d\nAna discard 6d\nBeto draw 2d\nBeto discard 2d",
        deals=PEGUE_DEALS,
        tags={"CallsRequired": "no"},
    )
    result = check(text, [renuncia("discard-pegue", "Caro", line_of(text, "Caro discard 9h"))])
    assert [(e.player, e.line, e.rule) for e in result.eliminated] == [
        ("Caro", line_of(text, "Caro discard 9h"), "discard-pegue")
    ]


def test_missed_call_cascade_off():
    text = log(
        PEGUE + "Ana draw 6d\nAna discard 6d\nBeto draw 2d\nBeto call Caro",
        deals=PEGUE_DEALS,
        tags={"MissedCallCascade": "no"},
    )
    result = check(text, [renuncia("discard-pegue", "Caro", line_of(text, "Caro discard 9h"))])
    assert out(result) == ["Caro"]


@pytest.mark.parametrize(
    "tags, caro, ana",
    [
        ({"Stake": "100"}, 1400, 1400),
        ({"Stake": "100", "PenaltyCards": "20"}, 2000, 2000),
        ({"Stake": "100", "RenunciaPays": "hand"}, 700, 1400),
        ({"Stake": "10", "RenunciaPays": "hand"}, 70, 140),
    ],
)
def test_what_an_eliminated_player_pays(tags, caro, ana):
    # Caro, down with 7 melded cards, throws a pegue with 7 cards in hand; Ana lets
    # it pass (14 in hand); Beto calls and is the last player left.
    text = log(
        BOTH_DOWN + "Beto draw 2d\nBeto discard 2d\nCaro draw Ad\nCaro discard 9h\n"
        "Ana draw 6s\nAna discard 6s\nBeto draw 2s\nBeto call Caro",
        deals=deals(BOTH_DOWN_DEALS, {"Caro": "9h"}),
        tags=tags,
    )
    result = check(
        text,
        [
            renuncia("discard-pegue", "Caro", line_of(text, "Caro discard 9h")),
            renuncia("missed-call", "Ana", line_of(text, "Ana discard 6s")),
        ],
    )
    assert result.winner == "Beto"
    assert result.hands["Caro"] == 7 and result.hands["Ana"] == 14
    assert {(p.payer, p.payee, p.amount) for p in result.settlement} == {
        ("Caro", "Beto", caro),
        ("Ana", "Beto", ana),
    }


# -------------------------------------------------------------------------------------------------
# every rule id of RULES.md §6, §9 and the §7 notices has a firing test and a legal neighbour
# -------------------------------------------------------------------------------------------------

COVERAGE = {
    # rule id: (tests that make it fire, tests of its legal neighbour)
    "out-of-turn": ("test_out_of_turn_fires", "test_out_of_turn_legal_neighbour_early_draw"),
    "early-draw": (
        "test_early_draw_fires_with_earlydraw_off",
        "test_early_draw_legal_neighbour_draws_after_the_discard",
    ),
    "play-before-draw": ("test_play_before_draw_fires", "test_play_before_draw_legal_neighbour"),
    "extra-draw": ("test_extra_draw_fires", "test_extra_draw_legal_neighbour"),
    "meld-invalid": ("test_meld_shape_fires", "test_meld_shape_legal_neighbour"),
    "set-repeated-suit": ("test_meld_shape_fires", "test_meld_shape_legal_neighbour"),
    "set-colors": ("test_meld_shape_fires", "test_meld_shape_legal_neighbour"),
    "run-too-short": ("test_meld_shape_fires", "test_meld_shape_legal_neighbour"),
    "run-not-ordered": ("test_meld_shape_fires", "test_meld_shape_legal_neighbour"),
    "joker-limit": ("test_meld_shape_fires", "test_meld_shape_legal_neighbour"),
    "bajada-below-minimum": (
        "test_bajada_below_minimum_fires_at_the_first_meld",
        "test_bajada_below_minimum_legal_neighbour_exactly_51",
    ),
    "bajada-not-above-previous": (
        "test_bajada_not_above_previous_fires_on_equal",
        "test_bajada_not_above_previous_legal_neighbour_one_more",
    ),
    "bajada-first-turn": (
        "test_bajada_first_turn_fires",
        "test_bajada_first_turn_legal_neighbour_second_turn",
    ),
    "take-not-melded": (
        "test_take_not_melded_fires_when_kept",
        "test_take_legal_neighbour_melded_in_the_first_meld",
    ),
    "take-not-first": ("test_take_not_first_fires", "test_take_not_first_legal_neighbour"),
    "layoff-before-down": (
        "test_layoff_before_down_fires",
        "test_layoff_before_down_legal_neighbour_down_in_this_turn",
    ),
    "layoff-mismatch": ("test_layoff_mismatch_fires", "test_layoff_legal_neighbour"),
    "layoff-same-turn": (
        "test_layoff_same_turn_fires",
        "test_layoff_same_turn_legal_neighbour_next_turn",
    ),
    "meld-after-layoff": (
        "test_meld_after_layoff_fires",
        "test_meld_after_layoff_legal_neighbour_meld_first",
    ),
    "discard-pegue": ("test_discard_pegue_fires", "test_discard_pegue_legal_neighbour"),
    "no-final-discard": (
        "test_no_final_discard_fires",
        "test_no_final_discard_legal_neighbour_keeps_a_card",
    ),
    "missed-call": (
        "test_missed_call_fires",
        "test_missed_call_legal_neighbour_called_before_the_turn_ends",
    ),
    "not-in-hand": (
        "test_not_in_hand_fires_and_the_event_is_skipped",
        "test_not_in_hand_legal_neighbour",
    ),
    "card-supply": (
        "test_card_supply_fires_on_a_deal",
        "test_card_supply_legal_neighbour_two_copies",
    ),
    "take-mismatch": (
        "test_take_mismatch_fires_and_the_take_is_skipped",
        "test_take_mismatch_legal_neighbour",
    ),
    "stock-mismatch": (
        "test_stock_mismatch_fires_and_the_draw_is_skipped",
        "test_stock_mismatch_legal_neighbour",
    ),
    "deal-size": ("test_deal_size_fires", "test_deal_size_legal_neighbour"),
    "unknown-player": ("test_unknown_player_fires", "test_unknown_player_legal_neighbour"),
    "player-out": ("test_player_out_fires", "test_player_out_legal_neighbour_turns_skip_them"),
    "no-such-meld": ("test_no_such_meld_fires", "test_no_such_meld_legal_neighbour"),
    "after-end": ("test_after_end_fires", "test_after_end_legal_neighbour"),
    "stock-empty": ("test_stock_empty_fires", "test_stock_empty_legal_neighbour_two_decks"),
    "result-mismatch": ("test_result_mismatch_fires", "test_result_mismatch_legal_neighbour"),
    "unfounded-call": ("test_unfounded_call_fires", "test_unfounded_call_legal_neighbour_upheld"),
    "amnesty": (
        "test_amnesty_fires_at_the_offenders_next_draw",
        "test_amnesty_legal_neighbour_called_in_time",
    ),
    "void-call": (
        "test_void_call_fires_after_amnesty",
        "test_void_call_legal_neighbour_call_before_the_offenders_draw",
    ),
}


def spec_rule_ids() -> set[str]:
    text = Path(SPEC).read_text(encoding="utf-8")
    ids: set[str] = set()
    for section in ("## 6.", "## 9."):
        body = text.split(section, 1)[1].split("\n## ", 1)[0]
        ids |= set(re.findall(r"^\| `([a-z-]+)` \|", body, flags=re.M))
    notices_line = re.search(r"Notices \(kind `notice`.*", text)
    assert notices_line is not None
    ids |= set(re.findall(r"`([a-z-]+)`", notices_line.group(0))) - {"notice"}
    return ids


@pytest.mark.skipif(not os.path.exists(SPEC), reason="RULES.md not available")
def test_every_rule_id_of_the_spec_is_covered():
    ids = spec_rule_ids()
    assert len(ids) >= 30
    assert ids == set(COVERAGE), ids ^ set(COVERAGE)


@pytest.mark.parametrize("rule", sorted(COVERAGE))
def test_coverage_tests_exist(rule):
    for name in COVERAGE[rule]:
        assert callable(globals().get(name)), name


# -------------------------------------------------------------------------------------------------
# Rummy argentino: read, not yet judged
# -------------------------------------------------------------------------------------------------


def test_rummy_argentino_is_judged_by_its_own_rules():
    # Before: "unsupported-ruleset", reported clean. Now Ana has no 7h to discard.
    text = '[Game "rummy-argentino"]\n[Players "Ana Beto"]\n\nAna draw\nAna discard 7h\n'
    result = audit(text)
    assert notices(result) == [] and result.extras.match is not None
    assert not result.finished and result.winner is None


def test_a_game_of_51_is_judged():
    result = audit('[Game "51"]\n[Players "Ana Beto"]\n\nAna discard 7h\n')
    assert "unsupported-ruleset" not in rules_of(result)
