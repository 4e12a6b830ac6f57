"""The replay's deadline (:meth:`referee.engine.replay.Referee.play`): with one, the clock is
read before the first event and every ``DEADLINE_EVERY`` events, and a deadline passed
stops the game where it is (:class:`OutOfTimeError`); without one, the clock is never
read and the result is the same as with a deadline far off.

Before: the service's time limit was looked at only between games, so one huge game
held a worker until its replay ended.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import referee.engine.replay as replay
from referee.audit import audit_game
from referee.engine import OutOfTimeError
from referee.engine.replay import DEADLINE_EVERY
from referee.notation.events import GameRecord
from referee.notation.reader import read_games

FRIDAY = Path(__file__).resolve().parents[1] / "data" / "friday.rummy"


def huge_game(events: int) -> GameRecord:
    """The friday game, then ``events`` more events (a draw and a discard after its end)."""
    tail = "".join("Ana draw 2c\nAna discard 2c\n" for _ in range(events // 2))
    (record,) = read_games(FRIDAY.read_text(encoding="utf-8") + tail, "huge.rummy")
    return record


class Clock:
    """A fake :func:`time.monotonic`: 0, then 10 from the second reading on."""

    def __init__(self) -> None:
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        return 0.0 if self.readings == 1 else 10.0


def test_a_deadline_passed_inside_a_game_stops_its_replay_fires(
        monkeypatch: pytest.MonkeyPatch) -> None:
    record = huge_game(3 * DEADLINE_EVERY)
    clock = Clock()
    monkeypatch.setattr(replay, "monotonic", clock)
    with pytest.raises(OutOfTimeError) as stopped:
        audit_game(record, deadline=5.0)  # in time before the first event, not 256 later
    assert stopped.value.line == record.events[DEADLINE_EVERY].line
    assert clock.readings == 2


def test_a_deadline_far_off_changes_nothing_legal_neighbour(
        monkeypatch: pytest.MonkeyPatch) -> None:
    record = huge_game(3 * DEADLINE_EVERY)
    free = audit_game(record)
    readings: list[float] = []

    def clock() -> float:
        readings.append(0.0)
        return 0.0

    monkeypatch.setattr(replay, "monotonic", clock)
    timed = audit_game(record, deadline=5.0)
    assert len(readings) == -(-len(record.events) // DEADLINE_EVERY)  # one per 256 events
    assert (timed.findings, timed.winner, timed.finished, timed.hands) == (
        free.findings, free.winner, free.finished, free.hands)


def test_without_a_deadline_the_clock_is_never_read(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_clock() -> float:
        raise AssertionError("the clock was read")

    monkeypatch.setattr(replay, "monotonic", no_clock)
    assert audit_game(huge_game(DEADLINE_EVERY)).finished
