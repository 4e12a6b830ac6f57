"""Standard modules a process imports but seldom uses, loaded when first used.

:mod:`dataclasses` imports :mod:`inspect` (with :mod:`ast`, :mod:`dis`, :mod:`tokenize`
and :mod:`linecache`) for one thing only: a docstring for a dataclass that has none
(``inspect.signature``). Every dataclass of the referee has its own docstring
(``tests/test_deferred.py`` checks them), so a ``referee audit`` process never needs
:mod:`inspect`, yet loading it was an eighth of a one-hand audit's instructions (260 M
to 229 M without it; docs/performance.md, issue 23 round 7).

:func:`defer` puts in ``sys.modules`` the module object the import system would make
(its spec, its name, its file), without running the module's code. ``import inspect``
finds it there and binds it; the module's code runs, into that very object, the first
time an attribute the object does not hold yet is looked up (``inspect.signature``,
``from inspect import Parameter``), and from then on it is the plain module, the same
object for everyone who imported it. Unlike :class:`importlib.util.LazyLoader`, whose
module loads at any attribute lookup, the import statement's own look at ``__spec__``
included (so ``import inspect`` loaded it at once), only a missing attribute loads it.
A lock makes the first use of two threads load it once; a module already imported is
left as it is.
"""

from __future__ import annotations

import sys
import threading
from types import ModuleType
from typing import Any

_LOCK = threading.RLock()
_LOADING: set[str] = set()  # the modules whose code runs now (in the thread holding _LOCK)


class _OnFirstUse(ModuleType):
    """A module whose code has not run yet: it runs at the first missing attribute."""

    def __getattr__(self, name: str) -> Any:
        with _LOCK:
            if type(self) is _OnFirstUse:  # not loaded by another thread meanwhile
                spec = self.__spec__
                assert spec is not None and spec.loader is not None  # as defer() made it
                if spec.name in _LOADING:  # the module's own code, while it runs
                    raise AttributeError(f"module {spec.name!r} has no attribute {name!r} "
                                         "(yet)")
                _LOADING.add(spec.name)
                try:
                    spec.loader.exec_module(self)
                finally:
                    _LOADING.discard(spec.name)
                self.__class__ = ModuleType  # type: ignore[assignment]  # now plain
        return getattr(self, name)


def defer(name: str) -> bool:
    """Put the top-level module ``name`` in ``sys.modules`` unloaded (its code runs at
    first use), found as ``import`` would find it; False when it is imported already,
    cannot be found, or is not a plain module of Python code (a package, a built-in or
    compiled module: their loaders make the module themselves)."""
    if name in sys.modules or "." in name:
        return False
    from importlib.machinery import SourceFileLoader, SourcelessFileLoader
    from importlib.util import find_spec, module_from_spec

    spec = find_spec(name)
    if (spec is None or spec.submodule_search_locations is not None
            or not isinstance(spec.loader, SourceFileLoader | SourcelessFileLoader)):
        return False
    module = module_from_spec(spec)
    module.__class__ = _OnFirstUse
    sys.modules[name] = module
    return True
