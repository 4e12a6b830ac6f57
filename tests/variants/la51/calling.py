"""What the tests of calls share (test_calls.py, test_leaving.py, test_settlement.py):
a four-player opening where Caro's discard is a pegue, and readers of the result."""

from __future__ import annotations

from tests.variants.la51 import (
    PLAYERS4,
    line_of,
    log,
    renuncia,
)

# Four players. Beto goes down (meld 1 Kh Kc Kd, meld 2 5h..8h); Caro then throws
# 9h, which extends meld 2: a discard-pegue, her renuncia.
OPENING = """
Ana discard 2c
Beto draw 3d
Beto meld Kh Kc Kd
Beto meld 5h 6h 7h 8h
Beto discard 3d
Caro draw 4d
Caro discard 9h
"""
DEALS = {"Ana": "2c", "Beto": "Kh Kc Kd 5h 6h 7h 8h", "Caro": "9h"}


def game4(events: str, tags=None, extra_deals=None) -> str:
    d = dict(DEALS)
    for k, v in (extra_deals or {}).items():
        d[k] = (d.get(k, "") + " " + v).strip()
    return log(OPENING + events, deals=d, players=PLAYERS4, tags=tags)


def eliminations(result):
    return [(e.player, e.line, e.rule) for e in result.eliminated]


def pegue(text: str):
    return renuncia("discard-pegue", "Caro", line_of(text, "Caro discard 9h"))


def missed(text: str, player: str, at: str):
    return renuncia("missed-call", player, line_of(text, at))
