"""Keeping the tables: the schema's step, idle tables swept, a restarted app going on with a
table, and the OpenAPI schema documenting every route with its models."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import create_engine, text

from referee.api.app import create_app
from referee.api.settings import Settings
from referee.api.store.database import normalize_url
from tests.api.live import FRIDAY_EVENTS, TestClient, live_client, new_table, public

ROUTES = {
    ("/v1/tables", "post"): ("TableIn", "TableCreated"),
    ("/v1/tables/{table_id}", "get"): (None, "State"),
    ("/v1/tables/{table_id}/events", "post"): ("EventIn", "EventOut"),
    ("/v1/tables/{table_id}/hands/{player}", "put"): ("HandIn", "HandOut"),
    ("/v1/tables/{table_id}/up", "put"): ("UpIn", "UpOut"),
    ("/v1/tables/{table_id}/undo", "post"): ("UndoIn", "UndoOut"),
    ("/v1/tables/{table_id}/hands", "post"): ("NextHandIn", "NextHandOut"),
    ("/v1/tables/{table_id}/me", "get"): (None, "Me"),
}


def _age(database_url: str, table_id: str, days: int) -> None:
    engine = create_engine(normalize_url(database_url))
    with engine.begin() as conn:
        conn.execute(text("UPDATE live_tables SET touched_at = :at WHERE id = :id"),
                     {"at": datetime.now(UTC) - timedelta(days=days), "id": table_id})
    engine.dispose()


def test_idle_tables_are_deleted(database_url: str) -> None:
    with live_client(database_url, table_days=30) as client:
        old, recent = new_table(client), new_table(client)
        recent.event(FRIDAY_EVENTS[0])
        _age(database_url, old.id, 31)
        _age(database_url, recent.id, 29)
        assert client.get(f"/v1/tables/{old.id}").status_code == 404  # idle: gone at once
        assert old.post(FRIDAY_EVENTS[0]).status_code == 404
    with live_client(database_url, table_days=30) as client:  # a new process sweeps
        assert client.get(f"/v1/tables/{recent.id}").status_code == 200
        engine = create_engine(normalize_url(database_url))
        with engine.connect() as conn:
            left = conn.execute(text("SELECT count(*) FROM live_changes WHERE table_id = :id"),
                                {"id": old.id}).scalar_one()
            tables = conn.execute(text("SELECT count(*) FROM live_tables WHERE id = :id"),
                                  {"id": old.id}).scalar_one()
        engine.dispose()
        assert (left, tables) == (0, 0)


def test_a_restarted_app_goes_on_with_the_table(database_url: str) -> None:
    with live_client(database_url) as client:
        table = new_table(client)
        for line in FRIDAY_EVENTS[:3]:
            table.event(line)
    with live_client(database_url) as client:
        table.client = client
        answer = table.event(FRIDAY_EVENTS[3])
        assert answer["seq"] == 4
        assert [e["text"] for e in answer["state"]["events"]] == public(FRIDAY_EVENTS[:4])


def test_the_openapi_schema_documents_every_route(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    for (path, method), (request, answer) in ROUTES.items():
        operation = schema["paths"][path][method]
        if request is not None:
            body = operation["requestBody"]["content"]["application/json"]["schema"]
            assert body["$ref"].endswith(f"/{request}")
        ok = operation["responses"]["201" if method != "get" else "200"]
        assert ok["content"]["application/json"]["schema"]["$ref"].endswith(f"/{answer}")
    assert "text/event-stream" in schema["paths"]["/v1/tables/{table_id}/stream"]["get"][
        "responses"]["200"]["content"]
    state = schema["components"]["schemas"]["State"]["properties"]
    assert {"turn", "hands", "melds", "pile_top", "calls", "findings", "my_hand"} <= set(state)


def test_the_default_settings_are_the_specs() -> None:
    settings = Settings()
    assert (settings.table_days, settings.table_max_events, settings.table_rate,
            settings.table_body_bytes) == (30, 5000, 20, 4096)
    assert create_app(settings).state.live.settings.table_rate == 20
