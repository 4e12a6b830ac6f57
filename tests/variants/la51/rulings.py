"""What the tests of 51's rule families share: small logs where players go down, and
``check``/``clean``, which audit a log and compare its renuncias and log errors.

The tests are one file per family of rulings, as the game's package is
(``referee/variants/la51/``): ``test_turns.py``, ``test_shapes.py``, ``test_bajada.py``,
``test_taking.py``, ``test_layoffs.py``, ``test_discards.py``, ``test_notices.py``,
``test_log_errors.py``, ``test_house_rules.py``; ``test_coverage.py`` holds each rule
id of RULES.md to a test that makes it fire and one of its legal neighbour.
"""

from __future__ import annotations

from tests.variants.la51 import audit, explain, log, problems


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

BETO_SECOND_TURN = BOTH_DOWN + "Beto draw 2d\n{body}Beto discard 2d\n"

# Caro's discard-pegue, then Ana's turn.
PEGUE = BETO_DOWN + "Caro draw 4d\nCaro discard 9h\n"
PEGUE_DEALS = deals(BETO_DOWN_DEALS, {"Caro": "9h"})


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


def layoffs_count_log(tags):
    """Caro goes down with 44 points in melds and 19 laid off on Beto's (63 in all)."""
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
