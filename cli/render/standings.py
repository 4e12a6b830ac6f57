"""Per-player figures across logs (``referee standings``): each game's table, in order
(money tables, the night's settlement, points tables; :mod:`referee.cli.batch.standings`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from referee.cli.render.console import Words

if TYPE_CHECKING:
    from referee.cli.batch.standings import StandingsData

MONEY = ("games", "wins", "renuncias", "eliminations", "net")
POINTS = ("hands", "went_out", "renuncias", "points")


def standings_tables(console: Console, data: StandingsData, lang: str) -> None:
    from referee.cli.batch.standings import tables

    t = Words(lang)
    listed = tables()
    if not any(data.get(table.key) for table, _ in listed):
        console.print(Text(t("cli.standings.no_games"), style="yellow"))
    settled = False
    for table, game in listed:
        if table.points and not settled:
            _settlement(console, data, t)
            settled = True
        rows = data.get(table.key) or []
        if not rows:
            continue
        drawn = _table(_title(table.title, game, t), t, POINTS if table.points else MONEY)
        for row in rows:
            drawn.add_row(*(_points_row(row) if table.points else _money_row(row)))
        console.print(drawn)
    if not settled:
        _settlement(console, data, t)
    console.print(Text(t("cli.standings.counted", games=data["games"],
                         files=len(data["sources"]), duplicates=data["duplicates"]),
                       style="dim"))


def _title(key: str, game: str, t: Words) -> str:
    from referee.games import find_game
    from referee.messages import entry_of

    variant = find_game(game)
    name = (t(f"report.variant.{game}") if entry_of(f"report.variant.{game}") is not None
            else variant.title if variant is not None else game)
    return t(key, game=name)


def _money_row(p: dict[str, Any]) -> list[Text]:
    net = p["net"]
    return [Text(p["player"], style="bold"),
            *(Text(str(p[k])) for k in ("games", "wins", "renuncias", "eliminations")),
            Text(f"{net:+d}" if net else "0", style="green" if net > 0 else
                 "red" if net < 0 else "")]


def _points_row(h: dict[str, Any]) -> list[Text]:
    return [Text(h["player"], style="bold"), *(Text(str(h[k])) for k in POINTS)]


def _settlement(console: Console, data: StandingsData, t: Words) -> None:
    if data["settlement"]:
        console.print(Text(t("cli.standings.settlement"), style="bold"))
        for d in data["settlement"]:
            console.print(Text("  " + t("report.night_payment", payer=d["payer"],
                                        payee=d["payee"], amount=d["amount"])))
        console.print()


def _table(title: str, t: Words, columns: tuple[str, ...]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", title_style="bold")
    table.add_column(t("report.col.player"), no_wrap=True)
    for key in columns:
        table.add_column(t(f"cli.standings.col.{key}"), justify="right", no_wrap=True)
    return table
