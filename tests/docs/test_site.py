"""The documentation site: ``mkdocs build --strict`` passes, and the site holds what the
referee has: an anchor for every rule id of ``referee rules`` where the language server
links it, every knob, every command and option of the typer app, every route of the
OpenAPI schema, the Python API; and nothing it shows comes from another host.

The build needs the docs extra (``pip install -e '.[docs]'``, which the test extra
brings). Without it these tests skip and say so; under CI (``REFEREE_CI=1``, exported by
``.ci/run``) they fail instead, so that CI cannot pass without building the site.
"""

from __future__ import annotations

import html
import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from referee.lsp.locale import rule_link

ROOT = Path(__file__).resolve().parent.parent.parent
NEEDED = ("mkdocs", "material", "mkdocstrings", "mkdocstrings_handlers.python")
ID = re.compile(r'\bid="([^"]+)"')


def missing() -> str | None:
    absent = [name for name in NEEDED if importlib.util.find_spec(name.split(".")[0]) is None
              or importlib.util.find_spec(name) is None]
    if absent:
        return f"the docs extra is not installed ({', '.join(absent)}): pip install -e '.[docs]'"
    return None


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once for this module with ``mkdocs build --strict``."""
    reason = missing()
    if reason is not None:
        if os.environ.get("REFEREE_CI"):
            pytest.fail(f"REFEREE_CI is set and {reason}")
        pytest.skip(reason)
    where = tmp_path_factory.mktemp("docs")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "XDG_DATA_HOME": str(where / "data")}
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file",
         str(ROOT / "mkdocs.yml"), "--site-dir", str(where / "site")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, (result.stdout + result.stderr)[-6000:]
    return where / "site"


def page(site: Path, path: str) -> str:
    """The HTML of a page, by its URL path (``rules/51/``)."""
    return (site / path / "index.html").read_text(encoding="utf-8")


def ids(text: str) -> set[str]:
    return set(ID.findall(text))


def referee(*args: str) -> Any:
    result = subprocess.run([sys.executable, "-m", "referee.cli", *args], capture_output=True,
                            text=True, timeout=120, check=True)
    return json.loads(result.stdout)


def test_every_rule_id_of_referee_rules_has_its_anchor_where_the_lsp_links(site: Path) -> None:
    catalog = referee("rules", "--json")
    checked = 0
    for ruleset in catalog["rulesets"]:
        for rule in catalog["rules"]:
            if ruleset["name"] not in rule["games"]:
                continue
            link = rule_link("https://docs.example", ruleset["name"], rule["id"])
            path, _, anchor = link.removeprefix("https://docs.example/").partition("#")
            assert anchor in ids(page(site, path)), f"{link}: no anchor {anchor}"
            checked += 1
    assert checked == sum(len(rule["games"]) for rule in catalog["rules"])


def test_the_rule_pages_show_each_rule_in_both_languages_with_its_examples(site: Path) -> None:
    spanish = {rule["id"]: rule["text"] for rule in referee("rules", "--json", "--lang", "es")
               ["rules"]}
    text = page(site, "rules/51")
    for rule_id, words in spanish.items():
        if rule_id != "no-calls" and rule_id in ids(text):
            assert html.escape(words, quote=False) in text, rule_id
    pegue = text.split('id="discard-pegue"', 1)[1].split('id="no-final-discard"', 1)[0]
    assert "discard-pegue.rummy" in pegue and "discard-pegue.legal.rummy" in pegue
    assert "Beto discarded 9h, which fits meld 2" in pegue  # the audit of the example
    assert (site / "examples/rules/51/discard-pegue.rummy").is_file()
    argentino = page(site, "rules/argentino")
    assert "No example log" in argentino.split('id="amnesty"', 1)[1]


def test_the_knobs_page_has_every_knob(site: Path) -> None:
    catalog = referee("rules", "--json")
    text = page(site, "knobs")
    assert {knob["name"] for knob in catalog["knobs"]} <= ids(text)
    assert "one of <code>all</code>, <code>down</code>, <code>off</code>" in text  # DiscardPegue


def test_the_cli_reference_has_every_command_and_option(site: Path) -> None:
    import typer.main

    from referee.cli.app import build_app

    group: Any = typer.main.get_command(build_app("en"))
    text = page(site, "reference/cli")
    for name, command in group.commands.items():
        assert name in ids(text), name
        section = text.split(f'id="{name}"', 1)[1]
        for param in command.params:
            for opt in [*param.opts, *param.secondary_opts]:
                if opt.startswith("-"):
                    assert f"<code>{opt}</code>" in section, f"referee {name} {opt}"


def test_the_http_reference_has_every_route_and_the_schema(site: Path) -> None:
    from docsite.httpref import openapi, operation_anchor

    spec = openapi()
    text = page(site, "reference/http")
    for path, item in spec["paths"].items():
        for method in item:
            assert operation_anchor(method, path) in ids(text), f"{method.upper()} {path}"
    assert {f"schema-{name}" for name in spec["components"]["schemas"]} <= ids(text)
    copy = json.loads((site / "reference/openapi.json").read_text(encoding="utf-8"))
    assert copy == json.loads(json.dumps(spec))


def test_the_python_api_is_documented(site: Path) -> None:
    found = ids(page(site, "reference/python"))
    assert {"referee.audit.audit_text", "referee.report.model.build_report",
            "referee.api.app.create_app", "referee.report.catalog.rules_catalog"} <= found


def test_the_changelog_and_the_tutorials_are_in_the_site(site: Path) -> None:
    assert "Changelog" in page(site, "changelog")
    for name in ("dispute", "live-game", "tournament", "dask"):
        assert (site / "tutorials" / name / "index.html").is_file(), name


def test_a_page_not_written_yet_is_linked_to_where_its_subject_is(site: Path) -> None:
    text = page(site, "tutorials/live-game")
    if (ROOT / "docs" / "live.md").is_file():
        assert 'href="../../live/' in text
    else:
        assert 'href="../../cli-api/#live-tables-v1tables"' in text
        assert not (site / "live").exists()


ASSET = re.compile(r'<(?:script|img|iframe|source)\b[^>]*\bsrc="(https?:)?//|'
                   r'<link\b[^>]*\brel="(?:stylesheet|preload|preconnect|icon)"[^>]*'
                   r'\bhref="(https?:)?//|url\((["\']?)(https?:)?//')


def test_nothing_is_loaded_from_another_host(site: Path) -> None:
    """The site works offline: no web font, script, style or image from elsewhere."""
    offenders = [str(path.relative_to(site)) for path in site.rglob("*")
                 if path.suffix in (".html", ".css", ".js") and ASSET.search(
                     path.read_text(encoding="utf-8", errors="replace"))]
    assert offenders == []
