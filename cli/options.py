"""Every command of ``referee``, and each of its parameters, declared once as data.

Both readings of a command line are built from these declarations:

- :mod:`referee.cli.app` turns each :class:`Command` into a typer command (its
  signature, option names, metavars, ranges and help texts, the help in the language
  asked for);
- :func:`parse_fast` reads the plain command lines of the commands marked ``fast``
  (``referee audit FILE --json``) without importing typer, pydantic or rich, and
  gives up (None) on anything it is not sure typer would read the same way, so typer
  then reads it (and reports any error).

This module imports nothing heavy: the console script imports it on every start.
Help texts are keys of :mod:`referee.i18n.commands`.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REQUIRED: Any = ...  # the default of a parameter that must be given


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter: an option (``decls`` holds its names) or the argument (no names)."""

    name: str  # the keyword of the command's run function
    decls: tuple[str, ...]  # "--jobs", "-j"; () for the positional argument
    help: str  # a key of referee.i18n.commands
    type: type = str  # bool (a flag), str, int or Path
    multiple: bool = False  # repeatable option, or an argument taking several values
    metavar: str | None = None
    min: int | None = None
    max: int | None = None
    default: Any = None
    show_default: bool = False

    @property
    def is_argument(self) -> bool:
        return not self.decls

    @property
    def is_flag(self) -> bool:
        return self.type is bool


@dataclass(frozen=True, slots=True)
class Command:
    """A command: its name, the function that runs it (``module:function``, called with
    every parameter by keyword, returning the exit status), its parameters and examples
    (``{other_game}`` in an example: a registered game, the second when there are two).
    Its help is ``cli.NAME.summary`` and ``cli.NAME.details`` in the catalog."""

    name: str
    run: str
    params: tuple[Param, ...]
    examples: tuple[str, ...] = ()
    fast: bool = False  # read by parse_fast when it can


def _json(help_key: str = "cli.opt.json") -> Param:
    return Param("as_json", ("--json",), help_key, bool, default=False)


LANG = Param("lang", ("--lang", "-l"), "cli.opt.lang", metavar="LANG")
SETS = Param("sets", ("--set", "-s"), "cli.opt.set", multiple=True, metavar="KNOB=VALUE")
JOBS = Param("jobs", ("--jobs", "-j"), "cli.opt.jobs", int, metavar="N", min=1)
ENCODING = Param("encoding", ("--encoding",), "cli.opt.encoding", metavar="NAME")

AUDIT = Command(
    "audit", "referee.cli.commands.audit:run_audit",
    (
        Param("paths", (), "cli.audit.paths", multiple=True, metavar="PATH"),
        _json("cli.audit.json"),
        SETS,
        LANG,
        JOBS,
        Param("summary_csv", ("--summary-csv",), "cli.audit.summary_csv", Path, metavar="FILE"),
        Param("quiet", ("--quiet", "-q"), "cli.audit.quiet", bool, default=False),
        Param("fail_on", ("--fail-on",), "cli.audit.fail_on", multiple=True, metavar="KIND"),
        ENCODING,
        Param("dask", ("--dask",), "cli.audit.dask", metavar="ADDRESS"),
    ),
    examples=(
        "referee audit friday.rummy",
        "referee audit friday.rummy --json",
        "referee audit < friday.rummy",
        "referee audit friday.rummy --set MinOpen=71 --set RunMin=3",
        "referee audit logs/ --jobs 4 --summary-csv night.csv",
        "referee audit logs/ --quiet --fail-on renuncia",
        "referee audit old-windows-log.rummy --encoding cp1252",
        "referee audit archive/ --json --dask local",
        "REFEREE_LANG=es referee audit friday.rummy",
    ),
    fast=True,
)

FMT = Command(
    "fmt", "referee.cli.commands.fmt:run_fmt",
    (
        Param("paths", (), "cli.fmt.paths", multiple=True, metavar="PATH"),
        Param("check", ("--check",), "cli.fmt.check", bool, default=False),
        Param("lang", ("--lang", "-l"), "cli.fmt.lang", metavar="LANG"),
        Param("symbols", ("--symbols",), "cli.fmt.symbols", bool, default=False),
        ENCODING,
    ),
    examples=(
        "referee fmt friday.rummy > friday.clean.rummy",
        "referee fmt --check logs/",
        "referee fmt friday.rummy --lang es --symbols",
    ),
)

