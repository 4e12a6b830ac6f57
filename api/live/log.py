"""The table's log: its hands one after another, each a game of the ``.rummy`` notation.

A hand is laid out so that no line moves once written: its tags, a blank line,
one line per seat (that player's ``deal`` line, or a comment while the hand is
not given or still private), the ``up:`` line when the game turns a card up (or
a comment), a blank line, then its event lines, one per accepted event in
order. A hand given later fills its seat's line, and an undone event frees the
last line, so the line of every event stays the line it was given.

The referee reads the log with every given hand (:meth:`HandLog.text` with
``private=False``); ``GET .../log`` shows a given hand, and the card of a named
draw (``Beto draw`` until then: :mod:`.privacy`), only once its hand has ended.
The hands that have ended are kept as text (the table's ``done_log``); the current
hand is built from its changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from referee.api.live.privacy import public_line
from referee.messages import render

RESULT_TAG = "Result"  # the winner as the log claims it: a claim about one game

Tags = tuple[tuple[str, str], ...]


def tag_line(name: str, value: str) -> str:
    """``[Name "value"]``, with ``"`` and ``\\`` escaped as the notation reads them."""
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def comment(key: str, params: Mapping[str, object], lang: str) -> str:
    return f"# {render(key, params, lang)}"


@dataclass(frozen=True, slots=True)
class HandLog:
    """One hand of the table as recorded: its tags (``Game`` and ``Players`` included),
    seats, the hands given, the face-up card and the event lines not undone."""

    tags: Tags
    players: tuple[str, ...]
    deals: Mapping[str, str]  # player -> the cards given, as written
    face_up: bool  # the game turns a card up to start the pile (an ``up:`` line)
    up: str | None
    events: tuple[str, ...]
    lang: str

    @property
    def header_size(self) -> int:
        """Lines before the first event: tags, a blank, a line per seat, the up line,
        a blank."""
        return len(self.tags) + 1 + len(self.players) + (1 if self.face_up else 0) + 1

    def deal_offset(self, player: str) -> int:
        """The line of ``player``'s deal within the hand (0 is its first tag)."""
        return len(self.tags) + 1 + self.players.index(player)

    def up_offset(self) -> int:
        return len(self.tags) + 1 + len(self.players)

    def lines(self, private: bool) -> list[str]:
        lines = [tag_line(name, value) for name, value in self.tags]
        lines.append("")
        for player in self.players:
            cards = self.deals.get(player)
            if cards is None:
                lines.append(comment("live.log.not_given", {"player": player}, self.lang))
            elif private:
                lines.append(comment("live.log.private", {"player": player}, self.lang))
            else:
                lines.append(f"deal {player}: {cards}")
        if self.face_up:
            lines.append(comment("live.log.no_up", {}, self.lang) if self.up is None
                         else f"up: {self.up}")
        lines.append("")
        lines.extend(map(public_line, self.events) if private else self.events)
        return lines

    def text(self, private: bool = False) -> str:
        return "\n".join(self.lines(private)) + "\n"


def joined(done: str, hand: str) -> str:
    """The log of the hands that ended, then a blank line, then the current hand."""
    return f"{done}\n{hand}" if done else hand


def first_line(done: str) -> int:
    """The line where the current hand starts, after ``done`` (the hands that ended)."""
    return done.count("\n") + 2 if done else 1


def hand_tags(game: str, table_tags: Sequence[tuple[str, str]], players: Sequence[str],
              hand_tag: str | None, hand: int, own: Sequence[tuple[str, str]] = (),
              hand_only: Sequence[str] = ()) -> Tags:
    """A hand's tags: ``Game``, the table's tags, the hand's number (for a game whose
    hands form matches), ``Players`` in this hand's seat order, the hand's own tags (which
    stand instead of a table's tag of the same name). The table's ``hand_only`` tags (the
    game's, and ``Result``) speak of its first hand: a later hand does not carry them."""
    mine = {name for name, _ in own}
    if hand > 1:
        mine.update((*hand_only, RESULT_TAG))
    tags: list[tuple[str, str]] = [("Game", game),
                                   *((n, v) for n, v in table_tags if n not in mine)]
    if hand_tag is not None:
        tags.append((hand_tag, str(hand)))
    tags.append(("Players", " ".join(players)))
    tags.extend(own)
    return tuple(tags)
