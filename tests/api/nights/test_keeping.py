"""A night in the store: each change in one transaction, idle nights deleted with their
tables."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select, update

from referee.api.store.schema import live_tables, night_games, nights
from tests.api.nights import NAMES, make_night


def test_an_idle_night_is_deleted_with_its_tables(client: Any) -> None:
    idle = make_night(client, NAMES[:8], tables={"min": 4, "max": 4})
    tables = [t["table_id"] for t in idle.seated()["tables"]]
    busy = make_night(client, NAMES[:8], tables={"min": 4, "max": 4})
    busy_tables = [t["table_id"] for t in busy.seated()["tables"]]
    club = client.app.state.nights
    engine = club.store.engine()
    old = datetime.now(UTC) - timedelta(days=31)
    with engine.begin() as conn:
        conn.execute(update(nights).values(touched_at=old))
        conn.execute(update(live_tables).where(live_tables.c.id.in_(tables))
                     .values(touched_at=old))
    assert club.store.sweep(club.idle_before()) == 1  # busy's tables are not idle
    assert client.get(f"/v1/nights/{idle.id}").status_code == 404
    assert client.get(f"/v1/tables/{tables[0]}").status_code == 404
    assert client.get(f"/v1/nights/{busy.id}").status_code == 200
    assert client.get(f"/v1/tables/{busy_tables[0]}").status_code == 200
    with engine.connect() as conn:
        left = set(conn.execute(select(night_games.c.night_id)).scalars())
    assert left == {busy.id}


def test_a_round_is_seated_whole_or_not_at_all(client: Any, monkeypatch: Any) -> None:
    night = make_night(client, NAMES[:8], tables={"min": 4, "max": 4})
    from referee.api.nights import store

    def broken(*_: Any, **__: Any) -> None:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(store, "insert_verdict", broken)
    monkeypatch.setattr(store, "insert_table", broken)
    with pytest.raises(RuntimeError):
        client.post(f"/v1/nights/{night.id}/rounds", headers=night.auth())
    monkeypatch.undo()
    data = night.get()
    assert data["rounds"] == [] and data["round"] == 0
    with client.app.state.nights.store.engine().connect() as conn:
        assert list(conn.execute(select(live_tables.c.id))) == []
    assert night.seated()["round"] == 1
