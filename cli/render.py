"""The human side of the CLI: reports, summaries and tables, drawn with rich.

Every heading comes from the ``report.*`` catalog (:mod:`referee.i18n.report`)
in the language asked for; user text (names, messages, card lists) is always
wrapped in :class:`rich.text.Text` so square brackets in it are never read as
markup. The audit report is drawn game by game from the report's plain data
(:func:`referee.report.model.game_data`), by :class:`HumanReportWriter`, possibly in
a worker process: :class:`ConsoleSpec` carries the terminal's width and colours
there. Errors on standard error and the progress bar live in :mod:`referee.cli.errors`
(no rich until a bar shows).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any, cast

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from referee.cli.errors import audit_problems as audit_problems
from referee.cli.errors import error as error
from referee.cli.errors import syntax_notes as syntax_notes
from referee.messages import render

if TYPE_CHECKING:
    from referee.cli.batch import Duplicate, FileStats
    from referee.report.catalog import CatalogData
    from referee.report.json import TextSink
    from referee.report.model import Summary
    from referee.report.table import TableData

KIND_STYLE = {
    "renuncia": "bold red",
    "log-error": "magenta",
    "notice": "cyan",
    "syntax-error": "bold red reverse",
}


class Words:
    """``t("report.winner", winner="Caro")`` in one language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, key: str, **params: Any) -> str:
        return render(key, params, self.lang)


PIPE_WIDTH = 100  # width of the report when standard output is a file or a pipe


def stdout_console() -> Console:
    console = Console(highlight=False)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console.width = PIPE_WIDTH
    return console


def stderr_console() -> Console:
    return Console(stderr=True, highlight=False)


@dataclass(frozen=True, slots=True)
class ConsoleSpec:
    """What a report drawn elsewhere (a worker, a spool) needs to come out exactly as
    :func:`stdout_console` would draw it: width, colours, terminal-ness, encoding."""

    width: int
    color_system: str | None
    is_terminal: bool
    encoding: str
    legacy_windows: bool

    @classmethod
    def of(cls, console: Console) -> ConsoleSpec:
        return cls(console.width, console.color_system, console.is_terminal, console.encoding,
                   console.legacy_windows)

    def console(self, out: TextSink) -> Console:
        """A console drawing into ``out`` (which reports :attr:`encoding`)."""
        return Console(file=cast(IO[str], out), width=self.width, color_system=self.color_system,  # type: ignore[arg-type]
                       force_terminal=self.is_terminal, legacy_windows=self.legacy_windows,
                       highlight=False)


# ----------------------------------------------------------------------------- reports


def _names(names: Sequence[str], t: Words) -> str:
    return ", ".join(names) if names else t("report.no_players")


def game_block(console: Console, game: Mapping[str, Any], lang: str) -> None:
    """One game of the report (:func:`referee.report.model.game_data`)."""
    t = Words(lang)
    _heading(console, game, t)
    if "match" in game:
        _match_heading(console, game, t)
    _findings(console, game, t)
    _calls(console, game, t)
    _outcome(console, game, t)
    if "scores" in game:
        _scores(console, game, t)
    console.print()


def _heading(console: Console, game: Mapping[str, Any], t: Words) -> None:
    from referee.report.model import is_clean

    clean = is_clean(game)
    ruleset = (t("report.ruleset", ruleset=game["ruleset"]) if game["ruleset"]
               else t("report.ruleset_missing"))
    verdict = t("report.clean") if clean else t("report.not_clean")
    title = Text.assemble(
        (t("report.game", index=game["index"]), "bold"), " · ",
        t("report.at_line", line=game["line"]), " · ",
        _names(game["players"], t), " · ", ruleset, " · ",
        (verdict, "green" if clean else "bold red"),
    )
    console.rule(title, align="left")
    event = game["tags"].get("Event")
    date = game["tags"].get("Date")
    if event or date:
        console.print(Text(" · ".join(x for x in (event, date) if x), style="dim"))


def _match_heading(console: Console, game: Mapping[str, Any], t: Words) -> None:
    """Argentino: the hand's match, and who entered it en ley."""
    match = game["match"]
    if match["name"] is not None:
        console.print(Text(t("report.match", name=match["name"], hand=match["hand"]),
                           style="bold"))
    if game.get("en_ley"):
        console.print(Text(t("report.en_ley", law_at=game["rules"].get("LawAt"),
                             players=", ".join(game["en_ley"])), style="yellow"))


