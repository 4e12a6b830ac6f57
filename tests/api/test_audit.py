"""``POST /v1/audit`` and the rest of the API: FastAPI's TestClient for every status, and one
real uvicorn server."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from referee.api.app import create_app
from referee.api.settings import Settings
from referee.cli.app import app as cli_app

with warnings.catch_warnings():  # starlette suggests another client; httpx is what we ship
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
CLEAN = DATA / "clean-2p.rummy"
PEGUE = DATA / "pegue-3p.rummy"
SYNTAX = DATA / "syntax-error.rummy"

TEXT = {"Content-Type": "text/plain"}
TEXT_UTF8 = {"Content-Type": "text/plain; charset=utf-8"}


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REFEREE_LANG", raising=False)
    monkeypatch.delenv("REFEREE_MAX_BODY_BYTES", raising=False)


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(max_body_bytes=4096))) as c:
        yield c


def assert_error(response: httpx.Response, status: int) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"}
    assert body["error"]["status"] == status
    message = body["error"]["message"]
    assert isinstance(message, str) and message
    return message


def cli_json(path: Path, *args: str) -> dict:  # type: ignore[type-arg]
    result = CliRunner().invoke(cli_app, ["audit", str(path), "--json", *args])
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


# ----------------------------------------------------------------------------- 200


def test_healthz(client: TestClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"


def test_audit_equals_the_cli_json(client: TestClient) -> None:
    for path in (CLEAN, PEGUE, SYNTAX):
        response = client.post("/v1/audit", params={"source": str(path)},
                               content=path.read_bytes(), headers=TEXT_UTF8)
        assert response.status_code == 200, response.text
        assert response.json() == cli_json(path)


def test_audit_with_knobs_and_lang_equals_the_cli(client: TestClient) -> None:
    response = client.post("/v1/audit",
                           params={"source": str(PEGUE), "MinOpen": "71", "runmin": "3",
                                   "lang": "es"},
                           content=PEGUE.read_bytes(), headers=TEXT)
    assert response.status_code == 200
    assert response.json() == cli_json(PEGUE, "--set", "MinOpen=71", "--set", "RunMin=3",
                                       "--lang", "es")


def test_audit_default_source_and_report_shape(client: TestClient) -> None:
    response = client.post("/v1/audit", content=CLEAN.read_bytes(), headers=TEXT)
    data = response.json()
    assert data["source"] == "<body>"
    assert set(data) == {"source", "games", "summary"}
    assert data["games"][0]["players"] == ["Wilson", "Lalo"]


def test_renuncia_is_reported(client: TestClient) -> None:
    data = client.post("/v1/audit", content=PEGUE.read_bytes(), headers=TEXT).json()
    found = [(f["rule"], f["player"], f["line"]) for f in data["games"][0]["findings"]
             if f["kind"] == "renuncia"]
    assert found == [("discard-pegue", "Jaime", 26)]


def test_knob_query_changes_the_ruling(client: TestClient) -> None:
    data = client.post("/v1/audit?MinOpen=71", content=CLEAN.read_bytes(), headers=TEXT).json()
    assert data["games"][0]["rules"]["MinOpen"] == 71
    assert "bajada-below-minimum" in {f["rule"] for f in data["games"][0]["findings"]}


def test_syntax_error_is_still_200(client: TestClient) -> None:
    response = client.post("/v1/audit", content=SYNTAX.read_bytes(), headers=TEXT)
    assert response.status_code == 200
    findings = response.json()["games"][0]["findings"]
    syntax = [f for f in findings if f["kind"] == "syntax-error"]
    assert syntax and syntax[0]["line"] == 8 and "column" in syntax[0]
    assert response.json()["summary"]["syntax_errors"] >= 1


def test_byte_order_mark_is_ignored(client: TestClient) -> None:
    plain = client.post("/v1/audit", content=CLEAN.read_bytes(), headers=TEXT).json()
    bom = client.post("/v1/audit", content=b"\xef\xbb\xbf" + CLEAN.read_bytes(),
                      headers=TEXT).json()
    assert plain == bom


def test_lang_es_translates_messages(client: TestClient) -> None:
    body = SYNTAX.read_bytes()
    en = client.post("/v1/audit?lang=en", content=body, headers=TEXT).json()
    es = client.post("/v1/audit?lang=ES", content=body, headers=TEXT).json()
    assert [f["rule"] for f in en["games"][0]["findings"]] == \
        [f["rule"] for f in es["games"][0]["findings"]]
    assert en["games"][0]["findings"][0]["message"] != es["games"][0]["findings"][0]["message"]


def test_rules(client: TestClient) -> None:
    data = client.get("/v1/rules").json()
    ids = {r["id"] for r in data["rules"]}
    assert {"discard-pegue", "missed-call", "not-in-hand", "void-call"} <= ids
    knobs = {k["name"]: k for k in data["knobs"]}
    assert knobs["MinOpen"]["default"] == 51 and knobs["MinOpen"]["help"]
    es = client.get("/v1/rules", params={"lang": "es"}).json()
    assert [r["id"] for r in es["rules"]] == [r["id"] for r in data["rules"]]
    assert es["rules"][0]["text"] != data["rules"][0]["text"]
    cli = CliRunner().invoke(cli_app, ["rules", "--json"])
    assert json.loads(cli.stdout) == data


def test_openapi_and_docs(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert {"/v1/audit", "/v1/rules", "/healthz"} <= set(schema["paths"])
    post = schema["paths"]["/v1/audit"]["post"]
    assert "text/plain" in post["requestBody"]["content"]
    names = {p["name"] for p in post["parameters"]}
    assert {"lang", "source", "MinOpen", "RunMin", "Stake"} <= names
    assert {"200", "400", "413", "415"} <= set(post["responses"])
    assert "ReportData" in schema["components"]["schemas"]
    docs = client.get("/docs")
    assert docs.status_code == 200 and "swagger" in docs.text.lower()


# ----------------------------------------------------------------------------- 4xx


def test_empty_body_is_400(client: TestClient) -> None:
    assert "empty" in assert_error(client.post("/v1/audit", content=b"", headers=TEXT), 400)
    assert_error(client.post("/v1/audit", content=b" \n\n", headers=TEXT), 400)


def test_not_utf8_is_400(client: TestClient) -> None:
    message = assert_error(client.post("/v1/audit", content=b"[Game \"51\"]\n\xff\xfe",
                                       headers=TEXT), 400)
    assert "UTF-8" in message and "line 2" in message


def test_a_stray_control_byte_is_a_syntax_error_as_on_the_command_line(
        client: TestClient, tmp_path: Path) -> None:
    # Before: 400 "not text: a NUL byte (0x00) at line 9, column 4".
    body = CLEAN.read_bytes().replace(b"\n\n", b"\n\n\x00", 1)
    response = client.post("/v1/audit?source=log.rummy", content=body, headers=TEXT)
    assert response.status_code == 200
    (syntax,) = [f for g in response.json()["games"] for f in g["findings"]
                 if f["kind"] == "syntax-error"]
    assert "U+0000 NUL" in syntax["message"] and syntax["column"] == 1
    path = tmp_path / "log.rummy"
    path.write_bytes(body)
    assert response.json() == cli_json(path) | {"source": "log.rummy"}


def test_a_body_mostly_of_control_bytes_is_400(client: TestClient) -> None:
    message = assert_error(client.post("/v1/audit", content=b"\x00" * 60 + b"a" * 40,
                                       headers=TEXT), 400)
    assert message.startswith("not text: 60 of its 100 characters are control characters")
    assert message.endswith("send the log as UTF-8 text")


def test_oversized_by_content_length_is_413(client: TestClient) -> None:
    body = b"# padding\n" * 500  # 5000 bytes > 4096
    assert "limit" in assert_error(client.post("/v1/audit", content=body, headers=TEXT), 413)


def test_oversized_by_actual_bytes_is_413(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:  # streamed: no Content-Length header
        for _ in range(50):
            yield b"# padding\n" * 10

    assert_error(client.post("/v1/audit", content=chunks(), headers=TEXT), 413)


def test_limit_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_MAX_BODY_BYTES", "100")
    assert Settings().max_body_bytes == 100
    with TestClient(create_app()) as c:
        assert_error(c.post("/v1/audit", content=CLEAN.read_bytes(), headers=TEXT), 413)
    assert Settings(max_body_bytes=5).max_body_bytes == 5
    monkeypatch.delenv("REFEREE_MAX_BODY_BYTES")
    assert Settings().max_body_bytes == 1024 * 1024


@pytest.mark.parametrize("content_type", [
    None, "application/json", "application/x-www-form-urlencoded", "text/html",
    "text/plain; charset=latin-1",
])
def test_wrong_content_type_is_415(client: TestClient, content_type: str | None) -> None:
    headers = {} if content_type is None else {"Content-Type": content_type}
    request = client.build_request("POST", "/v1/audit", content=CLEAN.read_bytes(),
                                   headers=headers)
    if content_type is None:
        request.headers.pop("Content-Type", None)
    assert_error(client.send(request), 415)


def test_unknown_query_parameter_is_400(client: TestClient) -> None:
    message = assert_error(client.post("/v1/audit?Bogus=1", content=CLEAN.read_bytes(),
                                       headers=TEXT), 400)
    assert "Bogus" in message


def test_bad_knob_value_is_400(client: TestClient) -> None:
    message = assert_error(client.post("/v1/audit?MinOpen=many", content=CLEAN.read_bytes(),
                                       headers=TEXT), 400)
    assert "MinOpen" in message


def test_bad_lang_is_400(client: TestClient) -> None:
    assert_error(client.post("/v1/audit?lang=fr", content=CLEAN.read_bytes(), headers=TEXT),
                 400)
    assert_error(client.get("/v1/rules?lang=fr"), 400)


def test_unknown_route_and_method_are_json(client: TestClient) -> None:
    assert_error(client.get("/nowhere"), 404)
    assert_error(client.get("/v1/audit"), 405)


# ----------------------------------------------------------------------------- real server


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_real_server_over_http() -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    server = subprocess.Popen(
        [sys.executable, "-m", "cli", "serve", "--port", str(port), "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                output = server.stdout.read().decode() if server.stdout else ""
                pytest.fail(f"server did not come up: {output}")
            time.sleep(0.1)
        response = httpx.post(base + "/v1/audit", params={"source": str(CLEAN)},
                              content=CLEAN.read_bytes(), headers=TEXT, timeout=30)
        assert response.status_code == 200
        assert response.json() == cli_json(CLEAN)
        big = httpx.post(base + "/v1/audit", content=b"#" * (1024 * 1024 + 1), headers=TEXT,
                         timeout=30)
        assert_error(big, 413)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        if server.stdout:
            server.stdout.close()
