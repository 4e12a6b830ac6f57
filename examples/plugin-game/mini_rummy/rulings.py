"""mini-rummy's rule functions: each reads the game as it stands and returns findings
(usually none), never changes anything. The referee (:mod:`mini_rummy.referee`)
records what they return and keeps the game's state.

Rule ids: two of the game's own (``mini-bad-meld``, ``mini-layoff-before-meld``,
their texts in :mod:`mini_rummy.words`) and ids the referee already has, whose
meaning is the same in this game (``out-of-turn``, ``play-before-draw``,
``extra-draw``, ``layoff-mismatch``, ``no-final-discard``: their texts and messages
are the referee's, so the findings carry the parameters those messages use).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.engine.findings import Rulings, renuncia
from referee.engine.table import TableMeld
from referee.notation.events import Draw, Event, Layoff, Meld, Take


@dataclass(slots=True)
class Turn:
    """Whose turn it is, and whether they have drawn (or taken) yet."""

    player: str
    started: bool = False


def judge_start(turn: Turn, ev: Draw | Take) -> Rulings:
    """A draw or a take: only the player whose turn it is, once a turn."""
    verb = "draw" if isinstance(ev, Draw) else "take"
    if ev.player != turn.player:
        return (renuncia("out-of-turn", ev.player, ev.line, verb=verb, current=turn.player),)
    if turn.started:
        return (renuncia("extra-draw", ev.player, ev.line, verb=verb),)
    return ()


def judge_play(turn: Turn, ev: Event, verb: str) -> Rulings:
    """A meld, lay-off or discard: in one's own turn, after drawing."""
    if ev.player != turn.player:
        return (renuncia("out-of-turn", ev.player, ev.line, verb=verb, current=turn.player),)
    if not turn.started:
        return (renuncia("play-before-draw", ev.player, ev.line, verb=verb),)
    return ()


def judge_meld(ev: Meld, valid: bool) -> Rulings:
    """A meld that is neither a set nor a run (:func:`mini_rummy.melds.read_meld`)."""
    if valid:
        return ()
    cards = " ".join(str(card) for card in ev.cards)
    return (renuncia("mini-bad-meld", ev.player, ev.line, cards=cards),)


def judge_layoff(ev: Layoff, melded: bool, meld: TableMeld, fits: bool) -> Rulings:
    """A lay-off: only after one's own first meld, and only a card that fits."""
    params: dict[str, Any] = {"card": str(ev.card), "meld": meld.number,
                              "meld_cards": meld.text()}
    if not melded:
        return (renuncia("mini-layoff-before-meld", ev.player, ev.line, **params),)
    if not fits:
        key = "layoff-mismatch:invalid" if meld.shape is None else "layoff-mismatch"
        return (renuncia("layoff-mismatch", ev.player, ev.line, key=key, **params),)
    return ()


def judge_emptied(player: str, line: int) -> Rulings:
    """A hand emptied by a meld or a lay-off: one goes out only by discarding."""
    return (renuncia("no-final-discard", player, line),)
