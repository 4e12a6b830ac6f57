"""``referee``: the command line of 51 Referee.

Commands: ``audit`` (the referee's report on one or many logs), ``fmt``
(canonical notation), ``replay`` (the table after a line), ``rules`` (every
rule id and knob), ``simulate`` (random legal logs) and ``serve`` (the HTTP API).

Start-up stays lean: this module imports only typer and the standard library
at the top; each command imports what it needs (the audit never imports
FastAPI or uvicorn; ``serve`` does, lazily). A plain ``referee audit`` command
line does not even come here: :mod:`referee.cli.entry` runs it without typer (and the
pydantic typer uses), calling the same :func:`referee.cli.audit_command.run_audit`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from referee import __version__
from referee.cli.common import EXIT_CLEAN as EXIT_CLEAN
from referee.cli.common import EXIT_FINDINGS as EXIT_FINDINGS
from referee.cli.common import EXIT_UNREADABLE, CliExit

if TYPE_CHECKING:
    from referee.notation.events import GameRecord

app = typer.Typer(
    name="referee",
    help=(
        "51 Referee: audits recorded games of the Colombian rummy 51 (La 51) and judges "
        "every card.\n\n"
        "Messages and headings follow --lang or REFEREE_LANG (en, es); rule ids never "
        "change. Run referee COMMAND --help for each command's options and examples.\n\n"
        "[bold]Examples[/bold]\n\n"
        "  referee audit friday.rummy\n"
        "  referee audit logs/ --json\n"
        "  referee rules --lang es\n"
        "  referee serve"
    ),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
)


class Lang(StrEnum):
    en = "en"
    es = "es"


LangOption = Annotated[
    Lang | None,
    typer.Option("--lang", "-l", case_sensitive=False, show_default=False,
                 help="Language of messages and headings: en or es (default: REFEREE_LANG, "
                      "else en). Rule ids never change."),
]
SetOption = Annotated[
    list[str] | None,
    typer.Option("--set", "-s", metavar="KNOB=VALUE", show_default=False,
                 help="Override a house rule for this run, over the log's own tags; repeat it "
                      "for several. Example: --set MinOpen=71 --set RunMin=3. "
                      "See `referee rules` for every knob."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")]
FileArgument = Annotated[str, typer.Argument(metavar="FILE", help="A log file, or - for stdin.")]
EncodingOption = Annotated[
    str | None,
    typer.Option("--encoding", metavar="NAME", show_default=False,
                 help="Read the logs in this encoding (cp1252, latin-1, utf-16...) instead of "
                      "UTF-8."),
]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"referee {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """51 Referee."""


# ----------------------------------------------------------------------------- helpers


def _help(summary: str, *paragraphs: str, examples: tuple[str, ...] = ()) -> str:
    """A command's help: a one-line summary, paragraphs (one line each: rich keeps line
    breaks), then the examples one per line."""
    parts = [summary, *paragraphs]
    if examples:
        parts.append("[bold]Examples[/bold]")
        parts.append("\n".join("  " + e.replace("[", "\\[") for e in examples))
    return "\n\n".join(parts)


def _lang(lang: Lang | None) -> str:
    from referee.messages import resolve_lang

    return resolve_lang(lang.value if lang is not None else None)


def _fail(message: str, lang: str, code: int = EXIT_UNREADABLE) -> NoReturn:
    from referee.cli.errors import error

    error(message, lang)
    raise typer.Exit(code)


def parse_sets(values: list[str] | None, lang: str) -> dict[str, str]:
    """``KNOB=VALUE`` options as overrides (canonical knob names); exit 2 on a bad one."""
    from referee.cli import common

    try:
        return common.parse_sets(values, lang)
    except CliExit as exc:
        raise typer.Exit(exc.code) from None


def _read_one(path: str, lang: str, encoding: str | None = None) -> tuple[str, str]:
    """(source name, text) of a file or ``-``; exit 2 when it cannot be read."""
    from referee.cli.batch import read_source, source_name
    from referee.cli.common import check_encoding
    from referee.messages import render

    try:
        check_encoding(encoding, lang)
    except CliExit as exc:
        raise typer.Exit(exc.code) from None
    if path != "-" and not Path(path).is_file():
        reason = render("report.no_such_file", None, lang)
        _fail(render("report.cannot_read", {"path": path, "reason": reason}, lang), lang)
    text, error = read_source(path, lang, encoding)
    if text is None:
        _fail(error or path, lang)
    return source_name(path), text


def _syntax_problems(source: str, records: Sequence[GameRecord], lang: str) -> bool:
    """Print every syntax error of ``records`` on standard error; True if there was one."""
    from referee.cli.batch import SyntaxNote
    from referee.cli.errors import syntax_notes
    from referee.engine.findings import SYNTAX_ERROR, Finding
    from referee.report.model import finding_message

    notes = []
    for record in records:
        for p in record.errors:
            params = dict(p.params) | {"message": p.message, "context": p.context}
            finding = Finding(SYNTAX_ERROR, "syntax-error", None, p.line, p.key, params,
                              column=p.column)
            notes.append(SyntaxNote(p.line, p.column, finding_message(finding, lang), p.context))
    syntax_notes(source, notes, lang)
    return bool(notes)


# ----------------------------------------------------------------------------- audit


@app.command(help=_help(
    "Audit game logs: renuncias, log errors, calls, eliminations, winner, payments.",
    "Exit status: 0 every game clean; 1 some renuncia or log error; 2 a file could not be "
    "read, has a syntax error or holds no game. Reports go to standard output; errors (file, "
    "line, column, a caret under the spot) to standard error.",
    "Several files or a folder add a summary table (worst files first) and flag games that "
    "appear twice. A file with several games ends with the night's settlement, netted.",
    examples=(
        "referee audit friday.rummy",
        "referee audit friday.rummy --json",
        "referee audit friday.rummy --set MinOpen=71 --set RunMin=3",
        "cat friday.rummy | referee audit -",
        "referee audit logs/ --jobs 4 --summary-csv night.csv",
        "referee audit old-windows-log.rummy --encoding cp1252",
        "REFEREE_LANG=es referee audit friday.rummy",
    ),
))
def audit(
    paths: Annotated[
        list[str],
        typer.Argument(metavar="PATH", show_default=False,
                       help="Log files (.rummy), folders (every *.rummy below them, sorted) "
                            "or - for standard input."),
    ],
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print the JSON report: one object for one file (or -), a list for "
                       "several files or a folder.")] = False,
    sets: SetOption = None,
    lang: LangOption = None,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", min=1, show_default=False,
        help="Files audited in parallel (default: the CPU count; 1 runs everything in this "
             "process).")] = None,
    summary_csv: Annotated[Path | None, typer.Option(
        "--summary-csv", metavar="FILE", dir_okay=False, show_default=False,
        help="Also write one CSV row per game: file, game, line, players, finished, winner, "
             "renuncias, log_errors, syntax_errors, clean, duplicate_of, error.")] = None,
    encoding: EncodingOption = None,
) -> None:
    from referee.cli.audit_command import run_audit

    try:
        status = run_audit(paths, as_json, sets, None if lang is None else lang.value, jobs,
                           summary_csv, encoding)
    except CliExit as exc:
        raise typer.Exit(exc.code) from None
    raise typer.Exit(status)


# ----------------------------------------------------------------------------- fmt


@app.command(help=_help(
    "Print the games of a log in canonical notation.",
    "Tags first, then deals and the stock, then one event a line. A log with a syntax error "
    "is not printed: the errors go to standard error and the exit status is 2.",
    examples=(
        "referee fmt friday.rummy > friday.clean.rummy",
        "referee fmt friday.rummy --lang es --symbols",
    ),
))
def fmt(
    file: FileArgument,
    lang: Annotated[Lang | None, typer.Option(
        "--lang", "-l", case_sensitive=False, show_default=False,
        help="Keywords of the output (en: draw, meld...; es: roba, baja...) and language "
             "of errors. Default: REFEREE_LANG, else en.")] = None,
    symbols: Annotated[bool, typer.Option(
        "--symbols", help="Write suits as ♣ ♦ ♥ ♠ instead of c d h s.")] = False,
    encoding: EncodingOption = None,
) -> None:
    code = _lang(lang)
    source, text = _read_one(file, code, encoding)
    from referee.notation.reader import read_games

    records = read_games(text, source)
    if _syntax_problems(source, records, code):
        raise typer.Exit(EXIT_UNREADABLE)
    from referee.notation.writer import format_games

    sys.stdout.write(format_games(records, lang=code, symbols=symbols))


# ----------------------------------------------------------------------------- replay


@app.command(help=_help(
    "Show the table after a line of the log.",
    "Each hand (known cards and hidden count), the melds with their numbers, owners, kinds "
    "and cards, the discard pile, the stock, who is down (with bajada points), who is out, "
    "whose turn it is and the open renuncias.",
    examples=(
        "referee replay friday.rummy --at 20",
        "referee replay tournament.rummy --game 3 --json",
    ),
))
def replay(
    file: FileArgument,
    game: Annotated[int, typer.Option("--game", "-g", min=1,
                                      help="Which game of the file (1 is the first).")] = 1,
    at: Annotated[int | None, typer.Option(
        "--at", metavar="LINE", min=0, show_default=False,
        help="Show the table right after this line of the file (default: the end).")] = None,
    sets: SetOption = None,
    lang: LangOption = None,
    as_json: JsonOption = False,
    encoding: EncodingOption = None,
) -> None:
    code = _lang(lang)
    overrides = parse_sets(sets, code)
    source, text = _read_one(file, code, encoding)
    from referee.audit import series_before
    from referee.engine import replay_to
    from referee.messages import render
    from referee.notation.reader import read_games
    from referee.report.table import table_data

    records = read_games(text, source)
    if game > len(records):
        _fail(render("report.no_game", {"source": source, "game": game, "count": len(records)},
                     code), code)
    record = records[game - 1]
    try:
        view = replay_to(record, at, overrides, series_before(records, game - 1, overrides))
    except ValueError as exc:  # a game the engine cannot replay (no players, bad header...)
        _syntax_problems(source, [record], code)
        _fail(f"{source}: {exc}", code)
    model = table_data(view, code)
    if as_json:
        import json

        sys.stdout.write(json.dumps(model, indent=2, ensure_ascii=False) + "\n")
    else:
        from referee.cli.render import stdout_console, table_view

        table_view(stdout_console(), model, code)
    if _syntax_problems(source, [record], code):
        raise typer.Exit(EXIT_UNREADABLE)


# ----------------------------------------------------------------------------- rules


@app.command(help=_help(
    "List every rule id and every house-rule knob.",
    "Rule ids (renuncias, log errors, notices) with what they mean and the seed they come "
    "from; knobs with their default and meaning. Ids are the same in every language.",
    examples=("referee rules", "referee rules --game rummy-argentino --lang es",
              "referee rules --json"),
))
def rules(
    as_json: JsonOption = False,
    lang: LangOption = None,
    game: Annotated[str | None, typer.Option(
        "--game", "-g", metavar="GAME", show_default=False,
        help="Only this game's rules and knobs: 51 or rummy-argentino (the Game tag).")]
    = None,
) -> None:
    from referee.report.catalog import rules_catalog
    from referee.variants import REGISTRY

    code = _lang(lang)
    if game is not None and game not in REGISTRY:
        from referee.messages import render

        _fail(render("report.unknown_game", {"game": game, "known": ", ".join(REGISTRY)},
                     code), code)
    catalog = rules_catalog(code, game)
    if as_json:
        import json

        sys.stdout.write(json.dumps(catalog, indent=2, ensure_ascii=False) + "\n")
        return
    from referee.cli.render import rules_tables, stdout_console

    rules_tables(stdout_console(), catalog, code)


# ----------------------------------------------------------------------------- simulate


def parse_players(text: str, high: int = 6) -> tuple[int, int]:
    """``4`` → (4, 4); ``2..6`` → (2, 6). ValueError outside 2..``high`` or when reversed."""
    low, sep, last_text = text.replace("-", "..").partition("..")
    first = int(low)
    last = int(last_text) if sep else first
    if not 2 <= first <= last <= high:
        raise ValueError(text)
    return first, last


class SimGame(StrEnum):
    la51 = "51"
    argentino = "rummy-argentino"


@app.command(help=_help(
    "Write random, legal games as a .rummy log.",
    "51 games, or Rummy argentino hands (--games) or whole matches (--matches, played until "
    "someone reaches Target). Every game is played to its end. For tests, benchmarks and "
    "demos: the same seed gives the same log.",
    examples=(
        "referee simulate --games 10 --players 2..6 --seed 7 -o night.rummy",
        "referee simulate --players 4 --set MinOpen=71 --hidden --lang es",
        "referee simulate --game rummy-argentino --games 20 --players 2..8",
        "referee simulate --game rummy-argentino --matches 2 --set Target=300",
    ),
))
def simulate(
    game: Annotated[SimGame, typer.Option(
        "--game", "-g", case_sensitive=False,
        help="The game: 51 or rummy-argentino.")] = SimGame.la51,
    games: Annotated[int | None, typer.Option(
        "--games", "-n", min=1, show_default=False,
        help="How many games (Rummy argentino: hands, each standing alone). Default 1.")] = None,
    matches: Annotated[int | None, typer.Option(
        "--matches", "-m", min=1, show_default=False,
        help="Rummy argentino: how many whole matches (hands with the Match tag, seats "
             "rotating, until a total reaches Target).")] = None,
    players: Annotated[str | None, typer.Option(
        "--players", "-p", metavar="N|MIN..MAX", show_default=False,
        help="Players per game: a count, or a range like 2..6 (51: 2 to 6, the default "
             "2..6; Rummy argentino: 2 to 8, the default 2..8).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Random seed: the same seed, the same "
                                                     "log.")] = 0,
    sets: SetOption = None,
    hidden: Annotated[bool, typer.Option(
        "--hidden", help="Record the games without deal and stock lines, every draw as ?? "
                         "or bare.")] = False,
    lang: LangOption = None,
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", metavar="FILE", dir_okay=False, show_default=False,
        help="Write the log to FILE instead of standard output.")] = None,
) -> None:
    from referee.messages import render
    from referee.sim import GAMES, SimulationError, simulate_text

    code = _lang(lang)
    knobs = parse_sets(sets, code)
    if games is not None and matches is not None:
        _fail(render("report.sim_games_and_matches", None, code), code)
    low, high = GAMES[game.value]
    text = players or f"{low}..{high}"
    try:
        span = parse_players(text, high)
    except ValueError:
        _fail(render("report.bad_players", {"text": text, "low": low, "high": high}, code),
              code)
    count = matches if matches is not None else games or 1
    try:
        log = simulate_text(game.value, count, span, seed, knobs or None, hidden=hidden,
                            lang=code, matches=matches is not None)
    except SimulationError as exc:
        _fail(render(exc.key, exc.params, code), code)
    if output is None:
        sys.stdout.write(log)
        return
    try:
        output.write_text(log, encoding="utf-8")
    except OSError as exc:
        _fail(render("report.cannot_write",
                     {"path": str(output), "reason": exc.strerror or str(exc)}, code), code)


# ----------------------------------------------------------------------------- serve


@app.command(help=_help(
    "Serve the page (/, shared verdicts at /v/ID) and the HTTP API (POST /v1/audit, "
    "/v1/verdicts, GET /v1/rules, GET /healthz, docs at /docs).",
    "Listens on loopback only unless --host says otherwise. The body limit comes from "
    "REFEREE_MAX_BODY_BYTES (default 1 MiB); shared verdicts go to REFEREE_DATABASE_URL "
    "(default: a SQLite file in ~/.local/share/referee51).",
    examples=(
        "referee serve",
        "referee serve --port 9000",
        "curl -s -H 'Content-Type: text/plain' --data-binary @friday.rummy "
        "localhost:8051/v1/audit",
    ),
))
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on. The default is loopback "
                                           "only; 0.0.0.0 opens it to the network.")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="TCP port.")] = 8051,
    log_level: Annotated[str, typer.Option("--log-level", help="uvicorn log level.")] = "info",
) -> None:
    import uvicorn
    from pydantic import ValidationError

    code = _lang(None)
    try:
        from referee.api.app import create_app

        application = create_app()
    except ValidationError as exc:  # a bad REFEREE_* setting in the environment
        _fail(str(exc), code)
    uvicorn.run(application, host=host, port=port, log_level=log_level)


def main() -> None:
    """The ``referee`` command: :func:`referee.cli.entry.main` (``audit`` without typer's start-up
    when it can, this app otherwise)."""
    from referee.cli.entry import main as entry

    entry()


if __name__ == "__main__":
    main()
