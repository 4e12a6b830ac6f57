"""Each in-process test registers mini-rummy for its duration (:func:`referee.games.using`),
as an installed plugin is through its entry point; the venv tests install it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from referee.games import Registry, using
from tests.plugin import PLUGIN  # noqa: F401  (puts the plugin on sys.path)


@pytest.fixture
def mini() -> Iterator[Registry]:
    from mini_rummy import MiniRummy

    with using(MiniRummy) as registry:
        yield registry
