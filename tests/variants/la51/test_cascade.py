"""Calls and the missed-call cascade, on mutated simulated games of 51: the game goes on
after a renuncia that changes nothing physically, a call comes some turns later, and
the test checks who is eliminated and the missed-call findings (RULES.md section 7).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from referee.notation.events import Call, Discard, Draw, Event, Take
from tests.variants.la51.mutations.melds import meld_after_layoff_sites
from tests.variants.la51.mutations.simulated import (
    SEEDS,
    Mutation,
    audit_as_text,
    bad_findings,
    games,
    rebuild,
)
from tests.variants.la51.mutations.turns import take_not_first_sites

# --- calls and the missed-call cascade ----------------------------------------------------


def turn_ends_after(events: Sequence[Event], index: int) -> list[int]:
    """Indexes of the discards after event ``index`` (each ends a turn)."""
    return [i for i in range(index + 1, len(events)) if isinstance(events[i], Discard)]


def cascade_sites() -> Iterator[Mutation]:
    for seed in SEEDS:
        for game in games(seed):
            yield from meld_after_layoff_sites(game, keep_going=True)
            yield from take_not_first_sites(game, keep_going=True)


def with_call(events: Sequence[Event], after: int, caller: str, accused: str) -> list[Event]:
    """``events`` cut after event ``after``, then ``caller call accused``."""
    return [*events[: after + 1], Call(caller, 0, 0, accused)]


def test_cascade_sites_replay_clean_but_for_the_renuncia() -> None:
    checked = 0
    for mutation in cascade_sites():
        result = audit_as_text(mutation.record())
        assert bad_findings(result) == mutation.expected(), mutation.note
        checked += 1
        if checked >= 6:
            break
    assert checked >= 2


def test_upheld_call_eliminates_offender_and_missed_callers() -> None:
    cases = 0
    for mutation in cascade_sites():
        events = mutation.events
        offender = mutation.player
        players = mutation.game.record.players
        ends = turn_ends_after(events, mutation.index)
        # the offender's own discard ends the turn of the renuncia; then the others play
        own_end, others = ends[0], ends[1 : len(players)]
        assert events[own_end].player == offender
        if len(others) < len(players) - 1 or any(events[i].player == offender for i in others):
            continue
        for k in range(len(others) + 1):  # the call after k other players' turns ended
            end = others[k - 1] if k else own_end
            passed = [events[i].player for i in others[:k]]
            # between two turns, or once the next player has drawn (their turn not ended)
            spots = [end]
            if end + 1 < len(events) and events[end + 1].player != offender:
                spots.append(end + 1)
            for after, caller in ((a, c) for a in spots for c in players if c != offender):
                mutated = with_call(events, after, caller, offender)
                record = rebuild(mutation.game.record, mutated)
                result = audit_as_text(record)
                missed = [i for i in others[:k] if events[i].player != caller]
                renuncia_line = record.events[mutation.index].line
                expected = [(mutation.rule, offender, renuncia_line)] + [
                    ("missed-call", events[i].player, record.events[i].line) for i in missed
                ]
                assert bad_findings(result) == sorted(expected, key=lambda f: f[2]), (
                    mutation.note, k, after, caller, passed)
                for finding in result.findings:
                    if finding.rule == "missed-call":
                        assert finding.ref_line == renuncia_line
                out = [offender] + [events[i].player for i in missed]
                assert [e.player for e in result.eliminated] == out
                assert [e.rule for e in result.eliminated] == (
                    [mutation.rule] + ["missed-call"] * len(missed))
                call_line = record.events[-1].line
                assert all(e.line == call_line for e in result.eliminated)
                assert [(c.caller, c.accused, c.outcome) for c in result.calls] == [
                    (caller, offender, "upheld")]
                left = [p for p in players if p not in out]
                if len(left) == 1:
                    assert result.finished and result.winner == left[0]
                    assert sorted((p.payer, p.amount) for p in result.settlement) == sorted(
                        (p, 1400) for p in out)
                else:
                    assert not result.finished and result.winner is None
                cases += 1
        if cases >= 60:
            break
    assert cases >= 20


def test_call_after_the_offenders_next_turn_starts_is_void() -> None:
    checked = 0
    for mutation in cascade_sites():
        events = mutation.events
        offender = mutation.player
        later = [i for i in range(mutation.index + 1, len(events))
                 if isinstance(events[i], Draw | Take) and events[i].player == offender]
        if not later:
            continue
        caller = next(p for p in mutation.game.record.players if p != offender)
        record = rebuild(mutation.game.record, with_call(events, later[0], caller, offender))
        result = audit_as_text(record)
        assert bad_findings(result) == mutation.expected()
        assert not result.eliminated
        assert [(c.caller, c.outcome) for c in result.calls] == [(caller, "void")]
        assert "amnesty" in [f.rule for f in result.findings]
        checked += 1
        if checked >= 4:
            break
    assert checked >= 2


def test_call_on_a_player_without_a_renuncia_is_unfounded() -> None:
    mutation = next(cascade_sites())
    events = mutation.events
    players = mutation.game.record.players
    innocent = next(p for p in players if p != mutation.player)
    caller = next(p for p in players if p not in (innocent, mutation.player))
    end = turn_ends_after(events, mutation.index)[0]
    record = rebuild(mutation.game.record, with_call(events, end, caller, innocent))
    result = audit_as_text(record)
    assert bad_findings(result) == mutation.expected()
    assert not result.eliminated
    assert [(c.accused, c.outcome) for c in result.calls] == [(innocent, "unfounded")]
