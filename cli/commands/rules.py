"""``referee rules``: every rule id, knob and game."""

from __future__ import annotations

import sys

from referee.cli.common import cli_lang, fail
from referee.messages import render


def run_rules(as_json: bool = False, lang: str | None = None, game: str | None = None) -> int:
    from referee.games import games
    from referee.report.catalog import rules_catalog

    code = cli_lang(lang)
    if game is not None and game not in games():
        fail(render("report.unknown_game", {"game": game, "known": ", ".join(games())},
                    code), code)
    catalog = rules_catalog(code, game)
    if as_json:
        import json

        sys.stdout.write(json.dumps(catalog, indent=2, ensure_ascii=False) + "\n")
        return 0
    from referee.cli.render.console import stdout_console
    from referee.cli.render.rules import rules_tables

    rules_tables(stdout_console(), catalog, code)
    return 0
