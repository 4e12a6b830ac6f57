"""Ending a turn (RULES.md §6): ``discard-pegue``, ``no-final-discard``.

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
    ANA_PASSES,
    BETO_DOWN,
    BETO_DOWN_DEALS,
    CARO_DOWN_DEALS,
    check,
    clean,
    deals,
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


