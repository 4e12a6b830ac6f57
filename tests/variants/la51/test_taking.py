"""Taking the discard (RULES.md §6): ``take-not-melded``, ``take-not-first``.

For each id: a log that makes it fire (kind, rule, player and line, and no other
renuncia or log error) and its legal neighbour, the closest legal play, which
produces no finding. House-rule knobs are set with tags, as a log would.
"""

from __future__ import annotations

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
)

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


