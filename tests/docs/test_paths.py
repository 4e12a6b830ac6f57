"""Every file of the repository the documentation names exists: a module that moves
takes its mentions with it (issue 19: docs named ``referee/reader.py`` long after it
had moved)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ("README.md", "ARCHITECTURE.md", "CONTRIBUTING.md", "docs", "grammar/rummy.lark",
        "pyproject.toml", "examples/plugin-game/README.md")
# A path of the repository's own code, tests, grammar, benchmarks or examples.
PATH = re.compile(r"(?<![\w./-])((?:referee|cli|api|lsp|grammar|tests|bench|examples|docsite)"
                  r"/[\w./-]*\w\.(?:py|lark|html|md|toml|rummy))(?![\w/-])")


def documents() -> list[Path]:
    found: list[Path] = []
    for name in DOCS:
        path = ROOT / name
        found += sorted(path.rglob("*.md")) if path.is_dir() else [path]
    return found


def named_paths(text: str) -> set[str]:
    return set(PATH.findall(text))


def test_every_path_the_docs_name_exists() -> None:
    docs = documents()
    assert len(docs) > 10
    missing = {f"{doc.relative_to(ROOT)}: {path}" for doc in docs
               for path in named_paths(doc.read_text(encoding="utf-8"))
               if not (ROOT / path).exists()}
    assert sorted(missing) == []


def test_the_check_reads_a_path_and_skips_a_url() -> None:
    text = ("see `referee/notation/reader.py` and https://x.org/referee/a.py, "
            "or tests/report/test_model.py.")
    assert named_paths(text) == {"referee/notation/reader.py", "tests/report/test_model.py"}
