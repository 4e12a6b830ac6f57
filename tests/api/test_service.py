"""The service under load: limits with clear statuses, a slow body is 408, an audit that
takes too long is 503, the audit stops when the client goes away, a report of many games
is streamed from a spool (``test_service_server.py`` runs a real ``referee serve``).

Most tests call the ASGI app directly, with a ``receive`` of their own: the body, then a
client that goes away, or a body that never ends.
"""

from __future__ import annotations

import asyncio
import json
import logging
import warnings
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from referee.api.app import create_app
from referee.api.settings import Settings
from referee.api.stream import CHUNK
from tests.api import FRIDAY, TEXT

with warnings.catch_warnings():  # starlette suggests another client; httpx is what we ship
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

Message = dict[str, Any]

GAME = FRIDAY.read_text(encoding="utf-8")


def night(games: int) -> bytes:
    """A log of ``games`` games: the friday game again and again."""
    return ("\n".join([GAME] * games)).encode("utf-8")


def app_with(tmp_path: Path, **limits: Any) -> FastAPI:
    return create_app(Settings(database_url=f"sqlite:///{tmp_path / 'v.sqlite3'}",
                               max_body_bytes=8 * 1024 * 1024, **limits))


def assert_error(response: httpx.Response, status: int, *words: str) -> str:
    assert response.status_code == status, response.text
    message = response.json()["error"]["message"]
    assert response.json()["error"]["status"] == status
    for word in words:
        assert word in message, message
    return str(message)


# ----------------------------------------------------------------------------- ASGI calls


def scope_for(path: str, query: str, body_size: int) -> Message:
    return {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
        "scheme": "http", "path": path, "raw_path": path.encode(), "root_path": "",
        "query_string": query.encode(), "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8051), "state": {},
        "headers": [(b"content-type", b"text/plain"),
                    (b"content-length", str(body_size).encode())],
    }


