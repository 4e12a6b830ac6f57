"""Print games back as canonical `.rummy` notation (docs/notation.md).

The layout: the tags, a blank line, the ``deal`` lines in seat order, the
``up:`` and ``stock:`` lines, a blank line, then one event a line; games are separated by a
blank line. Keywords are English or Spanish, suits letters or symbols; an unseen
draw is written ``draw ??``. Comments are not kept. Reading the output back
gives the same games (tags, players, deals, stock and events), only the line
and column numbers differ.
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.cards import Card
from referee.notation.controls import STRAY
from referee.notation.events import KEYWORDS, UNSEEN, Deal, Event, GameRecord

__all__ = ["KEYWORDS", "format_deal", "format_event", "format_game", "format_games", "format_stock",
           "format_tag", "format_up"]

def format_games(records: Iterable[GameRecord], lang: str = "en", symbols: bool = False) -> str:
    """Several games, separated by a blank line.

    A game with nothing after its tags reads back as part of the next game's tag
    block (the notation has no other game separator), so it can only come last.
    """
    return "\n".join(format_game(record, lang, symbols) for record in records)


def format_game(record: GameRecord, lang: str = "en", symbols: bool = False) -> str:
    """One game in canonical notation, ending with a newline.

    ``lang`` is ``"en"`` or ``"es"`` (the keywords); ``symbols`` writes suits as
    ``♣ ♦ ♥ ♠``. Raises ValueError for an unknown language or a tag value that
    cannot be written on one line.
    """
    _keywords(lang)
    sections = [
        [format_tag(name, value) for name, value in _tags(record)],
        [format_deal(deal, lang, symbols) for deal in _deals_in_seat_order(record)],
        [format_event(event, lang, symbols) for event in record.events],
    ]
    if record.up_line is not None:
        sections[1].append(format_up(record.up, lang, symbols))
    if record.stock is not None:
        sections[1].append(format_stock(record.stock, lang, symbols))
    return "\n\n".join("\n".join(lines) for lines in sections if lines) + "\n"


def format_tag(name: str, value: str) -> str:
    """A tag line. Raises ValueError for a value that cannot be written on one line, or
    that holds a control character the notation refuses (:mod:`~referee.notation.controls`)."""
    if "\n" in value or "\r" in value:
        raise ValueError(f"the value of tag {name} spans lines: {value!r}")
    if STRAY.search(value):
        raise ValueError(f"the value of tag {name} holds a control character: {value!r}")
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def format_deal(deal: Deal, lang: str = "en", symbols: bool = False) -> str:
    return f"{_keywords(lang)['deal']} {deal.player}: {_cards(deal.cards, symbols)}"


def format_up(card: Card | None, lang: str = "en", symbols: bool = False) -> str:
    """The ``up:`` line (``??`` for a card nobody saw)."""
    return f"{_keywords(lang)['up']}: {UNSEEN if card is None else card.format(symbols)}"


def format_stock(cards: Iterable[Card], lang: str = "en", symbols: bool = False) -> str:
    return f"{_keywords(lang)['stock']}: {_cards(cards, symbols)}"


def format_event(event: Event, lang: str = "en", symbols: bool = False) -> str:
    """One event as its line of notation (no newline; each event writes its own
    :meth:`~referee.notation.events.Event.action`)."""
    return f"{event.player} {event.action(_keywords(lang), symbols)}"


def _keywords(lang: str) -> dict[str, str]:
    try:
        return KEYWORDS[lang]
    except KeyError:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(KEYWORDS)})") from None


def _tags(record: GameRecord) -> list[tuple[str, str]]:
    """The tags in their order; a record built without a ``Players`` tag gets one."""
    tags = [(name, tag.value) for name, tag in record.tags.items()]
    if "Players" not in record.tags and record.players:
        at = 1 if "Game" in record.tags else 0
        tags.insert(at, ("Players", " ".join(record.players)))
    return tags


def _deals_in_seat_order(record: GameRecord) -> list[Deal]:
    """The deals of the players in seat order, then any for names not among them."""
    seats = dict.fromkeys(record.players)
    seated = [record.deals[name] for name in seats if name in record.deals]
    others = [deal for name, deal in record.deals.items() if name not in seats]
    return seated + others


def _cards(cards: Iterable[Card], symbols: bool) -> str:
    return " ".join(card.format(symbols) for card in cards)