REPLAY = Command(
    "replay", "referee.cli.commands.replay:run_replay",
    (
        Param("file", (), "cli.replay.file", metavar="FILE", default=REQUIRED),
        Param("at", ("--at",), "cli.replay.at", int, metavar="LINE", min=1),
        Param("game", ("--game", "-g"), "cli.replay.game", int, metavar="N", min=1),
        Param("step", ("--step",), "cli.replay.step", bool, default=False),
        SETS,
        LANG,
        _json(),
        ENCODING,
    ),
    examples=(
        "referee replay friday.rummy --at 20",
        "referee replay friday.rummy --step",
        "referee replay tournament.rummy --game 3 --json",
    ),
)

RULES = Command(
    "rules", "referee.cli.commands.rules:run_rules",
    (
        _json(),
        LANG,
        Param("game", ("--game", "-g"), "cli.rules.game", metavar="GAME"),
    ),
    examples=("referee rules", "referee rules --game {other_game} --lang es",
              "referee rules --json"),
)

SIMULATE = Command(
    "simulate", "referee.cli.commands.simulate:run_simulate",
    (
        Param("game", ("--game", "-g"), "cli.simulate.game", metavar="GAME"),
        Param("games", ("--games", "-n"), "cli.simulate.games", int, metavar="N", min=1),
        Param("matches", ("--matches", "-m"), "cli.simulate.matches", int, metavar="N", min=1),
        Param("players", ("--players", "-p"), "cli.simulate.players", metavar="N|MIN..MAX"),
        Param("seed", ("--seed",), "cli.simulate.seed", int, metavar="N", default=0,
              show_default=True),
        SETS,
        Param("hidden", ("--hidden",), "cli.simulate.hidden", bool, default=False),
        LANG,
        Param("output", ("--output", "-o"), "cli.simulate.output", Path, metavar="FILE"),
    ),
    examples=(
        "referee simulate --games 10 --players 2..6 --seed 7 -o night.rummy",
        "referee simulate --players 4 --set MinOpen=71 --hidden --lang es",
        "referee simulate --game {other_game} --games 20 --players 2..8",
        "referee simulate --game {other_game} --matches 2 --set Target=300",
    ),
)

SERVE = Command(
    "serve", "referee.cli.commands.serve:run_serve",
    (
        Param("host", ("--host",), "cli.serve.host", metavar="ADDRESS", default="127.0.0.1",
              show_default=True),
        Param("port", ("--port",), "cli.serve.port", int, metavar="PORT", min=1, max=65535,
              default=8051, show_default=True),
        Param("log_level", ("--log-level",), "cli.serve.log_level", metavar="LEVEL",
              default="info", show_default=True),
        Param("workers", ("--workers", "-w"), "cli.serve.workers", int, metavar="N", min=1,
              max=64),
        Param("keep_alive", ("--keep-alive",), "cli.serve.keep_alive", int, metavar="SECONDS",
              min=1, max=3600),
        Param("request_timeout", ("--request-timeout",), "cli.serve.request_timeout", int,
              metavar="SECONDS", min=1, max=3600),
        Param("audit_timeout", ("--audit-timeout",), "cli.serve.audit_timeout", int,
              metavar="SECONDS", min=1, max=3600),
        LANG,
    ),
    examples=(
        "referee serve",
        "referee serve --port 9000",
        "referee serve --workers 4 --request-timeout 10 --audit-timeout 30",
        "curl -s -H 'Content-Type: text/plain' --data-binary @friday.rummy "
        "localhost:8051/v1/audit",
    ),
)

LSP = Command(
    "lsp", "referee.cli.commands.lsp:run_lsp",
    (
        LANG,
        Param("docs_url", ("--docs-url",), "cli.lsp.docs_url", metavar="URL"),
        Param("debounce", ("--debounce",), "cli.lsp.debounce", int, metavar="MS", min=0,
              max=10000),
    ),
    examples=(
        "referee lsp",
        "referee lsp --lang es",
        "referee lsp --docs-url http://localhost:8000 --debounce 100",
    ),
)

