"""The folded grammar (referee/notation/folded.py) reads what the grammar file reads."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from lark import Lark
from lark.exceptions import UnexpectedInput

from referee.notation import folded
from referee.notation import parser as notation_parser
from referee.notation.pieces import pieces
from referee.sim import simulate_text

ROOT = Path(__file__).resolve().parents[2]
SNIPPETS = [" ", "\t", "#c", "# x\n\n  ", "\n", "\r\n", "7h", "10♦", "Q♥\ufe0f", "??", "JK=5h",
            "2s=Kh", " on 2", "on", "x", "ñ", "\ufeff", "[", '"', "deal", "draw", "meld 7h 8h",
            "take", "call", "Ana", ":", "=", "-", "1234567890", "  "]


@pytest.fixture(scope="module")
def strict() -> Lark:
    return folded.build_folded_parser(cython=False, strict=True)


def test_the_folded_grammar_passes_lark_strict_mode(strict: Lark) -> None:
    assert strict.options.strict


def test_every_event_ends_with_a_folded_terminal() -> None:
    grammar = folded.folded_grammar()
    event = grammar[grammar.index("!event:"):grammar.index("CARD_NL:")]
    assert " _NL " not in event.replace("| _NL)", "")
    for name in ("CARD", "UNSEEN", "PILE", "CARDS", "MELD_NUMBER", "NAME"):
        assert f"\n{name}_NL: {name} _NL\n" in grammar


def _texts() -> list[str]:
    logs = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "logs").rglob("*.rummy"))]
    logs += [simulate_text("51", 3, (2, 6), 1), simulate_text("51", 2, (2, 6), 2, hidden=True),
             simulate_text("rummy-argentino", 3, (2, 8), 3),
             simulate_text("rummy-argentino", 2, (2, 8), 4, hidden=True)]
    games = [g for log in logs for g in pieces((log,)) if g.strip()]
    rng = random.Random(51)
    mutated = []
    for _ in range(1500):
        text = rng.choice(games)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(text) + 1)
            if rng.random() < 0.3:
                text = text[:at] + text[at + rng.randint(1, 3):]
            else:
                text = text[:at] + rng.choice(SNIPPETS) + text[at:]
        mutated.append(text)
    return games + mutated


def _read(parser: Lark, transformer: notation_parser._ToRecords, text: str) -> object:
    transformer.set_line_offset(0)
    try:
        return parser.parse(text if text.endswith("\n") else text + "\n")
    except UnexpectedInput:
        return "syntax error"


def test_the_folded_grammar_reads_what_the_grammar_file_reads() -> None:
    fast, base = folded.get_folded_parser(), notation_parser.get_parser()
    errors = 0
    for text in _texts():
        expected = _read(base, notation_parser._TRANSFORMER, text)
        assert _read(fast, folded._TRANSFORMER, text) == expected, text
        errors += expected == "syntax error"
    assert errors > 300  # the mutations reach the syntax errors too


def test_a_text_the_folded_grammar_cannot_read_raises_the_grammar_files_error() -> None:
    text = '[Game "51"]\n[Players "Ana Beto"]\nAna discard 7h 8h\n'
    with pytest.raises(UnexpectedInput) as fast:
        folded.parse(text, 0)
    with pytest.raises(UnexpectedInput) as base:
        notation_parser.parse(text, 0)
    assert (fast.value.line, fast.value.column, type(fast.value)) == (
        base.value.line, base.value.column, type(base.value))
