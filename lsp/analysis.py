"""One open log, read and audited again after every change, redoing only what changed.

The referee's own reader cuts a text into games (:func:`referee.notation.pieces.pieces`)
and reads each piece on its own (:func:`referee.notation.reader.read_game`, as
``referee audit`` does through :func:`~referee.notation.reader.iter_games`); the
engine audits the games in order with one :class:`~referee.engine.Series`
(:func:`referee.engine.audit_game`). :class:`Analysis` does exactly that, and keeps
what each step gave, so that after an edit only the pieces whose text changed are
read again and only the games whose inputs changed are audited again:

- a piece's reading depends on its text and on whether the game before it has
  tags and events (a ``[Result]`` after a game's events belongs to that game);
- a game's audit depends on the texts of its pieces and of the next game's first
  piece (whose leading tags may be an error of this game), on the game before it
  as above, on its position when its game carries context from game to game
  (argentino's matches) and on the series as the games before it left it (kept
  pickled after each game: the snapshot to audit the next game from, and the key
  that says whether it changed). So a 51 game stands alone, and a change in an
  argentino hand audits again the later hands of its match, until the series
  after a hand is what it was.

A piece or game that only moved (lines added or removed above it) is not read or
audited again: its findings are moved by as many lines (:func:`shift_finding`),
and its record is read again only when one is asked for (hover, completion).
``tests/lsp/test_analysis.py`` checks the result against ``audit_text`` of the
whole text after every kind of edit.
"""

from __future__ import annotations

import dataclasses
import pickle
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.audit import Series, audit_game
from referee.engine.findings import SYNTAX_ERROR, Finding
from referee.games import registry
from referee.messages import render
from referee.notation.events import GameRecord, SyntaxProblem
from referee.notation.pieces import Piece, pieces
from referee.notation.reader import read_game

# Parameters of a message that hold a line number (moved with their finding).
LINE_PARAMS = ("first", "renuncia_line")
State = tuple[bool, bool] | None  # the game before a piece: has tags, has events; None: none
_EMPTY_SERIES = pickle.dumps(Series())


@dataclass(slots=True)
class Reading:
    """One piece as the reader read it, at ``line`` as game number ``index``."""

    record: GameRecord | None  # None: blank and comment lines, or tags of the game before
    added: list[SyntaxProblem]  # the problems it gives the game before it
    line: int
    index: int


@dataclass(slots=True)
class Audited:
    """One game's audit, when its first line was ``line``."""

    findings: list[Finding]
    line: int
    series_after: bytes  # the series after the game, pickled
    finished: bool = False
    winner: str | None = None


@dataclass(slots=True)
class Game:
    """A game of the text as it stands: where it is, its pieces and its audit."""

    index: int
    first_line: int
    end_line: int  # its last line (the line before the next game, or the text's last)
    pieces: list[int]  # positions in Analysis.texts: its own, then those adding to it
    state_before: State
    reading: Reading
    added: list[SyntaxProblem] = field(default_factory=list)  # at the current lines
    series_before: bytes = _EMPTY_SERIES
    audited: Audited | None = None

    @property
    def findings(self) -> list[Finding]:
        """The game's findings at its current lines, in the report's order."""
        audited = self.audited
        if audited is None:
            return []
        delta = self.first_line - audited.line
        return audited.findings if delta == 0 else [shift_finding(f, delta)
                                                    for f in audited.findings]

    @property
    def ruleset(self) -> str | None:
        return None if self.reading.record is None else self.reading.record.ruleset


@dataclass(slots=True)
class Work:
    """What one update did: the pieces it read and the games it audited."""

    read: int = 0
    audited: int = 0
    games: int = 0


