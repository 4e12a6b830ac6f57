"""Calls (RULES.md §7): ``missed-call`` and the notices ``unfounded-call``, ``amnesty``,
``void-call``.

For each id: a log that makes it fire (kind, rule, player and line, and no other
renuncia or log error) and its legal neighbour, the closest legal play, which
produces no finding. House-rule knobs are set with tags, as a log would.
"""

from __future__ import annotations

from tests.variants.la51 import (
    audit,
    line_of,
    log,
    notice,
    notices,
    out,
    renuncia,
)
from tests.variants.la51.rulings import (
    ANA_PASSES,
    PEGUE,
    PEGUE_DEALS,
    check,
    clean,
)

# -------------------------------------------------------------------------------------------------
# §7 missed-call and the notices
# -------------------------------------------------------------------------------------------------

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


