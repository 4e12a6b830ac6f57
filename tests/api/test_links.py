"""Links in answers: built from ``REFEREE_PUBLIC_URL`` when set, else from the address the
server was started on; never from the request's ``Host`` header."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from pydantic import ValidationError

from referee.api.app import create_app
from referee.api.settings import Settings
from tests.api import FRIDAY, TEXT
from tests.api.live import live_settings
from tests.api.live.servers import serving
from tests.api.nights import make_night

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

EVIL = {"Host": "evil.example:8651"}
LINK = re.compile(r"https?://[^\s\"'<>#]+")


@contextmanager
def client_of(database_url: str, **extra: Any) -> Iterator[TestClient]:
    with TestClient(create_app(live_settings(database_url, **extra))) as client:
        yield client


def _links(html: str) -> list[str]:
    return [m.group(0) for m in LINK.finditer(html) if "/t/" in m.group(0)
            or "/n/" in m.group(0) or "/v/" in m.group(0)]


def _all_links(client: TestClient | httpx.Client) -> list[str]:
    """Every link the answers give, each asked with a hostile Host header."""
    page = client.post("/t/new", data={"game": "51", "players": "Ana\nBeto\nCaro"},
                       headers=EVIL)
    assert page.status_code == 201, page.text
    stored = client.post("/v1/verdicts", content=FRIDAY.read_bytes(),
                         headers={**TEXT, **EVIL})
    assert stored.status_code in (200, 201), stored.text
    verdict = client.get(f"/v1/verdicts/{stored.json()['id']}", headers=EVIL).json()
    night = make_night(client)
    sheet = client.post(f"/n/{night.id}/passes", data={"token": night.organizer},
                        headers=EVIL)
    assert sheet.status_code == 200, sheet.text
    report = client.get(f"/n/{night.id}/report.html", headers=EVIL)
    links = [*_links(page.text), stored.json()["url"], verdict["url"], *_links(sheet.text),
             *_links(report.text)]
    assert len(links) >= 10
    return links


def test_without_a_public_url_links_name_the_servers_own_address(database_url: str) -> None:
    with serving(database_url) as base, httpx.Client(base_url=base) as client:
        links = _all_links(client)
    assert all(link.startswith(base + "/") for link in links), links
    assert not any("evil.example" in link for link in links)


def test_the_public_url_wins_over_host(database_url: str) -> None:
    with client_of(database_url, public_url="https://referee.example/club/") as client:
        links = _all_links(client)
    assert all(link.startswith("https://referee.example/club/") for link in links), links
    assert not any("evil.example" in link for link in links)


def test_the_in_process_client_never_takes_host(database_url: str) -> None:
    with client_of(database_url) as client:
        links = _all_links(client)
    assert all(link.startswith("http://testserver/") for link in links), links


@pytest.mark.parametrize("bad", ["referee.example", "ftp://referee.example",
                                 "https://referee.example/?x=1"])
def test_a_public_url_that_is_no_address_is_refused(bad: str) -> None:
    with pytest.raises(ValidationError):
        Settings(public_url=bad)
