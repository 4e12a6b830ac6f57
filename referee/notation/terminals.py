"""The grammar's terminals as Lark compiled them: their expressions, and the keywords.

The header checks (:mod:`referee.notation.header`), the syntax errors' words
(:mod:`referee.notation.diagnose`), the line memo (:mod:`referee.notation.memo`)
and the editor's and the live API's word lists match text against the grammar's own
expressions, never copies of them. They are read off the folded grammar's parser
(:func:`referee.notation.folded.terminal_expression`), or kept from an earlier process
that read them off it (:mod:`referee.notation.lessons`): its terminals are the grammar
file's, with only ``X_NL`` and ``X_LINE`` ones added.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from referee.notation.folded import terminal_expression
from referee.notation.lark_private import case_insensitive_words

KEYWORDS = ("DEAL", "STOCK", "UP", "_DRAW", "_TAKE", "_MELD", "_LAYOFF", "_ON", "_DISCARD",
            "_CALL")
EVENT_KEYWORDS = frozenset({"_DRAW", "_TAKE", "_MELD", "_LAYOFF", "_DISCARD", "_CALL"})
SETUP_KEYWORDS = ("DEAL", "STOCK", "UP")


@cache
def terminal(name: str) -> re.Pattern[str]:
    """The compiled regular expression of the grammar's terminal ``name``."""
    return re.compile(terminal_expression(name))


@cache
def spellings(*names: str) -> tuple[str, ...]:
    """Every word the keyword terminals ``names`` accept, English and Spanish (as the
    grammar writes them), in the order of ``names``."""
    words: list[str] = []
    for name in names:
        words.extend(sorted(case_insensitive_words(terminal(name).pattern)))
    return tuple(words)


@lru_cache(maxsize=4096)  # asked of every player's name of every game
def keyword_of(word: str) -> str | None:
    """The keyword terminal ``word`` spells (English or Spanish, any case), or None."""
    return next((name for name in KEYWORDS if terminal(name).fullmatch(word)), None)
