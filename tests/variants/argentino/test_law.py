"""En ley: the first lay-down is counted when the turn ends (ARGENTINO.md sections 5, 12).

Every card the player laid in that turn counts once, at its value when the turn
ends: the cards of their new melds (a lay-off onto one of them included) and
their lay-offs onto any meld, after every move of a wild. A wild that another
player laid earlier and that this player's lay-off moves is not this player's
card: it counts for neither side of the lay-down, and in the hand's score it
counts its final value for whoever laid it.
"""

from __future__ import annotations

from textwrap import dedent

from referee.engine.findings import GameResult
from tests.variants.argentino import alog, audit, explain, line_of, problems, scores

ANA_EN_LEY = {"Scores": "Ana 720, Beto 300"}
BETO_EN_LEY = {"Scores": "Ana 0, Beto 720"}

FIRST_ROUND = """
    Ana draw 3h
    Ana discard 3h
    Beto draw 4h
    Beto discard 4h
    Ana draw 9s
    """


def second_turn(lay_down: str) -> str:
    """Ana's first round passes; in her second turn she lays down, then goes out with 9s."""
    return dedent(FIRST_ROUND) + dedent(lay_down).strip("\n") + "\nAna discard 9s\n"


def law(result: GameResult) -> list[tuple[str, int, int]]:
    """Each law-below-minimum: (player, line, points counted)."""
    return [(str(f.player), f.line, int(f.params["points"])) for f in result.findings
            if f.rule == "law-below-minimum"]


def judged(text: str) -> GameResult:
    result = audit(text)
    assert [p for p in problems(result) if p[1] != "law-below-minimum"] == [], explain(
        text, result)
    return result


# --- the hand: a lay-off that moves the player's own wild ----------------------------

MOVED = {"Ana": "5d 6d 7d 2h Ac Ad Ah As 8d"}
MOVED_LAY_DOWN = """
    Ana meld 5d 6d 7d 2h
    Ana meld Ac Ad Ah As
    Ana layoff 8d on 1
    """


def test_law_counts_a_moved_wild_at_the_turns_end_fires() -> None:
    # 2h=8d moves to 4d: 2h=4d 5d 6d 7d 8d is 30 at the turn's end, the aces 60
    text = alog(second_turn(MOVED_LAY_DOWN), deals=MOVED, tags=ANA_EN_LEY)
    result = judged(text)
    assert law(result) == [("Ana", line_of(text, "Ana meld 5d 6d 7d 2h"), 90)], explain(
        text, result)
    assert result.winner == "Ana" and scores(result)["Ana"][0] == 90  # the score agrees


def test_law_counts_a_moved_wild_at_the_turns_end_legal_neighbour() -> None:
    # 4d at the low end moves nothing: 4d 5d 6d 7d 2h=8d is 40, the aces 60
    text = alog(second_turn(MOVED_LAY_DOWN.replace("8d on 1", "4d on 1")),
                deals={"Ana": MOVED["Ana"].replace("8d", "4d")}, tags=ANA_EN_LEY)
    result = judged(text)
    assert law(result) == [] and result.winner == "Ana", explain(text, result)


def test_law_at_the_end_of_the_log_mid_turn_fires() -> None:
    # no discard: the log stops after the lay-off, the lay-down is judged as it stands
    text = alog("Ana draw 3h\n" + dedent(MOVED_LAY_DOWN), deals=MOVED, tags=ANA_EN_LEY)
    result = judged(text)
    assert law(result) == [("Ana", line_of(text, "Ana meld 5d 6d 7d 2h"), 90)], explain(
        text, result)
    assert not result.finished


def test_law_at_the_end_of_the_log_mid_turn_legal_neighbour() -> None:
    text = alog("Ana draw 3h\n" + dedent(MOVED_LAY_DOWN).replace("8d on 1", "4d on 1"),
                deals={"Ana": MOVED["Ana"].replace("8d", "4d")}, tags=ANA_EN_LEY)
    result = judged(text)
    assert law(result) == [] and not result.finished, explain(text, result)


# --- a wild laid off, then moved by a later lay-off of the same turn -------------------------

FIXED = {"Ana": "6c 7c 8c 2s 9c Ac Ad Ah As"}


def test_law_counts_a_laid_off_wild_after_a_later_move_fires() -> None:
    # the bare 2s goes high as 9c (20); 9c then takes its place and 2s moves down as 5c (5):
    # 6c 7c 8c 20 + aces 60 + 2s 5 + 9c 10 = 95
    text = alog(second_turn("""
        Ana meld 6c 7c 8c
        Ana meld Ac Ad Ah As
        Ana layoff 2s on 1
        Ana layoff 9c on 1
        """), deals=FIXED, tags=ANA_EN_LEY)
    result = judged(text)
    assert law(result) == [("Ana", line_of(text, "Ana meld 6c 7c 8c"), 95)], explain(
        text, result)


