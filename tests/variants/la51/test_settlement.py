"""Settlement (RULES.md §8): who pays whom when a game of 51 ends, and the Result tag
after a cascade or a win by discard."""

from __future__ import annotations

import pytest

from tests.variants.la51 import (
    audit,
    explain,
    line_of,
    log,
    log_error,
    problems,
    renuncia,
)
from tests.variants.la51.calling import game4

# -- settlement -----------------------------------------------------------------------------------

# Beto lays a faulty meld (12 cards left in hand) and Caro calls him at once; Caro
# then goes down with 14 cards and wins with her discard. Ana is still in with 14.
SETTLE = """
Ana discard 2c
Beto draw 3d
Beto meld 9c 9s 9h
Caro call Beto
Caro draw 4d
Caro meld Kh Kc Kd Ks
Caro meld 5h 6h 7h 8h
Caro meld Qh Qc Qd
Caro meld Jh Jc Jd
Caro discard 4d
"""
SETTLE_DEALS = {
    "Ana": "2c",
    "Beto": "9c 9s 9h",
    "Caro": "Kh Kc Kd Ks 5h 6h 7h 8h Qh Qc Qd Jh Jc Jd",
}


@pytest.mark.parametrize(
    "tags, expected",
    [
        ({}, set()),
        ({"Stake": "0"}, set()),
        ({"Stake": "100"}, {("Ana", "Caro", 14, 1400), ("Beto", "Caro", 14, 1400)}),
        (
            {"Stake": "100", "PenaltyCards": "10"},
            {("Ana", "Caro", 14, 1400), ("Beto", "Caro", 10, 1000)},
        ),
        (
            {"Stake": "100", "RenunciaPays": "hand"},
            {("Ana", "Caro", 14, 1400), ("Beto", "Caro", 12, 1200)},
        ),
        (
            {"Stake": "3", "RenunciaPays": "max", "PenaltyCards": "20"},
            {("Ana", "Caro", 14, 42), ("Beto", "Caro", 20, 60)},
        ),
    ],
)
def test_settlement(tags, expected):
    text = log(SETTLE, deals=SETTLE_DEALS, tags=tags)
    result = audit(text)
    assert problems(result) == [
        renuncia("set-colors", "Beto", line_of(text, "Beto meld 9c 9s 9h"))
    ], explain(text, result)
    assert result.finished and result.winner == "Caro"
    assert result.hands == {"Ana": 14, "Beto": 12, "Caro": 0}
    assert {(p.payer, p.payee, p.cards, p.amount) for p in result.settlement} == expected


def test_settlement_overrides_from_the_caller():
    text = log(SETTLE, deals=SETTLE_DEALS, tags={"Stake": "100"})
    result = audit(text, overrides={"RenunciaPays": "hand", "Stake": "2"})
    assert {(p.payer, p.amount) for p in result.settlement} == {("Ana", 28), ("Beto", 24)}


def test_settlement_only_when_finished():
    text = log(SETTLE.replace("Caro discard 4d\n", ""), deals=SETTLE_DEALS, tags={"Stake": "100"})
    result = audit(text)
    assert not result.finished and result.settlement == []


def test_result_mismatch_after_a_cascade():
    text = game4(
        "Dani draw 5d\nDani discard 5d\nAna draw 6d\nAna discard 6d\nBeto draw 2d\nBeto call Caro",
        tags={"Result": "Dani"},
    )
    result = audit(text)
    assert result.winner == "Beto" and result.result_claimed == "Dani"
    assert log_error("result-mismatch", None, line_of(text, '[Result "Dani"]')) in problems(result)


def test_result_matches_after_a_win_by_discard():
    text = log(SETTLE, deals=SETTLE_DEALS, tags={"Result": "Caro"})
    result = audit(text)
    assert [p for p in problems(result) if p[1] == "result-mismatch"] == []
    text = log(SETTLE, deals=SETTLE_DEALS, tags={"Result": "Ana"})
    result = audit(text)
    tag = line_of(text, '[Result "Ana"]')
    assert problems(result)[0] == log_error("result-mismatch", None, tag)
