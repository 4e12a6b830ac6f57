"""The registry: the games the referee knows, found as plugins through entry points.

A game is a :class:`~referee.engine.game.Variant` subclass that a distribution
names in the entry-point group ``referee.games`` (as pytest finds its plugins
in ``pytest11``). The referee's own games register the same way, in its
``pyproject.toml``::

    [project.entry-points."referee.games"]
    "51" = "referee.variants.la51:La51"
    "rummy-argentino" = "referee.variants.argentino:Argentino"

and a game of another package with its own (``pip install`` it and every front
end knows it; nothing in the referee names it)::

    [project.entry-points."referee.games"]
    "mini-rummy" = "mini_rummy:MiniRummy"

The entry point's name is the game's ``Game`` tag (the class's ``name``). The
referee's own distribution's games come first, in the order its entry points are
written, then every other distribution's, by distribution name.

Start-up. Finding entry points means importing :mod:`importlib.metadata` and
reading every installed distribution's metadata, which costs more than a
one-game audit's whole replay. So the list found (each game's name and where its
class is) is kept in a small file in the referee's cache folder (as the parser's
cache: ``REFEREE_CACHE_DIR``, else ``$XDG_CACHE_HOME/referee51`` or
``~/.cache/referee51``; an empty ``REFEREE_CACHE_DIR`` keeps none), stamped with
the modification time of every folder (and file) on ``sys.path``. Installing or
removing a distribution adds or removes its metadata folder in one of them,
which changes that folder's time: the stamp no longer matches, and the entry
points are read again. A process whose path holds the same folders, unchanged,
reads the file and imports the games' classes directly.

A game whose class cannot be loaded is left out with a warning; the others work.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
import warnings
from collections.abc import Callable, Hashable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from referee.engine.game import Variant
    from referee.knobs import Knob

T = TypeVar("T")

GROUP = "referee.games"
CORE_DISTRIBUTION = "referee51"  # this package's own distribution: its games come first
CACHE_FORMAT = "referee-games 1"
_SEP = "\x1f"


# --------------------------------------------------------------------------- finding them


class Entry:
    """One game's entry point: its name and where its class is (``module:Class``)."""

    __slots__ = ("name", "value")

    def __init__(self, name: str, value: str) -> None:
        self.name = name
        self.value = value


def cache_folder() -> str | None:
    """The referee's cache folder (``REFEREE_CACHE_DIR``; empty: none)."""
    folder = os.environ.get("REFEREE_CACHE_DIR")
    if folder is None:
        base = os.environ.get("LOCALAPPDATA") if os.name == "nt" else None
        base = base or os.environ.get("XDG_CACHE_HOME") or os.path.join(
            os.path.expanduser("~"), ".cache")
        folder = os.path.join(base, "referee51")
    return folder or None


def path_stamp(paths: list[str] | None = None) -> str:
    """What the installed distributions depend on: every ``sys.path`` entry with its
    modification time (``-`` for one that does not exist)."""
    parts = []
    for entry in sys.path if paths is None else paths:
        where = entry or os.getcwd()
        try:
            stamp = str(os.stat(where).st_mtime_ns)
        except OSError:
            stamp = "-"
        parts.append(where + "\0" + stamp)
    return _SEP.join(parts)


def _cache_file(folder: str) -> str:
    import zlib

    key = (sys.executable + _SEP + _SEP.join(sys.path)).encode("utf-8", "surrogatepass")
    return os.path.join(folder, f"games-{zlib.crc32(key):08x}.txt")


def _read_cache(path: str, stamp: str) -> list[Entry] | None:
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().split("\n")
    except (OSError, UnicodeDecodeError):
        return None
    if len(lines) < 2 or lines[0] != CACHE_FORMAT or lines[1] != stamp:
        return None
    entries = []
    for line in lines[2:]:
        if line:
            name, _, value = line.partition("\t")
            entries.append(Entry(name, value))
    return entries


def _write_cache(path: str, stamp: str, entries: list[Entry]) -> None:
    if "\n" in stamp or any("\n" in e.name + e.value or "\t" in e.name for e in entries):
        return
    text = "\n".join([CACHE_FORMAT, stamp, *(f"{e.name}\t{e.value}" for e in entries)]) + "\n"
    folder = os.path.dirname(path)
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(folder, exist_ok=True)
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.remove(temporary)


def scan_entry_points() -> list[Entry]:
    """The ``referee.games`` entry points of every installed distribution, read from
    their metadata: the referee's own first, then by distribution name."""
    from importlib.metadata import entry_points

    found: list[tuple[int, str, int, Entry]] = []
    for position, point in enumerate(entry_points(group=GROUP)):
        dist = point.dist.name if point.dist is not None else ""
        core = 0 if dist.lower() == CORE_DISTRIBUTION else 1
        found.append((core, dist.lower(), position, Entry(point.name, point.value)))
    found.sort(key=lambda item: item[:3])
    seen: set[str] = set()
    entries = []
    for *_, entry in found:  # a distribution seen twice on the path: its first copy
        if entry.name not in seen:
            seen.add(entry.name)
            entries.append(entry)
    return entries


