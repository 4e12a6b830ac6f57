"""Games that repeat an earlier game of the batch: same players, deals and events."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from referee.notation.events import Layoff, Meld

try:  # hashlib's own BLAKE2 (``hashlib.blake2b`` is this function), without hashlib's
    # import, which loads OpenSSL's library: 4-6 ms of a one-game process
    from _blake2 import blake2b as _digest
except ImportError:  # pragma: no cover - a Python without the module of its own
    from hashlib import blake2b as _digest

if TYPE_CHECKING:
    from referee.cli.batch.results import FileAudit
    from referee.notation.events import GameRecord


def game_fingerprint(record: GameRecord) -> str | None:
    """Players, deals and events of a game, ignoring line numbers; None for a game
    with no events or whose tags hold a syntax error (it is not judged: RULES.md
    §14), nothing worth calling a duplicate.

    A digest (BLAKE2b, 128 bits) of the game written out with control characters
    between its parts (names hold no blank or control character, cards and numbers
    neither), so two games get one fingerprint exactly when they have the same players,
    deals and events. Only compared within one run, never stored.
    """
    if not record.events or record.bad_tag is not None:
        return None

    out = ["\x1d".join(record.players)]
    for name, deal in sorted(record.deals.items()):
        out.append("\x1c" + name + "\x1f" + " ".join(map(_TEXT, deal.cards)))
    writers, heads = _WRITERS, _ONE_CARD
    append, join, text = out.append, " ".join, _TEXT
    events: list[Any] = record.events  # a draw's or discard's card read below
    for event in events:
        # Most events: their writer's text written here, without its call (a call per
        # event was a third of the fingerprint: docs/performance.md).
        cls = type(event)
        head = heads.get(cls)
        if head is not None:
            card = event.card
            append(f"{head}{event.player}\x1f{_UNSEEN if card is None else card.text}")
        elif cls is Meld:
            append(f"\x1eMeld\x1f{event.player}\x1f{join(map(text, event.cards))}")
        elif cls is Layoff:
            append(f"\x1eLayoff\x1f{event.player}\x1f{event.card.text}\x1f{event.meld}")
        else:
            write = writers.get(cls)
            append(_event_text(event) if write is None else write(event))
    return _digest("".join(out).encode("utf-8"), digest_size=16).hexdigest()


def _event_text(event: Any) -> str:
    """An event's part of the fingerprint: its class name and the fields that say what
    happened, each after a separator (the event classes of the notation have their own
    writers below, which write the same text without looking the fields up)."""
    text = _card_text
    out = ["\x1e" + type(event).__name__]
    for name in _event_fields(type(event)):
        value = getattr(event, name)
        if isinstance(value, str):
            out.append("\x1f" + value)
        elif isinstance(value, tuple):
            out.append("\x1f" + " ".join([text(v) for v in value]))
        elif isinstance(value, int):
            out.append("\x1f" + str(value))
        else:  # a card, or None
            out.append("\x1f" + ("\x00" if value is None else text(value)))
    return "".join(out)


def _card_or_none(card: Any) -> str:
    return "\x00" if card is None else _card_text(card)


def _cards_or_none(cards: tuple[Any, ...] | None) -> str:
    if cards is None:
        return "\x00"
    if None in cards:  # an unseen card of a listed pile (identity: cards compare so)
        return " ".join([_card_text(c) for c in cards])
    return " ".join(map(_TEXT, cards))  # in C (docs/performance.md)


def _event_writers() -> dict[type, Callable[[Any], str]]:
    """:func:`_event_text` for each event class of the notation, written out (a meld's
    or lay-off's cards are never None: the reader's types)."""
    from referee.notation.events import Call, Discard, Draw, Layoff, Meld, Take

    return {
        Draw: lambda e: "\x1eDraw\x1f" + e.player + "\x1f" + _card_or_none(e.card),
        Discard: lambda e: "\x1eDiscard\x1f" + e.player + "\x1f" + _card_or_none(e.card),
        Take: lambda e: "\x1eTake\x1f" + e.player + "\x1f" + _cards_or_none(e.cards),
        Meld: lambda e: f"\x1eMeld\x1f{e.player}\x1f{' '.join(map(_TEXT, e.cards))}",
        Layoff: lambda e: f"\x1eLayoff\x1f{e.player}\x1f{e.card.text}\x1f{e.meld}",
        Call: lambda e: "\x1eCall\x1f" + e.player + "\x1f" + e.accused,
    }


_TEXT = attrgetter("text")  # a card's text (:func:`_card_text` of a card), got in C
_WRITERS = _event_writers()
_ONE_CARD: dict[type, str] = {cls: f"\x1e{cls.__name__}\x1f" for cls in _WRITERS
                              if cls.__name__ in ("Draw", "Discard")}
"""The head of a draw's or discard's text (the events written without a call)."""
_UNSEEN = "\x00"  # a card nobody saw (``_card_or_none``)

_FIELDS: dict[type, tuple[str, ...]] = {}


def _event_fields(cls: type) -> tuple[str, ...]:
    """The fields of an event class that say what happened (not where it is written)."""
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls) if f.name not in ("line", "column"))
        _FIELDS[cls] = names
    return names


def _card_text(card: Any) -> str:
    """``str(card)``: the text a card keeps (:attr:`referee.cards.Card.text`); an unseen
    card of a listed pile (``??``) is None."""
    if card is None:
        return "None"
    text: str = card.text
    return text


@dataclass(frozen=True, slots=True)
class GameRef:
    """A game of the batch: its file, its number there (1-based) and its first line."""

    source: str
    index: int
    line: int


@dataclass(frozen=True, slots=True)
class Duplicate:
    """``game`` repeats ``first``, an earlier game of the batch."""

    game: GameRef
    first: GameRef


def find_duplicates(audits: Iterable[FileAudit]) -> list[Duplicate]:
    """Games that repeat an earlier game of the batch (same players, deals, events)."""
    first_seen: dict[str, GameRef] = {}
    dups: list[Duplicate] = []
    for audit in audits:
        for game in audit.games or ():
            if game.fingerprint is None:
                continue
            ref = GameRef(audit.source, game.index, game.line)
            if game.fingerprint in first_seen:
                dups.append(Duplicate(ref, first_seen[game.fingerprint]))
            else:
                first_seen[game.fingerprint] = ref
    return dups
