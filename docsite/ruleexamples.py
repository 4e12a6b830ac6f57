"""The rule pages' example logs: for each game and rule id, a log that makes the rule fire and
its legal neighbour, the closest log that does not (``docs/examples/rules/<page>/``, where
``<page>`` is the game's rule page, :func:`referee.lsp.locale.rule_page`).

    <rule>.rummy          a log that fires the rule
    <rule>.legal.rummy    its legal neighbour
    <rule>.none.md        instead of both: why no log of that game can fire the rule

The pages show each log with what ``referee audit --json`` finds in it, audited at build
time; tests/docs/test_rule_examples.py holds every pair to what the page claims: the log
fires the rule, its neighbour does not, and the rules the log fires beyond its
neighbour's are that rule alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.report.schema import GameData

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples" / "rules"
FIRES = ".rummy"
LEGAL = ".legal.rummy"
NONE = ".none.md"
SUFFIXES = (LEGAL, NONE, FIRES)  # longest first: a.legal.rummy also ends with .rummy


@dataclass(frozen=True, slots=True)
class Example:
    """The example files of one rule in one game; each is None when missing."""

    page: str
    rule: str
    fires: Path | None
    legal: Path | None
    none: Path | None

    @property
    def complete(self) -> bool:
        """A log and its neighbour, or (alone) the reason there is none."""
        if self.none is not None:
            return self.fires is None and self.legal is None
        return self.fires is not None and self.legal is not None


def example(page: str, rule: str) -> Example:
    """The example files of ``rule`` on the rule page ``page``."""
    folder = EXAMPLES / page

    def found(suffix: str) -> Path | None:
        path = folder / f"{rule}{suffix}"
        return path if path.is_file() else None

    return Example(page, rule, found(FIRES), found(LEGAL), found(NONE))


def files_of(page: str) -> Iterator[tuple[str, Path]]:
    """Every example file of a page, with the rule id its name gives."""
    folder = EXAMPLES / page
    if not folder.is_dir():
        return
    for path in sorted(folder.iterdir()):
        suffix = next((s for s in SUFFIXES if path.name.endswith(s)), None)
        if suffix is not None:
            yield path.name[: -len(suffix)], path


def audit(path: Path) -> list[GameData]:
    """The games of ``referee audit PATH --json``'s report (in English)."""
    from referee.audit import audit_text
    from referee.report.model import build_report

    text = path.read_text(encoding="utf-8")
    source = path.relative_to(ROOT).as_posix()
    return build_report(source, audit_text(text, source), "en")["games"]


def fired(games: list[GameData]) -> set[str]:
    """The rule ids of every finding of ``games``."""
    return {finding["rule"] for game in games for finding in game["findings"]}
