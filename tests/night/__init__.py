"""Club-night tests: nights of simulated games written as logs (``night_logs``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from referee.night.seating import History, SeatedRound, seat_round
from referee.sim.night import simulate_table
from referee.sim.record import format_record

SIXTEEN = ("Ana", "Beto", "Caro", "Dani", "Eva", "Fede", "Gabi", "Hugo", "Ines", "Juan",
           "Kike", "Lola", "Mia", "Nico", "Olga", "Pepe")


def seat_night(players: Sequence[str], rounds: int, sizes: tuple[int, int] = (3, 4),
               method: str = "mixer", seed: int = 7) -> list[SeatedRound]:
    history = History()
    seated = []
    for number in range(1, rounds + 1):
        one = seat_round(players, sizes, method, seed, number, history, players)
        history.seat(one.tables, one.byes, [t[0] for t in one.tables])
        seated.append(one)
    return seated


def table_text(game: str, seats: Sequence[str], round_number: int, table: int,
               per_round: int = 1, event: str = "Jueves", seed: int = 0) -> str:
    tags = [("Event", event), ("Round", str(round_number)), ("Table", str(table))]
    records = simulate_table(game, seats, seed or 1000 * round_number + table, per_round,
                             tags)
    return "\n".join(format_record(r) for r in records)


def night_logs(folder: Path, game: str = "51", players: Sequence[str] = SIXTEEN,
               rounds: int = 3, per_round: int = 1) -> dict[tuple[int, int], Path]:
    """A night of simulated games, one file per table (``rR-tT.rummy``)."""
    folder.mkdir(parents=True, exist_ok=True)
    files = {}
    sizes = (3, 4) if game == "51" else (2, 4)
    for number, seated in enumerate(seat_night(players, rounds, sizes), start=1):
        for table, seats in enumerate(seated.tables, start=1):
            path = folder / f"r{number}-t{table}.rummy"
            path.write_text(table_text(game, seats, number, table, per_round),
                            encoding="utf-8")
            files[(number, table)] = path
    return files
