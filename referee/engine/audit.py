"""Audit one game: its record, replayed under its game's rules, to a result.

- :func:`audit_record` the whole game's rulings (a :class:`~referee.engine.findings.GameResult`)
- :func:`replay_record_to`  the table as it stood after a line
- :func:`audit_record_live` the rulings and the table as the log stands (the live table's)

Each takes the game (a :class:`~referee.engine.game.Variant`, or None for a
``Game`` tag no registered game has): the engine never looks a game up
(:mod:`referee.audit` does, and hands it in). A file's games are audited in order
with one :class:`Series`: what a game carries to the next (argentino's matches)
lives there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referee.engine.findings import LOG_ERROR, NOTICE, SYNTAX_ERROR, Finding, GameResult
from referee.engine.game import Variant
from referee.engine.replay import Referee
from referee.notation.events import GameRecord, SyntaxProblem

if TYPE_CHECKING:
    from referee.engine.views import TableView


class Series:
    """The games of one file, audited in order: each game's carried context."""

    def __init__(self) -> None:
        self._contexts: dict[str, Any] = {}

    def context(self, variant: Variant[Any]) -> Any:
        if variant.name not in self._contexts:
            self._contexts[variant.name] = variant.new_context()
        return self._contexts[variant.name]


def _replayable(record: GameRecord, variant: Variant[Any] | None) -> bool:
    players = record.players
    return (variant is not None and variant.min_players <= len(players) <= variant.max_players
            and len(set(players)) == len(players))


def syntax_finding(problem: SyntaxProblem) -> Finding:
    """A syntax problem of the reader as the report's ``syntax-error`` finding."""
    return Finding(SYNTAX_ERROR, "syntax-error", None, problem.line, problem.key,
                   dict(problem.params) | {"message": problem.message, "context": problem.context},
                   column=problem.column)


def judged(record: GameRecord) -> bool:
    """Whether anything of the game is judged. Not when its first bad line is one of its
    tags (``record.bad_tag``: :func:`referee.notation.header.first_bad_tag` decides
    which lines those are): the house rules it was played under are not known, and no
    ruling is given under rules the table did not play (RULES.md §14). Such a game's
    result holds its syntax errors and nothing else: no notice, no rules, not finished,
    no winner (argentino: a hand of its match with no scores, the totals after it
    unknown: :meth:`~referee.engine.game.Variant.not_judged`)."""
    return record.bad_tag is None


def _base_result(record: GameRecord) -> GameResult:
    result = GameResult(index=record.index, line=record.line, ruleset=record.ruleset,
                        tags=record.tag_values, rules={}, players=list(record.players))
    result.findings.extend(syntax_finding(problem) for problem in record.errors)
    if not judged(record):
        return result
    for notice in record.notices:  # the reader's notices (a tag one letter off a knob)
        result.findings.append(Finding(
            NOTICE, notice.key.partition(":")[0], None, notice.line, notice.key,
            dict(notice.params) | {"message": notice.message, "context": notice.context},
            column=notice.column))
    return result


def make_referee(record: GameRecord, variant: Variant[Any] | None,
                 overrides: Mapping[str, str] | None,
                 series: Series | None) -> tuple[Variant[Any], Any, Referee[Any]] | None:
    """The game's referee for ``record``, set up (its config and context), or None when
    the game cannot be replayed (an unknown game, tags with a syntax error, players
    the game does not take)."""
    if variant is None or not judged(record) or not _replayable(record, variant):
        return None
    config = variant.config(record.tag_values, len(record.players), overrides)
    context = (series or Series()).context(variant)
    return variant, config, variant.referee(record, config, context)


def audit_record(record: GameRecord, variant: Variant[Any] | None,
                 overrides: Mapping[str, str] | None = None, series: Series | None = None,
                 deadline: float | None = None) -> GameResult:
    """Replay one game of ``variant`` and judge it. ``series`` carries context from the
    file's earlier games (argentino's matches); without one the game stands alone.
    Raises :class:`~referee.knobs.KnobError` only for a bad caller override, and
    :class:`~referee.engine.replay.OutOfTimeError` when the replay passes ``deadline``
    (a :func:`time.monotonic` time; None: no limit)."""
    return _judge(record, variant, overrides, series, live=False, deadline=deadline).result


