"""``referee simulate``: random, legal games (51, or Rummy argentino hands or matches) as a
``.rummy`` log (:mod:`referee.sim`)."""

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


def run_simulate(game: str = "51", games: int | None = None, matches: int | None = None,
                 players: str | None = None, seed: int = 0, sets: list[str] | None = None,
                 hidden: bool = False, lang: str | None = None,
                 output: Path | None = None) -> int:
    from referee.sim import GAMES, SimulationError, simulate_text

    code = cli_lang(lang)
    knobs = parse_sets(sets, code)
    name = game.lower()
    if name not in GAMES:
        fail(render("report.sim_unknown_game", {"game": game}, code), code)
    if games is not None and matches is not None:
        fail(render("report.sim_games_and_matches", None, code), code)
    low, high = GAMES[name]
    text = players or f"{low}..{high}"
    try:
        span = parse_players(text, high)
    except ValueError:
        fail(render("report.bad_players", {"text": text, "low": low, "high": high}, code), code)
    check_output(output, code)
    count = matches if matches is not None else games or 1
    try:
        log = simulate_text(name, count, span, seed, knobs or None, hidden=hidden, lang=code,
                            matches=matches is not None)
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
