"""``referee night``'s tables: the standings, then each round's tables with their points
and flags."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from referee.cli.render.console import Words

if TYPE_CHECKING:
    from referee.night.report import NightView

COLUMNS = ("points", "played", "won", "renuncias", "byes", "best")


def night_tables(console: Console, view: NightView, lang: str) -> None:
    from referee.night.html import game_title

    t = Words(lang)
    title = view.name or t("night.unnamed")
    console.print(Text(title, style="bold"))
    console.print(Text(t("night.report.summary", game=game_title(view.game, lang),
                         players=len(view.players), rounds=len(view.rounds)), style="dim"))
    table = Table(box=box.SIMPLE_HEAD, title=t("night.standings"), title_justify="left",
                  title_style="bold")
    table.add_column(t("night.col.rank"), justify="right", no_wrap=True)
    table.add_column(t("night.col.player"), no_wrap=True)
    for key in COLUMNS:
        table.add_column(t(f"night.col.{key}"), justify="right", no_wrap=True)
    for row in view.standings:
        table.add_row(str(row.rank), Text(row.player, style="bold"), str(row.points),
                      str(row.played), str(row.won), str(row.renuncias), str(row.byes),
                      "" if row.best is None else str(row.best))
    console.print(table)
    for round_view in view.rounds:
        console.print(Text(t("night.round", round=round_view.number), style="bold"))
        for tb in round_view.tables:
            points = " · ".join(f"{p} {v:+d}" if v else f"{p} 0"
                                for p, v in tb.points.items())
            line = Text(f"  {t('night.table', table=tb.table)} "
                        f"({t('night.state.' + tb.state)}): {points}")
            flags = [f"{t('night.flag.' + f.kind)}{' ' + f.player if f.player else ''}"
                     for f in tb.flags]
            if flags:
                line.append("  [" + ", ".join(flags) + "]", style="yellow")
            console.print(line)
        if round_view.byes:
            console.print(Text("  " + t("night.byes", players=", ".join(round_view.byes)),
                               style="dim"))
