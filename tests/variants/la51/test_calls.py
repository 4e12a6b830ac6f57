"""Calls (RULES.md §7): the missed-call cascade, unfounded calls, amnesty and void calls.
Leaving the game is in test_leaving.py, settlement in test_settlement.py."""

from __future__ import annotations

from tests.variants.la51 import (
    audit,
    calls,
    explain,
    line_of,
    log_error,
    notice,
    notices,
    out,
    problems,
    renuncia,
)
from tests.variants.la51.calling import eliminations, game4, missed, pegue

# -- the cascade ----------------------------------------------------------------------------------


def test_cascade_with_no_missed_player():
    # Dani calls at once: nobody's turn ended in between.
    text = game4(
        "Dani call Caro\nDani draw 5d\nDani discard 5d\nAna draw 6d\nAna discard 6d\n"
        "Beto draw 2d\nBeto discard 2d\nDani draw 6s"
    )
    result = audit(text)
    call = line_of(text, "Dani call Caro")
    assert problems(result) == [pegue(text)], explain(text, result)
    assert eliminations(result) == [("Caro", call, "discard-pegue")]
    assert calls(result) == [(call, "Dani", "Caro", "upheld")]
    assert not result.finished and result.winner is None


def test_cascade_with_one_missed_player():
    # Dani's turn ends after the renuncia; Ana calls during her own turn. Beto has
    # not had a turn since and plays on, as does Ana, the caller.
    text = game4(
        "Dani draw 5d\nDani discard 5d\nAna draw 6d\nAna call Caro\nAna discard 6d\n"
        "Beto draw 2d\nBeto discard 2d\nAna draw 6s\nAna discard 6s"
    )
    result = audit(text)
    call = line_of(text, "Ana call Caro")
    assert problems(result) == [pegue(text), missed(text, "Dani", "Dani discard 5d")], explain(
        text, result
    )
    assert eliminations(result) == [("Caro", call, "discard-pegue"), ("Dani", call, "missed-call")]
    assert calls(result) == [(call, "Ana", "Caro", "upheld")]
    assert not result.finished


def test_cascade_with_two_missed_players_in_line_order():
    # Dani's turn ends, then Ana's; Beto calls. Eliminated: Caro, then the missed
    # players in line order (Dani before Ana, unlike seat order). Beto is left.
    text = game4(
        "Dani draw 5d\nDani discard 5d\nAna draw 6d\nAna discard 6d\nBeto draw 2d\nBeto call Caro",
        tags={"Stake": "100"},
    )
    result = audit(text)
    call = line_of(text, "Beto call Caro")
    assert problems(result) == [
        pegue(text),
        missed(text, "Dani", "Dani discard 5d"),
        missed(text, "Ana", "Ana discard 6d"),
    ], explain(text, result)
    assert eliminations(result) == [
        ("Caro", call, "discard-pegue"),
        ("Dani", call, "missed-call"),
        ("Ana", call, "missed-call"),
    ]
    for f in result.findings:
        if f.rule == "missed-call":
            assert f.ref_line == line_of(text, "Caro discard 9h")
    assert result.finished and result.winner == "Beto"
    assert {(p.payer, p.payee, p.cards, p.amount) for p in result.settlement} == {
        ("Caro", "Beto", 14, 1400),
        ("Dani", "Beto", 14, 1400),
        ("Ana", "Beto", 14, 1400),
    }


def test_missed_call_cascade_off_spares_the_missed_players():
    text = game4(
        "Dani draw 5d\nDani discard 5d\nAna draw 6d\nAna discard 6d\n"
        "Beto draw 2d\nBeto call Caro\nBeto discard 2d\nDani draw 5s",
        tags={"MissedCallCascade": "no"},
    )
    result = audit(text)
    assert problems(result) == [pegue(text)], explain(text, result)
    assert out(result) == ["Caro"]
    assert not result.finished


def test_the_caller_is_never_eliminated():
    # Ana's turn ends after Caro's renuncia, then Dani's... Ana calls only after
    # Beto's turn: she let it pass too, but she is the caller.
    text = game4(
        "Dani draw 5d\nDani discard 5d\nAna draw 6d\nAna discard 6d\n"
        "Beto draw 2d\nBeto discard 2d\nAna call Caro"
    )
    result = audit(text)
    assert problems(result) == [
        pegue(text),
        missed(text, "Dani", "Dani discard 5d"),
        missed(text, "Beto", "Beto discard 2d"),
    ], explain(text, result)
    assert out(result) == ["Caro", "Dani", "Beto"]
    assert result.winner == "Ana"


def test_the_caller_with_an_open_renuncia_of_their_own_plays_on():
    # Dani throws a pegue too (4h on meld 2) and then calls Caro before anyone's turn
    # ended: Caro is out, Dani is not.
    text = game4(
        "Dani draw 5d\nDani discard 4h\nDani call Caro\nAna draw 6d\nAna discard 6d",
        extra_deals={"Dani": "4h"},
    )
    result = audit(text)
    assert problems(result) == [
        pegue(text),
        renuncia("discard-pegue", "Dani", line_of(text, "Dani discard 4h")),
    ]
    assert out(result) == ["Caro"]


