"""The CLI reference (``reference/cli.md``), written from the typer app itself
(:func:`referee.cli.app.build_app`): each command's usage, help, options and examples as
``referee COMMAND --help`` shows them, in English."""

from __future__ import annotations

import html
from typing import Any

INDENT = "  "  # the help's examples: one per line, indented


def plain(markup: str) -> str:
    """The text of typer's rich help markup (``[bold]``, ``\\[`` escapes)."""
    from rich.text import Text

    return Text.from_markup(markup).plain


def escape(text: str) -> str:
    return html.escape(text, quote=False).replace("|", "\\|").replace("*", "\\*")


def help_markdown(markup: str) -> list[str]:
    """A command's help as Markdown: its paragraphs, its examples as a shell block."""
    lines: list[str] = []
    for paragraph in plain(markup).split("\n\n"):
        rows = paragraph.split("\n")
        if all(row.startswith(INDENT) for row in rows):
            lines += ["```sh", *(row[len(INDENT):] for row in rows), "```", ""]
        elif len(rows) == 1 and len(paragraph) < 20 and not paragraph.endswith("."):
            lines += [f"**{escape(paragraph)}**", ""]  # a heading such as "Examples"
        else:
            lines += [escape(" ".join(rows)), ""]
    return lines


def value_of(param: Any) -> str:
    """What an option takes: its metavar (with the range it allows), or nothing for a flag."""
    if getattr(param, "is_flag", False) or param.param_type_name == "argument":
        return ""
    name = param.metavar or param.name.upper()
    low, high = getattr(param, "min", None), getattr(param, "max", None)
    if low is not None or high is not None:
        name += f" ({low if low is not None else ''}..{high if high is not None else ''})"
    return f"`{name}`"


def default_of(param: Any) -> str:
    if param.required:
        return "required"
    if param.show_default and param.default not in (None, False):
        return f"`{param.default}`"
    return ""


def params_table(params: list[Any]) -> list[str]:
    rows = []
    for param in params:
        if getattr(param, "hidden", False):
            continue
        if param.param_type_name == "argument":
            many = "..." if param.nargs == -1 else ""
            names = f"`{param.metavar or param.name.upper()}{many}`"
        else:
            names = ", ".join(f"`{opt}`" for opt in [*param.opts, *param.secondary_opts])
        repeat = " (repeatable)" if param.multiple else ""
        rows.append(f"| {names} | {value_of(param)} | {default_of(param)} | "
                    f"{escape(plain(param.help or ''))}{repeat} |")
    if not rows:
        return []
    return ["| Option | Value | Default | What it does |", "| --- | --- | --- | --- |", *rows, ""]


def cli_markdown() -> str:
    import typer.main

    from referee.cli.app import build_app

    group: Any = typer.main.get_command(build_app("en"))
    root = group.context_class(group, info_name="referee")
    lines = ["# The `referee` command", "",
             "Written from the `referee` typer app each time the site is built: what "
             "`referee --help` and `referee COMMAND --help` print, in English "
             "(`--lang es` prints it in Spanish). How each command is used, with real "
             "runs: [The command and the HTTP API](../cli-api.md).", "",
             "```text", group.get_usage(root), "```", "", *help_markdown(group.help or ""),
             "## Options of every command", "", *params_table(group.params)]
    lines += ["| Command | What it does |", "| --- | --- |"]
    lines += [f"| [`referee {name}`](#{name}) | {escape(plain(command.short_help or ''))} |"
              for name, command in group.commands.items()]
    for name, command in group.commands.items():
        context = command.context_class(command, info_name=name, parent=root)
        lines += ["", f"## referee {name} {{ #{name} }}", "", "```text",
                  command.get_usage(context), "```", "", *help_markdown(command.help or ""),
                  *params_table(command.params)]
    return "\n".join(lines).rstrip("\n") + "\n"