@dataclass(slots=True)
class LiveAudit:
    """A game judged as its log stands (the live table's): the result, as
    :func:`audit_game` gives it, the table after the last event (None when the game
    cannot be replayed), and the findings judged only because the log ends mid-turn
    (a first lay-down still being laid: the end of a turn judges it)."""

    result: GameResult
    view: TableView | None
    pending: tuple[Finding, ...]


def audit_record_live(record: GameRecord, variant: Variant[Any] | None,
                      overrides: Mapping[str, str] | None = None,
                      series: Series | None = None) -> LiveAudit:
    """:func:`audit_record` with the table after the last event and what is still
    pending."""
    return _judge(record, variant, overrides, series, live=True)


RULES_KEPT = 256  # configs whose report ``rules`` are kept (then the cache starts over)
_RULES: dict[int, tuple[Any, dict[str, Any]]] = {}
"""The report's ``rules`` of configs already seen, by the config's identity (kept alive
here, so its id stays its own)."""


def _rules_json(variant: Variant[Any], config: Any) -> dict[str, Any]:
    """:meth:`~referee.engine.game.Variant.config_json`, worked out once per config (a
    file's games mostly share one: :meth:`~referee.engine.game.Variant.config` keeps
    them), a fixed cost of each game that counts in a short argentino hand
    (docs/performance.md); each result gets its own copy."""
    kept = _RULES.get(id(config))
    if kept is None or kept[0] is not config:
        if len(_RULES) >= RULES_KEPT:
            _RULES.clear()
        kept = _RULES[id(config)] = (config, variant.config_json(config))
    return dict(kept[1])


def _judge(record: GameRecord, variant: Variant[Any] | None,
           overrides: Mapping[str, str] | None, series: Series | None,
           live: bool, deadline: float | None = None) -> LiveAudit:
    result = _base_result(record)
    if not judged(record):
        if variant is not None:
            variant.not_judged(record, (series or Series()).context(variant), result)
        return LiveAudit(result, None, ())
    made = make_referee(record, variant, overrides, series)
    if made is None:
        return LiveAudit(result, None, ())
    game, config, ref = made
    result.rules = _rules_json(game, config)
    ref.play(record.events, deadline)
    view = ref.view() if live else None
    before_close = len(ref.findings)
    ref.close()
    pending = tuple(ref.findings[before_close:])
    result.findings.extend(ref.findings)
    result.findings.sort(key=lambda f: f.line)
    result.finished = ref.finished
    result.winner = ref.winner
    claimed = record.tags.get("Result")
    result.result_claimed = None if claimed is None else claimed.value
    if ref.finished and claimed is not None and claimed.value not in ("*", ref.winner):
        result.findings.append(Finding(LOG_ERROR, "result-mismatch", None, claimed.line,
                                       "result-mismatch",
                                       {"claimed": claimed.value, "winner": ref.winner}))
        result.findings.sort(key=lambda f: f.line)
    result.hands = ref.hands()
    ref.result_fields(result)
    result.events = ref.events
    return LiveAudit(result, view, pending)


def replay_record_to(record: GameRecord, variant: Variant[Any] | None, line: int | None = None,
                     overrides: Mapping[str, str] | None = None,
                     series: Series | None = None) -> TableView:
    """The table as it stood after ``line`` (the end of the log when None); ValueError
    for a game that cannot be replayed."""
    made = make_referee(record, variant, overrides, series)
    if made is None:
        raise ValueError("this game cannot be replayed (see its syntax errors)")
    ref = made[2]
    events = record.events if line is None else [e for e in record.events if e.line <= line]
    ref.play(events)
    if line is not None:
        ref.line = line
    return ref.view()
