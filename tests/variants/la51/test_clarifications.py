"""docs/rules.md's clarifications (RULES.md section 12): each as it was, and as it is now.

Every test names the old ruling in its comment and checks the new one; its legal
or default neighbour shows the rule still fires where it should.
"""

from __future__ import annotations

from tests.variants.la51 import audit, calls, explain, line_of, log, out, pay, problems, renuncia

EXACT = """
Ana discard 2c
Beto draw 3d
Beto meld 8s 8h 8c
Beto meld 9s 9h 9c
Beto discard 3d
Caro draw 4d
Caro meld 8c 8d 8s
Caro meld 9c 9d 9s
Caro discard 4d
"""
EXACT_DEALS = {"Ana": "2c", "Beto": "8s 8h 8c 9s 9h 9c", "Caro": "8c 8d 8s 9c 9d 9s"}


def test_open_exact_switches_beat_previous_off_even_when_a_tag_sets_it() -> None:
    # Before: Caro's 51 after Beto's 51 was bajada-not-above-previous.
    text = log(EXACT, deals=EXACT_DEALS, tags={"OpenExact": "yes", "BeatPrevious": "yes"})
    result = audit(text)
    assert problems(result) == [], explain(text, result)


def test_without_open_exact_an_equal_bajada_does_not_beat_the_previous() -> None:
    text = log(EXACT, deals=EXACT_DEALS)
    result = audit(text)
    assert problems(result) == [
        renuncia("bajada-not-above-previous", "Caro", line_of(text, "Caro meld 8c 8d 8s"))]


PEGUE_TO_WIN = """
Ana discard 2c
Beto draw 8h
Beto meld 2h 3h 4h 5h 6h 7h
Beto meld 9s 10s Js Qs Ks
Beto meld As Ad Ac
Beto discard 8h
"""
PEGUE_DEALS = {"Ana": "2c", "Beto": "2h 3h 4h 5h 6h 7h 9s 10s Js Qs Ks As Ad Ac"}


def test_a_renuncia_in_the_winning_discard_leaves_the_winner_without_calls() -> None:
    # Before: with CallsRequired off, the pegue put Beto out and nobody won.
    text = log(PEGUE_TO_WIN, deals=PEGUE_DEALS, tags={"CallsRequired": "no"})
    result = audit(text)
    assert problems(result) == [
        renuncia("discard-pegue", "Beto", line_of(text, "Beto discard 8h"))]
    assert out(result) == [] and result.finished and result.winner == "Beto"


def test_a_renuncia_in_the_winning_discard_is_reported_with_calls_too() -> None:
    text = log(PEGUE_TO_WIN, deals=PEGUE_DEALS)
    result = audit(text)
    assert problems(result) == [
        renuncia("discard-pegue", "Beto", line_of(text, "Beto discard 8h"))]
    assert result.winner == "Beto" and not result.clean


def test_a_faulty_meld_that_empties_the_hand_still_wins_without_final_discard() -> None:
    # RequireFinalDiscard no: the last meld (colours not alternating) wins there and then.
    text = log("""
        Ana discard 2c
        Beto draw 8h
        Beto meld 2h 3h 4h 5h 6h 7h 8h
        Beto meld 9s 10s Js Qs Ks
        Beto meld Ac As Ad
        """, deals=PEGUE_DEALS,
        tags={"RequireFinalDiscard": "no", "CallsRequired": "no"})
    result = audit(text)
    assert problems(result) == [renuncia("set-colors", "Beto", line_of(text, "Beto meld Ac As Ad"))]
    assert out(result) == [] and result.winner == "Beto"


EARLY = """
Ana discard 2c
Beto draw 3d
Caro draw 4d
Beto discard 3d
Caro discard 4d
Ana call Caro
"""


def test_an_early_draw_renuncia_stays_open_until_the_drawers_next_start() -> None:
    # Before: the early draw lapsed its own renuncia at once, so this call was void.
    text = log(EARLY, deals={"Ana": "2c"}, tags={"EarlyDraw": "no"})
    result = audit(text)
    call_line = line_of(text, "Ana call Caro")
    assert calls(result) == [(call_line, "Ana", "Caro", "upheld")], explain(text, result)
    assert out(result) == ["Caro", "Beto"]  # Beto's turn ended after it: a missed call


def test_an_early_draw_renuncia_lapses_at_the_drawers_next_start() -> None:
    later = "Ana draw 5d\nAna discard 5d\nBeto draw 7d\nBeto discard 7d\nCaro draw 6d\n"
    text = log(EARLY.replace("Ana call Caro", later + "Ana call Caro"),
               deals={"Ana": "2c"}, tags={"EarlyDraw": "no"})
    result = audit(text)
    assert calls(result) == [(line_of(text, "Ana call Caro"), "Ana", "Caro", "void")]


def test_without_calls_a_bajada_renuncia_puts_its_author_out_at_the_discard() -> None:
    # Before: the elimination stood at the bajada's first meld.
    text = log("""
        Ana discard 2c
        Beto draw 3d
        Beto meld 9c 9h 9s
        Beto discard 3d
        """, deals={"Ana": "2c", "Beto": "9c 9h 9s"}, tags={"CallsRequired": "no"})
    result = audit(text)
    assert problems(result) == [
        renuncia("bajada-below-minimum", "Beto", line_of(text, "Beto meld 9c 9h 9s"))]
    assert [(e.player, e.line) for e in result.eliminated] == [
        ("Beto", line_of(text, "Beto discard 3d"))]


def test_without_calls_going_down_in_the_first_turn_puts_out_at_the_discard() -> None:
    text = log("""
        Ana meld Ks Kh Kc
        Ana meld 5d 6d 7d 8d
        Ana discard 2c
        """, deals={"Ana": "2c Ks Kh Kc 5d 6d 7d 8d"}, tags={"CallsRequired": "no"})
    result = audit(text)
    assert problems(result) == [
        renuncia("bajada-first-turn", "Ana", line_of(text, "Ana meld Ks Kh Kc"))]
    assert [(e.player, e.line) for e in result.eliminated] == [
        ("Ana", line_of(text, "Ana discard 2c"))]


def test_settlement_lists_only_payments_above_zero() -> None:
    # Before: an eliminated player paying PenaltyCards 0 had a row of 0.
    text = log("""
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
        """, deals={"Ana": "2c", "Beto": "9c 9s 9h",
                    "Caro": "Kh Kc Kd Ks 5h 6h 7h 8h Qh Qc Qd Jh Jc Jd"},
        tags={"Stake": "100", "PenaltyCards": "0"})
    assert pay(audit(text)) == {("Ana", "Caro", 14, 1400)}
