"""The human audit report, drawn game by game from the report's plain data
(:func:`referee.report.model.game_data`), possibly in a worker process:
:class:`~referee.cli.render.console.ConsoleSpec` carries the terminal there.

What every game has is drawn here; a game's own fields are drawn by its hook
(:class:`~referee.cli.render.hooks.HumanReport`, argentino's match and scores)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich import box
from rich.table import Table
from rich.text import Text

from referee.cards import FRENCH
from referee.cli.render.console import KIND_STYLE, ConsoleSpec, Words
from referee.cli.render.hooks import human_hook
from referee.cli.render.plain import Canvas, PlainConsole, print_line, print_parts, rule_left
from referee.notation.decks import DECK_KNOB

if TYPE_CHECKING:
    from referee.report.json import TextSink
    from referee.report.model import Summary


def _names(names: Sequence[str], t: Words) -> str:
    return ", ".join(names) if names else t("report.no_players")


def game_block(console: Canvas, game: Mapping[str, Any], lang: str) -> None:
    """One game of the report (:func:`referee.report.model.game_data`)."""
    from referee.report.model import is_judged

    t = Words(lang)
    own = human_hook(game["ruleset"])
    heading(console, game, t)
    if own is not None:
        own.heading(console, game, t)
    findings_table(console, game["findings"], t)
    if is_judged(game):
        _calls(console, game, t)
        _outcome(console, game, t)
        if own is not None:
            own.outcome(console, game, t)
    else:  # its tags hold a syntax error: nothing of it is judged (RULES.md §14)
        console.print(Text(t("report.not_judged"), style="yellow"))
        if own is not None:
            own.not_judged(console, game, t)
    console.print()


def heading(console: Canvas, game: Mapping[str, Any], t: Words) -> None:
    """The game's rule: its number and verdict first, so a narrow terminal (which cuts
    the end of the line) still shows whether it is clean."""
    from referee.report.model import is_clean

    clean = is_clean(game)
    ruleset = (t("report.ruleset", ruleset=game["ruleset"]) if game["ruleset"]
               else t("report.ruleset_missing"))
    deck = (game.get("rules") or {}).get(DECK_KNOB)
    if deck is not None and deck != FRENCH.name:  # the usual deck goes without saying
        ruleset = f"{ruleset} · {t('report.deck', deck=deck)}"
    verdict = t("report.clean") if clean else t("report.not_clean")
    rule_left(console, (t("report.game", index=game["index"]), "bold"), " · ",
              (verdict, "green" if clean else "bold red"), " · ",
              t("report.at_line", line=game["line"]), " · ",
              _names(game["players"], t), " · ", ruleset)
    event = game["tags"].get("Event")
    date = game["tags"].get("Date")
    if event or date:
        print_line(console, " · ".join(x for x in (event, date) if x), "dim")


def findings_table(console: Canvas, findings: Sequence[Mapping[str, Any]], t: Words,
                   title: str | None = None) -> None:
    """Findings (the report's ``findings`` entries) as a table."""
    if not findings:
        print_line(console, t("report.no_findings"), "green")
        return
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False,
                  title=title or t("report.findings"), title_justify="left", title_style="bold")
    table.add_column(t("report.col.line"), justify="right", no_wrap=True)
    table.add_column(t("report.col.kind"), no_wrap=True)
    table.add_column(t("report.col.player"), no_wrap=True)
    table.add_column(t("report.col.rule"), no_wrap=True)
    table.add_column(t("report.col.message"), ratio=1)
    for f in findings:
        column = f.get("column")
        where = f"{f['line']}:{column}" if column is not None else str(f["line"])
        style = KIND_STYLE.get(f["kind"], "")
        table.add_row(Text(where), Text(t(f"report.kind.{f['kind']}"), style=style),
                      Text(f["player"] or "—"), Text(f["rule"], style=style),
                      Text(f["message"]))
    console.print(table)


def _calls(console: Canvas, game: Mapping[str, Any], t: Words) -> None:
    if game["calls"]:
        console.print(Text(t("report.calls"), style="bold"))
        for c in game["calls"]:
            outcome = t(f"report.outcome.{c['outcome']}")
            console.print(Text("  " + t("report.call", line=c["line"], caller=c["caller"],
                                        accused=c["accused"], outcome=outcome)))
    if game["eliminated"]:
        console.print(Text(t("report.eliminated"), style="bold"))
        for e in game["eliminated"]:
            console.print(Text("  " + t("report.elimination", player=e["player"],
                                        line=e["line"], rule=e["rule"])))


