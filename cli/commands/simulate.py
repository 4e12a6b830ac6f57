"""``referee simulate``: random, legal games as a ``.rummy`` log."""

from __future__ import annotations

import sys
from pathlib import Path

from referee.cli.common import check_output, cli_lang, fail, parse_sets
from referee.messages import render


def parse_players(text: str) -> tuple[int, int]:
    """``4`` → (4, 4); ``2..6`` → (2, 6). ValueError outside 2..6 or when reversed."""
    low, sep, high = text.replace("-", "..").partition("..")
    first = int(low)
    last = int(high) if sep else first
    if not 2 <= first <= last <= 6:
        raise ValueError(text)
    return first, last


def run_simulate(games: int = 1, players: str = "2..6", seed: int = 0,
                 sets: list[str] | None = None, hidden: bool = False, lang: str | None = None,
                 output: Path | None = None) -> int:
    code = cli_lang(lang)
    knobs = parse_sets(sets, code)
    try:
        span = parse_players(players)
    except ValueError:
        fail(render("report.bad_players", {"text": players}, code), code)
    check_output(output, code)
    from referee.simulate import simulate_log

    log = simulate_log(games, span, seed, knobs=knobs or None, hidden=hidden, lang=code)
    if output is None:
        sys.stdout.write(log)
        return 0
    try:
        output.write_text(log, encoding="utf-8")
    except OSError as exc:
        fail(render("report.cannot_write",
                    {"path": str(output), "reason": exc.strerror or str(exc)}, code), code)
    return 0
