"""Helpers for the tests of 51 under a Spanish deck (RULES.md §13): small logs whose deals
are padded with Spanish filler cards the log never names, read and audited as the CLI
does (the caller's knobs reach the reader)."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable, Mapping

from referee.audit import audit_game
from referee.cards import DECKS, CardError, Deck
from referee.engine.findings import GameResult
from referee.notation.events import GameRecord
from referee.notation.reader import read_games
from tests.variants.la51 import PLAYERS3, explain, problems

_SUITS = "oceb"


def _fillers(deck: Deck) -> list[str]:
    """A diagonal walk through the deck: neighbours differ in rank and suit."""
    ranks = [int(r) for r in deck.ranks]
    count = len(ranks)
    return [f"{ranks[r]}{_SUITS[(r + k) % 4]}" for k in range(4) for r in range(count)]


def mentioned(text: str, deck: Deck) -> set[str]:
    """The natural cards named in ``text`` (a joker's reading included), as notation."""
    out: set[str] = set()
    for line in text.splitlines():
        for token in re.split(r"[\s:=]+", line.split("#", 1)[0]):
            try:
                card = deck.parse(token)
            except CardError:
                continue
            if not card.is_joker:
                out.add(str(card))
    return out


def spanish_log(events: str, deals: Mapping[str, str] | None = None,
                deck: str = "spanish-40", players: tuple[str, ...] = PLAYERS3,
                tags: Mapping[str, str] | None = None, hidden: Iterable[str] = (),
                decks: int = 2, deck_tag: bool = True) -> str:
    """A one-game log under ``deck`` (its ``Deck`` tag after ``Players`` unless
    ``deck_tag`` is false); ``deals`` the cards a player must hold, the rest filler."""
    the_deck = DECKS[deck]
    deals = dict(deals or {})
    events = textwrap.dedent(events).strip("\n")
    hidden = set(hidden)
    used = mentioned(events + "\n" + " ".join(deals.values()), the_deck)
    fillers = [c for c in _fillers(the_deck) if c not in used] * decks
    out = ['[Game "51"]', f'[Players "{" ".join(players)}"]']
    if deck_tag:
        out.append(f'[Deck "{deck}"]')
    out += [f'[{name} "{value}"]' for name, value in (tags or {}).items()]
    out.append("")
    taken = 0
    for seat, name in enumerate(players):
        if name in hidden:
            continue
        cards = deals.get(name, "").split()
        need = (15 if seat == 0 else 14) - len(cards)
        cards += fillers[taken : taken + need]
        taken += need
        out.append(f"deal {name}: {' '.join(cards)}")
    out += ["", events]
    return "\n".join(out) + "\n"


def read(text: str, knobs: Mapping[str, str] | None = None) -> list[GameRecord]:
    return read_games(text, "<test>", knobs)


def audit(text: str, knobs: Mapping[str, str] | None = None) -> GameResult:
    """The one game's result; the log must read without a syntax error."""
    (record,) = read(text, knobs)
    assert not record.errors, f"syntax errors in a test log: {record.errors}\n{text}"
    return audit_game(record, knobs)


def check(text: str, expected: list[tuple[str, str, str | None, int]],
          knobs: Mapping[str, str] | None = None) -> GameResult:
    result = audit(text, knobs)
    assert problems(result) == expected, explain(text, result)
    return result


def clean(text: str, knobs: Mapping[str, str] | None = None) -> GameResult:
    return check(text, [], knobs)


def syntax_keys(text: str, knobs: Mapping[str, str] | None = None
                ) -> list[tuple[int, str]]:
    """Each game's syntax problems as (line, message key)."""
    return [(p.line, p.key) for record in read(text, knobs) for p in record.errors]