def _findings(console: Console, game: Mapping[str, Any], t: Words) -> None:
    if not game["findings"]:
        console.print(Text(t("report.no_findings"), style="green"))
        return
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False,
                  title=t("report.findings"), title_justify="left", title_style="bold")
    table.add_column(t("report.col.line"), justify="right", no_wrap=True)
    table.add_column(t("report.col.kind"), no_wrap=True)
    table.add_column(t("report.col.player"), no_wrap=True)
    table.add_column(t("report.col.rule"), no_wrap=True)
    table.add_column(t("report.col.message"), ratio=1)
    for f in game["findings"]:
        column = f.get("column")
        where = f"{f['line']}:{column}" if column is not None else str(f["line"])
        style = KIND_STYLE.get(f["kind"], "")
        table.add_row(Text(where), Text(t(f"report.kind.{f['kind']}"), style=style),
                      Text(f["player"] or "—"), Text(f["rule"], style=style),
                      Text(f["message"]))
    console.print(table)


def _calls(console: Console, game: Mapping[str, Any], t: Words) -> None:
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


def _outcome(console: Console, game: Mapping[str, Any], t: Words) -> None:
    """The winner, the cards left in hand and who pays whom."""
    winner = game["winner"]
    if winner:
        line = Text(t("report.winner", winner=winner), style="bold green")
    elif game["finished"]:
        line = Text(t("report.finished_no_winner"), style="bold")
    else:
        line = Text(t("report.not_finished"), style="yellow")
    claimed = game["result_claimed"]
    if claimed is not None and claimed != winner:
        line.append("   " + t("report.result_claimed", claimed=claimed), style="dim")
    console.print(line)
    if game["hands"]:
        hands = " · ".join(f"{name} {count}" for name, count in game["hands"].items())
        console.print(Text.assemble((t("report.hands") + ": ", "bold"), hands))
    if game["settlement"]:
        console.print(Text(t("report.settlement"), style="bold"))
        for p in game["settlement"]:
            key = "report.payment_one" if p["cards"] == 1 else "report.payment"
            console.print(Text("  " + t(key, payer=p["payer"], payee=p["payee"],
                                        amount=p["amount"], cards=p["cards"])))


def _scores(console: Console, game: Mapping[str, Any], t: Words) -> None:
    """Argentino: the hand's score table and the running match table."""
    if game["scores"]:
        table = Table(box=box.SIMPLE_HEAD, title=t("report.scores"), title_justify="left",
                      title_style="bold")
        table.add_column(t("report.col.player"), no_wrap=True)
        for key in ("laid", "in_hand", "bonus", "penalty", "total"):
            table.add_column(t(f"report.col.{key}"), justify="right")
        for s in game["scores"]:
            table.add_row(Text(s["player"]), *(Text(str(s[k])) for k in (
                "laid", "in_hand", "bonus", "penalty", "total")))
        console.print(table)
    else:
        console.print(Text(t("report.no_scores"), style="yellow"))
    standings_line(console, game["standings"], game["match"], t)


