"""The grammar's terminals and keywords, as Lark compiled them.

The header checks (:mod:`referee.notation.header`), the syntax errors' words
(:mod:`referee.notation.diagnose`), the editor's and the live API's word lists match
text against the grammar's own expressions, never copies of them: each is read off
the French deck's parser with Lark's ``get_terminal``.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from referee.cards import FRENCH
from referee.notation.parser import deck_parser

KEYWORDS = ("DEAL", "STOCK", "UP", "_DRAW", "_TAKE", "_MELD", "_LAYOFF", "_ON", "_DISCARD",
            "_CALL")
EVENT_KEYWORDS = frozenset({"_DRAW", "_TAKE", "_MELD", "_LAYOFF", "_DISCARD", "_CALL"})
SETUP_KEYWORDS = ("DEAL", "STOCK", "UP")

_CASE_INSENSITIVE = re.compile(r"\(\?i:(\w+)\)")  # how Lark writes a "word"i string


@cache
def terminal(name: str) -> re.Pattern[str]:
    """The compiled regular expression of the grammar's terminal ``name``."""
    lark = deck_parser(FRENCH).parser()
    return re.compile(lark.get_terminal(name).pattern.to_regexp())


@cache
def spellings(*names: str) -> tuple[str, ...]:
    """Every word the keyword terminals ``names`` accept, English and Spanish (as the
    grammar writes them), in the order of ``names``."""
    words: list[str] = []
    for name in names:
        words.extend(sorted(_CASE_INSENSITIVE.findall(terminal(name).pattern)))
    return tuple(words)


@lru_cache(maxsize=4096)  # asked of every player's name of every game
def keyword_of(word: str) -> str | None:
    """The keyword terminal ``word`` spells (English or Spanish, any case), or None."""
    return next((name for name in KEYWORDS if terminal(name).fullmatch(word)), None)
