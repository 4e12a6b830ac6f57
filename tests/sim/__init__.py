"""Tests of the simulator (referee/sim): each game alone, and against the referee."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from referee.audit import audit_records
from referee.cards import ALL_NATURALS, JOKER, Card
from referee.engine.findings import LOG_ERROR, RENUNCIA, SYNTAX_ERROR, GameResult
from referee.notation.events import GameRecord
from referee.notation.reader import read_games
from referee.sim import format_record

BAD_KINDS = (RENUNCIA, LOG_ERROR, SYNTAX_ERROR)


def full_deck(knobs: Mapping[str, str] | None = None, decks: int = 2,
              jokers: int = 4) -> Counter[Card]:
    knobs = knobs or {}
    decks, jokers = int(knobs.get("Decks", decks)), int(knobs.get("Jokers", jokers))
    deck: Counter[Card] = Counter({card: decks for card in ALL_NATURALS})
    deck[JOKER] = jokers
    return deck


def bad_findings(result: GameResult) -> list[tuple[str, str, str | None, int]]:
    return [(f.kind, f.rule, f.player, f.line) for f in result.findings if f.kind in BAD_KINDS]


def payments(result: GameResult) -> list[tuple[str, str, int, int]]:
    return sorted((p.payer, p.payee, p.cards, p.amount) for p in result.settlement)


def audit_text(text: str) -> list[GameResult]:
    """Every game of the text, audited in order (argentino hands carry their match)."""
    return list(audit_records(read_games(text, "simulated.rummy")))


def audit_record_as_text(record: GameRecord) -> GameResult:
    (result,) = audit_text(format_record(record))
    return result