def test_unfounded_call_on_a_player_with_no_renuncia():
    text = game4("Dani call Beto\nDani draw 5d\nDani discard 5d")
    result = audit(text)
    call = line_of(text, "Dani call Beto")
    assert problems(result) == [pegue(text)]
    assert notices(result) == [notice("unfounded-call", "Dani", call)]
    assert calls(result) == [(call, "Dani", "Beto", "unfounded")]
    assert out(result) == []


def test_unfounded_call_on_a_player_already_out():
    text = game4("Dani call Caro\nDani draw 5d\nAna call Caro\nDani discard 5d")
    result = audit(text)
    first, second = line_of(text, "Dani call Caro"), line_of(text, "Ana call Caro")
    assert problems(result) == [pegue(text)]
    assert notices(result) == [notice("unfounded-call", "Ana", second)]
    assert calls(result) == [
        (first, "Dani", "Caro", "upheld"),
        (second, "Ana", "Caro", "unfounded"),
    ]
    assert out(result) == ["Caro"]


# -- amnesty and void calls -----------------------------------------------------------------------

ROUND = (
    "Dani draw 5d\nDani discard 5d\nAna draw 6d\nAna discard 6d\nBeto draw 2d\nBeto discard 2d\n"
)


def test_amnesty_at_the_offenders_next_draw_then_a_void_call():
    text = game4(ROUND + "Caro draw Ad\nDani call Caro\nCaro discard Ad\nDani draw 5s")
    result = audit(text)
    call = line_of(text, "Dani call Caro")
    assert problems(result) == [pegue(text)], explain(text, result)
    assert notices(result) == [
        notice("amnesty", "Caro", line_of(text, "Caro draw Ad")),
        notice("void-call", "Dani", call),
    ]
    amnesty = next(f for f in result.findings if f.rule == "amnesty")
    assert amnesty.ref_line == line_of(text, "Caro discard 9h")
    assert calls(result) == [(call, "Dani", "Caro", "void")]
    assert out(result) == []
    assert not result.finished


def test_amnesty_at_the_offenders_early_draw():
    # Caro draws early (legal) while Beto plays: her turn has started.
    text = game4(
        "Dani draw 5d\nDani discard 5d\nAna draw 6d\nAna discard 6d\nBeto draw 2d\n"
        "Caro draw Ad\nAna call Caro\nBeto discard 2d\nCaro discard Ad"
    )
    result = audit(text)
    assert problems(result) == [pegue(text)], explain(text, result)
    assert notices(result) == [
        notice("amnesty", "Caro", line_of(text, "Caro draw Ad")),
        notice("void-call", "Ana", line_of(text, "Ana call Caro")),
    ]
    assert out(result) == []


def test_amnesty_at_the_offenders_take():
    # Beto throws Qs; Caro takes it to go down with Qh Qs Qd first: her turn starts.
    text = game4(
        "Dani draw 5d\nDani discard 5d\nAna draw 6d\nAna discard 6d\nBeto draw 2d\n"
        "Beto discard Qs\nCaro take Qs\nCaro meld Qh Qs Qd\nCaro meld 7c 8c 9c 10c\n"
        "Caro discard 4c\nDani call Caro",
        extra_deals={"Beto": "Qs", "Caro": "Qh Qd 7c 8c 9c 10c 4c"},
    )
    result = audit(text)
    assert problems(result) == [pegue(text)], explain(text, result)
    assert notices(result) == [
        notice("amnesty", "Caro", line_of(text, "Caro take Qs")),
        notice("void-call", "Dani", line_of(text, "Dani call Caro")),
    ]


def test_a_call_just_before_the_offenders_draw_is_upheld():
    text = game4(ROUND + "Dani call Caro\nCaro draw Ad")
    result = audit(text)
    assert problems(result) == [
        pegue(text),
        missed(text, "Ana", "Ana discard 6d"),
        missed(text, "Beto", "Beto discard 2d"),
        log_error("after-end", "Caro", line_of(text, "Caro draw Ad")),
    ], explain(text, result)
    assert out(result) == ["Caro", "Ana", "Beto"]
    assert result.winner == "Dani"


def test_a_new_renuncia_after_amnesty_can_be_called():
    # Caro's first renuncia lapses; in her next turn she throws another pegue (4h).
    text = game4(
        ROUND + "Caro draw Ad\nCaro discard 4h\nDani call Caro", extra_deals={"Caro": "4h"}
    )
    result = audit(text)
    call = line_of(text, "Dani call Caro")
    assert problems(result) == [
        pegue(text),
        renuncia("discard-pegue", "Caro", line_of(text, "Caro discard 4h")),
    ]
    assert calls(result) == [(call, "Dani", "Caro", "upheld")]
    assert eliminations(result) == [("Caro", call, "discard-pegue")]
