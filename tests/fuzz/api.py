"""The HTTP API on a fuzz input, in process (FastAPI's TestClient on the real app):
``POST /v1/audit`` and ``POST /v1/timeline`` with the input's bytes as the body.

- never a 5xx (an exception in the app escapes the client: it raises it);
- the audit: 200 with the report ``referee audit --json`` writes for the same text and
  source, or, for bytes the command line refuses, 400 with its words (the API's fix);
  an empty body (blank bytes) is 400;
- the timeline of a game: 404 past the last game; for a game the engine replays, its
  steps are the tables ``referee replay`` shows, and the last one agrees with the
  report; else ``replayable`` false, no steps.
"""

from __future__ import annotations

import tempfile
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from referee.api.app import create_app
from referee.api.settings import Settings
from referee.notation.events import GameRecord
from tests.fuzz.replay import game_steps, table_of

with warnings.catch_warnings():  # starlette suggests another client; httpx is what we ship
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

TEXT = {"Content-Type": "text/plain"}
_CLIENT: list[TestClient] = []


def client() -> TestClient:
    """This process's client of the app (its verdict store a SQLite file of its own),
    started once: the app's start-up and the client's thread are not paid per input."""
    if not _CLIENT:
        folder = tempfile.mkdtemp(prefix="referee-fuzz-api-")
        settings = Settings(max_body_bytes=1 << 21, max_games=1 << 20, audit_timeout=600,
                            database_url=f"sqlite:///{Path(folder) / 'verdicts.sqlite3'}")
        started = TestClient(create_app(settings))
        started.__enter__()  # the lifespan runs; the client lives as long as the process
        _CLIENT.append(started)
    return _CLIENT[0]


def check_audit(data: bytes, lang: str, source: str, report: Mapping[str, Any] | None,
                refusal: str | None) -> None:
    """``POST /v1/audit`` on ``data``: ``report`` (the command line's), or the 400 of
    ``refusal`` (its words for the API), or 400 for a blank body."""
    response = client().post("/v1/audit", params={"lang": lang, "source": source},
                             content=data, headers=TEXT)
    assert response.status_code < 500, response.text
    if not data.strip():
        assert response.status_code == 400, response.status_code
        return
    if report is None:
        assert response.status_code == 400, response.status_code
        assert response.json()["error"]["message"] == refusal
        return
    assert response.status_code == 200, response.text
    assert response.json() == report, "the API's report is not the command line's"


def check_timeline(data: bytes, lang: str, records: Sequence[GameRecord],
                   report: Mapping[str, Any], games: Sequence[int]) -> None:
    """``POST /v1/timeline?game=N`` for each of ``games`` (1-based; one past the last is
    404) on a body that audits to ``report``."""
    for game in games:
        response = client().post("/v1/timeline", params={"lang": lang, "game": str(game)},
                                 content=data, headers=TEXT)
        assert response.status_code < 500, response.text
        if not data.strip():
            assert response.status_code == 400
            continue
        if game > len(records):
            assert response.status_code == 404, response.text
            continue
        assert response.status_code == 200, response.text
        timeline = response.json()
        assert (timeline["game"], timeline["games"]) == (game, len(records))
        steps = game_steps(records, game - 1, lang)
        if steps is None:
            assert not timeline["replayable"] and timeline["steps"] == []
            assert timeline["reason"]
            continue
        assert timeline["replayable"] and timeline["reason"] is None
        shown = [table_of(steps.step(i)) for i in range(len(steps.views))]
        assert timeline["steps"] == shown, "the timeline is not what replay shows"
        last, audited = timeline["steps"][-1], report["games"][game - 1]
        assert (last["winner"], last["finished"]) == (audited["winner"], audited["finished"])