async def call(app: FastAPI, body: bytes, after: str, query: str = "") -> list[Message]:
    """POST ``body`` to /v1/audit; then the client ``after``: "gone" (every later receive
    is a disconnect), "stall" (the body never ends: the receive after the first half waits
    forever) or "wait" (still there)."""
    sent: list[Message] = []
    step = 0
    never = asyncio.Event()

    async def receive() -> Message:
        nonlocal step
        step += 1
        if after == "stall":
            if step == 1:
                return {"type": "http.request", "body": body[: len(body) // 2],
                        "more_body": True}
            await never.wait()
        if step == 1:
            return {"type": "http.request", "body": body, "more_body": False}
        if after == "gone":
            return {"type": "http.disconnect"}
        await never.wait()  # still connected: is_disconnected() cancels this wait
        raise AssertionError("unreachable")

    async def send(message: Message) -> None:
        sent.append(message)

    await app(scope_for("/v1/audit", query, len(body)), receive, send)
    return sent


def status_of(messages: list[Message]) -> int:
    start = next(m for m in messages if m["type"] == "http.response.start")
    status: int = start["status"]
    return status


def body_of(messages: list[Message]) -> bytes:
    return b"".join(m.get("body", b"") for m in messages if m["type"] == "http.response.body")


# ----------------------------------------------------------------------------- limits


def test_more_games_than_the_limit_is_413(tmp_path: Path) -> None:
    with TestClient(app_with(tmp_path, max_games=3)) as client:
        ok = client.post("/v1/audit", content=night(3), headers=TEXT)
        assert ok.status_code == 200
        assert ok.json()["summary"]["games"] == 3
        assert_error(client.post("/v1/audit", content=night(4), headers=TEXT), 413,
                     "more than 3 games", "at most 3 games")
        assert_error(client.post("/v1/verdicts", content=night(4), headers=TEXT), 413,
                     "more than 3 games")
        assert client.post("/v1/verdicts", content=night(3), headers=TEXT).status_code == 201


def test_the_page_refuses_more_games_than_the_limit_in_its_language(tmp_path: Path) -> None:
    with TestClient(app_with(tmp_path, max_games=2)) as client:
        log = night(3).decode()
        for path in ("/", "/share"):
            page = client.post(path, data={"log": log, "lang": "es"})
            assert page.status_code == 413
            assert "más de 2 partidas" in page.text
            assert "Game" in page.text  # the form keeps the log
        assert client.post("/", data={"log": night(2).decode()}).status_code == 200


def test_a_report_over_the_limit_is_413(tmp_path: Path) -> None:
    with TestClient(app_with(tmp_path, max_response_bytes=20_000)) as client:
        assert client.post("/v1/audit", content=night(1), headers=TEXT).status_code == 200
        message = assert_error(client.post("/v1/audit", content=night(30), headers=TEXT),
                               413, "report is over the limit of 20000 bytes")
        assert "fewer games" in message


def test_an_audit_past_its_time_limit_is_503(tmp_path: Path) -> None:
    with TestClient(app_with(tmp_path, audit_timeout=1e-9)) as client:
        response = client.post("/v1/audit", content=night(3), headers=TEXT)
        assert_error(response, 503, "took more than")
        assert response.headers["retry-after"]


def test_one_huge_game_past_the_time_limit_stops_inside_its_replay(tmp_path: Path) -> None:
    """Before: the time limit was looked at only between games, so the one game of this
    log was replayed to its end (and counted) before the 503."""
    tail = "".join("Ana draw 2c\nAna discard 2c\n" for _ in range(10_000))
    app = app_with(tmp_path, audit_timeout=0.01)  # the reading alone takes longer
    with TestClient(app) as client:
        response = client.post("/v1/audit", content=(GAME + tail).encode(), headers=TEXT)
    assert_error(response, 503, "took more than 0.01 seconds")
    assert response.headers["retry-after"]
    stats = app.state.audit_stats
    assert (stats.games, stats.refused) == (0, 1)  # stopped inside the game


def test_a_huge_game_within_the_time_limit_is_audited(tmp_path: Path) -> None:
    """The neighbour: the same game under the default limit is a whole report."""
    tail = "".join("Ana draw 2c\nAna discard 2c\n" for _ in range(10_000))
    app = app_with(tmp_path)
    with TestClient(app) as client:
        response = client.post("/v1/audit", content=(GAME + tail).encode(), headers=TEXT)
    assert response.status_code == 200, response.text[:200]
    (game,) = response.json()["games"]
    assert sum(f["rule"] == "after-end" for f in game["findings"]) == 20_000
    assert app.state.audit_stats.games == 1


def test_limits_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_MAX_GAMES", "7")
    monkeypatch.setenv("REFEREE_MAX_RESPONSE_BYTES", "4096")
    monkeypatch.setenv("REFEREE_AUDIT_TIMEOUT", "2.5")
    monkeypatch.setenv("REFEREE_REQUEST_TIMEOUT", "4")
    monkeypatch.setenv("REFEREE_KEEP_ALIVE_TIMEOUT", "9")
    monkeypatch.setenv("REFEREE_WORKERS", "3")
    settings = Settings()
    assert (settings.max_games, settings.max_response_bytes, settings.audit_timeout,
            settings.request_timeout, settings.keep_alive_timeout, settings.workers) == \
        (7, 4096, 2.5, 4.0, 9, 3)


def test_a_body_that_stops_arriving_is_408(tmp_path: Path) -> None:
    app = app_with(tmp_path, request_timeout=0.05)
    messages = asyncio.run(call(app, night(1), "stall"))
    assert status_of(messages) == 408
    assert "did not arrive within 0.05 seconds" in json.loads(body_of(messages))["error"][
        "message"]
    start = next(m for m in messages if m["type"] == "http.response.start")
    assert (b"connection", b"close") in start["headers"]


@pytest.mark.parametrize("value, words", [
    ("9" * 5000, "at most 9 digits"),
    ("9" * 10, "at most 9 digits"),
    ("²", "whole number in the digits 0-9"),
    ("٣", "whole number in the digits 0-9"),
    ("７", "whole number in the digits 0-9"),
])
def test_a_huge_or_non_ascii_knob_is_a_400_that_says_so(tmp_path: Path, value: str,
                                                        words: str) -> None:
    with TestClient(app_with(tmp_path)) as client:
        for path in ("/v1/audit", "/v1/verdicts", "/v1/timeline"):
            response = client.post(path, params={"MinOpen": value}, content=night(1),
                                   headers=TEXT)
            message = assert_error(response, 400, "MinOpen", words)
            assert len(message) < 200


@pytest.mark.parametrize("game", ["9" * 5000, "²", "٣", "0", "1000000000"])
def test_a_huge_or_non_ascii_game_number_is_a_400(tmp_path: Path, game: str) -> None:
    with TestClient(app_with(tmp_path)) as client:
        response = client.post("/v1/timeline", params={"game": game}, content=night(1),
                               headers=TEXT)
        assert len(assert_error(response, 400, "game")) < 200
        stored = client.post("/v1/verdicts", content=night(1), headers=TEXT).json()["id"]
        response = client.get(f"/v1/verdicts/{stored}/timeline", params={"game": game})
        assert len(assert_error(response, 400, "game")) < 200


def test_long_bad_values_are_quoted_short(tmp_path: Path) -> None:
    long = "x" * 5000
    with TestClient(app_with(tmp_path)) as client:
        for response in (client.post("/v1/audit", params={"lang": long}, content=night(1),
                                     headers=TEXT),
                         client.get(f"/v1/verdicts/{long}"),
                         client.post("/v1/audit", content=night(1),
                                     headers={"Content-Type": long})):
            assert len(response.json()["error"]["message"]) < 200


def test_a_bad_content_length_is_400(tmp_path: Path) -> None:
    with TestClient(app_with(tmp_path)) as client:
        for declared in ("9" * 400, "١٢".encode(), "-5"):
            response = client.post("/v1/audit", content=b"x",
                                   headers={**TEXT, "Content-Length": declared})
            assert len(assert_error(response, 400, "Content-Length")) < 200


# ----------------------------------------------------------------------------- streaming


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def test_the_audit_stops_when_the_client_goes_away(tmp_path: Path) -> None:
    app = app_with(tmp_path)
    logger, lines = logging.getLogger("uvicorn.error"), Lines()
    level = logger.level
    logger.addHandler(lines)
    logger.setLevel(logging.INFO)
    try:
        messages = asyncio.run(call(app, night(40), "gone"))
    finally:
        logger.removeHandler(lines)
        logger.setLevel(level)
    stats = app.state.audit_stats
    assert (stats.games, stats.disconnected) == (1, 1)
    assert status_of(messages) == 499
    assert lines.lines == ["audit stopped: the client went away (games audited: 1)"]


def test_a_client_that_stays_gets_every_game_streamed(tmp_path: Path) -> None:
    app = app_with(tmp_path)
    messages = asyncio.run(call(app, night(120), "wait", "source=night.rummy"))
    assert status_of(messages) == 200
    assert app.state.audit_stats.games == 120
    chunks = [m for m in messages if m["type"] == "http.response.body"]
    assert len(chunks) > 2  # sent a piece at a time, not as one body
    assert all(len(m.get("body", b"")) <= CHUNK for m in chunks)
    body = body_of(messages)
    start = next(m for m in messages if m["type"] == "http.response.start")
    assert (b"content-length", str(len(body)).encode()) in start["headers"]
    report = json.loads(body)
    assert report["source"] == "night.rummy"
    assert report["summary"]["games"] == len(report["games"]) == 120


def test_the_streamed_report_is_the_cli_json_byte_for_byte(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from referee.cli.app import app as cli_app

    path = tmp_path / "night.rummy"
    path.write_bytes(night(5))
    cli = CliRunner().invoke(cli_app, ["audit", str(path), "--json"])
    with TestClient(app_with(tmp_path)) as client:
        response = client.post("/v1/audit", params={"source": str(path)},
                               content=path.read_bytes(), headers=TEXT)
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert response.text == cli.stdout.rstrip("\n")


def test_spools_are_closed_after_each_answer(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import referee.api.stream as stream

    opened: list[Any] = []
    spool_class = stream.SpooledTemporaryFile

    def spy(*args: Any, **kwargs: Any) -> Any:
        spool = spool_class(*args, **kwargs)
        opened.append(spool)
        return spool

    monkeypatch.setattr(stream, "SpooledTemporaryFile", spy)
    with TestClient(app_with(tmp_path, max_games=4)) as client:
        assert client.post("/v1/audit", content=night(4), headers=TEXT).status_code == 200
        assert client.post("/v1/audit", content=night(5), headers=TEXT).status_code == 413
    asyncio.run(call(app_with(tmp_path), night(3), "gone"))
    assert len(opened) == 3
    assert all(spool.closed for spool in opened)
