"""The site's pages and links, without building it: the README points at the site and the
editor page, the getting-started page runs the README's two commands, every page of
docs/ is in the nav, and a page other work is still writing stays out of the nav until
it exists (docsite/hooks.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
DOCS = ROOT / "docs"
NAV_ENTRY = re.compile(r'^\s*- (?:(?:"[^"\n]*"|[^:"\n]+):\s+)?([\w./-]+\.md)\s*$', re.MULTILINE)


def readme() -> str:
    return (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_links_the_site_and_the_editor_page() -> None:
    text = readme()
    assert "pip install -q -e '.[docs]' && .venv/bin/mkdocs serve" in text
    assert "mkdocs build --strict" in text
    assert "[docs/editors.md](docs/editors.md)" in text
    assert "site/" in (ROOT / ".gitignore").read_text(encoding="utf-8").split()


def test_getting_started_runs_the_readme_commands() -> None:
    quick = readme().split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```sh\n(.+?)\n```", quick)
    assert len(commands) == 2
    page = (DOCS / "getting-started.md").read_text(encoding="utf-8")
    for command in commands:
        assert f"```sh\n{command}\n```" in page


def nav() -> list[str]:
    return NAV_ENTRY.findall((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))


def test_every_page_is_in_the_nav() -> None:
    from docsite.rulepages import PROSE

    pages = {path.relative_to(DOCS).as_posix() for path in DOCS.rglob("*.md")
             if "examples" not in path.relative_to(DOCS).parts}
    listed = set(nav())
    assert pages - listed == set(), "add these pages to mkdocs.yml's nav"
    assert set(PROSE.values()) <= pages


def test_a_page_not_written_yet_leaves_the_nav() -> None:
    pytest.importorskip("mkdocs")
    from docsite.hooks import COMING, prune

    listed = nav()
    assert set(COMING) <= set(listed)  # adding the file is all it takes to publish it
    tree = [{"Home": "index.md"}, {"Using it": [{"A": "cli-api.md"}, {"Live": "live.md"}]},
            {"Extending": [{"Plugins": "plugins.md"}]}]
    assert prune(tree, {"live.md", "plugins.md"}) == [{"Home": "index.md"},
                                                       {"Using it": [{"A": "cli-api.md"}]}]
    assert prune(tree, set()) == tree
