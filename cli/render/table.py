"""The table at a line of the log (``referee replay``): the event written there, the
findings that stand on it, then the hands, the melds, the piles and the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from referee.cli.render.console import Words
from referee.cli.render.report import findings_table

if TYPE_CHECKING:
    from referee.report.table import StepData, TableData


def step_view(console: Console, step: StepData, lang: str,
              where: str | None = None) -> None:
    """One state of a replay (:class:`referee.report.table.StepData`): the event at its
    line and the findings standing on it, then the table; ``where`` (``step 3 of 40``)
    goes on the rule."""
    t = Words(lang)
    if step["event"] is not None:
        title = t("cli.replay.event", game=step["game"], line=step["line"],
                  event=step["event"])
    elif step["start"]:
        title = t("cli.replay.start", game=step["game"], line=step["line"])
    else:
        title = t("cli.replay.no_event", game=step["game"], line=step["line"])
    rule = Text(title, style="bold")
    if where:
        rule.append("  · " + where, style="dim")
    console.rule(rule, align="left")
    findings = step["findings"]
    if findings:
        findings_table(console, findings, t,
                       title=t.n("cli.replay.findings", len(findings)))
    elif not step["start"]:
        console.print(Text(t("cli.replay.no_findings"), style="green"))
    table_view(console, step, lang, heading=False)


def table_view(console: Console, view: TableData, lang: str, heading: bool = True) -> None:
    t = Words(lang)
    if heading:
        title = (t("report.table_after", line=view["line"]) if view["line"]
                 else t("report.table_start"))
        console.rule(Text(title, style="bold"), align="left")
    _hands_table(console, view, t)
    _melds_table(console, view, t)
    _piles(console, view, t)
    down = ", ".join(t.n("report.down_entry", view["bajadas"][p], player=p,
                         points=view["bajadas"][p])
                     if p in view["bajadas"] else p for p in view["down"]) or t("report.none")
    console.print(Text.assemble((t("report.down") + ": ", "bold"), down))
    console.print(Text.assemble((t("report.out") + ": ", "bold"),
                                ", ".join(view["out"]) or t("report.none")))
    if view["finished"]:
        console.print(Text(t("report.winner", winner=view["winner"] or t("report.nobody")),
                           style="bold green"))
    else:
        console.print(Text(t("report.turn", player=view["turn"] or t("report.nobody")),
                           style="bold"))
    if view["open_renuncias"]:
        console.print(Text(t("report.open_renuncias"), style="bold red"))
        for f in view["open_renuncias"]:
            console.print(Text(f"  {f['line']}  {f['player'] or '—'}  {f['rule']}  "
                               f"{f['message']}"))


def _piles(console: Console, view: TableData, t: Words) -> None:
    size = view["discard_size"]
    if size:
        top = view["discard_top"] or "??"  # None: a card nobody saw
        console.print(Text(t.n("report.discard", size, top=top, size=size)))
    else:
        console.print(Text(t("report.discard_empty")))
    console.print(Text(t.n("report.stock", view["stock_size"], size=view["stock_size"])))


def _hands_table(console: Console, view: TableData, t: Words) -> None:
    hands = Table(box=box.SIMPLE_HEAD, title=t("report.hand_cards"), title_justify="left",
                  title_style="bold")
    hands.add_column(t("report.col.player"), no_wrap=True)
    hands.add_column(t("report.col.size"), justify="right")
    hands.add_column(t("report.col.known"), ratio=1)
    hands.add_column(t("report.col.hidden"), justify="right")
    for name, hand in view["hands"].items():
        marks = ""
        if name == view["turn"]:
            marks += " ▶"
        if name in view["out"]:
            marks += " ✗"
        hands.add_row(Text(name + marks, style="bold" if name == view["turn"] else ""),
                      Text(str(hand["size"])), Text(" ".join(hand["known"])),
                      Text(str(hand["hidden"])))
    console.print(hands)


def _melds_table(console: Console, view: TableData, t: Words) -> None:
    if not view["melds"]:
        console.print(Text(t("report.no_melds"), style="dim"))
        return
    melds = Table(box=box.SIMPLE_HEAD, title=t("report.melds"), title_justify="left",
                  title_style="bold")
    melds.add_column(t("report.col.number"), justify="right")
    melds.add_column(t("report.col.owner"), no_wrap=True)
    melds.add_column(t("report.col.meld_kind"), no_wrap=True)
    melds.add_column(t("report.col.cards"), ratio=1)
    melds.add_column(t("report.col.line"), justify="right")
    for m in view["melds"]:
        kind = m["kind"]
        label = t(f"report.meld.{kind}") if kind in ("set", "run", "invalid") else kind
        melds.add_row(Text(str(m["number"])), Text(m["owner"]),
                      Text(label, style="red" if kind == "invalid" else ""),
                      Text(" ".join(m["cards"])), Text(str(m["line"])))
    console.print(melds)
