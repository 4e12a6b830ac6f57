"""Stored verdicts over the JSON API, on SQLite and (when one answers) PostgreSQL."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from referee import __version__
from referee.api.app import create_app
from referee.api.settings import Settings
from referee.api.store.ids import content_hash, is_verdict_id, verdict_id
from referee.cli.app import app as cli_app
from tests.api import DATA, FRIDAY, TEXT

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

ARGENTINO = DATA / "argentino-worked-hand-2p.rummy"


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    settings = Settings(max_body_bytes=8192, database_url=database_url)
    with TestClient(create_app(settings)) as c:
        yield c


def store(client: TestClient, body: bytes, **params: str) -> tuple[int, dict]:  # type: ignore[type-arg]
    response = client.post("/v1/verdicts", params=params, content=body, headers=TEXT)
    return response.status_code, response.json()


def cli_report(*args: str) -> dict:  # type: ignore[type-arg]
    result = CliRunner().invoke(cli_app, ["audit", str(FRIDAY), "--json", *args])
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def test_store_then_reopen_gives_the_cli_report(client: TestClient) -> None:
    status, created = store(client, FRIDAY.read_bytes())
    assert status == 201 and created["created"] is True
    assert is_verdict_id(created["id"])
    assert created["url"].endswith(f"/v/{created['id']}")
    got = client.get(f"/v1/verdicts/{created['id']}")
    assert got.status_code == 200
    body = got.json()
    assert body["referee_version"] == __version__ and body["lang"] == "en"
    assert body["log"] == FRIDAY.read_text() and body["knobs"] == {}
    expected = cli_report()
    expected["source"] = body["report"]["source"]  # the CLI names the file, the API the body
    assert body["report"] == expected
    assert body["report"]["games"][0]["findings"][0]["rule"] == "discard-pegue"


def test_the_report_reads_in_spanish_with_the_same_ids(client: TestClient) -> None:
    _, created = store(client, FRIDAY.read_bytes(), MinOpen="71")
    es = client.get(f"/v1/verdicts/{created['id']}", params={"lang": "es"}).json()
    expected = cli_report("--lang", "es", "--set", "MinOpen=71")
    expected["source"] = es["report"]["source"]
    assert es["report"] == expected and es["lang"] == "es"
    assert es["knobs"] == {"MinOpen": "71"}


def test_sharing_twice_stores_once(client: TestClient, database_url: str) -> None:
    first = store(client, FRIDAY.read_bytes(), MinOpen="71", RunWrap="sí")
    # Windows line ends, other knob spellings and order: the same content, the same id.
    crlf = FRIDAY.read_bytes().replace(b"\n", b"\r\n")
    second = store(client, crlf, runwrap="yes", minopen="071")
    assert first[0] == 201 and second[0] == 200
    assert first[1]["id"] == second[1]["id"] and second[1]["created"] is False
    other = store(client, FRIDAY.read_bytes(), MinOpen="72")
    assert other[0] == 201 and other[1]["id"] != first[1]["id"]
    engine = create_engine(database_url)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM verdicts")).scalar_one() == 2
    engine.dispose()


def test_the_id_is_the_content_hash() -> None:
    log = FRIDAY.read_text()
    digest = content_hash(log, {}, __version__)
    assert verdict_id(digest) == verdict_id(content_hash(log, {}, __version__))
    assert verdict_id(digest) != verdict_id(content_hash(log, {}, "0.0.0"))  # a new referee
    assert verdict_id(digest) != verdict_id(content_hash(log + "\n", {}, __version__))
    assert is_verdict_id(verdict_id(digest)) and len(verdict_id(digest)) == 24


@pytest.mark.parametrize("bad", ["xyz", "A" * 24, "a" * 23, "a" * 25, "0" * 24, "a" * 23 + "!"])
def test_malformed_ids_are_422(client: TestClient, bad: str) -> None:
    for path in (f"/v1/verdicts/{bad}", f"/v1/verdicts/{bad}/timeline"):
        response = client.get(path)
        assert response.status_code == 422, path
        assert response.json()["error"]["status"] == 422


def test_unknown_ids_are_404(client: TestClient) -> None:
    for path in ("/v1/verdicts/" + "a" * 24, "/v1/verdicts/" + "a" * 24 + "/timeline"):
        response = client.get(path)
        assert response.status_code == 404
        assert "a" * 24 in response.json()["error"]["message"]


def test_timeline_steps_through_the_game(client: TestClient) -> None:
    _, created = store(client, FRIDAY.read_bytes())
    timeline = client.get(f"/v1/verdicts/{created['id']}/timeline").json()
    assert timeline["game"] == 1 and timeline["games"] == 1 and timeline["replayable"]
    lines = [step["line"] for step in timeline["steps"]]
    assert lines[0] == 2 and lines[1:] == list(range(13, 33))
    at28 = timeline["steps"][lines.index(28)]
    assert at28["discard_top"] == "9d" and at28["turn"] == "Beto"
    assert [f["rule"] for f in at28["open_renuncias"]] == ["discard-pegue"]
    replay = CliRunner().invoke(cli_app, ["replay", str(FRIDAY), "--at", "28", "--json"])
    replayed = json.loads(replay.stdout)  # the step's table, and the line's event and findings
    assert {key: replayed[key] for key in at28} == at28
    # The same answer without storing, from the body.
    posted = client.post("/v1/timeline", content=FRIDAY.read_bytes(), headers=TEXT)
    assert posted.json() == timeline
    assert client.get(f"/v1/verdicts/{created['id']}/timeline", params={"game": 2}) \
        .status_code == 404


def test_timeline_in_spanish_and_under_knobs(client: TestClient) -> None:
    posted = client.post("/v1/timeline", params={"lang": "es", "DiscardPegue": "off"},
                         content=FRIDAY.read_bytes(), headers=TEXT).json()
    assert all(not step["open_renuncias"] for step in posted["steps"])
    es = client.post("/v1/timeline", params={"lang": "es"}, content=FRIDAY.read_bytes(),
                     headers=TEXT).json()
    messages = [f["message"] for s in es["steps"] for f in s["open_renuncias"]]
    assert messages and messages[0].startswith("Ana descartó 9d")
    bad = client.post("/v1/timeline", params={"game": "two"}, content=FRIDAY.read_bytes(),
                      headers=TEXT)
    assert bad.status_code == 400


def test_an_argentino_hand_is_stored_with_its_scores_and_replayed(client: TestClient) -> None:
    status, created = store(client, ARGENTINO.read_bytes())
    assert status == 201
    verdict = client.get(f"/v1/verdicts/{created['id']}").json()
    assert {s["player"]: s["total"] for s in verdict["report"]["games"][0]["scores"]} == {
        "Ana": 170, "Beto": -105}
    timeline = client.get(f"/v1/verdicts/{created['id']}/timeline").json()
    assert timeline["replayable"] is True and timeline["reason"] is None
    assert timeline["steps"][-1]["winner"] == "Ana"


def test_store_refuses_what_audit_refuses(client: TestClient) -> None:
    assert client.post("/v1/verdicts", content=b"", headers=TEXT).status_code == 400
    assert client.post("/v1/verdicts", content=b"#" * 9000, headers=TEXT).status_code == 413
    assert client.post("/v1/verdicts", content=FRIDAY.read_bytes(),
                       headers={"Content-Type": "application/json"}).status_code == 415
    assert client.post("/v1/verdicts?MinOpen=lots", content=FRIDAY.read_bytes(),
                       headers=TEXT).status_code == 400
    assert client.post("/v1/verdicts", content=b"[Game \"51\"]\n\xff",
                       headers=TEXT).status_code == 400


def test_a_log_with_a_nul_byte_is_audited_but_not_stored(client: TestClient) -> None:
    """PostgreSQL's text holds no NUL: storing one said 500; the audit reads it."""
    body = FRIDAY.read_bytes().replace(b"\n", b"\nx\x00", 2)
    status, data = store(client, body)
    assert status == 400
    assert data["error"]["message"].startswith(
        "the log holds a NUL byte (U+0000) at line 2, column 2, which cannot be stored")
    assert client.post("/v1/audit", content=body, headers=TEXT).status_code == 200
    assert client.post("/v1/timeline", content=body, headers=TEXT).status_code == 200
    page = client.post("/share", data={"log": body.decode(), "lang": "es"})
    assert page.status_code == 400 and "byte NUL en la línea 2, columna 2" in page.text


