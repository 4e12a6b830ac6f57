"""``referee simulate``: random, legal games of a game that brings a simulator (the
referee's own: :mod:`referee.sim`) as a ``.rummy`` log
(:meth:`~referee.engine.game.Variant.simulate`)."""

from __future__ import annotations

import sys
from pathlib import Path

from referee.cli.common import check_output, cli_lang, fail, parse_sets
from referee.messages import render


def parse_players(text: str, high: int = 6) -> tuple[int, int]:
    """``4`` → (4, 4); ``2..6`` → (2, 6). ValueError outside 2..``high`` or when reversed."""
    low, sep, last_text = text.replace("-", "..").partition("..")
    first = int(low)
    last = int(last_text) if sep else first
    if not 2 <= first <= last <= high:
        raise ValueError(text)
    return first, last


def simulated_games() -> dict[str, tuple[int, int]]:
    """The registered games that bring a simulator, with the player counts it plays."""
    from referee.games import games

    return {name: game.simulated_players for name, game in games().items()
            if game.simulated_players is not None}


def run_simulate(game: str | None = None, games: int | None = None,
                 matches: int | None = None, players: str | None = None, seed: int = 0,
                 sets: list[str] | None = None, hidden: bool = False,
                 lang: str | None = None, output: Path | None = None) -> int:
    from referee.games import find_game
    from referee.sim import SimulationError

    code = cli_lang(lang)
    knobs = parse_sets(sets, code)
    simulated = simulated_games()
    name = (game or next(iter(simulated), "")).lower()
    if name not in simulated:
        fail(render("report.sim_unknown_game", {"game": game, "known": ", ".join(simulated)},
                    code), code)
    if games is not None and matches is not None:
        fail(render("report.sim_games_and_matches", None, code), code)
    low, high = simulated[name]
    variant = find_game(name)
    assert variant is not None
    text = players or f"{low}..{high}"
    try:
        span = parse_players(text, high)
    except ValueError:
        fail(render("report.bad_players", {"text": text, "low": low, "high": high}, code), code)
    check_output(output, code)
    count = matches if matches is not None else games or 1
    try:
        log = variant.simulate(count, span, seed, knobs or None, hidden, code,
                               matches is not None)
    except SimulationError as exc:
        fail(render(exc.key, exc.params, code), code)
    if output is None:
        sys.stdout.write(log)
        return 0
    try:
        output.write_text(log, encoding="utf-8")
    except OSError as exc:
        fail(render("report.cannot_write",
                    {"path": str(output), "reason": exc.strerror or str(exc)}, code), code)
    return 0
