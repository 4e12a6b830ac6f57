"""Calls, eliminations, the missed-call cascade and settlement (RULES.md §7, §8)."""

from __future__ import annotations

import pytest

from tests.variants.la51 import (
    PLAYERS4,
    audit,
    calls,
    explain,
    line_of,
    log,
    log_error,
    notice,
    notices,
    out,
    problems,
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


# -- leaving the game -----------------------------------------------------------------------------


def test_eliminated_players_events_are_player_out_and_turns_skip_them():
    text = game4(
        "Dani call Caro\nDani draw 5d\nDani discard 5d\nCaro draw 5s\nAna draw 6d\n"
        "Ana discard 6d\nBeto draw 2d\nBeto discard 2d\nDani draw 6s\nDani discard 6s\n"
        "Caro call Dani"
    )
    result = audit(text)
    assert problems(result) == [
        pegue(text),
        log_error("player-out", "Caro", line_of(text, "Caro draw 5s")),
        log_error("player-out", "Caro", line_of(text, "Caro call Dani")),
    ], explain(text, result)
    assert calls(result) == [(line_of(text, "Dani call Caro"), "Dani", "Caro", "upheld")]


def test_eliminated_players_melds_stay_and_take_layoffs_and_pegues():
    # Beto is out (his set-colors meld is called); his run 5h..8h stays on the
    # table: Caro (down) lays 9h off on it, and Dani's 4h is a pegue.
    text = log(
        """
        Ana discard 2c
        Beto draw 3d
        Beto meld Kh Kc Kd
        Beto meld 5h 6h 7h 8h
        Beto meld 9c 9s 9h
        Beto discard 3d
        Caro draw 4d
        Caro call Beto
        Caro meld Qh Qc Qd
        Caro meld 7c 8c 9c 10c
        Caro meld Jh Jc Jd
        Caro discard 4d
        Dani draw 5d
        Dani discard 5d
        Ana draw 6d
        Ana discard 6d
        Caro draw 2d
        Caro layoff 9h on 2
        Caro discard 2d
        Dani draw 6s
        Dani discard 4h
        """,
        deals={
            "Ana": "2c",
            "Beto": "Kh Kc Kd 5h 6h 7h 8h 9c 9s 9h",
            "Caro": "Qh Qc Qd 7c 8c 9c 10c Jh Jc Jd 9h",
            "Dani": "4h",
        },
        players=PLAYERS4,
    )
    result = audit(text)
    assert problems(result) == [
        renuncia("set-colors", "Beto", line_of(text, "Beto meld 9c 9s 9h")),
        renuncia("discard-pegue", "Dani", line_of(text, "Dani discard 4h")),
    ], explain(text, result)
    assert out(result) == ["Beto"]


def test_the_turn_passes_when_the_current_player_is_eliminated():
    # Beto lays a faulty meld; Caro calls before he discards: Caro's turn begins.
    text = log(
        """
        Ana discard 2c
        Beto draw 3d
        Beto meld Kh Kc Kd
        Beto meld 5h 6h 7h 8h
        Beto meld 9c 9s 9h
        Caro call Beto
        Beto discard 3d
        Caro draw 4d
        Caro discard 4d
        Ana draw 6d
        Ana discard 6d
        Caro draw 5d
        """,
        deals={"Ana": "2c", "Beto": "Kh Kc Kd 5h 6h 7h 8h 9c 9s 9h"},
    )
    result = audit(text)
    call = line_of(text, "Caro call Beto")
    assert problems(result) == [
        renuncia("set-colors", "Beto", line_of(text, "Beto meld 9c 9s 9h")),
        log_error("player-out", "Beto", line_of(text, "Beto discard 3d")),
    ], explain(text, result)
    assert eliminations(result) == [("Beto", call, "set-colors")]
    assert result.hands["Beto"] == 5


def test_the_turn_passes_to_a_next_player_who_drew_early():
    text = log(
        """
        Ana discard 2c
        Beto draw 3d
        Beto meld 9c 9s 9h
        Caro draw 4d
        Caro call Beto
        Caro discard 4d
        Ana draw 6d
        Ana discard 6d
        """,
        deals={"Ana": "2c", "Beto": "9c 9s 9h"},
    )
    result = audit(text)
    assert problems(result) == [
        renuncia("set-colors", "Beto", line_of(text, "Beto meld 9c 9s 9h"))
    ], explain(text, result)
    assert out(result) == ["Beto"]


def test_the_last_player_standing_wins():
    text = log(
        """
        Ana discard 2c
        Beto draw 3d
        Beto meld 9c 9s 9h
        Ana call Beto
        Ana draw 4d
        """,
        deals={"Ana": "2c", "Beto": "9c 9s 9h"},
        players=("Ana", "Beto"),
        tags={"Stake": "5", "Result": "Ana"},
    )
    result = audit(text)
    call = line_of(text, "Ana call Beto")
    assert problems(result) == [
        renuncia("set-colors", "Beto", line_of(text, "Beto meld 9c 9s 9h")),
        log_error("after-end", "Ana", line_of(text, "Ana draw 4d")),
    ], explain(text, result)
    assert result.finished and result.winner == "Ana"
    assert eliminations(result) == [("Beto", call, "set-colors")]
    assert [(p.payer, p.payee, p.cards, p.amount) for p in result.settlement] == [
        ("Beto", "Ana", 14, 70)
    ]
    assert result.hands == {"Ana": 14, "Beto": 12}


# -- CallsRequired off ----------------------------------------------------------------------------


def test_calls_required_off_eliminates_at_the_renuncia_and_calls_are_only_noted():
    text = game4(
        "Dani draw 5d\nDani discard 5d\nAna call Caro\nAna draw 6d\nAna discard 6d\n"
        "Beto draw 2d\nBeto discard 2d\nDani draw 5s\nDani discard 5s",
        tags={"CallsRequired": "no"},
    )
    result = audit(text)
    assert problems(result) == [pegue(text)], explain(text, result)
    assert eliminations(result) == [("Caro", line_of(text, "Caro discard 9h"), "discard-pegue")]
    call = line_of(text, "Ana call Caro")
    assert [(c.line, c.caller, c.accused) for c in result.calls] == [(call, "Ana", "Caro")]
    assert not any(f.rule == "missed-call" for f in result.findings)


def test_calls_required_off_current_player_out_mid_turn():
    # Beto's second draw (extra-draw) puts him out at once; Caro's turn begins.
    text = log(
        """
        Ana discard 2c
        Beto draw 3d
        Beto draw 5d
        Beto discard 3d
        Caro draw 4d
        Caro discard 4d
        Ana draw 6d
        """,
        deals={"Ana": "2c"},
        tags={"CallsRequired": "no"},
    )
    result = audit(text)
    second = line_of(text, "Beto draw 5d")
    assert problems(result) == [
        renuncia("extra-draw", "Beto", second),
        log_error("player-out", "Beto", line_of(text, "Beto discard 3d")),
    ], explain(text, result)
    assert eliminations(result) == [("Beto", second, "extra-draw")]


def test_calls_required_off_current_player_out_by_a_faulty_meld():
    # Beto's set-colors meld puts him out at once; Caro's turn begins.
    text = log(
        """
        Ana discard 2c
        Beto draw 3d
        Beto meld 9c 9s 9h
        Beto discard 3d
        Caro draw 4d
        Caro discard 4d
        """,
        deals={"Ana": "2c", "Beto": "9c 9s 9h"},
        tags={"CallsRequired": "no"},
    )
    result = audit(text)
    meld = line_of(text, "Beto meld 9c 9s 9h")
    assert problems(result) == [
        renuncia("set-colors", "Beto", meld),
        log_error("player-out", "Beto", line_of(text, "Beto discard 3d")),
    ], explain(text, result)
    assert eliminations(result) == [("Beto", meld, "set-colors")]
    assert not result.finished


def test_calls_required_off_faulty_bajada_at_the_discard_passes_the_turn_once():
    text = log(
        """
        Ana discard 2c
        Beto draw 3d
        Beto meld Kh Kc Kd
        Beto meld 2h 3h 4h 5h
        Beto discard 3d
        Caro draw 4d
        Caro discard 4d
        """,
        deals={"Ana": "2c", "Beto": "Kh Kc Kd 2h 3h 4h 5h"},
        tags={"CallsRequired": "no"},
    )
    result = audit(text)
    first = line_of(text, "Beto meld Kh Kc Kd")
    assert problems(result) == [renuncia("bajada-below-minimum", "Beto", first)], explain(
        text, result
    )
    assert out(result) == ["Beto"]
    assert not result.finished


def test_calls_required_off_an_eliminated_player_cannot_win():
    text = log(
        """
        Ana discard 2c
        Beto draw 3d
        Beto meld Kh Kc Kd Ks
        Beto meld 2h 3h 4h 5h
        Beto meld 2c 3c 4c
        Beto meld 2s 3s 4s
        Beto discard 3d
        """,
        deals={"Ana": "2c", "Beto": "Kh Kc Kd Ks 2h 3h 4h 5h 2c 3c 4c 2s 3s 4s"},
        tags={"CallsRequired": "no", "RunMin": "3", "MinOpen": "81", "Stake": "1"},
    )
    result = audit(text)
    assert problems(result) == [
        renuncia("bajada-below-minimum", "Beto", line_of(text, "Beto meld Kh Kc Kd Ks"))
    ]
    assert out(result) == ["Beto"]
    assert result.winner != "Beto"
    assert not any(p.payee == "Beto" for p in result.settlement)


def test_calls_required_on_a_player_going_out_with_an_open_renuncia_still_wins():
    # With calls required, the game ends at the winning discard: a call is after-end.
    text = log(
        """
        Ana discard 2c
        Beto draw 3d
        Beto meld Kh Kc Kd Ks
        Beto meld 2h 3h 4h 5h
        Beto meld 2c 3c 4c
        Beto meld 2s 3s 4s
        Beto discard 3d
        Caro call Beto
        """,
        deals={"Ana": "2c", "Beto": "Kh Kc Kd Ks 2h 3h 4h 5h 2c 3c 4c 2s 3s 4s"},
        tags={"RunMin": "3", "MinOpen": "81"},
    )
    result = audit(text)
    assert problems(result) == [
        renuncia("bajada-below-minimum", "Beto", line_of(text, "Beto meld Kh Kc Kd Ks")),
        log_error("after-end", "Caro", line_of(text, "Caro call Beto")),
    ]
    assert result.winner == "Beto"


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
