"""``referee night --seating``: a seating plan for a night before it is played, as text or
CSV, so that a club can print it (:mod:`referee.night.seating`)."""

from __future__ import annotations

import secrets
import sys

from referee.cli.common import EXIT_CLEAN, fail
from referee.messages import render

DEFAULT_ROUNDS = 3


def plan_rounds(players: list[str], sizes: tuple[int, int], rounds: int, method: str,
                seed: int) -> list[tuple[int, list[list[str]], list[str], int]]:
    """Each round's tables (seat order, the starter first), byes and repeats; a night
    seated by the standings is planned for its first round only."""
    from referee.night.seating import History, seat_round

    history = History()
    planned = []
    for number in range(1, (1 if method == "standings" else rounds) + 1):
        seated = seat_round(players, sizes, method, seed, number, history, players)
        history.seat(seated.tables, seated.byes, [t[0] for t in seated.tables])
        planned.append((number, seated.tables, seated.byes, seated.repeats))
    return planned


def print_plan(roster: list[str] | None, sizes: tuple[int, int] | None, rounds: int | None,
               method: str | None, seed: int | None, game: str | None, as_csv: bool,
               lang: str) -> int:
    from referee.night.seating import METHODS, SeatingError

    if not roster:
        fail(render("night.cli.no_players", None, lang), lang)
    chosen = method or METHODS[0]
    if chosen not in METHODS:
        fail(render("night.cli.bad_method", {"value": chosen, "known": ", ".join(METHODS)},
                    lang), lang)
    low, high, least, most = _bounds(game, sizes, lang)
    seed = seed if seed is not None else secrets.randbelow(10**6)
    count = rounds or DEFAULT_ROUNDS
    try:
        planned = plan_rounds(roster, (low, high), count, chosen, seed)
    except SeatingError:
        fail(cannot_seat(len(roster), low, high, least, most, lang), lang)
    if as_csv:
        _csv(planned)
        return EXIT_CLEAN
    sys.stdout.write(render("night.cli.plan_title", {
        "players": len(roster), "low": low, "high": high, "rounds": count, "method": chosen,
        "seed": seed}, lang) + "\n")
    _text(planned, lang)
    if chosen == "standings":
        sys.stdout.write("\n" + render("night.cli.plan_later", None, lang) + "\n")
    return EXIT_CLEAN


def _bounds(game: str | None, sizes: tuple[int, int] | None,
            lang: str) -> tuple[int, int, int, int]:
    """The table sizes of the plan and the game's own limits."""
    from referee.games import find_game, games

    variant = find_game(game) if game else next(iter(games().values()), None)
    if variant is None:
        fail(render("unknown-game", {"value": game, "known": ", ".join(games())}, lang), lang)
    low, high = sizes or variant.night_table_sizes()
    return low, high, variant.min_players, variant.max_players


def cannot_seat(players: int, low: int, high: int, least: int, most: int, lang: str) -> str:
    """No table sizes within ``low..high`` seat ``players``: which would."""
    from referee.night.sizes import sizes_that_seat

    would = sizes_that_seat(players, low, high, least, most)
    said = "; ".join(render("night.error.would", {"low": a, "high": b}, lang)
                     for a, b in would) or render("night.error.nothing_would", None, lang)
    return render("night.error.cannot_seat", {"players": players, "low": low, "high": high,
                                              "would": said}, lang)


Planned = list[tuple[int, list[list[str]], list[str], int]]


def _csv(planned: Planned) -> None:
    import csv

    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(("round", "table", "seat", "player", "starts"))
    for number, tables, byes, _ in planned:
        for table, players in enumerate(tables, start=1):
            for seat, player in enumerate(players, start=1):
                writer.writerow((number, table, seat, player, "yes" if seat == 1 else ""))
        for player in byes:
            writer.writerow((number, "", "", player, "bye"))


def _text(planned: Planned, lang: str) -> None:
    out = sys.stdout
    for number, tables, byes, repeats in planned:
        head = render("night.round", {"round": number}, lang)
        if number > 1:
            head += " · " + render("night.plan.repeats", {"count": repeats}, lang)
        out.write(f"\n{head}\n")
        for table, players in enumerate(tables, start=1):
            starts = render("night.starter", {"player": players[0]}, lang)
            out.write(f"  {render('night.table', {'table': table}, lang)}: "
                      f"{', '.join(players)} ({starts})\n")
        if byes:
            out.write("  " + render("night.byes", {"players": ", ".join(byes)}, lang) + "\n")