def standings_line(console: Console, standings: Mapping[str, int] | None,
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


class HumanReportWriter:
    """One source's human report, drawn game by game into ``out``: every game, the
    night's netted settlement (several games) and a totals line."""

    def __init__(self, out: TextSink, source: str, lang: str, spec: ConsoleSpec,
                 heading: bool = False) -> None:
        from referee.report.model import Summary

        self.console = spec.console(out)
        self.source = source
        self.lang = lang
        self.summary = Summary()
        self.payments: list[tuple[str, str, int]] = []
        # argentino: each match's latest hand, by the match's first game (in file order)
        self.matches: dict[int, Mapping[str, Any]] = {}
        if heading:
            self.console.rule(Text(source, style="bold blue"), characters="═")

    def game(self, game: Mapping[str, Any]) -> None:
        game_block(self.console, game, self.lang)
        self.summary.add(game)
        self.payments.extend((p["payer"], p["payee"], p["amount"]) for p in game["settlement"])
        if "match" in game:
            self.matches[game["index"] - game["match"]["hand"] + 1] = game

    def close(self) -> Summary:
        from referee.report.model import net_payments

        console, t, s = self.console, Words(self.lang), self.summary
        if self.matches:
            self._final_matches(t)
        elif s.games > 1:
            night = net_payments(self.payments)
            if night:
                console.print(Text(t("report.night"), style="bold"))
                for payer, payee, amount in night:
                    console.print(Text("  " + t("report.night_payment", payer=payer,
                                                payee=payee, amount=amount)))
        if s.games:
            console.print(Text(t("report.totals", source=self.source, games=s.games,
                                 clean=s.clean, renuncias=s.renuncias, log_errors=s.log_errors,
                                 syntax_errors=s.syntax_errors),
                               style="green" if s.clean == s.games else "bold"))
        else:
            console.print(Text(t("report.no_games", source=self.source), style="yellow"))
        console.print()
        return s


    def _final_matches(self, t: Words) -> None:
        """Argentino: where each match of the file ended (instead of the night's money)."""
        console = self.console
        console.print(Text(t("report.final_matches"), style="bold"))
        for first, game in self.matches.items():
            match = game["match"]
            name = match["name"] or t("report.match_of_one", index=first)
            console.print(Text("  " + name, style="bold"))
            standings_line(console, game["standings"], match, t, indent="    ")


def batch_summary(console: Console, stats: Sequence[FileStats], dups: Sequence[Duplicate],
                  lang: str) -> None:
    """The batch table, worst files first; names shown relative to their common folder."""
    t = Words(lang)
    names = [r.source for r in stats]
    folder = _common_folder(names)
    title = t("report.summary_in", folder=folder) if folder else t("report.summary")
    table = Table(title=title, title_justify="left", title_style="bold", box=box.SIMPLE_HEAD,
                  show_footer=True, collapse_padding=True, caption=t("report.summary_caption"),
                  caption_justify="left")
    columns: list[tuple[str, Callable[[FileStats], int]]] = [
        ("report.col.games", lambda r: r.games),
        ("report.col.clean", lambda r: r.clean),
        ("report.col.with_renuncias", lambda r: r.with_renuncias),
        ("report.col.with_log_errors", lambda r: r.with_log_errors),
        ("report.col.with_syntax_errors", lambda r: r.with_syntax_errors),
        ("report.col.duplicates", lambda r: r.duplicates),
    ]
    table.add_column(t("report.col.file"), footer=t("report.total"), overflow="fold",
                     min_width=16)
    for key, get in columns:
        table.add_column(t(key), justify="right", footer=str(sum(get(r) for r in stats)),
                         no_wrap=True)
    for r in stats:
        shown = os.path.relpath(r.source, folder) if folder else r.source
        if r.unreadable:
            table.add_row(Text(shown, style="bold red"),
                          Text(t("report.unreadable"), style="bold red"),
                          "", "", "", "", "")
            continue
        style = "" if r.clean == r.games else "bold"
        table.add_row(Text(shown, style=style), *(Text(str(get(r))) for _, get in columns))
    console.print(table)
    if dups:
        console.print(Text(t("report.duplicates"), style="bold yellow"))
        for d in dups:
            console.print(Text("  " + t("report.duplicate", source=d.game.source,
                                        index=d.game.index, line=d.game.line,
                                        first_source=d.first.source, first_index=d.first.index,
                                        first_line=d.first.line)))


def _common_folder(names: Sequence[str]) -> str:
    """The folder every name lies in (empty when there is none worth stripping)."""
    files = [n for n in names if not n.startswith("<")]
    if len(files) < 2 or len(files) != len(names):
        return ""
    try:
        folder = os.path.commonpath([os.path.dirname(n) or "." for n in files])
    except ValueError:
        return ""
    return "" if folder in ("", ".") else folder


# ----------------------------------------------------------------------------- replay


def table_view(console: Console, view: TableData, lang: str) -> None:
    t = Words(lang)
    heading = (t("report.table_after", line=view["line"]) if view["line"]
               else t("report.table_start"))
    console.rule(Text(heading, style="bold"), align="left")
    _hands_table(console, view, t)
    _melds_table(console, view, t)
    if view["discard_top"] is not None:
        console.print(Text(t("report.discard", top=view["discard_top"],
                             size=view["discard_size"])))
    else:
        console.print(Text(t("report.discard_empty")))
    console.print(Text(t("report.stock", size=view["stock_size"])))
    down = ", ".join(t("report.down_entry", player=p, points=view["bajadas"].get(p, 0))
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


# ----------------------------------------------------------------------------- rules


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
                      Text(r["text"]), Text(r["seed"], style="dim"),
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
