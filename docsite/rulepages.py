"""The rule pages (``rules/<page>.md``, one per game, an anchor per rule id) and the knobs
page (``knobs.md``, an anchor per knob), written from the catalog ``referee rules --json``
and ``GET /v1/rules`` give (:func:`referee.report.catalog.rules_catalog`), in English with
the Spanish text beside, each rule with its example logs audited at build time
(:mod:`docsite.ruleexamples`) and each knob with the values ``POST /v1/audit`` accepts
(its OpenAPI schema, :mod:`docsite.httpref`).

The page names are the language server's (:func:`referee.lsp.locale.rule_page`), so a
diagnostic's link, ``{docs}/rules/<page>/#<rule id>``, lands on its rule.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docsite.ruleexamples import ROOT, Example, audit, example

if TYPE_CHECKING:
    from referee.report.catalog import CatalogData, KnobData, RuleData
    from referee.report.schema import GameData

LANGS = ("en", "es")
KIND_TITLES = {"renuncia": "Renuncias", "log-error": "Log errors", "notice": "Notices",
               "syntax-error": "Syntax errors"}
PROSE = {"51": "rules.md", "rummy-argentino": "argentino.md"}  # how each game is judged


@cache
def catalogs() -> dict[str, CatalogData]:
    """``referee rules --json`` in each language: the one source of these pages."""
    from referee.report.catalog import rules_catalog

    return {lang: rules_catalog(lang) for lang in LANGS}


def page_of(game: str) -> str:
    """A game's rule page, named as the language server links to it."""
    from referee.lsp.locale import rule_page

    return rule_page(game)


def games() -> list[str]:
    return [ruleset["name"] for ruleset in catalogs()["en"]["rulesets"]]


def pages() -> dict[str, str]:
    """Every page this module writes, by its path under docs/."""
    out = {f"rules/{page_of(game)}.md": rule_page_markdown(game) for game in games()}
    out["knobs.md"] = knobs_markdown()
    return out


# --------------------------------------------------------------------------- values


def shown(value: Any) -> str:
    """A knob value as a tag writes it (``yes``, ``no``); ``unset`` for null."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "unset" if value is None else str(value)


def cell(text: str) -> str:
    """Text safe in a Markdown table cell."""
    return html.escape(text, quote=False).replace("|", "\\|").replace("\n", " ")


def schema_values(schema: dict[str, Any]) -> str:
    """The values a JSON schema of a query parameter allows, in words."""
    if "anyOf" in schema:
        return " or ".join(schema_values(part) for part in schema["anyOf"])
    if "enum" in schema:
        return "one of " + ", ".join(f"`{value}`" for value in schema["enum"])
    if schema.get("type") == "integer":
        return f"a whole number, `{schema.get('minimum', 0)}` to `{schema.get('maximum')}`"
    return str(schema.get("type", "text"))


@cache
def knob_values() -> dict[str, str]:
    """Each knob's values, from ``POST /v1/audit``'s query parameters."""
    from docsite.httpref import openapi

    operation = openapi()["paths"]["/v1/audit"]["post"]
    return {param["name"]: schema_values(param["schema"])
            for param in operation.get("parameters", []) if param.get("in") == "query"}


# --------------------------------------------------------------------------- rules ↔ knobs


@cache
def audited(path: Path) -> tuple[GameData, ...]:
    return tuple(audit(path))


def example_tags(found: Example) -> set[str]:
    """The tag names the example logs set."""
    return {name for path in (found.fires, found.legal) if path is not None
            for game in audited(path) for name in game["tags"]}


def rule_knobs(game: str, rule: RuleData) -> list[str]:
    """The knobs of ``game`` that ``rule``'s text names or its example logs set."""
    found = example(page_of(game), rule["id"])
    tags = example_tags(found)
    return [knob["name"] for knob in catalogs()["en"]["knobs"] if game in knob["games"]
            and (knob["name"] in tags or re.search(rf"\b{knob['name']}\b", rule["text"]))]


# --------------------------------------------------------------------------- rule pages


def rule_page_markdown(game: str) -> str:
    en, es = catalogs()["en"], catalogs()["es"]
    ruleset = next(r for r in en["rulesets"] if r["name"] == game)
    spanish = {rule["id"]: rule for rule in es["rules"]}
    rules = [rule for rule in en["rules"] if game in rule["games"]]
    prose = PROSE.get(game)
    lines = [f"# {ruleset['title']}: every rule id", "",
             f"Every ruling the referee makes in a game of `[Game \"{game}\"]` names one of "
             f"these rule ids. They never change and are never translated. This page is "
             f"written from the referee's own rule book (`referee rules --game {game} "
             f"--json`, `GET /v1/rules?game={game}`) each time the site is built: each id "
             "with its text in English and Spanish, its source (see [Sources](../rules.md"
             "#sources)), the house rules it depends on ([knobs](../knobs.md)), a log that "
             "makes it fire and its legal neighbour, with what `referee audit` finds in "
             "each.", ""]
    if prose is not None:
        lines += [f"How the referee applies them, in plain words: [{prose}](../{prose}).", ""]
    lines += ["| Id | Kind | What it is |", "| --- | --- | --- |"]
    lines += [f"| [`{r['id']}`](#{r['id']}) | {r['kind']} | {cell(r['text'])} |" for r in rules]
    for kind, title in KIND_TITLES.items():
        of_kind = [rule for rule in rules if rule["kind"] == kind]
        if of_kind:
            lines += ["", f"## {title}", ""]
            for rule in of_kind:
                lines += rule_section(game, rule, spanish.get(rule["id"]))
    return "\n".join(lines) + "\n"


