"""Argentino's part of the human report: the hand's match, who is en ley, the hand's
scores and the match table, and (closing a file) where each match ended."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rich.text import Text

from referee.cli.render.plain import print_table

if TYPE_CHECKING:
    from rich.console import JustifyMethod

    from referee.cli.render.console import Words
    from referee.cli.render.plain import Canvas

SCORE_COLUMNS = ("laid", "in_hand", "bonus", "penalty", "total")


class ArgentinoHuman:
    """:class:`referee.cli.render.hooks.HumanReport` for argentino hands."""

    def heading(self, console: Canvas, game: Mapping[str, Any], t: Words) -> None:
        """The hand's match, and who entered it en ley."""
        if "match" not in game:
            return
        match = game["match"]
        if match["name"] is not None:
            console.print(Text(t("report.match", name=match["name"], hand=match["hand"]),
                               style="bold"))
        if game.get("en_ley"):
            console.print(Text(t("report.en_ley", law_at=game["rules"].get("LawAt"),
                                 players=", ".join(game["en_ley"])), style="yellow"))

    def outcome(self, console: Canvas, game: Mapping[str, Any], t: Words) -> None:
        """The hand's score table and the running match table."""
        if "scores" not in game:
            return
        if game["scores"]:
            columns: list[tuple[str, JustifyMethod]] = [(t("report.col.player"), "left")]
            columns += [(t(f"report.col.{key}"), "right") for key in SCORE_COLUMNS]
            print_table(console, t("report.scores"), columns,
                        [[s["player"], *(str(s[k]) for k in SCORE_COLUMNS)]
                         for s in game["scores"]])
        else:
            console.print(Text(t("report.no_scores"), style="yellow"))
        standings_line(console, game["standings"], game["match"], t)

    def not_judged(self, console: Canvas, game: Mapping[str, Any], t: Words) -> None:
        if "match" in game:
            standings_line(console, game["standings"], game["match"], t)

    def closing_entry(self, game: Mapping[str, Any]) -> tuple[int, Mapping[str, Any]] | None:
        """Each match's latest hand (its match and totals), by the match's first game
        (what the final tables need of it: not the whole game, a big file has many)."""
        if "match" not in game:
            return None
        return (game["index"] - game["match"]["hand"] + 1,
                {"match": game["match"], "standings": game["standings"]})

    def closing(self, console: Canvas, t: Words,
                entries: Mapping[int, Mapping[str, Any]]) -> None:
        """Where each match of the file ended (instead of the night's money)."""
        console.print(Text(t("report.final_matches"), style="bold"))
        for first, game in entries.items():
            match = game["match"]
            name = match["name"] or t("report.match_of_one", index=first)
            console.print(Text("  " + name, style="bold"))
            standings_line(console, game["standings"], match, t, indent="    ")


def standings_line(console: Canvas, standings: Mapping[str, int] | None,
                   match: Mapping[str, Any], t: Words, indent: str = "") -> None:
    """The match totals, and the match's end when it is over."""
    if standings is None:
        console.print(Text(indent + t("report.standings_unknown"), style="yellow"))
        return
    totals = " · ".join(f"{name} {total}" for name, total in standings.items())
    console.print(Text.assemble((indent + t("report.standings") + ": ", "bold"), totals))
    if match["over"]:
        if match["winner"]:
            console.print(Text(indent + t("report.match_over", winner=match["winner"]),
                               style="bold green"))
        else:
            console.print(Text(indent + t("report.match_tied",
                                          players=", ".join(match["tied"])), style="bold"))
