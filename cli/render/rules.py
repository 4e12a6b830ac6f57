"""The rule book (``referee rules``): rule ids, house-rule knobs, games."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from referee.cli.render.console import KIND_STYLE, Words

if TYPE_CHECKING:
    from referee.report.catalog import CatalogData


def rules_tables(console: Console, catalog: CatalogData, lang: str) -> None:
    t = Words(lang)
    rules = Table(box=box.SIMPLE_HEAD, title=t("report.rules"), title_justify="left",
                  title_style="bold")
    rules.add_column(t("report.col.id"), no_wrap=True)
    rules.add_column(t("report.col.kind"), no_wrap=True)
    rules.add_column(t("report.col.text"), ratio=1)
    rules.add_column(t("report.col.seed"), max_width=16)
    rules.add_column(t("report.col.rulesets"), max_width=16)
    for r in catalog["rules"]:
        style = KIND_STYLE.get(r["kind"], "")
        rules.add_row(Text(r["id"], style=style), Text(t(f"report.kind.{r['kind']}")),
                      Text.assemble((r["title"], "bold"), "\n", r["text"]),
                      Text(r["seed"], style="dim"),
                      Text(", ".join(r["games"]), style="dim"))
    console.print(rules)

    knobs = Table(box=box.SIMPLE_HEAD, title=t("report.knobs"), title_justify="left",
                  title_style="bold")
    knobs.add_column(t("report.col.knob"), no_wrap=True)
    knobs.add_column(t("report.col.default"), no_wrap=True)
    knobs.add_column(t("report.col.help"), ratio=1)
    for k in catalog["knobs"]:
        default = " · ".join(f"{game}: {_knob_value(value)}"
                             for game, value in k["defaults"].items())
        knobs.add_row(Text(k["name"], style="bold"), Text(default), Text(k["help"]))
    console.print(knobs)

    rulesets = Table(box=box.SIMPLE_HEAD, title=t("report.rulesets"), title_justify="left",
                     title_style="bold")
    rulesets.add_column("Game", no_wrap=True)
    rulesets.add_column(t("report.col.title"), ratio=1)
    rulesets.add_column(t("report.col.players"), no_wrap=True)
    for rs in catalog["rulesets"]:
        rulesets.add_row(Text(rs["name"], style="bold"), Text(rs["title"]), Text(rs["players"]))
    console.print(rulesets)


def _knob_value(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"  # the tag spelling, not a translation
    return str(value)
