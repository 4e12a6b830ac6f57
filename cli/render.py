"""The human side of the CLI: reports, summaries, tables and errors, drawn with rich.

Every heading comes from the ``report.*`` catalog (:mod:`referee.i18n.report`)
in the language asked for; user text (names, messages, card lists) is always
wrapped in :class:`rich.text.Text` so square brackets in it are never read as
markup.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from referee.messages import render

if TYPE_CHECKING:
    from types import TracebackType

    from rich.progress import Progress, TaskID

    from cli.batch import Duplicate, FileAudit, FileStats, SyntaxNote
    from referee.report import GameReport, Report, RulesCatalog, TableModel

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


# ----------------------------------------------------------------------------- errors


def error(message: str, lang: str = "en") -> None:
    """One error line on standard error (plain text: scripts read it too)."""
    sys.stderr.write(f"{render('report.error', None, lang)}: {message}\n")
    sys.stderr.flush()


def syntax_notes(source: str, notes: Sequence[SyntaxNote], lang: str) -> None:
    """Syntax errors on standard error: ``file:line:column: words``, the line and a caret."""
    t = Words(lang)
    for note in notes:
        column = note.column if note.column is not None else "?"
        sys.stderr.write(t("report.syntax_error_at", source=source, line=note.line,
                           column=column, message=note.message) + "\n")
        for context_line in note.context.splitlines():
            sys.stderr.write("    " + context_line + "\n")
    sys.stderr.flush()


def audit_problems(audit: FileAudit, lang: str) -> None:
    if audit.error:
        error(audit.error, lang)
    if audit.crash:
        error(render("report.internal_error", {"source": audit.source, "reason": audit.crash},
                     lang), lang)
    if audit.syntax:
        syntax_notes(audit.source, audit.syntax, lang)


# ----------------------------------------------------------------------------- reports


def _names(names: Sequence[str], t: Words) -> str:
    return ", ".join(names) if names else t("report.no_players")


def game_block(console: Console, game: GameReport, lang: str) -> None:
    t = Words(lang)
    ruleset = (t("report.ruleset", ruleset=game.ruleset) if game.ruleset
               else t("report.ruleset_missing"))
    verdict = t("report.clean") if game.clean else t("report.not_clean")
    title = Text.assemble(
        (t("report.game", index=game.index), "bold"), " · ",
        t("report.at_line", line=game.line), " · ",
        _names(game.players, t), " · ", ruleset, " · ",
        (verdict, "green" if game.clean else "bold red"),
    )
    console.rule(title, align="left")
    event = game.tags.get("Event")
    date = game.tags.get("Date")
    if event or date:
        console.print(Text(" · ".join(x for x in (event, date) if x), style="dim"))

    if game.findings:
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False,
                      title=t("report.findings"), title_justify="left", title_style="bold")
        table.add_column(t("report.col.line"), justify="right", no_wrap=True)
        table.add_column(t("report.col.kind"), no_wrap=True)
        table.add_column(t("report.col.player"), no_wrap=True)
        table.add_column(t("report.col.rule"), no_wrap=True)
        table.add_column(t("report.col.message"), ratio=1)
        for f in game.findings:
            where = f"{f.line}:{f.column}" if f.column is not None else str(f.line)
            style = KIND_STYLE.get(f.kind, "")
            table.add_row(Text(where), Text(t(f"report.kind.{f.kind}"), style=style),
                          Text(f.player or "—"), Text(f.rule, style=style), Text(f.message))
        console.print(table)
    else:
        console.print(Text(t("report.no_findings"), style="green"))

    if game.calls:
        console.print(Text(t("report.calls"), style="bold"))
        for c in game.calls:
            outcome = t(f"report.outcome.{c.outcome}")
            console.print(Text("  " + t("report.call", line=c.line, caller=c.caller,
                                        accused=c.accused, outcome=outcome)))
    if game.eliminated:
        console.print(Text(t("report.eliminated"), style="bold"))
        for e in game.eliminated:
            console.print(Text("  " + t("report.elimination", player=e.player, line=e.line,
                                        rule=e.rule)))

    if game.winner:
        line = Text(t("report.winner", winner=game.winner), style="bold green")
    elif game.finished:
        line = Text(t("report.finished_no_winner"), style="bold")
    else:
        line = Text(t("report.not_finished"), style="yellow")
    if game.result_claimed is not None and game.result_claimed != game.winner:
        line.append("   " + t("report.result_claimed", claimed=game.result_claimed), style="dim")
    console.print(line)

    if game.hands:
        hands = " · ".join(f"{name} {count}" for name, count in game.hands.items())
        console.print(Text.assemble((t("report.hands") + ": ", "bold"), hands))
    if game.settlement:
        console.print(Text(t("report.settlement"), style="bold"))
        for p in game.settlement:
            key = "report.payment_one" if p.cards == 1 else "report.payment"
            console.print(Text("  " + t(key, payer=p.payer, payee=p.payee, amount=p.amount,
                                        cards=p.cards)))
    console.print()


def file_report(console: Console, report: Report, lang: str, heading: bool = False) -> None:
    """Every game of one source, the night's netted settlement, and a totals line."""
    from referee.report import net_settlement

    t = Words(lang)
    if heading:
        console.rule(Text(report.source, style="bold blue"), characters="═")
    for game in report.games:
        game_block(console, game, lang)
    if len(report.games) > 1:
        night = net_settlement(report.games)
        if night:
            console.print(Text(t("report.night"), style="bold"))
            for payer, payee, amount in night:
                console.print(Text("  " + t("report.night_payment", payer=payer, payee=payee,
                                            amount=amount)))
    s = report.summary
    if s.games:
        console.print(Text(t("report.totals", source=report.source, games=s.games,
                             clean=s.clean, renuncias=s.renuncias, log_errors=s.log_errors,
                             syntax_errors=s.syntax_errors),
                           style="green" if s.clean == s.games else "bold"))
    else:
        console.print(Text(t("report.no_games", source=report.source), style="yellow"))
    console.print()


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