def entry_points_cached(fresh: bool = False) -> tuple[list[Entry], bool]:
    """:func:`scan_entry_points`, from the cache file while its stamp still holds (not
    with ``fresh``); and whether it came from the file."""
    folder = cache_folder()
    if folder is None:
        return scan_entry_points(), False
    path = _cache_file(folder)
    stamp = path_stamp()  # before the scan: an install during it makes the next one rescan
    cached = None if fresh else _read_cache(path, stamp)
    if cached is not None:
        return cached, True
    entries = scan_entry_points()
    _write_cache(path, stamp, entries)
    return entries, False


def load(entry: Entry) -> type[Variant[Any]]:
    """The game class an entry point names (``module:Class`` or ``module:a.b``)."""
    module_name, _, attribute = entry.value.partition(":")
    target: Any = importlib.import_module(module_name.strip())
    for part in attribute.strip().split(".") if attribute.strip() else ():
        target = getattr(target, part)
    return target  # type: ignore[no-any-return]


def load_games(entries: list[Entry], quiet: bool = False) -> dict[str, Variant[Any]] | None:
    """Every game the entry points name, by its ``Game`` tag; one that cannot be loaded
    (or names another game's tag) is left out with a warning. With ``quiet``, None
    when one cannot be loaded (the entries may be stale: read them again)."""
    games: dict[str, Variant[Any]] = {}
    for entry in entries:
        try:
            game = load(entry)()
        except Exception as exc:  # a broken plugin must not stop the others
            if quiet:
                return None
            warnings.warn(f"referee: the game {entry.name!r} ({entry.value}) cannot be "
                          f"loaded: {exc!r}", RuntimeWarning, stacklevel=2)
            continue
        if game.name in games:
            warnings.warn(f"referee: the game {game.name!r} is registered twice; "
                          f"{entry.value} is left out", RuntimeWarning, stacklevel=2)
            continue
        games[game.name] = game
    return games


# --------------------------------------------------------------------------- the registry


class Registry:
    """The games by their ``Game`` tag, in order, and what the front ends read of all of
    them (their knobs)."""

    __slots__ = ("_memo", "games", "knob_names")

    def __init__(self, games: dict[str, Variant[Any]]) -> None:
        self.games = games
        self._memo: dict[Hashable, Any] = {}
        # Each knob's canonical name by its lower case: read for every tag of every game.
        self.knob_names = {name.lower(): name for name in self.knobs}

    def find(self, name: str | None) -> Variant[Any] | None:
        """The game named by a ``Game`` tag, or None for an unknown name."""
        return self.games.get(name or "")

    def memo(self, key: Hashable, build: Callable[[], T]) -> T:
        """What ``build`` makes of these games, made once per registry (the front ends'
        tables of every game: knobs, message catalog, hooks)."""
        try:
            found: T = self._memo[key]
        except KeyError:
            found = self._memo[key] = build()
        return found

    @property
    def knobs(self) -> dict[str, Knob]:
        return self.memo("knobs", lambda: _knob_table(self.games))



def _knob_table(games: Mapping[str, Variant[Any]]) -> dict[str, Knob]:
    from referee.knobs import Knob, config_knobs

    readers: dict[str, Any] = {}
    owners: dict[str, list[str]] = {}
    for game in games.values():
        for name, (reader, _) in config_knobs(game.config_class).items():
            readers.setdefault(name, reader)
            owners.setdefault(name, []).append(game.name)
    return {name: Knob(name, reader, tuple(owners[name])) for name, reader in readers.items()}


class _Current:
    """The registry in use: built from the entry points the first time it is asked for,
    or set by :func:`using` (tests, a program that brings its own games)."""

    __slots__ = ("registry",)

    def __init__(self) -> None:
        self.registry: Registry | None = None

    def get(self) -> Registry:
        found = self.registry
        if found is None:
            entries, cached = entry_points_cached()
            games = load_games(entries, quiet=cached)
            if games is None:  # a game the cache names is gone: read the entry points again
                games = load_games(entry_points_cached(fresh=True)[0])
            assert games is not None
            found = self.registry = Registry(games)
        return found


_CURRENT = _Current()


def registry() -> Registry:
    """The registry of this process."""
    found = _CURRENT.registry
    return found if found is not None else _CURRENT.get()


def games() -> dict[str, Variant[Any]]:
    """Every registered game, by its ``Game`` tag, in order."""
    return registry().games


def names() -> tuple[str, ...]:
    return tuple(registry().games)


def find_game(name: str | None) -> Variant[Any] | None:
    """The game named by a ``Game`` tag, or None for an unknown name."""
    return registry().games.get(name or "")


@contextlib.contextmanager
def using(*extra: type[Variant[Any]], only: bool = False) -> Iterator[Registry]:
    """Within the block, the registry also holds ``extra`` (only them with ``only``):
    a game that is not installed, for a test or a program that brings its own."""
    before = _CURRENT.registry
    base = {} if only else dict(registry().games)
    base.update({cls.name: cls() for cls in extra})
    _CURRENT.registry = Registry(base)
    try:
        yield _CURRENT.registry
    finally:
        _CURRENT.registry = before