def test_concurrent_stores_of_many_logs(client: TestClient) -> None:
    base = FRIDAY.read_text()
    logs = [base.replace("Viernes en casa de Ana", f"Mesa {i}") for i in range(24)]
    logs += logs[:8]  # the same content again, concurrently

    def put(log: str) -> tuple[int, str]:
        response = client.post("/v1/verdicts", content=log.encode(), headers=TEXT)
        return response.status_code, response.json()["id"]

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(put, logs))
    assert {status for status, _ in answers} <= {200, 201}
    assert len({vid for _, vid in answers}) == 24
    assert sum(1 for status, _ in answers if status == 201) == 24
    for (_, vid), log in zip(answers, logs, strict=True):
        assert client.get(f"/v1/verdicts/{vid}").json()["log"] == log


def test_openapi_lists_the_verdict_routes(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/v1/verdicts", "/v1/verdicts/{verdict_id}", "/v1/verdicts/{verdict_id}/timeline",
            "/v1/timeline"} <= set(paths)
    assert {"201", "200", "413"} <= set(paths["/v1/verdicts"]["post"]["responses"])
    assert "/" not in paths and "/v/{verdict_id}" not in paths


def test_a_game_whose_tags_hold_a_syntax_error_has_no_timeline(client: TestClient) -> None:
    bad = (DATA / "friday-bad-tag.rummy").read_bytes()
    for lang, words in (("en", "Not judged: the game's tags hold a syntax error"),
                        ("es", "Sin juzgar: las etiquetas de la partida")):
        timeline = client.post("/v1/timeline", params={"lang": lang}, content=bad,
                               headers=TEXT).json()
        assert timeline["replayable"] is False and timeline["steps"] == []
        assert timeline["reason"].startswith(words)
