"""Helpers for Rummy argentino tests: hand-made hands, padded to 9 cards a player.

Every log is real notation. Deals are padded with filler cards that the log
never mentions anywhere else (never a 2 or a joker, which are wild), so a
filler can never be drawn, taken, melded or discarded by accident. With one
deck (2 to 4 players) every card exists once: a test names each card once.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping, Sequence

from referee.audit import audit_records
from referee.cards import Card, CardError, Rank
from referee.engine.findings import LOG_ERROR, RENUNCIA, GameResult
from referee.notation.reader import read_games

HAND = 9
_FILLERS = tuple(f"{Rank(r).text}{s}" for s in "cdhs" for r in (1, *range(3, 14)))


def _mentioned(text: str) -> set[str]:
    found: set[str] = set()
    for token in re.split(r"[\s:=]+", text):
        try:
            card = Card.parse(token)
        except CardError:
            continue
        found.add(str(card.physical))
    return found


def alog(events: str, deals: Mapping[str, str] | None = None,
         players: Sequence[str] = ("Ana", "Beto"), up: str | None = "Qc",
         stock: str | None = None, tags: Mapping[str, str] | None = None,
         hidden: Sequence[str] = ()) -> str:
    """A one-hand argentino log; ``deals`` name the cards each player must hold."""
    deals = dict(deals or {})
    events = textwrap.dedent(events).strip("\n")
    used = _mentioned(events) | _mentioned(" ".join(deals.values()))
    used |= _mentioned(up or "") | _mentioned(stock or "")
    fillers = [c for c in _FILLERS if c not in used]
    out = ['[Game "rummy-argentino"]', f'[Players "{" ".join(players)}"]']
    out += [f'[{name} "{value}"]' for name, value in (tags or {}).items()]
    out.append("")
    for name in players:
        if name in hidden:
            continue
        cards = deals.get(name, "").split()
        need = HAND - len(cards)
        assert need >= 0, f"{name} is dealt {len(cards)} cards, more than {HAND}"
        cards += fillers[:need]
        fillers = fillers[need:]
        out.append(f"deal {name}: {' '.join(cards)}")
    if up is not None:
        out.append(f"up: {up}")
    if stock is not None:
        out.append(f"stock: {stock}")
    out.append("")
    out.append(events)
    return "\n".join(out) + "\n"


def audit_all(text: str) -> list[GameResult]:
    """Every hand of the text, audited in order (a match carries from hand to hand)."""
    records = read_games(text, "<test>")
    for record in records:
        assert not record.errors, f"syntax errors in a test log: {record.errors}\n{text}"
    return list(audit_records(records))


def audit(text: str) -> GameResult:
    results = audit_all(text)
    assert len(results) == 1
    return results[0]


def problems(result: GameResult) -> list[tuple[str, str, str | None, int]]:
    return [(f.kind, f.rule, f.player, f.line) for f in result.findings
            if f.kind in (RENUNCIA, LOG_ERROR)]


def line_of(text: str, needle: str, nth: int = 1) -> int:
    seen = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        if " ".join(raw.split("#", 1)[0].split()) == " ".join(needle.split()):
            seen += 1
            if seen == nth:
                return number
    raise AssertionError(f"no line {needle!r} in:\n{text}")


def scores(result: GameResult) -> dict[str, tuple[int, int, int, int, int]]:
    return {s.player: (s.laid, s.in_hand, s.bonus, s.penalty, s.total)
            for s in result.extras.scores}


def explain(text: str, result: GameResult) -> str:
    numbered = "\n".join(f"{i:3} {s}" for i, s in enumerate(text.splitlines(), start=1))
    found = "\n".join(f"  {f.kind} {f.rule} {f.player} @{f.line} {f.params}"
                      for f in result.findings)
    return f"\n{numbered}\nfindings:\n{found}"
