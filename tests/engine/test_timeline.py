"""``timeline(record, overrides)``: the table at the start and after each event line."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.audit import replay_to, timeline
from referee.engine.timeline import event_lines
from referee.notation.reader import read_games

DATA = Path(__file__).resolve().parents[1] / "data"


def friday():  # type: ignore[no-untyped-def]
    return read_games((DATA / "friday.rummy").read_text(), "friday.rummy")[0]


def test_one_view_for_the_start_and_one_per_event_line() -> None:
    record = friday()
    views = timeline(record)
    assert len(views) == len(record.events) + 1
    assert [v.line for v in views] == [record.line, *event_lines(record)]
    start = views[0]
    assert start.melds == () and start.discard_top is None and start.turn == "Ana"
    assert start.hands["Ana"].size == 15 and start.hands["Beto"].size == 14
    for view in views[1:]:
        assert view == replay_to(record, view.line)


def test_the_renuncia_stays_open_until_the_call() -> None:
    views = {v.line: v for v in timeline(friday())}
    assert [f.rule for f in views[28].open_renuncias] == ["discard-pegue"]
    assert views[28].discard_top is not None and str(views[28].discard_top) == "9d"
    assert views[32].open_renuncias == () and views[32].out == ("Ana", "Beto")
    assert views[32].finished and views[32].winner == "Caro"


def test_overrides_change_the_views() -> None:
    views = {v.line: v for v in timeline(friday(), {"DiscardPegue": "off"})}
    assert views[28].open_renuncias == ()


def test_an_argentino_hand_is_replayed_step_by_step() -> None:
    record = read_games((DATA / "argentino-worked-hand-2p.rummy").read_text(), "a")[0]
    views = timeline(record)
    assert len(views) == len(record.events) + 1
    assert views[0].discard_top is not None and str(views[0].discard_top) == "10c"
    assert views[-1].finished and views[-1].winner == "Ana"
    for view in views[1:]:
        assert view == replay_to(record, view.line)


def test_a_game_with_no_players_cannot_be_replayed() -> None:
    record = read_games('[Game "51"]\n\nAna discard 7h\n', "x")[0]
    with pytest.raises(ValueError):
        timeline(record)
