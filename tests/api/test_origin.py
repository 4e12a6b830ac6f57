"""Every form post of the pages is refused (403) when ``Origin`` or ``Sec-Fetch-Site`` says
another site sent it; the site's own posts, and clients that send neither, go through."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from referee.api.app import create_app
from tests.api import FRIDAY
from tests.api.live import live_settings
from tests.api.nights import make_night

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

CROSS = [{"Origin": "https://evil.example"}, {"Origin": "null"},
         {"Origin": "http://testserver.evil.example"},
         {"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"},
         {"Sec-Fetch-Site": "cross-site", "Origin": "http://testserver"},
         {"Sec-Fetch-Site": "same-origin", "Origin": "https://evil.example"}]
SAME = [{}, {"Origin": "http://testserver"}, {"Sec-Fetch-Site": "same-origin"},
        {"Sec-Fetch-Site": "none"},
        {"Sec-Fetch-Site": "same-origin", "Origin": "http://testserver"}]

Post = Callable[[TestClient, dict[str, str]], Any]


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(live_settings(database_url))) as c:
        yield c


def _new_table(client: TestClient, headers: dict[str, str]) -> Any:
    return client.post("/t/new", data={"game": "51", "players": "Ana\nBeto"}, headers=headers)


def _audit(client: TestClient, headers: dict[str, str]) -> Any:
    return client.post("/", data={"log": FRIDAY.read_text()}, headers=headers)


def _share(client: TestClient, headers: dict[str, str]) -> Any:
    return client.post("/share", data={"log": FRIDAY.read_text()}, headers=headers,
                       follow_redirects=False)


def _passes(client: TestClient, headers: dict[str, str]) -> Any:
    night = make_night(client)
    return client.post(f"/n/{night.id}/passes", data={"token": night.organizer},
                       headers=headers)


FORMS = {"new table": (_new_table, 201), "audit": (_audit, 200), "share": (_share, 303),
         "passes": (_passes, 200)}


@pytest.mark.parametrize("form", list(FORMS))
@pytest.mark.parametrize("headers", CROSS)
def test_a_form_sent_by_another_site_is_403(client: TestClient, form: str,
                                            headers: dict[str, str]) -> None:
    post, _ = FORMS[form]
    refused = post(client, headers)
    assert refused.status_code == 403
    assert "another site" in refused.text


@pytest.mark.parametrize("form", list(FORMS))
@pytest.mark.parametrize("headers", SAME)
def test_a_form_sent_by_this_site_goes_through(client: TestClient, form: str,
                                               headers: dict[str, str]) -> None:
    post, status = FORMS[form]
    assert post(client, headers).status_code == status


def test_the_refusal_is_in_the_pages_language(client: TestClient) -> None:
    refused = client.post("/t/new?lang=es", data={"game": "51", "players": "Ana\nBeto"},
                          headers={"Sec-Fetch-Site": "cross-site"})
    assert refused.status_code == 403 and "otro sitio" in refused.text


def test_the_public_address_is_this_site_too(database_url: str) -> None:
    settings = live_settings(database_url, public_url="https://referee.example")
    with TestClient(create_app(settings)) as client:
        ok = _new_table(client, {"Origin": "https://referee.example"})
        assert ok.status_code == 201
        assert _new_table(client, {"Origin": "https://evil.example"}).status_code == 403
