"""A meld's shape (RULES.md §6): ``meld-invalid``, ``set-repeated-suit``, ``set-colors``,
``run-too-short``, ``run-not-ordered``, ``joker-limit``.

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
    check,
    clean,
    deals,
)

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


