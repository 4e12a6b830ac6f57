"""Read and replay a table's log, and the refusals of a change that would spoil it.

Every change is judged on the whole log as it would stand: the referee's reader
reads it (:func:`referee.notation.reader.read_games`) and its engine replays
every hand in order, the last one with :func:`referee.engine.audit_live` (its
table after the last event). A change is refused, with nothing stored, when the
reader finds a syntax error (422 with the CLI's words, the column and the
referee's suggestion), or when the replay finds a log error, a finding that
says the record itself is impossible (422 with the finding's rule and message):
a live record always stays a possible record. A renuncia is never refused.
"""

from __future__ import annotations

import copy
import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass

from referee.api.errors import ApiError
from referee.api.live.log import first_line, joined
from referee.audit import LiveAudit, Series, audit_game, audit_live
from referee.engine.audit import syntax_finding
from referee.engine.findings import LOG_ERROR, Finding, GameResult
from referee.notation.events import GameRecord, SyntaxProblem
from referee.notation.reader import iter_games
from referee.report.model import finding_message

SOURCE = "<table>"
# A finding of kind log-error that is not about the record of play: the Result tag
# names another winner. It stands in the verdict; it never refuses an event.
CLAIM_RULES = frozenset({"result-mismatch"})
UNPROCESSABLE = 422


@dataclass(slots=True)
class Judged:
    """The log judged: its records, every hand's result (the last is the current
    hand's) and the current hand as it stands."""

    text: str
    records: list[GameRecord]
    results: list[GameResult]
    live: LiveAudit

    @property
    def current(self) -> GameResult:
        return self.live.result

    @property
    def record(self) -> GameRecord:
        return self.records[-1]


@dataclass(frozen=True, slots=True)
class Before:
    """The hands that have ended, read and judged once: what the current hand follows."""

    records: list[GameRecord]
    results: list[GameResult]
    series: Series  # as it stands after them (copied before the current hand uses it)


_before: OrderedDict[str, Before] = OrderedDict()
_before_lock = threading.Lock()
BEFORE_CACHE = 64


def _judged_before(done: str) -> Before:
    """``done`` read and judged (cached by its content: the hands that ended never
    change)."""
    digest = hashlib.sha256(done.encode("utf-8")).hexdigest()
    with _before_lock:
        found = _before.get(digest)
        if found is not None:
            _before.move_to_end(digest)
            return found
    records = list(iter_games(done, SOURCE)) if done else []
    series = Series()
    results = [audit_game(record, None, series) for record in records]
    before = Before(records, results, series)
    with _before_lock:
        _before[digest] = before
        while len(_before) > BEFORE_CACHE:
            _before.popitem(last=False)
    return before


def judge_log(done: str, hand: str) -> Judged:
    """The log ``done`` (the hands that ended) then ``hand`` (the current one), read and
    replayed game by game as ``referee audit`` does the whole text."""
    before = _judged_before(done)
    records = list(iter_games(hand, SOURCE, first_line(done), len(before.records)))
    series = copy.deepcopy(before.series)
    results = [audit_game(record, None, series) for record in records[:-1]]
    live = audit_live(records[-1], None, series)
    return Judged(joined(done, hand), [*before.records, *records],
                  [*before.results, *results, live.result], live)


def first_syntax_problem(judged: Judged) -> SyntaxProblem | None:
    problems = [p for record in judged.records for p in record.errors]
    return min(problems, key=lambda p: (p.line, p.column)) if problems else None


def suggestion(key: str, params: dict[str, object]) -> str | None:
    """What the referee suggests instead: a "did you mean" (``...:hint`` messages), or a
    card written in the wrong case, as it should be."""
    value = params.get("hint") if key.endswith(":hint") else \
        params.get("card") if key == "card-case" else None
    return value if isinstance(value, str) else None


def syntax_refusal(problem: SyntaxProblem, lang: str, shift: int = 0,
                   shown: str | None = None) -> ApiError:
    """422 for a line the reader cannot read: the message in ``lang``, the column in the
    text the client sent (``shift`` characters of the log's line come before it), the
    referee's suggestion and the line with a caret under the column."""
    column = max(1, problem.column - shift)
    context = problem.context if shown is None else f"{shown}\n{' ' * (column - 1)}^"
    message = finding_message(syntax_finding(problem), lang)
    return ApiError(UNPROCESSABLE, message, details={
        "kind": "syntax-error", "rule": "syntax-error", "column": column,
        "hint": suggestion(problem.key, problem.params), "context": context})


def log_errors(judged: Judged) -> list[Finding]:
    """The current hand's log errors (findings that make the record impossible)."""
    return [f for f in judged.current.findings
            if f.kind == LOG_ERROR and f.rule not in CLAIM_RULES]


def log_error_refusal(found: Finding, lang: str) -> ApiError:
    """422 for a change the replay finds impossible: the finding's rule and message."""
    return ApiError(UNPROCESSABLE, finding_message(found, lang), details={
        "kind": found.kind, "rule": found.rule, "player": found.player, "line": found.line,
        "hint": suggestion(found.key, found.params)})
