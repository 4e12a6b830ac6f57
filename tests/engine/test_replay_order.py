"""The replay's order for each event (:mod:`referee.engine.replay`): verify (the table's
``verify_*``, a log error skips the event), judge (the game's ``judge_*`` hook, the
table not moved yet), apply (the table moves the cards), then the game's ``after_*``
hook (the table as it now stands).

Before: for a meld, a lay-off and a discard the cards left the hand before the game's
rules looked, and the game pushed the pile and laid the meld itself.
"""

from __future__ import annotations

from referee.audit import audit_game
from referee.games import using
from referee.notation.reader import read_games
from tests.engine.toy import LOG, Toy, Trace


def traced(text: str) -> tuple[Trace, object]:
    trace = Trace()
    Toy.trace = trace
    try:
        with using(Toy):
            (record,) = read_games(text, "toy.rummy")
            result = audit_game(record)
    finally:
        Toy.trace = None
    return trace, result


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.strip() == needle)


def hooks_at(trace: Trace, line: int) -> list[tuple[str, int, int, int]]:
    return [(hook, hand, pile, melds) for hook, at, hand, pile, melds in trace.seen
            if at == line]


def test_a_meld_is_judged_with_its_cards_in_hand_then_laid() -> None:
    trace, _ = traced(LOG)
    line = line_of(LOG, "Ana meld 7h 7d 7c")
    assert hooks_at(trace, line) == [("judge_meld", 6, 0, 0), ("after_meld", 3, 0, 1)]


def test_a_discard_is_judged_before_it_tops_the_pile() -> None:
    trace, _ = traced(LOG)
    line = line_of(LOG, "Ana discard 2s")
    assert hooks_at(trace, line) == [("judge_discard", 3, 0, 1), ("after_discard", 2, 1, 1)]


def test_a_lay_off_is_judged_before_the_card_leaves_the_hand() -> None:
    trace, _ = traced(LOG)
    line = line_of(LOG, "Ana layoff 7s on 1")
    assert hooks_at(trace, line) == [("judge_layoff", 3, 1, 2), ("after_layoff", 2, 1, 2)]


def test_a_draw_and_a_take_are_judged_before_the_card_arrives() -> None:
    trace, _ = traced(LOG)
    assert hooks_at(trace, line_of(LOG, "Ana draw 7s")) == [("judge_draw", 5, 0, 0)]
    assert hooks_at(trace, line_of(LOG, "Beto take 2s")) == [("judge_take", 5, 1, 1)]


def test_an_impossible_event_is_not_judged_fires() -> None:
    trace, result = traced(LOG)
    line = line_of(LOG, "Beto discard 9h")
    assert hooks_at(trace, line) == []
    assert [(f.rule, f.line) for f in result.findings  # type: ignore[attr-defined]
            if f.kind == "log-error"] == [("not-in-hand", line)]


def test_a_possible_event_is_judged_legal_neighbour() -> None:
    trace, result = traced(LOG)
    line = line_of(LOG, "Ana discard 9h")
    assert [hook for hook, *_ in hooks_at(trace, line)] == ["judge_discard", "after_discard"]
    assert result.winner == "Ana"  # type: ignore[attr-defined]
