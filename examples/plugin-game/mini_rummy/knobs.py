"""mini-rummy's house rules: one field of the config dataclass per knob.

A field's name is its tag (``[RunMin "4"]``), its ``--set RunMin=4`` option and its
API parameter; its default is the game's; its reader (:mod:`referee.knobs`) reads
the text and says what it expected when it cannot. ``RunMin`` is a knob 51 and
Rummy argentino have too: a shared knob must read the same in every game (here:
``Whole(3, 13)``, as theirs). Its help text comes from the referee's catalog;
``AceHigh``'s comes from this game's messages (:mod:`mini_rummy.words`).
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.knobs import Whole, knob, yes_no


@dataclass(frozen=True, slots=True)
class MiniRules:
    """Every house rule of mini-rummy; a field's name is its tag."""

    RunMin: int = knob(3, Whole(3, 13))  # the shortest run
    AceHigh: bool = knob(True, yes_no)  # an ace may also follow the king (Q K A)
