"""A live table's events and findings in words, in the viewer's language.

An event line is stored as its sender typed it (``Caro call Abuela``, ``Caro canta
Abuela``); the state also shows it written again from the parsed event with the
keywords of the state's language (``shown``: NOTATION.md, Spanish keywords). A
finding carries its rule's short title (:func:`referee.rulebook.title_of`) and the
event it is about, as shown (``event``), beside its rule id and line.

What a reader is not to see stays unseen: a draw whose stored line, as this reader
gets it, names no card (an unseen draw, or a named draw still private to its
drawer) is shown without one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from referee.engine.findings import Finding
from referee.notation.events import KEYWORDS, Draw, Event
from referee.report.model import finding_data
from referee.rulebook import title_of


def shown_line(text: str, event: Event | None, lang: str) -> str:
    """``text`` (an event line as stored and seen) written again from ``event``, its
    parsed event, in the keywords of ``lang``; ``text`` itself when there is no event."""
    if event is None:
        return text
    words = KEYWORDS.get(lang, KEYWORDS["en"])
    if isinstance(event, Draw) and (event.card is None or len(text.split()) < 3):
        return f"{event.player} {words['draw']}"  # no card: none seen, or not for this reader
    return f"{event.player} {event.action(words)}"


def shown_lines(rows: Iterable[Mapping[str, Any]], events: Iterable[Event],
                lang: str) -> dict[int, str]:
    """Each event row's line in ``lang``, by its log line: ``rows`` as the state lists
    them (``line`` and ``text`` as this reader gets it), ``events`` the parsed events of
    their hand."""
    rows = list(rows)
    lines = {row["line"] for row in rows}
    parsed = {event.line: event for event in events if event.line in lines}
    return {row["line"]: shown_line(row["text"], parsed.get(row["line"]), lang)
            for row in rows}


def finding_words(finding: Finding, shown: Mapping[int, str], lang: str) -> dict[str, Any]:
    """A finding as the state lists it: the report's fields (rule id, line, message),
    its rule's ``title`` and its ``event`` as shown (null for a line that is no event of
    the hand: a tag, a deal)."""
    data: dict[str, Any] = dict(finding_data(finding, lang))
    data["title"] = title_of(finding.rule, lang)
    data["event"] = shown.get(finding.line)
    return data
