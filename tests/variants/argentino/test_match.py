"""Scoring a hand and the match across hands (docs/argentino.md: scoring, the match)."""

from __future__ import annotations

from referee.cards import Card
from referee.engine.table import TableMeld
from referee.variants.argentino.knobs import HandPenalty, RulesArgentino
from referee.variants.argentino.melds import judge_meld
from referee.variants.argentino.scoring import score_hand
from tests.variants.argentino import audit, audit_all, explain, line_of, problems, scores

WORKED = """deal Ana: 3h 4h 5h 7c 7d 7s Kc Kd 2s
deal Beto: Ac Ad 9h 9s 6c Qh Jh 4c 8d
up: 10c
stock: Qs 5d

Ana draw Qs
Ana discard Qs
Beto take
Beto discard 6c
Ana draw 5d
Ana meld 3h 4h 5h
Ana meld 7c 7d 7s
Ana meld Kc Kd 2s
Ana discard 5d
"""


def hand(*tags: str, players: str = "Ana Beto", body: str = WORKED) -> str:
    head = ['[Game "rummy-argentino"]', f'[Players "{players}"]', *tags]
    return "\n".join(head) + "\n\n" + body + "\n"


def test_the_worked_hand_of_argentino_md() -> None:
    result = audit(hand())
    assert problems(result) == [] and result.winner == "Ana"
    assert scores(result) == {"Ana": (70, 0, 100, 0, 170), "Beto": (0, 105, 0, 0, -105)}
    assert result.extras.standings == {"Ana": 170, "Beto": -105}
    match = result.extras.match
    assert match is not None and (match.name, match.hand) == (None, 1)


def test_the_cut_bonus_goes_to_the_cutter() -> None:
    result = audit(hand('[CutBonus "Beto"]'))
    assert scores(result)["Beto"] == (0, 105, 50, 0, -55)


def test_hand_penalty_wilds_counts_only_wilds_left_in_hand() -> None:
    body = WORKED.replace("Jh 4c 8d", "Jh 2h JK").replace("Ana meld Kc Kd 2s",
                                                           "Ana meld Kc Kd 2s")
    result = audit(hand('[HandPenalty "wilds"]', body=body))
    assert scores(result)["Beto"][1] == 20 + 50  # the 2 counts 20 (a mono), the joker 50
    result = audit(hand(body=body))
    assert scores(result)["Beto"][1] == 15 + 15 + 10 + 10 + 10 + 10 + 20 + 50 + 10 + 10


def test_a_run_of_twelve_costs_every_other_player_fifty() -> None:
    rules = RulesArgentino()
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q"]
    run = [Card.parse(rank + "h") for rank in ranks]
    verdict = judge_meld(run, "Ana", rules)
    assert verdict.shape is not None
    meld = TableMeld(1, "Ana", 9, 1, run, verdict.shape)
    result = score_hand(["Ana", "Beto", "Caro"], {"Ana": {}, "Beto": {}, "Caro": {}}, [meld],
                        {"Beto": 50}, HandPenalty.ALL)
    assert {s.player: s.penalty for s in result} == {"Ana": 0, "Beto": 50, "Caro": 50}
    eleven = TableMeld(1, "Ana", 9, 1, run[:11], judge_meld(run[:11], "Ana", rules).shape)
    result = score_hand(["Ana", "Beto"], {"Ana": {}, "Beto": {}}, [eleven], {}, HandPenalty.ALL)
    assert all(s.penalty == 0 for s in result)


def test_an_unfinished_hand_has_no_scores_and_unknown_totals() -> None:
    body = WORKED.rsplit("Ana discard 5d", 1)[0]
    result = audit(hand(body=body))
    assert not result.finished and result.extras.scores == [] and result.extras.standings is None


# --- the match -------------------------------------------------------------------------------


def test_the_match_ends_once_a_total_reaches_target() -> None:
    result = audit(hand('[Match "M"]', '[Target "150"]'))
    match = result.extras.match
    assert match is not None and match.over and match.winner == "Ana"


