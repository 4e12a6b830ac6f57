"""The batch's summary: the table of files (worst first) and the duplicates."""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from referee.cli.render.console import Words

if TYPE_CHECKING:
    from referee.cli.batch.fingerprint import Duplicate
    from referee.cli.batch.summary import FileStats


def batch_summary(console: Console, stats: Sequence[FileStats], dups: Collection[Duplicate],
                  lang: str) -> None:
    """The batch table, worst files first; names shown relative to their common folder.
    Renuncias, log errors and syntax errors are numbers of findings."""
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
        ("report.col.with_renuncias", lambda r: r.renuncias),
        ("report.col.with_log_errors", lambda r: r.log_errors),
        ("report.col.with_syntax_errors", lambda r: r.syntax_errors),
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
