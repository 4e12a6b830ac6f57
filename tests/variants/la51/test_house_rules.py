"""The house rules of calls and payment (RULES.md §7, §8; more in test_calls.py);
and which games are judged.

For each id: a log that makes it fire (kind, rule, player and line, and no other
renuncia or log error) and its legal neighbour, the closest legal play, which
produces no finding. House-rule knobs are set with tags, as a log would.
"""

from __future__ import annotations

import pytest

from tests.variants.la51 import (
    audit,
    line_of,
    log,
    notices,
    out,
    renuncia,
    rules_of,
)
from tests.variants.la51.rulings import (
    BOTH_DOWN,
    BOTH_DOWN_DEALS,
    PEGUE,
    PEGUE_DEALS,
    check,
    deals,
)

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
# which games are judged
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
