"""``referee``: the typer app, built from the commands declared in :mod:`referee.cli.options`.

Each :class:`~referee.cli.options.Command` becomes a typer command whose signature is
made from its parameters (names, option names, types, metavars, ranges) and whose
help comes from the catalogs (:mod:`referee.i18n.cli`, :mod:`referee.i18n.commands`) in
the language asked for: typer draws the help before it reads any option, so
:func:`help_lang` reads ``--lang`` from the command line (or ``REFEREE_LANG``) first.
The command itself runs without typer (:mod:`referee.cli.commands`); a plain
``referee audit`` command line does not even come here (:mod:`referee.cli.entry`).

Start-up stays lean: this module imports only typer and the standard library at the
top; each command imports what it needs (``serve`` alone imports FastAPI and uvicorn).
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from referee import __version__
from referee.cli.common import CliExit
from referee.cli.options import COMMANDS, LANG, REQUIRED, Command, Param
from referee.cli.typer_words import command_classes
from referee.messages import LANGS, render


def help_lang(args: Sequence[str]) -> str:
    """The language of the help: ``--lang X``/``-l X``/``--lang=X`` among ``args``, else
    ``REFEREE_LANG``, else English (an unknown value is English; the command warns)."""
    from referee.messages import resolve_lang

    value = None
    for i, arg in enumerate(args):
        if arg in ("--lang", "-l") and i + 1 < len(args):
            value = args[i + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
    lang = resolve_lang(value)
    return lang if lang in LANGS else "en"


def _text(key: str, lang: str) -> str:
    """A catalog text as typer's rich help shows it (square brackets are not markup)."""
    return render(key, None, lang).replace("[", "\\[")


def _example(text: str) -> str:
    """An example command line, ``{other_game}`` filled in with a registered game (the
    second, when there are two or more: the first is every command's default)."""
    if "{other_game}" not in text:
        return text
    from referee.games import names

    games = names()
    other = games[1] if len(games) > 1 else games[0] if games else "GAME"
    return text.replace("{other_game}", other)


def command_help(name: str, lang: str, examples: Sequence[str] = ()) -> str:
    """A command's help: the summary, its paragraphs (one line each: rich keeps line
    breaks), then the examples one per line."""
    parts = [_text(f"cli.{name}.summary", lang), *_text(f"cli.{name}.details", lang).split("\n\n")]
    if examples:
        parts.append(f"[bold]{render('cli.examples', None, lang)}[/bold]")
        parts.append("\n".join("  " + _example(e).replace("[", "\\[") for e in examples))
    return "\n\n".join(parts)


def _annotation(param: Param, lang: str) -> Any:
    """The typed annotation typer reads a parameter from."""
    kind: Any = param.type
    if param.multiple:
        kind = list[kind]
    if param.default is None:
        kind = kind | None
    info: dict[str, Any] = {"help": _text(param.help, lang), "show_default": param.show_default}
    if param.metavar is not None:
        info["metavar"] = param.metavar
    if param.min is not None:
        info["min"] = param.min
    if param.max is not None:
        info["max"] = param.max
    if param.is_argument:
        return Annotated[kind, typer.Argument(**info)]
    if param.type is Path:
        info["dir_okay"] = False
    return Annotated[kind, typer.Option(*param.decls, **info)]


def _load(target: str) -> Callable[..., int]:
    module, _, name = target.partition(":")
    run: Callable[..., int] = getattr(importlib.import_module(module), name)
    return run


def _callback(command: Command) -> Callable[..., None]:
    """A function typer can read: the command's parameters as its signature; it runs the
    command and exits with its status. A ``--lang`` given before the command
    (``referee --lang es audit ...``) stands when the command has none of its own."""

    def run(ctx: typer.Context, **kwargs: Any) -> None:
        if "lang" in kwargs and kwargs["lang"] is None:
            kwargs["lang"] = (ctx.find_root().obj or {}).get("lang")
        try:
            status = _load(command.run)(**kwargs)
        except CliExit as exc:
            raise typer.Exit(exc.code) from None
        raise typer.Exit(status)

    run.__name__ = command.name.replace("-", "_")
    return run


def _add(app: typer.Typer, command: Command, lang: str, cls: type[Any]) -> None:
    callback = _callback(command)
    parameters = [inspect.Parameter("ctx", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    annotation=typer.Context)]
    for param in command.params:
        default = inspect.Parameter.empty if param.default is REQUIRED else param.default
        parameters.append(inspect.Parameter(param.name, inspect.Parameter.KEYWORD_ONLY,
                                            default=default, annotation=_annotation(param, lang)))
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__annotations__ = {p.name: p.annotation for p in parameters}
    app.command(command.name, help=command_help(command.name, lang, command.examples),
                short_help=_text(f"cli.{command.name}.summary", lang), cls=cls,
                options_metavar=render("cli.typer.options_metavar", None, lang))(callback)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"referee {__version__}")
        raise typer.Exit()


def _root(lang: str) -> Callable[..., None]:
    """The app's own options: ``--version``/``-V`` and ``--lang`` for every command."""

    def root(ctx: typer.Context, **kwargs: Any) -> None:
        ctx.obj = {"lang": kwargs.get("lang")}

    annotations: dict[str, Any] = {
        "ctx": typer.Context,
        "version": Annotated[bool, typer.Option("--version", "-V", callback=_version,
                                                is_eager=True,
                                                help=_text("cli.opt.version", lang))],
        "lang": _annotation(LANG, lang),
    }
    defaults = {"ctx": inspect.Parameter.empty, "version": False, "lang": None}
    root.__signature__ = inspect.Signature([  # type: ignore[attr-defined]
        inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD if name == "ctx"
                          else inspect.Parameter.KEYWORD_ONLY, default=defaults[name],
                          annotation=annotation)
        for name, annotation in annotations.items()])
    root.__annotations__ = annotations
    return root


def build_app(lang: str = "en") -> typer.Typer:
    """The ``referee`` app, its help and typer's own words in ``lang``."""
    command_cls, group_cls = command_classes(lang)
    app = typer.Typer(
        name="referee",
        cls=group_cls,
        help=command_help("app", lang, ("referee audit friday.rummy",
                                        "referee audit logs/ --json",
                                        "referee standings logs/torneo",
                                        "referee replay friday.rummy --at 20",
                                        "referee rules --lang es", "referee serve")),
        no_args_is_help=True,
        add_completion=True,
        rich_markup_mode="rich",
        context_settings={"help_option_names": ["-h", "--help"]},
        options_metavar=render("cli.typer.options_metavar", None, lang),
        subcommand_metavar=render("cli.typer.subcommand_metavar", None, lang),
    )

    app.callback()(_root(lang))
    for command in COMMANDS:
        _add(app, command, lang, command_cls)
    return app


app = build_app("en")
"""The app with its help in English (``build_app`` for another language)."""


def run_app(args: Sequence[str]) -> None:
    """The ``referee`` command line read by typer, its help in the language asked for."""
    build_app(help_lang(args))(args=list(args), prog_name="referee")