def _outcome(console: Canvas, game: Mapping[str, Any], t: Words) -> None:
    """The winner, the cards left in hand and who pays whom."""
    winner = game["winner"]
    if winner:
        text, style = t("report.winner", winner=winner), "bold green"
    elif game["finished"]:
        text, style = t("report.finished_no_winner"), "bold"
    else:
        text, style = t("report.not_finished"), "yellow"
    claimed = game["result_claimed"]
    if claimed is None or claimed == winner:
        print_line(console, text, style)
    else:
        line = Text(text, style=style)
        line.append("   " + t("report.result_claimed", claimed=claimed), style="dim")
        console.print(line)
    if game["hands"]:
        hands = " · ".join(f"{name} {count}" for name, count in game["hands"].items())
        print_parts(console, (t("report.hands") + ": ", "bold"), hands)
    if game["settlement"]:
        print_line(console, t("report.settlement"), "bold")
        for p in game["settlement"]:
            print_line(console, "  " + t.n("report.payment", p["cards"], payer=p["payer"],
                                           payee=p["payee"], amount=p["amount"],
                                           cards=p["cards"]))


def totals_line(source: str, s: Summary, t: Words) -> Text:
    """The report's last line for one file (also all ``--quiet`` prints of it)."""
    if not s.games:
        return Text(t("report.no_games", source=source), style="yellow")
    return Text(t("report.totals", source=source, games=s.games, clean=s.clean,
                  renuncias=s.renuncias, log_errors=s.log_errors,
                  syntax_errors=s.syntax_errors),
                style="green" if s.clean == s.games else "bold")


class HumanReportWriter:
    """One source's human report, drawn game by game into ``out``: every game, the
    night's netted settlement (several games) or the games' own closing (argentino:
    each match's final table), and a totals line."""

    def __init__(self, out: TextSink, source: str, lang: str, spec: ConsoleSpec,
                 heading: bool = False) -> None:
        from referee.report.model import Summary

        self.console: Canvas = PlainConsole(spec, out) if spec.plain else spec.console(out)
        self.source = source
        self.lang = lang
        self.summary = Summary()
        self.payments: list[tuple[str, str, int]] = []
        # the games' own closing entries (argentino: each match's latest hand, by the
        # match's first game), each with its game's name under "ruleset"
        self.closings: dict[int, Mapping[str, Any]] = {}
        if heading:
            self.console.rule(Text(source, style="bold blue"), characters="═")

    def game(self, game: Mapping[str, Any]) -> None:
        game_block(self.console, game, self.lang)
        self.summary.add(game)
        self.payments.extend((p["payer"], p["payee"], p["amount"]) for p in game["settlement"])
        own = human_hook(game["ruleset"])
        entry = None if own is None else own.closing_entry(game)
        if entry is not None:
            key, data = entry
            self.closings[key] = {"ruleset": game["ruleset"], **data}

    def close(self) -> Summary:
        from referee.report.model import net_payments

        self.payments, payments = [], self.payments
        return self.finish(self.summary, net_payments(payments), self.closings)

    def finish(self, summary: Summary, night: Iterable[tuple[str, str, int]],
               closings: Mapping[int, Mapping[str, Any]]) -> Summary:
        """The closing of a report of ``summary``'s games: the games' own closing
        (``closings``, their entries in file order: argentino's final match tables) or
        else ``night``, their settlements already netted, printed a payment at a time;
        then the totals line."""
        console, t = self.console, Words(self.lang)
        if closings:
            self._closings(t, closings)
        elif summary.games > 1:
            heading = True
            for payer, payee, amount in night:
                if heading:
                    console.print(Text(t("report.night"), style="bold"))
                    heading = False
                console.print(Text("  " + t("report.night_payment", payer=payer,
                                            payee=payee, amount=amount)))
        console.print(totals_line(self.source, summary, t))
        console.print()
        return summary

    def _closings(self, t: Words, closings: Mapping[int, Mapping[str, Any]]) -> None:
        """Each game's own closing, from its entries (in the order its first entry came)."""
        by_game: dict[str | None, dict[int, Mapping[str, Any]]] = {}
        for key, entry in closings.items():
            by_game.setdefault(entry["ruleset"], {})[key] = entry
        for ruleset, entries in by_game.items():
            own = human_hook(ruleset)
            if own is not None:
                own.closing(self.console, t, entries)
