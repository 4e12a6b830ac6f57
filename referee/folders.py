"""The one folder the referee writes on its own: its cache.

It holds Lark's cache of the reader's parsers (:mod:`referee.notation.parser`), and
nothing else. ``REFEREE_CACHE_DIR`` names it (empty: no cache at all); by default it
is ``referee51`` in the user's cache folder (``$XDG_CACHE_HOME``, else ``~/.cache``;
``%LOCALAPPDATA%`` on Windows). Deleting it is always safe. (The service's verdicts
and live tables live in its data folder: :mod:`referee.api.settings`.)
"""

from __future__ import annotations

import os

CACHE_ENV = "REFEREE_CACHE_DIR"


def cache_folder() -> str | None:
    """The referee's cache folder, or None when ``REFEREE_CACHE_DIR`` is empty."""
    folder = os.environ.get(CACHE_ENV)
    if folder is None:
        base = os.environ.get("LOCALAPPDATA") if os.name == "nt" else None
        base = base or os.environ.get("XDG_CACHE_HOME") or os.path.join(
            os.path.expanduser("~"), ".cache")
        folder = os.path.join(base, "referee51")
    return folder or None
