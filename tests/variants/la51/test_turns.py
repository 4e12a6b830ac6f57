"""Whose turn it is (RULES.md §6): ``out-of-turn``, ``early-draw``, ``play-before-draw``,
``extra-draw``.

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
    BOTH_DOWN,
    BOTH_DOWN_DEALS,
    check,
    clean,
    deals,
)

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