STANDINGS = Command(
    "standings", "referee.cli.commands.standings:run_standings",
    (
        Param("paths", (), "cli.standings.paths", multiple=True, metavar="PATH"),
        _json("cli.standings.json"),
        Param("csv", ("--csv",), "cli.standings.csv", Path, metavar="FILE"),
        SETS,
        LANG,
        JOBS,
        ENCODING,
    ),
    examples=(
        "referee standings logs/torneo",
        "referee standings logs/torneo --json",
        "referee standings logs/ --csv standings.csv --lang es",
    ),
)

NIGHT = Command(
    "night", "referee.cli.commands.night:run_night",
    (
        Param("paths", (), "cli.night.paths", multiple=True, metavar="PATH"),
        _json("cli.night.json"),
        Param("csv", ("--csv",), "cli.night.csv", Path, metavar="FILE"),
        Param("html", ("--html",), "cli.night.html", Path, metavar="FILE"),
        Param("players", ("--players",), "cli.night.players", metavar="NAMES|FILE"),
        Param("tables", ("--tables",), "cli.night.tables", metavar="MIN..MAX"),
        Param("seating", ("--seating",), "cli.night.seating", bool, default=False),
        Param("rounds", ("--rounds",), "cli.night.rounds", int, metavar="N", min=1, max=20),
        Param("method", ("--method",), "cli.night.method", metavar="METHOD"),
        Param("seed", ("--seed",), "cli.night.seed", int, metavar="N", min=0),
        Param("game", ("--game", "-g"), "cli.night.game", metavar="GAME"),
        Param("plan_csv", ("--plan-csv",), "cli.night.plan_csv", bool, default=False),
        SETS,
        LANG,
        JOBS,
        ENCODING,
    ),
    examples=(
        "referee night logs/jueves",
        "referee night logs/jueves --html jueves.html --csv jueves.csv",
        "referee night logs/jueves --json --players 'Ana Beto Caro Dani Eva Fede'",
        "referee night --seating --players players.txt --tables 3..4 --rounds 4 --seed 7",
        "referee night --seating --players 'Ana Beto Caro Dani Eva Fede Gabi' --plan-csv",
        "referee night logs/noche --lang es",
    ),
)

COMMANDS: tuple[Command, ...] = (AUDIT, STANDINGS, NIGHT, FMT, REPLAY, RULES, SIMULATE, SERVE,
                                 LSP)
"""Every command, in the order ``referee --help`` lists them."""


# ----------------------------------------------------------------------------- the fast reading


_INT = re.compile(r"[1-9][0-9]{0,5}")


def parse_fast(command: Command, args: list[str]) -> dict[str, Any] | None:
    """The keyword arguments of ``command``'s run function for ``args`` (the words after
    the command's name), as typer would pass them; None when typer should read them
    (help, ``--``, ``--opt=value``, ``-j2``, an unknown option, a value typer might
    refuse or convert otherwise)."""
    given = _read(command, args)
    if given is None:
        return None
    found: dict[str, Any] = {p.name: p.default for p in command.params}
    for param in command.params:
        values = given.get(param.name)
        if values is None:
            if param.default is REQUIRED:
                return None
            continue
        if param.is_argument and not param.multiple and len(values) > 1:
            return None
        found[param.name] = values if param.multiple else values[-1]
    return found


def _read(command: Command, args: list[str]) -> dict[str, list[Any]] | None:
    """Every value given, by parameter (flags as ``[True]``), or None when unsure."""
    options = {decl: p for p in command.params for decl in p.decls}
    argument = next((p for p in command.params if p.is_argument), None)
    given: dict[str, list[Any]] = {}
    words = iter(args)
    for arg in words:
        if arg == "-" or not arg.startswith("-"):
            if argument is None:
                return None
            given.setdefault(argument.name, []).append(arg)
            continue
        param = options.get(arg)
        if param is None:
            return None
        value = True if param.is_flag else _value(param, next(words, None))
        if value is None:
            return None
        given.setdefault(param.name, []).append(value)
    return given


def _value(param: Param, text: str | None) -> Any:
    """``text`` as typer would convert it for ``param``, or None when unsure (or missing)."""
    if text is None or (text.startswith("-") and text != "-"):
        return None
    if param.type is int:
        if not _INT.fullmatch(text):
            return None
        number = int(text)
        if (param.min is not None and number < param.min) or (
                param.max is not None and number > param.max):
            return None
        return number
    if param.type is Path:
        if not text or os.path.isdir(text):  # typer refuses a folder (dir_okay=False)
            return None
        return Path(text)
    return text
