"""Every third-party module the installed package imports is declared in pyproject.toml.

A module that only comes with another distribution (``starlette`` with FastAPI,
``lsprotocol`` with pygls, ``typing_extensions`` with pydantic) works until that
distribution stops bringing it: the package declares what it imports itself. An
import may be of a main dependency, or of an optional one (``[postgres]``,
``[dask]``) when the code imports it only where that feature runs.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ("referee", "cli", "api", "lsp", "grammar")  # what installs as referee.*
EXTRAS_FOR_FEATURES = ("postgres", "dask")  # optional features of the package itself


def _name(requirement: str) -> str:
    """A requirement's distribution name, normalised (PEP 503)."""
    name = re.split(r"[\s<>=!~;\[(]", requirement.strip(), maxsplit=1)[0]
    return re.sub(r"[-_.]+", "-", name).lower()


def declared() -> tuple[set[str], set[str]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    main = {_name(r) for r in project["dependencies"]}
    extras = {name for group in EXTRAS_FOR_FEATURES
              for r in project["optional-dependencies"][group] for name in _names(r)}
    return main, extras


def _names(requirement: str) -> set[str]:
    """The distributions a requirement installs by name: itself, and the extras it asks
    for where an extra is a distribution of that name (``dask[distributed]``)."""
    extras = re.search(r"\[([^\]]*)\]", requirement)
    return {_name(requirement)} | ({_name(e) for e in extras[1].split(",")} if extras else set())


def imported_modules() -> dict[str, set[str]]:
    """Each top-level module name the package imports, with the files that import it
    (relative imports and the package's own modules left out)."""
    found: dict[str, set[str]] = {}
    for top in PACKAGE:
        for path in sorted((ROOT / top).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names: list[str] = []
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                    names = [node.module]
                for name in names:
                    first = name.split(".")[0]
                    if first not in sys.stdlib_module_names and first != "referee":
                        found.setdefault(first, set()).add(str(path.relative_to(ROOT)))
    return found


def undeclared(modules: dict[str, set[str]], allowed: set[str]) -> dict[str, list[str]]:
    dists = packages_distributions()
    bad: dict[str, list[str]] = {}
    for module, files in modules.items():
        names = {_name(d) for d in dists.get(module, [module])}
        if not names & allowed:
            bad[module] = sorted(files)
    return bad


def test_every_third_party_import_is_declared() -> None:
    modules = imported_modules()
    assert {"lark", "fastapi", "typer"} <= set(modules)  # the scan sees the package
    main, extras = declared()
    assert undeclared(modules, main | extras) == {}


def test_an_optional_dependency_is_imported_only_inside_a_function() -> None:
    """``[postgres]`` and ``[dask]`` are not installed by default: the package imports
    them where the feature runs, never when a module is imported."""
    main, extras = declared()
    only_extra = extras - main
    dists = packages_distributions()
    bad = []
    for top in PACKAGE:
        for path in sorted((ROOT / top).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in tree.body:
                names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                         [node.module] if isinstance(node, ast.ImportFrom) and node.module
                         and not node.level else [])
                for name in names:
                    first = name.split(".")[0]
                    if {_name(d) for d in dists.get(first, [])} & only_extra:
                        bad.append(f"{path.relative_to(ROOT)}: {name}")
    assert bad == []


def test_the_check_finds_an_undeclared_import() -> None:
    modules = {"lark": {"a.py"}, "somethingnobodyships": {"b.py"}}
    main, _ = declared()
    assert undeclared(modules, main) == {"somethingnobodyships": ["b.py"]}
