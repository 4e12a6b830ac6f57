"""51 tests: shared helpers to build small, hand-crafted `.rummy` logs of 51 and audit them.

Every log is real notation text with a ``deal`` line per player (unless a test
wants a hidden hand), so a failing test can print the exact log it audited.
Deals are padded to the right size (15 for the first player, 14 for the others)
with filler cards that the log never mentions anywhere else, so fillers can
never be played, drawn, taken or discarded by accident.

The text is read with :func:`referee.notation.reader.read_games`.
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter
from collections.abc import Iterable, Mapping

from referee.audit import audit_game
from referee.cards import Card, CardError, Rank, Suit
from referee.engine.findings import LOG_ERROR, NOTICE, RENUNCIA, GameResult
from referee.notation.events import GameRecord
from referee.notation.reader import read_games

PLAYERS3 = ("Ana", "Beto", "Caro")
PLAYERS4 = ("Ana", "Beto", "Caro", "Dani")

# -- filler cards ---------------------------------------------------------------------------------

# A diagonal walk through the deck: neighbours differ in rank and suit.
_SUITS = "cdhs"
_FILLER_ORDER: tuple[str, ...] = tuple(
    f"{Rank(r).text}{_SUITS[(r + k) % 4]}" for k in range(4) for r in range(1, 14)
)


def _card_tokens(text: str) -> Iterable[Card]:
    for token in re.split(r"[\s:]+", text.split("#", 1)[0]):
        try:
            card = Card.parse(token)
        except CardError:
            continue
        yield card
        if card.stands_for is not None:
            yield card.stands_for


def cards_mentioned(text: str) -> set[Card]:
    """Every natural card named anywhere in ``text`` (a joker's reading included)."""
    out: set[Card] = set()
    for line in text.splitlines():
        for card in _card_tokens(line):
            if not card.is_joker:
                out.add(card)
    return out


def log(
    events: str,
    deals: Mapping[str, str] | None = None,
    players: tuple[str, ...] = PLAYERS3,
    tags: Mapping[str, str] | None = None,
    hidden: Iterable[str] = (),
    stock: str | None = None,
    decks: int = 2,
    pad: bool = True,
) -> str:
    """A complete one-game log.

    ``deals`` maps a player to the cards they must hold; the rest of their deal
    is filler. Players in ``hidden`` get no deal line. ``tags`` are written as
    tag lines after ``Game`` and ``Players`` (house rules, ``Stake``, ``Result``).
    """
    deals = dict(deals or {})
    events = textwrap.dedent(events).strip("\n")
    hidden = set(hidden)
    explicit = " ".join(deals.values())
    used = cards_mentioned(events) | cards_mentioned(explicit)
    if stock:
        used |= cards_mentioned(stock)
    fillers = [Card.parse(t) for t in _FILLER_ORDER]
    fillers = [c for c in fillers if c not in used] * decks
    out = ['[Game "51"]', f'[Players "{" ".join(players)}"]']
    for name, value in (tags or {}).items():
        out.append(f'[{name} "{value}"]')
    out.append("")
    taken = 0
    for i, name in enumerate(players):
        if name in hidden:
            continue
        size = 15 if i == 0 else 14
        cards = deals.get(name, "").split()
        if pad:
            need = size - len(cards)
            if need < 0:
                raise ValueError(f"{name} is dealt {len(cards)} cards, more than {size}")
            cards += [str(c) for c in fillers[taken : taken + need]]
            taken += need
        out.append(f"deal {name}: {' '.join(cards)}")
    for name in deals:
        if name not in players:
            out.append(f"deal {name}: {deals[name]}")
    if stock is not None:
        out.append(f"stock: {stock}")
    out.append("")
    out.append(events)
    return "\n".join(out) + "\n"


def line_of(text: str, needle: str, nth: int = 1) -> int:
    """1-based line of the ``nth`` line whose statement (comment stripped) is ``needle``.

    Whitespace is normalised; a needle ending in ``...`` matches a prefix.
    """
    want = " ".join(needle.split())
    prefix = want.endswith("...")
    if prefix:
        want = want[:-3].rstrip()
    seen = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        stmt = " ".join(raw.split("#", 1)[0].split())
        if stmt == want or (prefix and stmt.startswith(want)):
            seen += 1
            if seen == nth:
                return number
    raise AssertionError(f"no line {needle!r} (#{nth}) in the log:\n{text}")


# -- reading --------------------------------------------------------------------------------------

_SYNONYMS = {
    "roba": "draw",
    "toma": "take",
    "recoge": "take",
    "baja": "meld",
    "pega": "layoff",
    "descarta": "discard",
    "bota": "discard",
    "canta": "call",
    "reparte": "deal",
    "mazo": "stock",
    "mazo:": "stock:",
    "en": "on",
}
_TAG = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]$')


def _kw(word: str) -> str:
    low = word.lower()
    return _SYNONYMS.get(low, low)


def read(text: str, source: str = "<test>") -> list[GameRecord]:
    return read_games(text, source)


def audit(text: str, overrides: Mapping[str, str] | None = None, game: int = 0) -> GameResult:
    records = read(text)
    record = records[game]
    assert not record.errors, f"syntax errors in a test log: {record.errors}\n{text}"
    return audit_game(record, overrides)


# -- looking at results ---------------------------------------------------------------------------


def problems(result: GameResult) -> list[tuple[str, str, str | None, int]]:
    """The renuncia and log-error findings as (kind, rule, player, line), in line order."""
    return [
        (f.kind, f.rule, f.player, f.line)
        for f in result.findings
        if f.kind in (RENUNCIA, LOG_ERROR)
    ]


def notices(result: GameResult) -> list[tuple[str, str, str | None, int]]:
    return [(f.kind, f.rule, f.player, f.line) for f in result.findings if f.kind == NOTICE]


def rules_of(result: GameResult) -> Counter[str]:
    return Counter(f.rule for f in result.findings)


def out(result: GameResult) -> list[str]:
    return [e.player for e in result.eliminated]


def calls(result: GameResult) -> list[tuple[int, str, str, str]]:
    return [(c.line, c.caller, c.accused, c.outcome) for c in result.calls]


def pay(result: GameResult) -> set[tuple[str, str, int, int]]:
    return {(p.payer, p.payee, p.cards, p.amount) for p in result.settlement}


def renuncia(rule: str, player: str, line: int) -> tuple[str, str, str, int]:
    return (RENUNCIA, rule, player, line)


def log_error(rule: str, player: str | None, line: int) -> tuple[str, str, str | None, int]:
    return (LOG_ERROR, rule, player, line)


def notice(rule: str, player: str | None, line: int) -> tuple[str, str, str | None, int]:
    return (NOTICE, rule, player, line)


def explain(text: str, result: GameResult) -> str:
    """A failure message: the numbered log and every finding."""
    numbered = "\n".join(f"{i:3} {s}" for i, s in enumerate(text.splitlines(), start=1))
    found = "\n".join(
        f"  {f.kind} {f.rule} {f.player} @{f.line} {f.params}" for f in result.findings
    )
    return f"\n{numbered}\nfindings:\n{found}\neliminated: {out(result)}"


__all__ = [
    "PLAYERS3",
    "PLAYERS4",
    "Suit",
    "audit",
    "calls",
    "explain",
    "line_of",
    "log",
    "log_error",
    "notice",
    "notices",
    "out",
    "pay",
    "problems",
    "read",
    "renuncia",
    "rules_of",
]
