"""``audit_live``: the audit of a log as it stands, the table after its last event, and the
findings judged only because the log stops mid-turn."""

from __future__ import annotations

from referee.audit import audit_game, audit_live
from referee.notation.reader import read_games

HEADER = '[Game "51"]\n[Players "Ana Beto"]\n\n'


def test_a_lay_down_still_being_laid_is_pending() -> None:
    record = read_games(HEADER + "Ana discard 2s\nBeto draw\nBeto meld Jc Jh Js\n")[0]
    live = audit_live(record)
    assert [f.rule for f in live.pending] == ["bajada-below-minimum"]
    assert [f.rule for f in live.result.findings] == ["bajada-below-minimum"]
    assert live.view is not None and live.view.turn == "Beto" and len(live.view.melds) == 1


def test_a_lay_down_whose_turn_ended_is_judged_not_pending() -> None:
    record = read_games(HEADER + "Ana discard 2s\nBeto draw\nBeto meld Jc Jh Js\n"
                                 "Beto discard 4c\n")[0]
    live = audit_live(record)
    assert live.pending == () and [f.rule for f in live.result.findings] == [
        "bajada-below-minimum"]
    assert live.view is not None and live.view.turn == "Ana"


def test_audit_live_gives_the_audits_result() -> None:
    text = HEADER + "Ana discard 2s\nBeto discard 3h\n"
    live = audit_live(read_games(text)[0])
    assert live.result == audit_game(read_games(text)[0])
