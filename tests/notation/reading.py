"""What the reader's tests share: the sample logs, a header, and reading one game."""

from __future__ import annotations

import re
from pathlib import Path

from referee.cards import Card
from referee.notation.events import (
    GameRecord,
    SyntaxProblem,
)
from referee.notation.reader import read_games

SPEC = Path("/work/shared/spec/NOTATION.md")
EXAMPLES = Path("/work/shared/examples")
# The shared examples that read cleanly (one whose expectation holds a syntax error, a
# Spanish card the deck lacks, is checked against it by tests/test_examples.py).
EXAMPLE_FILES = [
    path for path in (sorted(EXAMPLES.glob("*.rummy")) if EXAMPLES.is_dir() else [])
    if '"syntax-error"' not in path.with_suffix(".expect.json").read_text(encoding="utf-8")
]

HEADER = '[Game "51"]\n[Players "Ana Beto Caro"]\n'

# Words that must never reach a player: Lark's terminal and rule names.
GRAMMAR_WORDS = re.compile(r"\$END|_NL|\b(?:CARD|NAME|TAG_\w+|MELD_NUMBER|DEAL|STOCK|Token)\b")


def c(text: str) -> Card:
    return Card.parse(text)


def read_one(text: str) -> GameRecord:
    games = read_games(text)
    assert len(games) == 1, games
    return games[0]


def read_clean(text: str) -> GameRecord:
    record = read_one(text)
    assert record.errors == []
    return record


def only_error(text: str) -> SyntaxProblem:
    record = read_one(text)
    assert len(record.errors) == 1, record.errors
    return record.errors[0]


def caret_column(problem: SyntaxProblem) -> int:
    """The column the caret line points at (tabs of the source line expanded)."""
    source, caret = problem.context.split("\n")
    width = caret.index("^")
    expanded = [len(source[:i].expandtabs()) for i in range(len(source) + 1)]
    return expanded.index(width) + 1
