"""The simulator is a second, independent engine: it reads the rules its own way.

Issue 9: ``referee/sim`` may use the cards, the notation (events and writer) and
the knobs' names and defaults, never the referee's engine, its games' rule
modules, its results or its report. Checked on the source: every import of every
module of the package.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

SIM = Path(__file__).resolve().parents[2] / "referee" / "sim"

ALLOWED = (
    "referee.cards",
    "referee.notation.events",
    "referee.notation.writer",
    "referee.knobs",
    "referee.variants.la51.knobs",
    "referee.variants.argentino.knobs",
    "referee.sim",
)


def imported_modules(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def allowed(name: str) -> bool:
    if not name.startswith("referee"):
        return name.split(".")[0] in sys.stdlib_module_names or name == "__future__"
    return any(name == a or name.startswith(a + ".") for a in ALLOWED)


def test_the_simulator_imports_only_cards_notation_and_knobs() -> None:
    modules = sorted(SIM.rglob("*.py"))
    assert len(modules) >= 10
    bad = [f"{path.relative_to(SIM)}: {name}" for path in modules
           for name in imported_modules(path) if not allowed(name)]
    assert bad == []
