"""The reader's modules import one way: no module of ``referee/notation/`` imports a
notation module that imports it back, directly or through others, at module level or
inside a function (the layers: :mod:`referee.notation.reader`'s docstring).

Imports under ``if TYPE_CHECKING:`` never run and are left out. The import graph is
read from the source with :mod:`ast`, over the whole installed package (``cli/``,
``api/``, ``lsp/`` and ``grammar/`` are ``referee.cli`` and so on), so a loop through
a module outside ``notation/`` counts too.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAPPED = {"cli": "referee.cli", "api": "referee.api", "lsp": "referee.lsp",
          "grammar": "referee.grammar"}  # pyproject's package-dir
NOTATION = "referee.notation"


@dataclass(frozen=True)
class Import:
    module: str  # what is imported (a module of the package)
    line: int


def modules(root: Path, folders: dict[str, str]) -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for folder, package in folders.items():
        for path in sorted((root / folder).rglob("*.py")):
            parts = list(path.relative_to(root / folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([package, *parts])] = path
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _named(node: ast.Import | ast.ImportFrom, package: str) -> list[str]:
    """The dotted names an import statement in ``package`` names (``from a import b``:
    ``a`` and ``a.b``, which may be a module)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:  # relative: from the package, up ``level - 1`` packages
        parts = package.split(".")
        anchor = ".".join(parts[: len(parts) - node.level + 1])
        base = f"{anchor}.{base}" if base else anchor
    return [base, *(f"{base}.{alias.name}" for alias in node.names)]


def imports(name: str, path: Path, known: dict[str, Path]) -> list[Import]:
    """The package's modules that ``name`` imports when it runs, anywhere in it (a
    function's body included; ``if TYPE_CHECKING:`` left out), with the packages that
    importing them runs (``referee.notation`` for ``referee.notation.events``)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: dict[str, Import] = {}  # by module: its first import

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                for dotted in _named(child, package):
                    parts = dotted.split(".")
                    for end in range(1, len(parts) + 1):
                        prefix = ".".join(parts[:end])
                        if prefix in known and prefix != name:
                            found.setdefault(prefix, Import(prefix, child.lineno))
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    return list(found.values())


def graph(root: Path, folders: dict[str, str]) -> dict[str, list[Import]]:
    known = modules(root, folders)
    return {name: imports(name, path, known) for name, path in known.items()}


def path_back(edges: dict[str, list[Import]], start: str, goal: str) -> list[str] | None:
    """A chain of imports from ``start`` to ``goal`` (both included), or None."""
    came: dict[str, str] = {start: start}
    todo = [start]
    while todo:
        here = todo.pop()
        for edge in edges.get(here, []):
            if edge.module in came:
                continue
            came[edge.module] = here
            if edge.module == goal:
                chain = [goal]
                while chain[-1] != start:
                    chain.append(came[chain[-1]])
                return chain[::-1]
            todo.append(edge.module)
    return None


def loops(edges: dict[str, list[Import]], layer: str) -> list[str]:
    """Each import of a module of ``layer`` of a module of ``layer`` that imports it back,
    in words."""
    found = []
    for name, outgoing in sorted(edges.items()):
        if not name.startswith(layer + "."):
            continue
        for edge in outgoing:
            if not edge.module.startswith(layer + "."):
                continue
            back = path_back(edges, edge.module, name)
            if back is not None:
                found.append(f"{name} imports {edge.module} (line {edge.line}), which imports "
                             f"it back: {' -> '.join(back)}")
    return found


def test_no_module_of_notation_imports_one_that_imports_it_back() -> None:
    edges = graph(ROOT, {"referee": "referee", **MAPPED})
    assert len([name for name in edges if name.startswith(NOTATION + ".")]) > 15
    assert not loops(edges, NOTATION), "\n".join(loops(edges, NOTATION))


def test_the_check_finds_a_loop_hidden_in_a_function(tmp_path: Path) -> None:
    layer = tmp_path / "pkg" / "layer"
    layer.mkdir(parents=True)
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "other.py").write_text("from pkg.layer import top\n")
    (layer / "__init__.py").write_text("")
    (layer / "top.py").write_text("from pkg.layer.bottom import x\n")
    (layer / "bottom.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from pkg.layer import top\n"
        "x = 1\n")
    edges = graph(tmp_path, {"pkg": "pkg"})
    assert loops(edges, "pkg.layer") == []  # a type-only import runs no loop
    (layer / "bottom.py").write_text("def f():\n    from . import top\n    return top\n")
    assert loops(graph(tmp_path, {"pkg": "pkg"}), "pkg.layer") == [
        "pkg.layer.bottom imports pkg.layer.top (line 2), which imports it back: "
        "pkg.layer.top -> pkg.layer.bottom",
        "pkg.layer.top imports pkg.layer.bottom (line 1), which imports it back: "
        "pkg.layer.bottom -> pkg.layer.top"]
    (layer / "bottom.py").write_text("def f():\n    import pkg.other\n")  # through another
    assert loops(graph(tmp_path, {"pkg": "pkg"}), "pkg.layer")[0].endswith(
        "pkg.layer.bottom -> pkg.other -> pkg.layer.top")