def test_equal_highest_totals_are_a_tie() -> None:
    result = audit(hand('[Match "M"]', '[Target "150"]', '[Scores "Ana 0, Beto 275"]'))
    assert result.extras.standings == {"Ana": 170, "Beto": 170}
    assert result.extras.match is not None and result.extras.match.over
    assert result.extras.match.winner is None and set(result.extras.match.tied) == {"Ana", "Beto"}


def test_a_hand_after_the_match_is_over_is_after_end_and_not_replayed() -> None:
    one = hand('[Match "M"]', '[Target "100"]')
    text = one + "\n" + one
    first, second = audit_all(text)
    assert first.extras.match is not None and first.extras.match.over
    game_line = line_of(text, '[Game "rummy-argentino"]', 2)
    assert problems(second) == [("log-error", "after-end", None, game_line)]
    assert not second.finished and second.winner is None and second.extras.scores == []
    assert second.extras.standings == {"Ana": 170, "Beto": -105}
    match = second.extras.match
    assert match is not None and (match.hand, match.over) == (2, True)
    assert second.extras.match.winner == "Ana"


def test_totals_carry_and_a_scores_tag_must_agree() -> None:
    text = (hand('[Match "M"]') + "\n"
            + hand('[Match "M"]', '[Scores "Ana 170, Beto -100"]'))
    _first, second = audit_all(text)
    assert second.extras.match is not None and second.extras.match.hand == 2
    assert problems(second) == [("log-error", "scores-mismatch", None,
                                 line_of(text, '[Scores "Ana 170, Beto -100"]'))]
    assert second.extras.standings == {"Ana": 340, "Beto": -210}  # the computed totals stand
    good = hand('[Match "M"]') + "\n" + hand('[Match "M"]', '[Scores "Ana 170, Beto -105"]')
    assert problems(audit_all(good)[1]) == []


def test_a_first_hand_scores_tag_must_name_exactly_the_players() -> None:
    text = hand('[Match "M"]', '[Scores "Ana 500, Eva 10"]')
    result = audit(text)
    assert problems(result) == [("log-error", "scores-mismatch", None,
                                 line_of(text, '[Scores "Ana 500, Eva 10"]'))]
    assert result.extras.standings == {"Ana": 670, "Beto": -105}  # Beto entered with 0


def test_other_players_start_a_new_match() -> None:
    text = hand('[Match "M"]') + "\n" + hand('[Match "M"]', players="Ana Eva",
                                           body=WORKED.replace("Beto", "Eva"))
    _first, second = audit_all(text)
    assert problems(second) == [("log-error", "match-players", None,
                                 line_of(text, '[Players "Ana Eva"]'))], explain(text, second)
    assert second.extras.match is not None and second.extras.match.hand == 1
    assert second.extras.standings == {"Ana": 170, "Eva": -105}


def test_a_game_of_51_in_between_starts_a_new_match() -> None:
    text = (hand('[Match "M"]') + '\n[Game "51"]\n[Players "Ana Beto"]\n\nAna discard 7h\n\n'
            + hand('[Match "M"]'))
    _first, _, third = audit_all(text)
    assert third.extras.match is not None and third.extras.match.hand == 1
    assert third.extras.standings == {"Ana": 170, "Beto": -105}


def test_unknown_totals_until_a_scores_tag_gives_them_again() -> None:
    unseen = WORKED.replace("up: 10c\n", "")
    text = (hand('[Match "M"]', body=unseen) + "\n"
            + hand('[Match "M"]', '[Scores "Ana 800, Beto 0"]'))
    first, second = audit_all(text)
    assert first.extras.scores == [] and first.extras.standings is None
    assert second.extras.en_ley == ("Ana",)  # 800 entering: her 70 at once is under 100
    assert problems(second) == [("renuncia", "law-below-minimum", "Ana",
                                 line_of(text, "Ana meld 3h 4h 5h", 2))]
    assert second.extras.standings == {"Ana": 970, "Beto": -105}


def test_nobody_is_en_ley_while_the_totals_are_unknown() -> None:
    unseen = WORKED.replace("up: 10c\n", "")
    text = hand('[Match "M"]', body=unseen) + "\n" + hand('[Match "M"]')
    _, second = audit_all(text)
    assert second.extras.en_ley == () and second.extras.standings is None
