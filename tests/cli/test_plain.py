"""The plain console writes exactly the bytes rich draws (cli/render/plain.py)."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.text import Text

from referee.cli.render.console import ConsoleSpec
from referee.cli.render.plain import PlainConsole, print_line, print_parts, print_table, rule_left

SPEC = ConsoleSpec(40, None, False, "utf-8", False)

PIECES = ["a", "Lucía", " ", "  ", "·", "—", "\t", "\x07", "\r", "Ä", "e\u0301", "中", "🂡",
          "\u00a0", "\u200b", "word", "x" * 39, "y" * 41, "\ufe0f", "♥", "7h", "#"]


def _both(draw: object) -> tuple[str, str]:
    plain_out, rich_out = io.StringIO(), io.StringIO()
    draw(PlainConsole(SPEC, plain_out))  # type: ignore[operator]
    draw(SPEC.console(rich_out))  # type: ignore[operator]
    return plain_out.getvalue(), rich_out.getvalue()


def _texts(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(PIECES) for _ in range(rng.randint(0, 8))) for _ in range(count)]


@pytest.mark.parametrize("seed", range(4))
def test_lines_as_rich_draws_them(seed: int) -> None:
    for text in _texts(seed, 300):
        plain, rich = _both(lambda c, text=text: c.print(Text(text, style="bold")))
        assert plain == rich, repr(text)


@pytest.mark.parametrize("seed", range(4))
def test_rules_as_rich_draws_them(seed: int) -> None:
    for text in _texts(seed + 10, 300):
        for characters in ("─", "═", "ab"):
            for align in ("left", "center"):
                plain, rich = _both(lambda c, text=text, ch=characters, al=align: c.rule(
                    Text(text), characters=ch, align=al))
                assert plain == rich, (text, characters, align)


def test_blank_lines_and_assembled_text() -> None:
    def draw(console: object) -> None:
        console.print()  # type: ignore[attr-defined]
        console.print(Text.assemble(("Winner: ", "bold"), "Lucía"))  # type: ignore[attr-defined]

    plain, rich = _both(draw)
    assert plain == rich == "\nWinner: Lucía\n"


def test_plain_only_where_rich_draws_plain_text() -> None:
    assert SPEC.plain
    assert not ConsoleSpec(40, "truecolor", False, "utf-8", False).plain
    assert not ConsoleSpec(40, None, True, "utf-8", False).plain
    assert not ConsoleSpec(40, None, False, "cp1252", False).plain


@pytest.mark.parametrize("seed", range(3))
def test_the_reports_line_helpers_draw_what_their_text_draws(seed: int) -> None:
    """print_line, print_parts and rule_left write on the plain console what rich draws
    of the Text they stand for (the report's usual lines, drawn without a Text)."""
    texts = _texts(seed + 20, 200)
    for a, b in zip(texts, reversed(texts), strict=True):
        for helper, text_of in (
                (lambda c, a=a: print_line(c, a, "dim"), lambda c, a=a: c.print(Text(a))),
                (lambda c, a=a, b=b: print_parts(c, (a, "bold"), " · ", b),
                 lambda c, a=a, b=b: c.print(Text.assemble((a, "bold"), " · ", b))),
                (lambda c, a=a, b=b: rule_left(c, (a, "bold"), " · ", b),
                 lambda c, a=a, b=b: c.rule(Text.assemble((a, "bold"), " · ", b),
                                            align="left"))):
            plain, rich = _both(helper)
            assert plain == rich == _both(text_of)[1], (a, b)


TABLE_WORDS = ["Player", "Laid", "In hand", "Total", "Jugador", "En mano", "Lucía", "Íngrid",
               "李", "-135", "0", "1220", "x" * 12, "", "[b]", "a:b", "Ana María", "ñ" * 30,
               "e\u0301", "\t", "Puntos de la mano", "Hand scores"]


@pytest.mark.parametrize("seed", range(4))
def test_tables_as_rich_draws_them(seed: int) -> None:
    """print_table writes on the plain console what rich draws of its table, whatever
    the texts and widths (it hands rich what it would lay out otherwise), on a console
    narrow enough that some tables do not fit."""
    from rich import box
    from rich.table import Table

    rng = random.Random(seed + 30)
    for _ in range(150):
        count = rng.randint(1, 6)
        columns = [(rng.choice(TABLE_WORDS), rng.choice(("left", "right")))
                   for _ in range(count)]
        rows = [[rng.choice(TABLE_WORDS) for _ in range(count)]
                for _ in range(rng.randint(0, 4))]
        title = rng.choice(TABLE_WORDS)

        def as_before(c: object, title: str = title, columns: list[Any] = columns,
                      rows: list[list[str]] = rows) -> None:
            table = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left",
                          title_style="bold")
            for at, (header, justify) in enumerate(columns):
                table.add_column(header, justify=justify, no_wrap=at == 0)
            for row in rows:
                table.add_row(*(Text(cell) for cell in row))
            c.print(table)  # type: ignore[attr-defined]

        plain, rich = _both(lambda c, t=title, co=columns, r=rows: print_table(c, t, co, r))
        assert plain == rich == _both(as_before)[1], (title, columns, rows)


def test_a_score_table_is_written_without_rich() -> None:
    out = io.StringIO()
    console = PlainConsole(ConsoleSpec(100, None, False, "utf-8", False), out)
    print_table(console, "Hand scores", [("Player", "left"), ("Total", "right")],
                [["Vero", "115"], ["Simón", "-135"]])
    assert console._rich is None  # rich was not asked
    assert out.getvalue().splitlines() == [
        "Hand scores       ", " " * 18, "  Player   Total  ", " " + "─" * 16 + " ",
        "  Vero       115  ", "  Simón     -135  ", " " * 18]