class Analysis:
    """A log's games and findings, kept up to date by :meth:`update`."""

    def __init__(self, source: str = "<text>") -> None:
        self.source = source
        self.text = ""
        self.texts: list[str] = []
        self.starts: list[int] = []
        self.games: list[Game] = []
        self.line_count = 0
        self._reads: dict[tuple[str, State], Reading] = {}
        self._audits: dict[tuple[Any, ...], Audited] = {}

    # -- updating ------------------------------------------------------------------------

    def update(self, text: str) -> Work:
        """Read and audit ``text``, reusing what the last update found where it can."""
        work = Work()
        self.text = text
        self.texts = list(pieces((text,)))
        self.starts = _starts(self.texts)
        self.line_count = self.starts[-1] + self.texts[-1].count("\n") if self.texts else 1
        self.games = self._read_all(work)
        self._audit_all(work)
        work.games = len(self.games)
        return work

    def _read_all(self, work: Work) -> list[Game]:
        reads: dict[tuple[str, State], Reading] = {}
        games: list[Game] = []
        state: State = None
        for at, text in enumerate(self.texts):
            key = (text, state)
            reading = reads.get(key) or self._reads.get(key)
            if reading is None:
                before = games[-1].reading.record if games else None
                reading = self._read(at, len(games) + 1, before)
                work.read += 1
            reads[key] = reading
            line = self.starts[at]
            if games:
                games[-1].added.extend(shift_problem(p, line - reading.line)
                                       for p in reading.added)
            record = reading.record
            if record is None:
                if games:
                    games[-1].pieces.append(at)
                continue
            if games:
                games[-1].end_line = line - 1
            games.append(Game(len(games) + 1, line, line, [at], state, reading))
            state = (bool(record.tags), bool(record.events))
        if games:
            games[-1].end_line = self.line_count
        self._reads = reads
        return games

    def _read(self, at: int, index: int, before: GameRecord | None) -> Reading:
        """Read piece ``at`` as game ``index``: the reader looks at the game before only
        for its tags and events, and adds to its errors (kept apart here)."""
        stand_in = None if before is None else dataclasses.replace(before, errors=[])
        record = read_game(Piece(self.texts[at], self.starts[at]), index, self.source,
                           stand_in)
        added = [] if stand_in is None else list(stand_in.errors)
        return Reading(record, added, self.starts[at], index)

    def _audit_all(self, work: Work) -> None:
        audits: dict[tuple[Any, ...], Audited] = {}
        series = _EMPTY_SERIES
        for number, game in enumerate(self.games):
            after = self.games[number + 1] if number + 1 < len(self.games) else None
            key = (tuple(self.texts[at] for at in game.pieces),
                   None if after is None else self.texts[after.pieces[0]],
                   game.state_before, game.index if _carries(game.ruleset) else 0, series)
            audited = audits.get(key) or self._audits.get(key)
            if audited is None:
                audited = self._audit(game, series)
                work.audited += 1
            audits[key] = audited
            game.series_before = series
            game.audited = audited
            series = audited.series_after
        self._audits = audits

    def _audit(self, game: Game, series_before: bytes) -> Audited:
        series: Series = pickle.loads(series_before)
        result = audit_game(self.audit_record(game), None, series)
        return Audited(result.findings, game.first_line, pickle.dumps(series),
                       result.finished, result.winner)

    # -- asking --------------------------------------------------------------------------

    def record(self, game: Game) -> GameRecord:
        """The game's record as the reader gives it at the game's current place."""
        reading = game.reading
        if reading.line != game.first_line or reading.index != game.index:
            at = game.pieces[0]
            before = self.games[game.index - 2].reading.record if game.index > 1 else None
            fresh = self._read(at, game.index, before)
            reading.record, reading.added = fresh.record, fresh.added
            reading.line, reading.index = fresh.line, fresh.index
        assert reading.record is not None
        return reading.record

    def audit_record(self, game: Game) -> GameRecord:
        """The record as ``referee audit`` audits it: with the errors the pieces after it
        gave it (tags after its events)."""
        record = self.record(game)
        if not game.added:
            return record
        return dataclasses.replace(record, errors=[*record.errors, *game.added])

    def series_before(self, game: Game) -> Series:
        """A fresh copy of the series as the games before ``game`` left it."""
        series: Series = pickle.loads(game.series_before)
        return series

    def game_at(self, line: int) -> Game | None:
        """The game whose lines hold ``line`` (1-based); None before the first game."""
        low, high = 0, len(self.games) - 1
        found = None
        while low <= high:
            mid = (low + high) // 2
            if self.games[mid].first_line <= line:
                found, low = self.games[mid], mid + 1
            else:
                high = mid - 1
        return found

    def findings(self) -> list[tuple[Game, Finding]]:
        return [(game, finding) for game in self.games for finding in game.findings]


def _starts(texts: Sequence[str]) -> list[int]:
    starts: list[int] = []
    line = 1
    for text in texts:
        starts.append(line)
        line += text.count("\n")
    return starts


def _carries(ruleset: str | None) -> bool:
    """Whether the game's position in the file matters: its game carries context from
    one game to the next (argentino's matches)."""
    games = registry()
    variant = games.find(ruleset)
    if variant is None:
        return False
    return games.memo(("carries", variant.name), lambda: variant.new_context() is not None)


def _shift_params(params: dict[str, Any], delta: int) -> dict[str, Any]:
    moved = dict(params)
    for name in LINE_PARAMS:
        if isinstance(moved.get(name), int):
            moved[name] += delta
    return moved


def shift_problem(problem: SyntaxProblem, delta: int) -> SyntaxProblem:
    """A syntax problem ``delta`` lines further on (its English message written again)."""
    if delta == 0:
        return problem
    params = _shift_params(problem.params, delta)
    message = render(problem.key, params, "en") if params != problem.params else problem.message
    return dataclasses.replace(problem, line=problem.line + delta, message=message,
                               params=params)


def shift_finding(finding: Finding, delta: int) -> Finding:
    """A finding ``delta`` lines further on: its line, the renuncia it points at, and the
    line numbers its message names."""
    params = _shift_params(finding.params, delta)
    if finding.kind == SYNTAX_ERROR and params != finding.params:
        problem = {k: v for k, v in params.items() if k not in ("message", "context")}
        params["message"] = render(finding.key, problem, "en")
    return dataclasses.replace(
        finding, line=finding.line + delta, params=params,
        ref_line=None if finding.ref_line is None else finding.ref_line + delta)


__all__ = ["Analysis", "Audited", "Game", "Reading", "Work", "shift_finding", "shift_problem"]
