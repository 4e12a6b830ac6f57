"""mkdocs hooks (mkdocs.yml ``hooks:``): the pages written from the referee itself, and
the pages other work is still writing.

- ``on_files`` adds the generated pages: ``rules/<page>.md`` and ``knobs.md``
  (:mod:`docsite.rulepages`), ``reference/cli.md`` (:mod:`docsite.cliref`),
  ``reference/http.md`` and ``reference/openapi.json`` (:mod:`docsite.httpref`) and
  ``changelog.md`` (CHANGELOG.md at the repository's root).
- ``on_config`` leaves out of the nav a page of :data:`COMING` whose file does not exist
  yet, and ``on_page_markdown`` sends links to it to where the subject is covered
  meanwhile: adding the file is all it takes to publish it.
- ``on_config`` also points mkdocstrings at the package as it installs (:func:`installed`).
- ``on_page_content`` shows the Sphinx roles of the docstrings (``:mod:`x```) as code.
"""

from __future__ import annotations

import json
import logging
import re
import shutil
import sys
import tempfile
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # mkdocs loads this file by its path, not as docsite.hooks
    sys.path.insert(0, str(ROOT))

from mkdocs.plugins import event_priority  # noqa: E402

from docsite.cliref import cli_markdown  # noqa: E402
from docsite.httpref import http_markdown, openapi  # noqa: E402
from docsite.rulepages import audited  # noqa: E402
from docsite.rulepages import pages as rule_pages  # noqa: E402

log = logging.getLogger("mkdocs.hooks.docsite")

COMING: dict[str, str | None] = {
    "live.md": "cli-api.md#live-tables-v1tables",  # the live table's page
    "plugins.md": None,  # writing a game plugin
}
"""Pages other work adds, and where links to each go until it exists (None: nowhere)."""

ROLE = re.compile(r":(?:mod|func|class|meth|attr|data|exc|obj):<code>(~(?:\w+\.)*)?")


def generated() -> dict[str, str]:
    """Every generated page and file, by its path under docs/."""
    audited.cache_clear()  # mkdocs serve builds again when an example log changes
    out = dict(rule_pages())
    out["reference/cli.md"] = cli_markdown()
    out["reference/http.md"] = http_markdown()
    out["reference/openapi.json"] = json.dumps(openapi(), indent=2, ensure_ascii=False) + "\n"
    out["changelog.md"] = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    return out


def missing(config: Any) -> set[str]:
    """The pages of :data:`COMING` not written yet."""
    return {page for page in COMING if not (Path(config["docs_dir"]) / page).is_file()}


def prune(nav: Any, absent: set[str]) -> Any:
    """``nav`` without the entries of ``absent``, nor sections left empty."""
    if isinstance(nav, list):
        kept = [prune(item, absent) for item in nav]
        return [item for item in kept if item not in (None, [], {})]
    if isinstance(nav, dict):
        kept_items = {title: prune(value, absent) for title, value in nav.items()}
        return {t: v for t, v in kept_items.items() if v not in (None, [], {})} or None
    return None if nav in absent else nav


@cache
def installed() -> str:
    """A folder holding ``referee`` laid out as it installs: the top-level folders that
    pyproject's ``package-dir`` maps (``api/`` is ``referee.api``...) linked inside it, for
    mkdocstrings, which reads the sources and cannot map a folder to another name."""
    with (ROOT / "pyproject.toml").open("rb") as handle:
        mapped: dict[str, str] = tomllib.load(handle)["tool"]["setuptools"]["package-dir"]
    where = Path(tempfile.mkdtemp(prefix="referee-docs-"))
    package = where / "referee"
    package.mkdir()
    for entry in (ROOT / "referee").iterdir():
        if entry.name != "__pycache__":
            (package / entry.name).symlink_to(entry)
    for name, folder in mapped.items():
        (package / name.removeprefix("referee.")).symlink_to(ROOT / folder)
    return str(where)


@event_priority(100)  # before mkdocstrings reads its handlers' settings
def on_config(config: Any) -> Any:
    absent = missing(config)
    for page in sorted(absent):
        log.info("docsite: %s is not written yet: left out of the nav", page)
    if config.get("nav") is not None:
        config["nav"] = prune(config["nav"], absent)
    mkdocstrings = config["plugins"].get("mkdocstrings")
    if mkdocstrings is not None:
        python = mkdocstrings.config["handlers"].setdefault("python", {})
        python["paths"] = [installed()]
    return config


def on_shutdown() -> None:
    if installed.cache_info().currsize:
        shutil.rmtree(installed(), ignore_errors=True)


def on_files(files: Any, *, config: Any) -> Any:
    from mkdocs.structure.files import File

    for path, content in generated().items():
        files.append(File.generated(config, path, content=content))
    return files


def on_page_markdown(markdown: str, *, page: Any, config: Any, files: Any) -> str:
    for target in missing(config):
        instead = COMING[target]
        if instead is None:
            continue
        pattern = re.compile(rf"\]\(((?:\.\./)*){re.escape(target)}(?:#[^)]*)?\)")
        markdown = pattern.sub(f"](\\g<1>{instead})", markdown)
    return markdown


def on_page_content(html: str, *, page: Any, config: Any, files: Any) -> str:
    return ROLE.sub("<code>", html)
