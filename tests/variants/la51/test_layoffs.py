"""Laying off (RULES.md §6): ``layoff-before-down``, ``layoff-mismatch``,
``layoff-same-turn``, ``meld-after-layoff``.

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
    BETO_SECOND_TURN,
    BOTH_DOWN,
    BOTH_DOWN_DEALS,
    CARO_DOWN_DEALS,
    check,
    clean,
    deals,
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