def table_view(console: Console, view: TableModel, lang: str) -> None:
    t = Words(lang)
    heading = t("report.table_after", line=view.line) if view.line else t("report.table_start")
    console.rule(Text(heading, style="bold"), align="left")

    hands = Table(box=box.SIMPLE_HEAD, title=t("report.hand_cards"), title_justify="left",
                  title_style="bold")
    hands.add_column(t("report.col.player"), no_wrap=True)
    hands.add_column(t("report.col.size"), justify="right")
    hands.add_column(t("report.col.known"), ratio=1)
    hands.add_column(t("report.col.hidden"), justify="right")
    for name, hand in view.hands.items():
        marks = ""
        if name == view.turn:
            marks += " ▶"
        if name in view.out:
            marks += " ✗"
        hands.add_row(Text(name + marks, style="bold" if name == view.turn else ""),
                      Text(str(hand.size)), Text(" ".join(hand.known)), Text(str(hand.hidden)))
    console.print(hands)

    if view.melds:
        melds = Table(box=box.SIMPLE_HEAD, title=t("report.melds"), title_justify="left",
                      title_style="bold")
        melds.add_column(t("report.col.number"), justify="right")
        melds.add_column(t("report.col.owner"), no_wrap=True)
        melds.add_column(t("report.col.meld_kind"), no_wrap=True)
        melds.add_column(t("report.col.cards"), ratio=1)
        melds.add_column(t("report.col.line"), justify="right")
        for m in view.melds:
            kind = t(f"report.meld.{m.kind}") if m.kind in ("set", "run", "invalid") else m.kind
            melds.add_row(Text(str(m.number)), Text(m.owner),
                          Text(kind, style="red" if m.kind == "invalid" else ""),
                          Text(" ".join(m.cards)), Text(str(m.line)))
        console.print(melds)
    else:
        console.print(Text(t("report.no_melds"), style="dim"))

    if view.discard_top is not None:
        console.print(Text(t("report.discard", top=view.discard_top, size=view.discard_size)))
    else:
        console.print(Text(t("report.discard_empty")))
    console.print(Text(t("report.stock", size=view.stock_size)))
    down = ", ".join(t("report.down_entry", player=p, points=view.bajadas.get(p, 0))
                     for p in view.down) or t("report.none")
    console.print(Text.assemble((t("report.down") + ": ", "bold"), down))
    console.print(Text.assemble((t("report.out") + ": ", "bold"),
                                ", ".join(view.out) or t("report.none")))
    if view.finished:
        console.print(Text(t("report.winner", winner=view.winner or t("report.nobody")),
                           style="bold green"))
    else:
        console.print(Text(t("report.turn", player=view.turn or t("report.nobody")),
                           style="bold"))
    if view.open_renuncias:
        console.print(Text(t("report.open_renuncias"), style="bold red"))
        for f in view.open_renuncias:
            console.print(Text(f"  {f.line}  {f.player or '—'}  {f.rule}  {f.message}"))


