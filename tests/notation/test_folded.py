"""The folded grammar (referee/notation/folded.py) reads what the grammar file reads."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from lark import Lark
from lark.exceptions import UnexpectedInput

from referee.notation import folded
from referee.notation import parser as notation_parser
from referee.notation.pieces import pieces
from referee.notation.reducers import Records
from referee.sim import simulate_text

ROOT = Path(__file__).resolve().parents[2]
SNIPPETS = [" ", "\t", "#c", "# x\n\n  ", "\n", "\r\n", "7h", "10♦", "Q♥\ufe0f", "??", "JK=5h",
            "2s=Kh", " on 2", "on", "x", "ñ", "\ufeff", "[", '"', "deal", "draw", "meld 7h 8h",
            "take", "call", "Ana", ":", "=", "-", "1234567890", "  ", '[Game "51"]\n',
            "deal Ana: ", "deal: ", "stock: 7h 8h", "stock", "mazo:", "reparte Beto:", "]",
            '"x"', "\\",
            # stray control characters, and characters str.splitlines ends a line at
            "\x00", "\x01", "\x1b", "\x7f", "\x0b", "\x0c", "\x1c", "\x85", "\u2028", "\x9f"]


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


def test_tag_deal_and_stock_lines_are_one_token_each(monkeypatch: pytest.MonkeyPatch) -> None:
    grammar = folded.folded_grammar()
    for rule, terminals in (("tag", "TAG_OPEN TAG_NAME TAG_VALUE _TAG_CLOSE _NL"),
                            ("deal", "DEAL NAME _COLON CARDS _NL"),
                            ("stock", "STOCK _COLON CARDS _NL")):
        name = folded.line_terminal(rule)
        assert f"\n{rule}: {name} | {terminals}\n{name}.3: {terminals}\n" in grammar
    text = ('[Game "51"]\n[Players "Ana Beto"]  # c\n\ndeal Ana: 7h 8h\nREPARTE\tBeto :Q♥\n'
            "mazo: 9h\nAna discard 7h\n")
    one_token: list[str] = []  # the tokens read whole, by their terminal's name
    parts = folded.line_parts

    def spy(rule: str, token: Any) -> tuple[str, ...]:
        one_token.append(token.type)
        return parts(rule, token)

    monkeypatch.setattr(folded, "line_parts", spy)
    records = folded.parse_folded(text, 10)[0]
    assert one_token == ["TAG_LINE", "TAG_LINE", "DEAL_LINE", "DEAL_LINE", "STOCK_LINE"]
    assert [(t.name, t.value, t.line, t.column) for t in records.tags] == [
        ("Game", "51", 11, 1), ("Players", "Ana Beto", 12, 1)]
    assert [(d.player, [str(c) for c in d.cards], d.line, d.column)
            for d in records.setup[:2]] == [("Ana", ["7h", "8h"], 14, 1),
                                            ("Beto", ["Qh"], 15, 1)]
    assert records == notation_parser.parse(text, 10)[0]  # as the grammar file reads it


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


def _read(parser: Lark, transformer: Records, text: str) -> object:
    transformer.set_line_offset(0)
    try:
        return parser.parse(text if text.endswith("\n") else text + "\n")
    except UnexpectedInput:
        return "syntax error"


def test_the_folded_grammar_reads_what_the_grammar_file_reads() -> None:
    fast, base = folded.get_folded_parser(), notation_parser.get_parser()
    errors = 0
    for text in _texts():
        expected = _read(base, notation_parser.RECORDS, text)
        assert _read(fast, folded.FOLDED_RECORDS, text) == expected, text
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


def test_a_line_s_groups_match_as_its_one_token_terminal() -> None:
    """:func:`folded.line_groups` is the line terminal's own expression with groups: it
    matches what the terminal matches, where it does, and cuts it as text_parts does."""
    from referee.notation.terminals import terminal

    rng = random.Random(7)
    lines = [line for path in sorted((ROOT / "logs").glob("*.rummy"))
             for line in path.read_text(encoding="utf-8").splitlines() if line[:1] == "["]
    pieces_ = ["[", "Game", " ", '"51"', "]", "\t", "# c", '"a\\"b"', "é", "\x01", "[ x ", '"']
    lines += ["".join(rng.choice(pieces_) for _ in range(rng.randint(1, 7)))
              for _ in range(3000)]
    whole = terminal("TAG_LINE")
    grouped = folded.line_groups("tag")
    for line in lines:
        text = line + "\n"
        one, two = whole.match(text), grouped.match(text)
        assert (one and one.span()) == (two and two.span()), line
        if two is not None and two.end() == len(text):
            assert two.group("t0", "t1", "t2")[1:] == folded.text_parts("tag", line)[1:3]
    for rule in folded.LINE_RULES:
        assert folded.line_groups(rule).groups >= 3
