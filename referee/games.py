"""The registry: the games the referee knows, its own and those of installed plugins.

A game is a :class:`~referee.engine.game.Variant` subclass. The referee's own games
(51 and Rummy argentino) are listed where they live, in :data:`referee.variants.SHIPPED`;
any other distribution adds one by naming it in the entry-point group
``referee.games`` (as pytest finds its plugins in ``pytest11``)::

    [project.entry-points."referee.games"]
    "mini-rummy" = "mini_rummy:MiniRummy"

and every front end knows it once it is installed; nothing in the referee names it.
The entry point's name is the game's ``Game`` tag (the class's ``name``). The
referee's own games come first, in their order, then every other distribution's, by
distribution name. The entry points are read from the installed distributions'
metadata once per process, and only when something needs them: a listing of every
game (:func:`registry`), or a name the referee's own games do not know (:func:`lookup`:
an unknown ``Game`` tag, a plugin's tag, knob or message).

A game whose class cannot be loaded is left out with a warning; the others work.
"""

from __future__ import annotations

import contextlib
import importlib
import warnings
from collections.abc import Callable, Hashable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from referee.engine.game import Variant
    from referee.knobs import Knob

T = TypeVar("T")

GROUP = "referee.games"
OWN_DISTRIBUTION = "referee51"  # whose games are listed in referee.variants, not read here


# --------------------------------------------------------------------------- finding them


class Entry:
    """One game's entry point: its name and where its class is (``module:Class``)."""

    __slots__ = ("name", "value")

    def __init__(self, name: str, value: str) -> None:
        self.name = name
        self.value = value


def shipped_entries() -> list[Entry]:
    """The referee's own games (:data:`referee.variants.SHIPPED`), in order."""
    from referee.variants import SHIPPED

    return [Entry(name, value) for name, value in SHIPPED.items()]


def scan_entry_points() -> list[Entry]:
    """The ``referee.games`` entry points of the installed distributions, by distribution
    name (a distribution seen twice on the path: its first copy)."""
    from importlib.metadata import entry_points

    found: list[tuple[str, int, Entry]] = []
    for position, point in enumerate(entry_points(group=GROUP)):
        dist = point.dist.name if point.dist is not None else ""
        if dist.lower() == OWN_DISTRIBUTION:
            continue
        found.append((dist.lower(), position, Entry(point.name, point.value)))
    found.sort(key=lambda item: item[:2])
    seen: set[str] = set()
    entries = []
    for *_, entry in found:
        if entry.name not in seen:
            seen.add(entry.name)
            entries.append(entry)
    return entries


def load(entry: Entry) -> type[Variant[Any]]:
    """The game class an entry point names (``module:Class`` or ``module:a.b``)."""
    module_name, _, attribute = entry.value.partition(":")
    target: Any = importlib.import_module(module_name.strip())
    for part in attribute.strip().split(".") if attribute.strip() else ():
        target = getattr(target, part)
    return target  # type: ignore[no-any-return]


def load_games(entries: list[Entry]) -> dict[str, Variant[Any]]:
    """Every game the entries name, by its ``Game`` tag; one that cannot be loaded (or
    names a game already there) is left out with a warning."""
    games: dict[str, Variant[Any]] = {}
    for entry in entries:
        try:
            game = load(entry)()
        except Exception as exc:  # a broken plugin must not stop the others
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

    @property
    def match_tags(self) -> frozenset[str]:
        """The tags these games' series use (argentino's match tags), in lower case."""
        return self.memo("match-tags", lambda: frozenset(
            tag.lower() for game in self.games.values() for tag in game.match_tags))



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
    """The registries in use: the shipped games alone (no entry point read), and every
    game (the entry points read, the first time it is asked for), or the one
    :func:`using` sets (tests, a program that brings its own games)."""

    __slots__ = ("registry", "shipped")

    def __init__(self) -> None:
        self.registry: Registry | None = None
        self.shipped: Registry | None = None

    def get(self) -> Registry:
        found = self.registry
        if found is None:
            found = self.registry = Registry(
                load_games(shipped_entries() + scan_entry_points()))
        return found

    def known(self) -> Registry:
        found = self.registry or self.shipped
        if found is None:
            found = self.shipped = Registry(load_games(shipped_entries()))
        return found


_CURRENT = _Current()


def registry() -> Registry:
    """Every game of this process: the referee's own and the installed plugins' (whose
    entry points are read the first time this is asked for)."""
    found = _CURRENT.registry
    return found if found is not None else _CURRENT.get()


def known() -> Registry:
    """The games known so far: the referee's own, or every game once the entry points
    have been read. What a game's own lines need (its rules, words, knobs) is found here
    first, and the entry points are read only for what is not (:func:`lookup`)."""
    return _CURRENT.known()


def complete() -> bool:
    """Whether :func:`known` holds every game (the entry points read, or a registry set
    by :func:`using`)."""
    return _CURRENT.registry is not None


def lookup(find: Callable[[Registry], T | None]) -> T | None:
    """What ``find`` finds among the games known so far, else among every game: the
    entry points are read only when the referee's own games do not have it (an unknown
    ``Game`` tag, a plugin's tag or knob)."""
    found = find(known())
    if found is None and not complete():
        found = find(registry())
    return found


def games() -> dict[str, Variant[Any]]:
    """Every registered game, by its ``Game`` tag, in order."""
    return registry().games


def names() -> tuple[str, ...]:
    return tuple(registry().games)


def find_game(name: str | None) -> Variant[Any] | None:
    """The game named by a ``Game`` tag, or None for an unknown name."""
    return lookup(lambda games: games.find(name))


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
