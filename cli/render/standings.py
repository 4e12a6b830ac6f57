"""Per-player figures across logs (``referee standings``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from referee.cli.render.console import Words

if TYPE_CHECKING:
    from referee.cli.batch.standings import StandingsData


def standings_tables(console: Console, data: StandingsData, lang: str) -> None:
    t = Words(lang)
    if not data["players"] and not data["argentino"]:
        console.print(Text(t("cli.standings.no_games"), style="yellow"))
    if data["players"]:
        table = _table(t("cli.standings.title"), t,
                       ("games", "wins", "renuncias", "eliminations", "net"))
        for p in data["players"]:
            net = p["net"]
            table.add_row(Text(p["player"], style="bold"), *(Text(str(p[k])) for k in (
                "games", "wins", "renuncias", "eliminations")),
                Text(f"{net:+d}" if net else "0", style="green" if net > 0 else
                     "red" if net < 0 else ""))
        console.print(table)
    if data["settlement"]:
        console.print(Text(t("cli.standings.settlement"), style="bold"))
        for d in data["settlement"]:
            console.print(Text("  " + t("report.night_payment", payer=d["payer"],
                                        payee=d["payee"], amount=d["amount"])))
        console.print()
    if data["argentino"]:
        table = _table(t("cli.standings.title_argentino"), t,
                       ("hands", "went_out", "renuncias", "points"))
        for h in data["argentino"]:
            table.add_row(Text(h["player"], style="bold"), *(Text(str(h[k])) for k in (
                "hands", "went_out", "renuncias", "points")))
        console.print(table)
    console.print(Text(t("cli.standings.counted", games=data["games"],
                         files=len(data["sources"]), duplicates=data["duplicates"]),
                       style="dim"))


def _table(title: str, t: Words, columns: tuple[str, ...]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", title_style="bold")
    table.add_column(t("report.col.player"), no_wrap=True)
    for key in columns:
        table.add_column(t(f"cli.standings.col.{key}"), justify="right", no_wrap=True)
    return table
