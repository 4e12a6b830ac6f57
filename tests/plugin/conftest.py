"""Each in-process test registers mini-rummy for its duration (:func:`referee.games.using`),
as an installed plugin is through its entry point; the venv tests install it."""

from __future__ import annotations

import importlib
from collections.abc import Iterator

import pytest

from referee.games import Registry, using
from tests.plugin import PLUGIN  # noqa: F401  (puts the plugin on sys.path)

# The API's routers build their OpenAPI parameters from the games registered when they are
# first imported: import them before any test here registers mini-rummy, so a later test
# of this process (the docs site's HTTP reference) sees the installed games only, whatever
# order the tests run in.
importlib.import_module("referee.api.app")


@pytest.fixture
def mini() -> Iterator[Registry]:
    from mini_rummy import MiniRummy

    with using(MiniRummy) as registry:
        yield registry
