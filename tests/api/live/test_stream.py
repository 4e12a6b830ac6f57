"""The stream: each change once, in order, resumed with Last-Event-ID or ?after with no gap
and no repeat, kept alive by comments, and nothing private or sealed in it."""

from __future__ import annotations

import json

import httpx
import pytest

from tests.api.live import FRIDAY_DEALS, FRIDAY_EVENTS, Table, friday, new_table
from tests.api.live.servers import Sse, serving


def test_a_stream_sees_each_change_as_it_is_made(database_url: str) -> None:
    with serving(database_url) as base, httpx.Client(base_url=base) as client:
        table = new_table(client)
        before = table.event("Ana discard 7h")
        stream = Sse(base, table.id)
        try:
            assert stream.status == 200
            answers = [table.event(line) for line in ("Beto draw", "Beto discard 8h")]
            undo = table.undo(answers[-1]["seq"]).json()
            got = stream.wait_for(3)
        finally:
            stream.close()
        assert [(m.id, m.event) for m in got] == [(2, "table"), (3, "table"), (4, "undo")]
        assert got[0].data == answers[0] and got[2].data == undo
        assert before["seq"] == 1  # the change before the stream opened is not sent


@pytest.mark.parametrize("how", ["header", "query"])
def test_a_stream_resumes_after_the_last_change_it_had(database_url: str, how: str) -> None:
    with serving(database_url) as base, httpx.Client(base_url=base) as client:
        table = new_table(client)
        for line in FRIDAY_EVENTS[:4]:
            table.event(line)
        options = {"headers": {"Last-Event-ID": "2"}} if how == "header" else \
            {"params": {"after": "2"}}
        stream = Sse(base, table.id, **options)  # type: ignore[arg-type]
        try:
            table.event(FRIDAY_EVENTS[4])
            got = stream.wait_for(3)
        finally:
            stream.close()
        assert [m.id for m in got] == [3, 4, 5]
        assert [m.data["text"] for m in got] == FRIDAY_EVENTS[2:5]
        response = client.get(f"/v1/tables/{table.id}/stream",
                              headers={"Last-Event-ID": "two"})
        assert response.status_code == 400


def test_an_idle_stream_is_kept_alive(database_url: str,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("referee.api.live.stream.PING", 0.2)
    with serving(database_url) as base, httpx.Client(base_url=base) as client:
        table = new_table(client)
        stream = Sse(base, table.id)
        try:
            stream.wait_for(1, timeout=1.5)
        finally:
            stream.close()
        assert len(stream.comments) >= 2 and stream.messages == []


def test_nothing_private_or_sealed_is_in_the_stream(database_url: str) -> None:
    with serving(database_url) as base, httpx.Client(base_url=base) as client:
        table: Table = new_table(client, tags={"Stake": "100"})
        stream = Sse(base, table.id, params={"after": "0"})
        try:
            for player, cards in FRIDAY_DEALS.items():
                assert table.hand(player, cards).status_code == 201
            for line in FRIDAY_EVENTS[:-1]:
                table.event(line, who=line.split()[0])
            got = stream.wait_for(3 + len(FRIDAY_EVENTS) - 1)
            sealed = json.dumps([m.data for m in got])
            table.event(FRIDAY_EVENTS[-1], who="Caro")
            last = stream.wait_for(3 + len(FRIDAY_EVENTS))[-1]
        finally:
            stream.close()
        assert len(got) == 3 + len(FRIDAY_EVENTS) - 1
        for word in ("discard-pegue", "missed-call", "renuncia", table.scribe,
                     *table.seats.values(), FRIDAY_DEALS["Ana"], "Kc Kh JK"):
            assert word not in sealed
        assert all(m.data["state"]["my_hand"] is None for m in got)
        assert [m.data["action"] for m in got[:3]] == ["hand"] * 3
        assert last.data["ruling"]["outcome"] == "upheld"
        assert last.data["state"]["findings"] and last.data["state"]["verdict_id"]


def test_a_stream_in_the_tables_language_or_another(database_url: str) -> None:
    with serving(database_url) as base, httpx.Client(base_url=base) as client:
        table = friday(client, lang="es", upto=len(FRIDAY_EVENTS) - 1)
        english = Sse(base, table.id, params={"lang": "en"})
        spanish = Sse(base, table.id)
        try:
            table.event(FRIDAY_EVENTS[-1])
            en, es = english.wait_for(1)[0], spanish.wait_for(1)[0]
        finally:
            english.close()
            spanish.close()
        assert en.data["ruling"]["message"].startswith("Caro's call")
        assert es.data["ruling"]["message"].startswith("Se confirma")
