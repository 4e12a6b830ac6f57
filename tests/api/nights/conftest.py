"""A client on each store (SQLite always, PostgreSQL when one answers)."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

from tests.api.live import live_client

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with live_client(database_url) as c:
        yield c
