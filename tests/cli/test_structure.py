"""The CLI's own house: no import circles, one conversion of a syntax error for display,
no file holding several jobs.

Before: ``cli/batch.py`` (inputs, spool, worker, fingerprint, duplicates, stats, CSV and
pool in one file), ``batch``, ``errors`` and ``render`` imported each other, so did
``main`` and ``entry``, and three places turned a syntax error into what standard error
shows.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.cli import ROOT

CLI = ROOT / "cli"


def module_name(path: Path) -> str:
    parts = path.relative_to(CLI).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(("referee.cli", *parts))


def cli_imports() -> dict[str, set[str]]:
    """Every module of referee.cli and the referee.cli modules it imports, anywhere in it
    (inside functions and under TYPE_CHECKING too)."""
    modules = {module_name(p): p for p in CLI.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                base = node.module
                for alias in node.names:
                    candidate = f"{base}.{alias.name}"
                    found.add(candidate if candidate in modules else base)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        graph[name] = {m for m in found if m in modules and m != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1 visiting, 2 done
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                found.append([*stack[stack.index(nxt):], nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return found


def test_no_import_circles_in_the_cli() -> None:
    graph = cli_imports()
    assert "referee.cli.batch.worker" in graph and "referee.cli.app" in graph
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]


def test_one_place_converts_a_syntax_error_for_display() -> None:
    """Only referee.cli.errors builds a SyntaxNote or renders a finding's message."""
    builders = sorted(str(p.relative_to(ROOT)) for p in CLI.rglob("*.py")
                      if "SyntaxNote(" in p.read_text(encoding="utf-8")
                      or "finding_message" in p.read_text(encoding="utf-8"))
    assert builders == ["cli/errors.py"]


def test_no_cli_file_holds_several_jobs() -> None:
    sizes = {str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines())
             for p in CLI.rglob("*.py")}
    assert max(sizes.values()) <= 400, sizes
