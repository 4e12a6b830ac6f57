"""A table's current hand as its changes make it, and the log and facts built from it."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.api.live.judging import Judged, judge_log
from referee.api.live.log import HandLog, first_line, hand_tags, joined
from referee.api.live.state import EventItem, Facts
from referee.api.live.store import ChangeRow, Snapshot, TableRow
from referee.engine.game import Variant
from referee.games import find_game

MATCH_TAG = "Match"  # the notation's tags that group hands into a match
HAND_TAG = "Hand"
EVENT, UNDO, HAND, UP, NEXT_HAND = "event", "undo", "hand", "up", "next-hand"


def variant_of(game: str) -> Variant[Any]:
    variant = find_game(game)
    assert variant is not None, game  # a table's game is checked when it is created
    return variant


def forms_matches(variant: Variant[Any]) -> bool:
    """The game's hands form matches (its notation reads ``Match`` and ``Hand`` tags)."""
    return MATCH_TAG in variant.match_tags and HAND_TAG in variant.match_tags


@dataclass(slots=True)
class Current:
    """The current hand of ``snap``: what its changes (those not undone) have recorded."""

    snap: Snapshot

    @property
    def table(self) -> TableRow:
        return self.snap.table

    @property
    def variant(self) -> Variant[Any]:
        return variant_of(self.snap.table.game)

    @property
    def matches(self) -> bool:
        return forms_matches(self.variant)

    def _kept(self, action: str) -> list[ChangeRow]:
        return [c for c in self.snap.changes if c.action == action and c.undone_by is None]

    @property
    def events(self) -> list[ChangeRow]:
        return self._kept(EVENT)

    @property
    def hands(self) -> dict[str, ChangeRow]:
        return {c.player: c for c in self._kept(HAND) if c.player is not None}

    @property
    def deals(self) -> dict[str, str]:
        return {player: c.text or "" for player, c in self.hands.items()}

    @property
    def up(self) -> str | None:
        ups = self._kept(UP)
        return ups[-1].text if ups else None

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.snap.table.hand_players)

    def played(self, player: str) -> bool:
        """``player`` has an event in this hand."""
        return any(c.player == player for c in self.events)

    def hand_log(self, events: Sequence[str] | None = None,
                 deals: Mapping[str, str] | None = None, up: str | None = None) -> HandLog:
        table = self.snap.table
        tags = hand_tags(table.game, table.tags, table.hand_players,
                         HAND_TAG if self.matches else None, table.hand, table.hand_tags,
                         self.variant.hand_only_tags)
        return HandLog(tags=tags, players=self.players,
                       deals=self.deals if deals is None else deals,
                       face_up=self.variant.face_up_card, up=self.up if up is None else up,
                       events=tuple(c.text or "" for c in self.events) if events is None
                       else tuple(events),
                       lang=table.lang)

    @property
    def start(self) -> int:
        """The line where this hand starts in the table's log."""
        return first_line(self.snap.table.done_log)

    def internal(self, hand: HandLog) -> str:
        """The log as the referee reads it: every hand given."""
        return joined(self.snap.table.done_log, hand.text(private=False))

    def judge(self, hand: HandLog) -> Judged:
        """The log with ``hand`` as the current hand, judged."""
        return judge_log(self.snap.table.done_log, hand.text(private=False))

    def public(self) -> str:
        """The log as ``GET .../log`` shows it: this hand's given hands once it has ended."""
        hand = self.hand_log()
        return joined(self.snap.table.done_log, hand.text(private=not self.snap.table.finished))

    def next_event_line(self, hand: HandLog) -> int:
        return self.start + hand.header_size + len(hand.events)

    def facts(self) -> Facts:
        table = self.snap.table
        items = tuple(EventItem(c.seq, c.line or 0, c.text or "", c.by, c.player or "")
                      for c in self.events)
        return Facts(id=table.id, game=table.game, reveal=table.reveal, seq=table.seq,
                     hand=table.hand, over=table.over, verdict_id=table.verdict_id,
                     players=self.players, events=items, given=frozenset(self.hands),
                     up=self.up, abandoned=table.abandoned)


def applied(snap: Snapshot, updates: Mapping[str, object], change: ChangeRow,
            undo: int | None) -> Snapshot:
    """``snap`` after a change (as the store will hold it once committed)."""
    table = dataclasses.replace(snap.table, **updates)  # type: ignore[arg-type]
    changes = snap.changes if table.hand == snap.table.hand else []
    changes = [dataclasses.replace(c, undone_by=change.seq) if c.seq == undo else c
               for c in changes]
    return Snapshot(table, [*changes, change])
