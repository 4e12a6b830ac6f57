"""The night's report as one self-contained HTML file: no script, no external asset (its
style inline), printable on A4, every verdict linked.

A live night links each table's verdicts to their pages (``/v/ID`` on the server
that made them); a night of logs has no stored verdicts, so each table's games are in
the file itself (winner, points, findings) and the tables link to them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from importlib.resources import files
from typing import Any

from jinja2 import Environment, StrictUndefined

from referee import __version__
from referee.messages import entry_of, render
from referee.night.report import NightView, table_data


@cache
def _template() -> Any:
    env = Environment(autoescape=True, undefined=StrictUndefined, trim_blocks=True,
                      lstrip_blocks=True)
    text = files("referee.night").joinpath("report.html").read_text(encoding="utf-8")
    return env.from_string(text)


def game_title(game: str, lang: str) -> str:
    key = f"report.variant.{game}"
    return render(key, None, lang) if entry_of(key) is not None else game


def report_html(view: NightView, lang: str, verdict_url: Callable[[str], str] | None = None,
                inline: Mapping[tuple[int, int], Sequence[Mapping[str, Any]]] | None = None,
                ) -> str:
    """The report's HTML in ``lang``: ``verdict_url`` makes a verdict's link (a live
    night's); ``inline`` holds each table's games' reports (a night of logs')."""

    def t(key: str, **params: Any) -> str:
        return render(key, params, lang)

    rounds = [{"number": r.number, "byes": r.byes,
               "tables": [table_data(table) for table in r.tables]} for r in view.rounds]
    return str(_template().render(
        lang=lang, t=t, view=view, rounds=rounds, title=game_title(view.game, lang),
        standings=[row.data() for row in view.standings], version=__version__,
        verdict_url=verdict_url, inline=inline or {},
        name=view.name or render("night.unnamed", None, lang)))