# ----------------------------------------------------------------------------- rules


def rules_tables(console: Console, catalog: RulesCatalog, lang: str) -> None:
    t = Words(lang)
    rules = Table(box=box.SIMPLE_HEAD, title=t("report.rules"), title_justify="left",
                  title_style="bold")
    rules.add_column(t("report.col.id"), no_wrap=True)
    rules.add_column(t("report.col.kind"), no_wrap=True)
    rules.add_column(t("report.col.text"), ratio=1)
    rules.add_column(t("report.col.seed"), max_width=16)
    for r in catalog.rules:
        style = KIND_STYLE.get(r.kind, "")
        rules.add_row(Text(r.id, style=style), Text(t(f"report.kind.{r.kind}")), Text(r.text),
                      Text(r.seed, style="dim"))
    console.print(rules)

    knobs = Table(box=box.SIMPLE_HEAD, title=t("report.knobs"), title_justify="left",
                  title_style="bold")
    knobs.add_column(t("report.col.knob"), no_wrap=True)
    knobs.add_column(t("report.col.default"), no_wrap=True)
    knobs.add_column(t("report.col.help"), ratio=1)
    for k in catalog.knobs:
        knobs.add_row(Text(k.name, style="bold"), Text(_knob_value(k.default)), Text(k.help))
    console.print(knobs)

    rulesets = Table(box=box.SIMPLE_HEAD, title=t("report.rulesets"), title_justify="left",
                     title_style="bold")
    rulesets.add_column("Game", no_wrap=True)
    rulesets.add_column(t("report.col.title"), ratio=1)
    rulesets.add_column(t("report.col.status"), no_wrap=True)
    for rs in catalog.rulesets:
        rulesets.add_row(Text(rs.name, style="bold"), Text(rs.title),
                         Text(t("report.supported") if rs.supported else t("report.unsupported")))
    console.print(rulesets)


def _knob_value(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"  # the tag spelling, not a translation
    return str(value)


# ----------------------------------------------------------------------------- progress


class RichProgress:
    """A progress bar on standard error, shown only on a terminal and only for
    more than a handful of files or games (:data:`cli.batch.HANDFUL`)."""

    def __init__(self, lang: str, handful: int) -> None:
        self.lang = lang
        self.handful = handful
        self.console = stderr_console()
        self._progress: Progress | None = None
        self._task: TaskID | None = None

    def start(self, total: int, unit: str) -> None:
        if total <= self.handful or not self.console.is_terminal:
            return
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        self._progress = Progress(
            "[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
            TimeRemainingColumn(), console=self.console, transient=True,
        )
        self._progress.start()
        self._task = self._progress.add_task(render("report.progress", None, self.lang),
                                             total=total)

    def advance(self) -> None:
        if self._progress is not None and self._task is not None:
            self._progress.advance(self._task)

    def __enter__(self) -> RichProgress:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None
