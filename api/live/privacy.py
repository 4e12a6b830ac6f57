"""Private named draws (docs/cli-api.md, live tables): ``Beto draw 7h`` is stored with its
card and judged with it, but until its hand ends every reader but the drawer (the
state's events, the stream, the trail, the log) sees ``Beto draw`` only; the drawer
sees the card in ``my_hand``. A refusal that only the card explains is not told to
anyone else (:func:`blind_hand`).

An event line accepted as a draw is ``NAME KEYWORD [CARD | ??] [# comment]`` (the
grammar's ``draw`` rule): its first word is the player and its second the draw
keyword of either language. The line shown instead is those two words (a comment
may name the card too).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, NamedTuple

from referee.notation.terminals import keyword_of

if TYPE_CHECKING:
    from referee.api.live.log import HandLog

DRAW = "_DRAW"
UNSEEN = "??"


class NamedDraw(NamedTuple):
    player: str
    shown: str  # the line as the others see it: the player and the keyword


def named_draw(text: str | None) -> NamedDraw | None:
    """The named draw ``text`` records, if it is one (an event line the reader took)."""
    if not text:
        return None
    words = text.split("#", 1)[0].split()
    if len(words) < 3 or words[2] == UNSEEN or keyword_of(words[1]) != DRAW:
        return None
    return NamedDraw(words[0], f"{words[0]} {words[1]}")


def shown_to(text: str, viewer: str | None) -> str:
    """``text`` as ``viewer`` sees it while its hand is played (None: the public)."""
    draw = named_draw(text)
    return text if draw is None or draw.player == viewer else draw.shown


def public_line(text: str) -> str:
    return shown_to(text, None)


def blind_hand(hand: HandLog, author: str) -> HandLog | None:
    """``hand`` with every named draw but ``author``'s written as a draw nobody saw: the
    log as ``author`` knows it (None when nothing in it is private to another)."""
    events = tuple(shown_to(text, author) for text in hand.events)
    return None if events == hand.events else dataclasses.replace(hand, events=events)
