"""A game whose tags hold a syntax error is not judged (RULES.md §14).

Friday night at Ana's (tests/data/friday.rummy, the shared example) has two
renuncias, winner Caro and a settlement of 1400 + 1400 under MinOpen 51. With a
bad knob among its tags the house rules the table played are not known: the game
gets its syntax errors and nothing else.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.audit import audit_game, audit_records, replay_to, timeline
from referee.engine.findings import NOTICE, SYNTAX_ERROR, GameResult
from referee.notation.reader import read_games

FRIDAY = (Path(__file__).resolve().parents[1] / "data" / "friday.rummy").read_text()
STAKE = '[Stake "100"]\n'
BAD_TAGS = ['[MinOpen "+71"]', '[RunMin "cuatro"]', '[Stake "1.5"]']


def friday(*tags: str) -> str:
    """Friday with ``tags`` added after its ``Stake`` tag (a ``Stake`` tag in its place)."""
    added = "".join(tag + "\n" for tag in tags)
    if tags and tags[0].startswith("[Stake "):
        return FRIDAY.replace(STAKE, added, 1)
    return FRIDAY.replace(STAKE, STAKE + added, 1)


def line_of(text: str, needle: str, nth: int = 1) -> int:
    lines = [n for n, raw in enumerate(text.splitlines(), start=1) if raw.startswith(needle)]
    return lines[nth - 1]


def audit_one(text: str) -> GameResult:
    (record,) = read_games(text)
    (result,) = audit_records([record])
    return result


def assert_not_judged(result: GameResult, *syntax_lines: int) -> None:
    assert [(f.kind, f.line) for f in result.findings] == [
        (SYNTAX_ERROR, line) for line in syntax_lines]
    assert (result.finished, result.winner, result.result_claimed) == (False, None, None)
    assert (result.settlement, result.calls, result.eliminated) == ([], [], [])
    assert (result.rules, result.hands, result.extras) == ({}, {}, None)


def test_friday_as_played_is_judged() -> None:
    result = audit_one(FRIDAY)
    assert [f.rule for f in result.findings] == ["discard-pegue", "missed-call"]
    assert (result.finished, result.winner) == (True, "Caro")
    assert [(p.payer, p.amount) for p in result.settlement] == [("Ana", 1400), ("Beto", 1400)]


@pytest.mark.parametrize("tag", BAD_TAGS)
def test_friday_with_a_bad_knob_value_is_not_judged(tag: str) -> None:
    text = friday(tag)
    assert_not_judged(audit_one(text), line_of(text, tag.split('"')[0]))


def test_a_misspelled_knob_name_is_judged_under_the_knobs_named() -> None:
    text = friday('[MinOpne "71"]')
    result = audit_one(text)
    assert [(f.kind, f.rule, f.line) for f in result.findings] == [
        (NOTICE, "unknown-tag", line_of(text, "[MinOpne")),
        ("renuncia", "discard-pegue", line_of(text, "Ana discard 9d")),
        ("renuncia", "missed-call", line_of(text, "Beto discard Qh"))]
    assert result.rules["MinOpen"] == 51 and result.winner == "Caro"
    assert [(p.payer, p.amount) for p in result.settlement] == [("Ana", 1400), ("Beto", 1400)]


def test_the_notices_of_a_game_not_judged_are_left_out() -> None:
    text = friday('[MinOpne "71"]', '[RunWrap "x"]')
    (record,) = read_games(text)
    assert [n.key for n in record.notices] == ["unknown-tag"]
    assert_not_judged(audit_one(text), line_of(text, "[RunWrap"))


def test_a_tag_given_twice_is_a_syntax_error_and_nothing_is_judged() -> None:
    text = friday(STAKE.strip(), STAKE.strip())
    second = line_of(text, "[Stake", 2)
    (record,) = read_games(text)
    assert [(p.key, p.line) for p in record.errors] == [("tag-twice", second)]
    assert_not_judged(audit_one(text), second)


def test_a_knob_given_twice_in_another_case_is_a_tag_given_twice() -> None:
    text = friday('[stake "200"]')
    (record,) = read_games(text)
    assert [(p.key, p.line) for p in record.errors] == [("tag-twice", line_of(text, "[stake"))]
    assert_not_judged(audit_one(text), line_of(text, "[stake"))


def test_a_malformed_tag_line_is_a_syntax_error_and_nothing_is_judged() -> None:
    text = friday("[MinOpen 71]")
    assert_not_judged(audit_one(text), line_of(text, "[MinOpen"))


def test_every_syntax_error_of_a_game_not_judged_is_reported() -> None:
    text = friday('[MinOpen "+71"]').replace("Ana discard 9d", "Ana discard 9x")
    assert_not_judged(audit_one(text), line_of(text, "[MinOpen"),
                      line_of(text, "Ana discard 9x"))


def test_a_first_bad_line_among_the_events_keeps_what_was_judged_before_it() -> None:
    text = FRIDAY.replace("Caro call Ana", "Caro cal Ana")
    result = audit_one(text)
    assert [f.rule for f in result.findings] == ["discard-pegue", "syntax-error"]
    assert result.rules["MinOpen"] == 51 and not result.finished
    assert result.hands == {"Ana": 14, "Beto": 14, "Caro": 7}


def test_a_bad_override_does_not_judge_a_game_whose_tags_are_bad() -> None:
    (record,) = read_games(friday('[MinOpen "+71"]'))
    assert audit_game(record, {"MinOpen": "71"}).rules == {}


def test_a_game_not_judged_is_not_replayed() -> None:
    (record,) = read_games(friday('[MinOpen "+71"]'))
    with pytest.raises(ValueError):
        replay_to(record)
    with pytest.raises(ValueError):
        timeline(record)
    (judged,) = read_games(FRIDAY)
    assert replay_to(judged).line > 0
