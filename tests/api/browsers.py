"""What the browser tests of the live tables and the nights share: a server of the
module's own (SQLite in a temporary folder, the table rate raised for tests that make
many tables), an HTTP client on it and Debian's Chromium. A test module imports the
fixtures by their names (``tests/api/conftest.py`` holds them; a module that defines its
own ``server`` keeps its own); each module gets its own server and browser (module
scope)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.api import Server, clean_env, running_server
from tests.api.test_browser import CHROMIUM, CHROMIUM_ARGS


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp(request.module.__name__.rsplit(".", 1)[-1])
    env = clean_env(REFEREE_DATABASE_URL=f"sqlite:///{folder / 'verdicts.sqlite3'}",
                    XDG_DATA_HOME=str(folder / "data-home"), REFEREE_TABLE_RATE="1000")
    with running_server(env) as running:
        yield running


@pytest.fixture(scope="module")
def api(server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.base, timeout=30) as client:
        yield client


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
