"""Leaving the game (RULES.md §7): an eliminated player's events, melds and turn; the last
player standing; and CallsRequired off, where a renuncia eliminates at once."""

from __future__ import annotations

from tests.variants.la51 import (
    PLAYERS4,
    audit,
    calls,
    explain,
    line_of,
    log,
    log_error,
    out,
    problems,
    renuncia,
)
from tests.variants.la51.calling import eliminations, game4, pegue

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
