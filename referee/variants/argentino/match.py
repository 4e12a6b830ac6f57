"""The match: hands of one ``Match`` in a file, their totals, and when the match ends.

Consecutive argentino hands with the same ``Match`` tag form one match, in file
order (a hand with no ``Match`` tag is a match of one hand; any other game in
between starts a new one). Totals carry from hand to hand; the ``Scores`` tag
gives the totals entering a match's first hand in the file (or after a hand left
them unknown) and is checked against them otherwise. The match ends after the
hand in which a total reaches ``Target``.

:class:`Matches` is what a file's argentino hands carry from one to the next
(the variant's context, :meth:`referee.variants.Variant.new_context`). Its log
errors (``match-players``, ``scores-mismatch``, ``after-end`` at the ``Game``
tag) are returned, to stand at their tag's line.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.engine.findings import LOG_ERROR, Finding, finding
from referee.notation.events import GameRecord, Tag
from referee.variants.argentino.result import HandScore, MatchInfo
from referee.variants.argentino.tags import MATCH, SCORES, ScoresError, parse_scores


@dataclass(slots=True)
class Match:
    """A match in progress: its players and totals (None: unknown)."""

    name: str | None
    players: frozenset[str] | None  # None: not known yet (its first hand was not judged)
    totals: dict[str, int] | None
    hands: int = 0
    last_index: int = 0  # the file position of its latest hand
    over: bool = False
    winner: str | None = None
    tied: tuple[str, ...] = ()


@dataclass(slots=True)
class Entry:
    """A hand as it enters its match."""

    match: Match
    position: int  # the hand's position in its match, from 1
    totals: dict[str, int] | None  # the totals entering the hand
    findings: list[Finding] = field(default_factory=list)
    after_end: bool = False  # the match was already over: the hand is not replayed


class Matches:
    """The matches of one file, hand by hand."""

    def __init__(self) -> None:
        self.current: Match | None = None

    def enter(self, record: GameRecord) -> Entry:
        """Place a hand in its match: a new match, or the next hand of the current one."""
        name = _match_name(record)
        players = frozenset(record.players)
        found: list[Finding] = []
        match = self.current
        same = self._continues(name, record)
        if same and match is not None:
            if match.players is None:  # its hands so far were not judged
                match.players = players
            known = match.players
            if known != players:
                players_tag = record.tags["Players"]
                found.append(finding(LOG_ERROR, "match-players", None, players_tag.line,
                                     match=name, players=", ".join(sorted(known))))
                same = False
        if not same or match is None:
            match = Match(name, players, {p: 0 for p in record.players})
            self.current = match
            found += _scores_entering(match, record, first=True)
        elif match.over:
            game = record.tags.get("Game")
            found.append(finding(LOG_ERROR, "after-end", None,
                                 record.line if game is None else game.line, "after-end:match",
                                 match=name, winner=match.winner))
        else:
            found += _scores_entering(match, record, first=False)
        match.hands += 1
        match.last_index = record.index
        totals = None if match.totals is None else dict(match.totals)
        return Entry(match, match.hands, totals, found, after_end=match.over)

    def skip(self, record: GameRecord) -> tuple[MatchInfo, dict[str, int] | None]:
        """A hand whose tags hold a syntax error (RULES.md §14) is not judged, but it is a
        hand of its match all the same: it takes its position, and the totals after it
        are unknown until a ``Scores`` tag gives them again (a match already over keeps
        its final totals). Its players and its other tags are not read (they may be
        the error): a match it starts learns its players from its next hand."""
        name = _match_name(record)
        match = self.current
        if match is None or not self._continues(name, record):
            match = Match(name, None, None)
            self.current = match
        elif not match.over:
            match.totals = None
        match.hands += 1
        match.last_index = record.index
        info = MatchInfo(match.name, match.hands, match.over, match.winner, match.tied)
        return info, None if match.totals is None else dict(match.totals)

    def _continues(self, name: str | None, record: GameRecord) -> bool:
        """Whether the hand is the next of the current match: the same ``Match`` name, with
        no other game in between."""
        match = self.current
        return (match is not None and name is not None and match.name == name
                and match.last_index == record.index - 1)

    def leave(self, entry: Entry, scores: list[HandScore], target: int,
              order: list[str]) -> dict[str, int] | None:
        """The hand is scored (or has no scores): the totals after it (in the hand's seat
        order), and the match's end."""
        match = entry.match
        if entry.after_end:
            return None if match.totals is None else {n: match.totals[n] for n in order}
        if not scores or entry.totals is None:
            match.totals = None
            return None
        totals = {name: entry.totals.get(name, 0) for name in order}
        for score in scores:
            totals[score.player] = totals.get(score.player, 0) + score.total
        match.totals = totals
        if any(total >= target for total in totals.values()):
            best = max(totals.values())
            leaders = tuple(name for name, total in totals.items() if total == best)
            match.over = True
            match.winner = leaders[0] if len(leaders) == 1 else None
            match.tied = leaders if len(leaders) > 1 else ()
        return dict(totals)

    @staticmethod
    def info(entry: Entry) -> MatchInfo:
        match = entry.match
        return MatchInfo(match.name, entry.position, match.over, match.winner, match.tied)


def _match_name(record: GameRecord) -> str | None:
    tag = record.tags.get(MATCH)
    return None if tag is None else tag.value


def _scores_entering(match: Match, record: GameRecord, first: bool) -> list[Finding]:
    """Apply or check the ``Scores`` tag: on a match's first hand (or after unknown
    totals) it gives the totals; otherwise it must agree with them."""
    tag = record.tags.get(SCORES)
    if tag is None:
        return []
    try:
        given = dict(parse_scores(tag.value))
    except ScoresError:  # a syntax error, already reported by the reader
        return []
    players = list(record.players)
    if first or match.totals is None:
        match.totals = {p: given.get(p, 0) for p in players}
        if set(given) != set(players):
            return [_mismatch(tag, given, match.totals)]
        return []
    if given != {p: match.totals.get(p, 0) for p in players}:
        return [_mismatch(tag, given, match.totals)]
    return []


def _mismatch(tag: Tag, given: dict[str, int], totals: dict[str, int]) -> Finding:
    return finding(LOG_ERROR, "scores-mismatch", None, tag.line,
                   given=", ".join(f"{n} {t}" for n, t in given.items()),
                   totals=", ".join(f"{n} {t}" for n, t in totals.items()))