def rule_section(game: str, rule: RuleData, spanish: RuleData | None) -> list[str]:
    rule_id = rule["id"]
    es_title, es_text = (spanish["title"], spanish["text"]) if spanish else ("", "")
    lines = [f"### {rule_id} {{ #{rule_id} }}", "", "| English | Español |", "| --- | --- |",
             f"| **{cell(rule['title'])}** | **{cell(es_title)}** |",
             f"| {cell(rule['text'])} | {cell(es_text)} |", ""]
    facts = [f"**Kind** {rule['kind']}", f"**Source** {source(rule['seed'])}"]
    titles = {ruleset["name"]: ruleset["title"] for ruleset in catalogs()["en"]["rulesets"]}
    others = [g for g in rule["games"] if g != game]
    if others:
        facts.append("**Also in** " + ", ".join(
            f"[{titles.get(g, g)}]({page_of(g)}.md#{rule_id})" for g in others))
    knobs = rule_knobs(game, rule)
    if knobs:
        defaults = {k["name"]: k["defaults"] for k in catalogs()["en"]["knobs"]}
        facts.append("**House rules** " + ", ".join(
            f"[{name}](../knobs.md#{name}) (default `{shown(defaults[name][game])}`)"
            for name in knobs))
    lines += [" · ".join(facts), ""]
    return lines + example_block(example(page_of(game), rule_id))


def source(seed: str) -> str:
    """A rule's seed, linked: a docs page it names, else the list of source texts."""
    page = seed.removeprefix("docs/")
    if page != seed and (ROOT / "docs" / page).is_file():
        return f"[{seed}](../{page})"
    return f"[{seed}](../rules.md#sources)"


def example_block(found: Example) -> list[str]:
    if found.none is not None:
        reason = found.none.read_text(encoding="utf-8").strip()
        return ['!!! note "No example log"', "", *indent(reason.splitlines()), ""]
    if found.fires is None or found.legal is None:
        return []  # tests/docs/test_rule_examples.py fails on a rule left without examples
    lines: list[str] = []
    for title, path in (("Fires", found.fires), ("Legal neighbour", found.legal)):
        lines += [f'=== "{title}"', "", *indent(log_block(path)), ""]
    return lines


def log_block(path: Path) -> list[str]:
    link = "../" + path.relative_to(ROOT / "docs").as_posix()
    text = path.read_text(encoding="utf-8").rstrip("\n")
    lines = [f"[`{path.name}`]({link}):", "", '```text linenums="1"', *text.splitlines(), "```",
             ""]
    return lines + findings_table(audited(path))


def findings_table(report: Iterable[GameData]) -> list[str]:
    rows = [f"| {f['line']} | {f['kind']} | {cell(f.get('player') or '')} | `{f['rule']}` | "
            f"{cell(f['message'])} |" for game in report for f in game["findings"]]
    if not rows:
        return ["`referee audit` finds nothing: a clean game."]
    return ["What `referee audit` finds:", "", "| Line | Kind | Player | Rule | Message |",
            "| ---: | --- | --- | --- | --- |", *rows]


def indent(lines: Iterable[str]) -> list[str]:
    return [f"    {line}" if line else "" for line in lines]


# --------------------------------------------------------------------------- knobs page


def knobs_markdown() -> str:
    en, es = catalogs()["en"], catalogs()["es"]
    spanish = {knob["name"]: knob["help"] for knob in es["knobs"]}
    names = {r["name"]: r["title"] for r in en["rulesets"]}
    values = knob_values()
    lines = ["# House-rule knobs", "",
             "Tables disagree, so each difference between them is a knob. Set one with a tag "
             "in the log (`[MinOpen \"71\"]`), for a run with `referee audit --set "
             "MinOpen=71`, or over HTTP with a query parameter (`?MinOpen=71`); an option or "
             "a parameter wins over the log's tag. Names ignore case. This page is written "
             "from the referee's catalog (`referee rules --json`) and the values "
             "`POST /v1/audit` accepts each time the site is built.", "",
             "| Knob | " + " | ".join(names.values()) + " | Values |",
             "| --- | " + " | ".join("---" for _ in names) + " | --- |"]
    for knob in en["knobs"]:
        defaults = [f"`{shown(knob['defaults'][g])}`" if g in knob["defaults"] else "—"
                    for g in names]
        lines.append(f"| [{knob['name']}](#{knob['name']}) | " + " | ".join(defaults)
                     + f" | {cell(values.get(knob['name'], ''))} |")
    for knob in en["knobs"]:
        lines += knob_section(knob, spanish.get(knob["name"], ""), values)
    return "\n".join(lines) + "\n"


def knob_section(knob: KnobData, spanish: str, values: dict[str, str]) -> list[str]:
    name = knob["name"]
    lines = ["", f"## {name} {{ #{name} }}", "", "| English | Español |", "| --- | --- |",
             f"| {cell(knob['help'])} | {cell(spanish)} |", ""]
    defaults = (f"in {game}: `{shown(value)}`" for game, value in knob["defaults"].items())
    facts = ["**Default** " + ", ".join(defaults)]
    if name in values:
        facts.append(f"**Values** {values[name]}")
    lines += [" · ".join(facts), ""]
    cited = [(game, rule["id"]) for game in knob["games"] for rule in catalogs()["en"]["rules"]
             if game in rule["games"] and name in rule_knobs(game, rule)]
    if cited:
        lines += ["**Rules** " + ", ".join(f"[`{rule}`](rules/{page_of(game)}.md#{rule}) "
                                           f"({game})" for game, rule in cited), ""]
    return lines
