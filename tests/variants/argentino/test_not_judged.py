"""An argentino hand whose tags hold a syntax error is not judged, but it is a hand of its
match (RULES.md §14, ARGENTINO.md §12): its syntax errors only, ``scores`` ``[]`` (never
null), the totals after it unknown until a ``Scores`` tag gives them again."""

from __future__ import annotations

import pytest

from referee.audit import audit_records
from referee.engine.findings import SYNTAX_ERROR, GameResult
from referee.notation.reader import read_games
from referee.report.model import game_data
from tests.variants.argentino import audit, audit_all, line_of, problems, scores
from tests.variants.argentino.test_match import WORKED, hand

BAD_TAGS = ['[Scores "Ana +120, Beto 0"]', '[Target "-5"]', '[LawMin "1.5"]']


def audit_any(text: str) -> list[GameResult]:
    """Every hand of ``text``, syntax errors and all."""
    return list(audit_records(read_games(text, "<test>")))


def assert_not_judged(result: GameResult, line: int) -> None:
    assert [(f.kind, f.line) for f in result.findings] == [(SYNTAX_ERROR, line)]
    assert (result.finished, result.winner, result.hands, result.rules) == (False, None, {}, {})
    assert result.extras.scores == [] and result.extras.en_ley == ()


def test_the_worked_hand_is_scored() -> None:
    result = audit(hand('[Match "M"]'))
    assert result.finished and scores(result)["Ana"][-1] == 170


@pytest.mark.parametrize("tag", BAD_TAGS)
def test_a_hand_with_a_bad_tag_is_not_judged(tag: str) -> None:
    text = hand(tag)
    (result,) = audit_any(text)
    assert_not_judged(result, line_of(text, tag))
    assert result.extras.standings is None
    match = result.extras.match
    assert match is not None and (match.hand, match.over) == (1, False)


@pytest.mark.parametrize("tag", BAD_TAGS)
def test_a_bad_tag_hand_takes_its_place_in_the_match_and_the_totals_are_lost(tag: str) -> None:
    text = "\n".join([hand('[Match "M"]'), hand('[Match "M"]', tag), hand('[Match "M"]')])
    first, second, third = audit_any(text)
    assert first.extras.standings == {"Ana": 170, "Beto": -105}
    assert_not_judged(second, line_of(text, tag))
    assert second.extras.standings is None
    assert second.extras.match is not None and second.extras.match.hand == 2
    assert problems(third) == [] and third.finished and scores(third)["Ana"][-1] == 170
    assert third.extras.match is not None and third.extras.match.hand == 3
    assert third.extras.standings is None and third.extras.en_ley == ()


def test_a_scores_tag_gives_the_totals_again_after_a_bad_tag_hand() -> None:
    text = "\n".join([hand('[Match "M"]'), hand('[Match "M"]', '[Target "-5"]'),
                      hand('[Match "M"]', '[Scores "Ana 800, Beto 0"]')])
    _, _, third = audit_any(text)
    assert third.extras.match is not None and third.extras.match.hand == 3
    assert third.extras.en_ley == ("Ana",)
    assert third.extras.standings == {"Ana": 970, "Beto": -105}


@pytest.mark.parametrize("players", ["Ana", "Ana Beto Caro Dora Eva Fede Gabi Hugo Ines"])
def test_a_bad_player_count_gives_empty_scores_never_null(players: str) -> None:
    text = hand(players=players)
    (result,) = audit_any(text)
    assert_not_judged(result, line_of(text, f'[Players "{players}"]'))
    game = game_data(result)
    assert game["scores"] == [] and game["standings"] is None and game["en_ley"] == []
    assert game["match"] == {"name": None, "hand": 1, "over": False, "winner": None, "tied": []}


def test_a_match_begun_by_a_bad_players_hand_learns_its_players_from_the_next() -> None:
    text = hand('[Match "M"]', players="Ana") + "\n" + hand('[Match "M"]')
    _, second = audit_any(text)
    assert problems(second) == []  # no match-players: the first hand's players are unknown
    assert second.extras.match is not None and second.extras.match.hand == 2
    assert second.extras.standings is None  # the totals entering it are unknown


def test_a_bad_tag_hand_after_the_match_is_over_keeps_the_final_totals() -> None:
    one = hand('[Match "M"]', '[Target "100"]')
    text = one + "\n" + hand('[Match "M"]', '[LawMin "x"]')
    first, second = audit_any(text)
    assert first.extras.match is not None and first.extras.match.over
    assert_not_judged(second, line_of(text, '[LawMin "x"]'))
    match = second.extras.match
    assert match is not None and (match.hand, match.over) == (2, True)
    assert match.winner == "Ana" and second.extras.standings == {"Ana": 170, "Beto": -105}


def test_a_misspelled_knob_name_is_judged_under_the_knobs_named() -> None:
    text = hand('[Tarjet "100"]')
    result = audit(text)
    assert [(f.rule, f.line) for f in result.findings] == [
        ("unknown-tag", line_of(text, '[Tarjet "100"]'))]
    assert result.rules["Target"] == 1000 and result.extras.match is not None
    assert not result.extras.match.over and result.extras.standings == {"Ana": 170, "Beto": -105}


# --- a later hand's Scores tag while the totals are unknown (ARGENTINO.md §12) ----------


def test_a_later_scores_tag_with_unknown_totals_drops_others_and_enters_the_left_out_with_0(
) -> None:
    unseen = WORKED.replace("up: 10c\n", "")  # the first hand has no scores
    text = (hand('[Match "M"]', body=unseen) + "\n"
            + hand('[Match "M"]', '[Scores "Ana 800, Eva 40"]'))
    first, second = audit_all(text)
    assert first.extras.standings is None
    assert problems(second) == [
        ("log-error", "scores-mismatch", None, line_of(text, '[Scores "Ana 800, Eva 40"]')),
        ("renuncia", "law-below-minimum", "Ana", line_of(text, "Ana meld 3h 4h 5h", 2))]
    mismatch = second.findings[0]
    assert mismatch.params["totals"] == "Ana 800, Beto 0"  # Eva's 40 is dropped
    assert second.extras.en_ley == ("Ana",)  # her 800 entering was read
    assert second.extras.standings == {"Ana": 970, "Beto": -105}  # Beto entered with 0


def test_a_later_scores_tag_naming_exactly_the_players_with_unknown_totals_is_no_mismatch(
) -> None:
    unseen = WORKED.replace("up: 10c\n", "")
    text = (hand('[Match "M"]', body=unseen) + "\n"
            + hand('[Match "M"]', '[Scores "Ana 10, Beto 20"]'))
    _, second = audit_all(text)
    assert problems(second) == []
    assert second.extras.standings == {"Ana": 180, "Beto": -85}
