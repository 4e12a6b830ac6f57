"""The table as one viewer sees it: STATE (docs/cli-api.md, live tables).

Everything here is what the public sees, except ``my_hand``, which only the
seat's own token gets. While a ``sealed`` table's hand is being played the
referee announces nothing it has not been asked: ``findings`` is empty, a meld's
``kind`` is null and its wild cards are shown as laid (without the card the
referee reads them as), since a meld called ``invalid`` or a wild with no reading
would tell a renuncia; calls are ruled at once, with the renuncias they concern.
Once the hand has ended everything is shown. A named draw's card (``Beto draw 7h``)
is shown only to its drawer until its hand ends (:mod:`.privacy`); an abandoned
table is ``over`` with no verdict. Findings judged only because the
log stops mid-turn (a first lay-down still being laid) are not shown: the end of
the turn judges them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.api.live.judging import Judged
from referee.api.live.privacy import named_draw, shown_to
from referee.api.live.rulings import rulings
from referee.api.live.words import finding_words, shown_lines
from referee.engine.findings import GameResult
from referee.engine.views import MeldView, TableView

SEALED = "sealed"
OPEN = "open"
REVEALS = (SEALED, OPEN)
EVENTS_SHOWN = 30  # the last events a state lists (the trail and the log hold them all)


@dataclass(frozen=True, slots=True)
class EventItem:
    """An event line of a live table's log, with its change number and who sent it."""

    seq: int
    line: int
    text: str
    by: str
    player: str

    def data(self, viewer: str | None = None, private: bool = False) -> dict[str, Any]:
        """The event as ``viewer`` sees it: while its hand is played (``private``), a named
        draw is ``Beto draw`` to all but Beto (:mod:`.privacy`)."""
        text = shown_to(self.text, viewer) if private else self.text
        return {"seq": self.seq, "line": self.line, "text": text, "by": self.by}


@dataclass(frozen=True, slots=True)
class Facts:
    """What the table knows besides its log's replay."""

    id: str
    game: str
    reveal: str
    seq: int
    hand: int
    over: bool
    verdict_id: str | None
    players: tuple[str, ...]  # this hand's seats, in turn order
    events: tuple[EventItem, ...]  # this hand's events not undone, in order
    given: frozenset[str]  # the players whose hand the referee knows
    up: str | None  # the face-up card, when given
    abandoned: bool = False  # the scribe gave the table up: no more changes, no verdict


def _meld(meld: MeldView, sealed: bool) -> dict[str, Any]:
    cards = [str(c.physical if sealed else c) for c in meld.cards]
    return {"number": meld.number, "owner": meld.owner, "kind": None if sealed else meld.kind,
            "cards": cards}


def _my_hand(view: TableView, viewer: str | None, given: frozenset[str],
             drew: bool) -> Any:
    """The seat's own hand: once given, or once it drew a card it named (its card is
    shown to it only here)."""
    if viewer is None or not (viewer in given or drew) or viewer not in view.hands:
        return None
    hand = view.hands[viewer]
    return {"cards": [str(c) for c in hand.known], "hidden": hand.hidden}


def own_fields(result: GameResult) -> dict[str, Any]:
    """The game's own report fields (:meth:`~referee.engine.game.GameExtras.report_fields`;
    a game whose hands form matches has ``match``, ``scores``, ``standings``, ``en_ley``)."""
    return {} if result.extras is None else result.extras.report_fields()


def _match_fields(judged: Judged, data: Mapping[str, Any]) -> dict[str, Any]:
    """Scores, standings (the totals after the last hand that ended), who is en ley and
    where the hand stands in its match, for a game whose hands form matches."""
    result = judged.current
    standings = data.get("standings") if result.finished else None
    if not result.finished and len(judged.results) > 1:
        standings = own_fields(judged.results[-2]).get("standings")
    return {"scores": data.get("scores", []),
            "standings": None if standings is None else dict(standings),
            "en_ley": data.get("en_ley", []), "match": data.get("match")}


def table_state(facts: Facts, judged: Judged, viewer: str | None, lang: str) -> dict[str, Any]:
    """STATE as ``viewer`` sees it (a seat's player; None for the public and the scribe)."""
    result = judged.current
    view = judged.live.view
    assert view is not None  # a table's game can always be replayed (checked at creation)
    sealed = facts.reveal == SEALED and not result.finished
    pending = {id(f) for f in judged.live.pending}
    seqs = {item.line: item.seq for item in facts.events}
    playing = not result.finished
    drew = playing and any(named_draw(item.text) for item in facts.events
                           if item.player == viewer)
    findings = [] if sealed else [f for f in result.findings if id(f) not in pending]
    about = {f.line for f in findings}
    rows = [item.data(viewer, playing) for item in _last(facts.events)]  # as this reader
    shown = shown_lines([*rows, *(item.data(viewer, playing) for item in facts.events
                                  if item.line in about)],
                        judged.record.events, lang)
    state: dict[str, Any] = {
        "id": facts.id, "game": facts.game, "reveal": facts.reveal,
        "players": list(facts.players), "seq": facts.seq,
        "turn": None if result.finished else view.turn,
        "turn_started": not result.finished and view.turn_started,
        "finished": result.finished, "over": facts.over or facts.abandoned,
        "abandoned": facts.abandoned, "winner": result.winner,
        "hands": dict(result.hands), "hands_given": [p for p in facts.players if p in facts.given],
        "melds": [_meld(m, sealed) for m in view.melds],
        "pile_top": None if view.discard_top is None else str(view.discard_top),
        "pile": view.discard_size, "stock": view.stock_size, "up": facts.up,
        "events": [row | {"shown": shown[row["line"]]} for row in rows],
        "events_total": len(facts.events),
        "calls": rulings(result, seqs, lang),
        "eliminated": [e.player for e in result.eliminated],
        "findings": [finding_words(f, shown, lang) for f in findings],
        "verdict_id": facts.verdict_id,
        "my_hand": _my_hand(view, viewer, facts.given, drew),
    }
    own = own_fields(result)
    if "match" in own:
        state["hand"] = facts.hand
        state.update(_match_fields(judged, own))
    return state


def _last(events: Sequence[EventItem]) -> Sequence[EventItem]:
    return events[-EVENTS_SHOWN:]