def test_law_counts_a_laid_off_wild_after_a_later_move_legal_neighbour() -> None:
    # 5c at the low end leaves 2s=9c where it is: 20 + 60 + 20 + 5 = 105
    text = alog(second_turn("""
        Ana meld 6c 7c 8c
        Ana meld Ac Ad Ah As
        Ana layoff 2s on 1
        Ana layoff 5c on 1
        """), deals={"Ana": FIXED["Ana"].replace("9c", "5c")}, tags=ANA_EN_LEY)
    result = judged(text)
    assert law(result) == [] and result.winner == "Ana", explain(text, result)


# --- a set with an open wild -------------------------------------------------------------------

OPEN = {"Ana": "Kc Kd JK Kh 5s 6s 7s 8s"}
OPEN_LAY_DOWN = """
    Ana meld Kc Kd JK
    Ana meld 5s 6s 7s
    Ana layoff Kh on 1
    """


def test_law_counts_a_set_with_an_open_wild_once_fires() -> None:
    # Kc Kd JK Kh: 10 + 10 + 50 + 10 (the joker stays open, for the spade) + 5s 6s 7s 15 = 95
    text = alog("Ana draw 3h\n" + dedent(OPEN_LAY_DOWN) + "Ana discard 3h\n", deals=OPEN,
                tags=ANA_EN_LEY)
    result = judged(text)
    assert law(result) == [("Ana", line_of(text, "Ana meld Kc Kd JK"), 95)], explain(
        text, result)


def test_law_counts_a_set_with_an_open_wild_once_legal_neighbour() -> None:
    text = alog("Ana draw 3h\n" + dedent(OPEN_LAY_DOWN) + "Ana layoff 8s on 2\nAna discard 3h\n",
                deals=OPEN, tags=ANA_EN_LEY)
    result = judged(text)  # 80 + 15 + 10 = 105
    assert law(result) == [], explain(text, result)


# --- whose card counts: another player's wild, another player's lay-off -----------------------

OTHERS_WILD = """
    Ana draw 3h
    Ana meld 5d 6d 7d 2h
    Ana discard 3h
    Beto draw 4h
    Beto meld Ac Ad Ah As
    Beto meld 5s 6s 7s 8s
    Beto layoff 8d on 1
    Beto discard 4h
    """
OTHERS_DEALS = {"Ana": "5d 6d 7d 2h", "Beto": "Ac Ad Ah As 5s 6s 7s 8s 8d"}


def test_law_another_players_moved_wild_is_not_counted_fires() -> None:
    # Beto's 8d moves Ana's 2h from 8d (20) to 4d (5): Beto counts his own cards only,
    # 60 + 25 + 10 = 95; the hand's score counts the 2h at its final value for Ana
    text = alog(OTHERS_WILD, deals=OTHERS_DEALS, tags=BETO_EN_LEY)
    result = judged(text)
    assert law(result) == [("Beto", line_of(text, "Beto meld Ac Ad Ah As"), 95)], explain(
        text, result)
    assert result.winner == "Beto"
    assert scores(result)["Ana"][0] == 5 + 5 + 5 + 5 and scores(result)["Beto"][0] == 95


def test_law_another_players_moved_wild_is_not_counted_legal_neighbour() -> None:
    # 60 + 30 + 10 = 100: the fall of Ana's wild (20 to 5) is not held against Beto
    text = alog(OTHERS_WILD.replace("5s 6s 7s 8s", "Kc Kd Kh"),
                deals={**OTHERS_DEALS, "Beto": "Ac Ad Ah As Kc Kd Kh 8d"}, tags=BETO_EN_LEY)
    result = judged(text)
    assert law(result) == [], explain(text, result)


OUT_OF_TURN = """
    Ana meld Ac Ad Ah
    Ana meld Kc Kd Kh
    Ana meld 5s 6s 7s
    Beto layoff 8s on 3
    """
OUT_OF_TURN_DEALS = {"Ana": "Ac Ad Ah Kc Kd Kh 5s 6s 7s", "Beto": "8s"}


def out_of_turn(law_min: str) -> tuple[str, GameResult]:
    text = alog(second_turn(OUT_OF_TURN), deals=OUT_OF_TURN_DEALS,
                tags={**ANA_EN_LEY, "LawMin": law_min})
    result = audit(text)
    assert ("renuncia", "out-of-turn", "Beto", line_of(text, "Beto layoff 8s on 3")) in (
        problems(result)), explain(text, result)
    return text, result


def test_law_another_players_lay_off_onto_the_new_meld_is_not_counted_fires() -> None:
    # Beto's out-of-turn 8s fits Ana's 5s 6s 7s, but it is his card: Ana's is 45 + 30 + 15
    text, result = out_of_turn("100")
    assert law(result) == [("Ana", line_of(text, "Ana meld Ac Ad Ah"), 90)], explain(
        text, result)


def test_law_another_players_lay_off_onto_the_new_meld_is_not_counted_legal_neighbour() -> None:
    text, result = out_of_turn("90")  # her own 90 reach a LawMin of 90
    assert law(result) == [], explain(text, result)
