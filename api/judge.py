"""What the verdict routes and the page share: judge a log, replay one of its games.

A verdict is the report of docs/report.md for the log (source ``<body>``, as
``POST /v1/audit`` names a body), built once from the audit and rendered in
every language, with the log, the knobs in canonical spelling and the
referee's version. The replay of a game is its timeline
(:func:`referee.engine.timeline`) as the table data of ``referee replay --json``,
one per step.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from itertools import islice

from pydantic import BaseModel, Field

from referee import __version__
from referee.api.requests import DEFAULT_SOURCE
from referee.api.store.ids import canonical_knobs, content_hash, normalize_log, verdict_id
from referee.api.store.verdicts import Verdict, VerdictStore
from referee.messages import LANGS, render
from referee.notation.events import GameRecord
from referee.report.model import build_report
from referee.report.table import TableData, table_data


class TooManyGamesError(ValueError):
    """The log holds more games than one request may."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"the log holds more than {limit} games: send at most {limit} games "
                         f"in one request")


class NulInLogError(ValueError):
    """A log holding a NUL byte: audited as any other (a syntax error on its line), but
    not stored, as a database's text (PostgreSQL's) cannot hold one."""

    def __init__(self, line: int, column: int) -> None:
        self.line, self.column = line, column
        super().__init__(f"the log holds a NUL byte (U+0000) at line {line}, column {column}, "
                         f"which cannot be stored: delete it (POST /v1/audit audits the log "
                         f"as it is)")


def storable(text: str) -> None:
    """Raise :class:`NulInLogError` when ``text`` cannot be stored."""
    nul = text.find("\x00")
    if nul >= 0:
        log = normalize_log(text[:nul])  # a lone \r ends a line, as for the reader
        raise NulInLogError(log.count("\n") + 1, len(log) - log.rfind("\n"))


def judge(text: str, overrides: Mapping[str, str], max_games: int | None = None) -> Verdict:
    """The verdict on ``text`` under ``overrides`` (checked knob values);
    :class:`TooManyGamesError` past ``max_games`` games."""
    from referee.audit import iter_audit

    log = normalize_log(text)
    knobs = canonical_knobs(overrides)
    digest = content_hash(log, knobs, __version__)
    stop = None if max_games is None else max_games + 1
    results = list(islice(iter_audit(log, DEFAULT_SOURCE, knobs), stop))
    if max_games is not None and len(results) > max_games:
        raise TooManyGamesError(max_games)
    reports = {lang: dict(build_report(DEFAULT_SOURCE, results, lang)) for lang in LANGS}
    return Verdict(id=verdict_id(digest), content_hash=digest, log=log, knobs=knobs,
                   referee_version=__version__, reports=reports,
                   created_at=datetime.now(UTC))


def verdict_id_of(text: str, overrides: Mapping[str, str]) -> str:
    """The id :func:`judge` would give, without judging."""
    return verdict_id(content_hash(normalize_log(text), canonical_knobs(overrides),
                                   __version__))


class Timeline(BaseModel):
    """One game's step-through: the table at the start and after each event line."""

    game: int = Field(description="Which game of the log (1 is the first).")
    games: int = Field(description="How many games the log holds.")
    replayable: bool = Field(description="False when the referee cannot replay this game yet "
                                         "(its report's findings say why).")
    reason: str | None = Field(default=None, description="Why it cannot be replayed.")
    steps: list[TableData] = Field(description="The table at the game's first line, then "
                                                "after each line that holds an event.")


class NoSuchGameError(LookupError):
    pass


def game_records(text: str, game: int, knobs: Mapping[str, str] | None = None
                 ) -> tuple[list[GameRecord], int]:
    """The games of the log up to number ``game``, and how many games it holds (read
    under ``knobs``: a ``Deck`` among them says how the cards read)."""
    from referee.notation.reader import read_games

    records = read_games(normalize_log(text), DEFAULT_SOURCE, knobs)
    if not 1 <= game <= len(records):
        raise NoSuchGameError(render("report.no_game", {"source": "log", "game": game,
                                                        "count": len(records)}))
    return records[:game], len(records)


def game_timeline(text: str, game: int, knobs: Mapping[str, str], lang: str) -> Timeline:
    """The timeline of one game as JSON models; an unreplayable game has no steps."""
    from referee.audit import series_before, timeline

    records, count = game_records(text, game, knobs)
    record = records[-1]
    try:
        views = timeline(record, knobs, series_before(records, game - 1, knobs))
    except ValueError:
        reason = (render("report.not_judged", {}, lang) if record.bad_tag is not None
                  else render("web.not_replayable", {"ruleset": record.ruleset or "?"}, lang))
        return Timeline(game=game, games=count, replayable=False, reason=reason, steps=[])
    return Timeline(game=game, games=count, replayable=True,
                    steps=[table_data(view, lang) for view in views])


def store_verdict(store: VerdictStore, text: str, overrides: Mapping[str, str],
                  max_games: int | None = None) -> tuple[str, bool]:
    """Judge and store ``text`` unless its verdict is stored already: (id, newly stored).
    Raises :class:`NulInLogError` for a log that cannot be stored."""
    storable(text)
    known = verdict_id_of(text, overrides)
    if store.exists(known):
        return known, False
    verdict = judge(text, overrides, max_games)
    return verdict.id, store.put(verdict)
