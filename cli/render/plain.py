"""The human report written straight as text where rich would draw plain lines.

When standard output is not a terminal (a file, a pipe) and has no colours, rich
draws a line of :class:`~rich.text.Text` that fits the width as that line's
characters and a newline, and a rule as its title, a blank and the rule's
characters up to the width; finding that out costs rich about a hundred
microseconds a line (segments, measuring, wrapping). :class:`PlainConsole` writes
such lines itself and hands everything else to rich (tables, a line that would
wrap or be cut, a control or tab character, a character wider or narrower than one
cell, trailing blanks), so the bytes are rich's either way (docs/performance.md;
``tests/cli/test_plain.py`` compares them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from rich.console import Console, JustifyMethod
    from rich.text import Text

    from referee.cli.render.console import ConsoleSpec
    from referee.report.json import TextSink


class Canvas(Protocol):
    """What the report draws on: a rich console, or :class:`PlainConsole`."""

    def print(self, *objects: Any) -> None: ...

    def rule(self, title: Text, *, characters: str = ..., align: Any = ...) -> None: ...


def _cells(text: str) -> int | None:
    """The width of ``text`` in cells when rich would write it as it is: printable, no
    trailing blank, every character one cell wide; None otherwise."""
    if not text.isprintable() or text.endswith(" "):
        return None
    if text.isascii():
        return len(text)
    from rich.cells import cell_len

    return len(text) if cell_len(text) == len(text) else None


class PlainConsole:
    """A console for :class:`~referee.cli.render.console.ConsoleSpec` ``spec`` (not a
    terminal, no colours, UTF-8: :meth:`ConsoleSpec.plain`) writing into ``out``."""

    def __init__(self, spec: ConsoleSpec, out: TextSink) -> None:
        self.spec = spec
        self.out = out
        self.width = spec.width
        self._rich: Console | None = None

    def rich(self) -> Console:
        if self._rich is None:
            self._rich = self.spec.console(self.out)
        return self._rich

    def print(self, *objects: Any) -> None:
        if not objects:
            self.out.write("\n")
            return
        if len(objects) == 1:
            from rich.text import Text

            text = objects[0]
            if type(text) is Text and text.end == "\n" and not text.justify and (
                    not text.overflow and not text.no_wrap):
                cells = _cells(text.plain)
                if cells is not None and cells <= self.width:
                    self.out.write(text.plain + "\n")
                    return
        self.rich().print(*objects)

    def rule(self, title: Text, *, characters: str = "─", align: Any = "center") -> None:
        cells = _cells(title.plain)
        if align == "left" and cells and cells <= self.width - 2 and (
                len(characters) == 1 and _cells(characters) == 1):
            self.out.write(title.plain + " " + characters * (self.width - cells - 1) + "\n")
            return
        self.rich().rule(title, characters=characters, align=align)

    def fits(self, text: str) -> bool:
        """Whether :meth:`print` writes a line of ``text`` (a new :class:`~rich.text.Text`
        of it) itself: one line, no layout."""
        cells = _cells(text)
        return cells is not None and cells <= self.width


# The report's usual lines, drawn without a rich Text where PlainConsole writes them
# itself: building the Text (its control-code strip, its spans) was half of drawing a
# clean game (docs/performance.md). A line that does not fit, or any other canvas, gets
# the Text it always had, so the bytes are the same either way.

Part = str | tuple[str, str]  # a text, or a text and its style (``Text.assemble``'s parts)


def _joined(parts: tuple[Part, ...]) -> str:
    return "".join([part if isinstance(part, str) else part[0] for part in parts])


def print_line(console: Canvas, text: str, style: str = "") -> None:
    """``console.print(Text(text, style=style))``."""
    if type(console) is PlainConsole and console.fits(text):
        console.out.write(text + "\n")
        return
    from rich.text import Text

    console.print(Text(text, style=style))


def print_parts(console: Canvas, *parts: Part) -> None:
    """``console.print(Text.assemble(*parts))``."""
    if type(console) is PlainConsole:
        text = _joined(parts)
        if console.fits(text):
            console.out.write(text + "\n")
            return
    from rich.text import Text

    console.print(Text.assemble(*parts))


def rule_left(console: Canvas, *parts: Part) -> None:
    """``console.rule(Text.assemble(*parts), align="left")``."""
    if type(console) is PlainConsole:
        title = _joined(parts)
        cells = _cells(title)
        if cells and cells <= console.width - 2:
            console.out.write(title + " " + "─" * (console.width - cells - 1) + "\n")
            return
    from rich.text import Text

    console.rule(Text.assemble(*parts), align="left")


def print_table(console: Canvas, title: str, columns: Sequence[tuple[str, JustifyMethod]],
                rows: Sequence[Sequence[str]]) -> None:
    """``console.print`` of ``Table(box=box.SIMPLE_HEAD, title=title, title_justify="left",
    title_style="bold")`` with ``columns`` (a header and how it is justified; the first
    column does not wrap) and ``rows`` of plain texts. rich lays such a table out in a
    couple of milliseconds (it measures and renders every cell); when it fits the plain
    console's width as it is, its layout is simple and written here: every column as wide
    as its widest text and a blank at each side, a blank between columns and at each
    edge, the title padded to the table's width, a blank line above the headers and
    below the rows, a rule under the headers."""
    if type(console) is PlainConsole:
        lines = _plain_table(title, columns, rows, console.width)
        if lines is not None:
            console.out.write("\n".join(lines) + "\n")
            return
    from rich import box
    from rich.table import Table
    from rich.text import Text

    table = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", title_style="bold")
    for at, (header, justify) in enumerate(columns):
        table.add_column(header, justify=justify, no_wrap=at == 0)
    for row in rows:
        table.add_row(*(Text(cell) for cell in row))
    console.print(table)


def _plain_table(title: str, columns: Sequence[tuple[str, JustifyMethod]],
                 rows: Sequence[Sequence[str]], width: int) -> list[str] | None:
    """The lines of :func:`print_table`'s table as rich draws them on a plain console of
    ``width`` cells; None when rich would do more than lay it out (a text it would wrap
    or pad otherwise, markup or an emoji code in a title or header, a table too wide)."""
    if any(mark in text for text in (title, *(h for h, _ in columns)) for mark in "[:"):
        return None
    widths = []
    for at, (header, justify) in enumerate(columns):
        widest = _cells(header)
        if widest is None or justify not in ("left", "right"):
            return None
        for row in rows:
            cells = _cells(row[at])
            if cells is None:
                return None
            widest = max(widest, cells)
        widths.append(widest + 2)  # the padding, a blank each side
    edges = 2 + len(widths) - 1  # the table's edges and the blanks between its columns
    if sum(widths) > width - edges:
        return None
    table_width = sum(widths) + edges
    title_cells = _cells(title)
    if title_cells is None or title_cells > table_width:
        return None

    def line(texts: Sequence[str]) -> str:
        return " " + " ".join(
            " " + (text.ljust(w - 2) if justify == "left" else text.rjust(w - 2)) + " "
            for text, w, (_, justify) in zip(texts, widths, columns, strict=True)) + " "

    blank = " " * table_width
    heading = [title.ljust(table_width)] if title else []  # rich draws no empty title
    return [*heading, blank, line([h for h, _ in columns]),
            " " + "─" * (table_width - 2) + " ", *map(line, rows), blank]
