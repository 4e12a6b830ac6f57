"""Per-player figures across every game of a batch (``referee standings``).

51 games: games played, wins, renuncias (renuncia findings against the player),
eliminations and net money (what the settlements paid them minus what they paid).
Rummy argentino hands: hands played, hands won (went out), renuncias and the hand
totals summed. A game that repeats an earlier game of the batch (same players, deals
and events) is counted once. The settlement of every 51 game is netted per pair.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from typing_extensions import TypedDict

from referee.cli.batch.results import FileAudit, GameTally


class PlayerData(TypedDict):
    """One player's 51 games."""

    player: str
    games: int
    wins: int
    renuncias: int
    eliminations: int
    net: int


class HandsData(TypedDict):
    """One player's Rummy argentino hands."""

    player: str
    hands: int
    went_out: int
    renuncias: int
    points: int


class DebtData(TypedDict):
    payer: str
    payee: str
    amount: int


class StandingsData(TypedDict):
    """``referee standings --json``."""

    sources: list[str]
    games: int
    duplicates: int
    players: list[PlayerData]
    settlement: list[DebtData]
    argentino: list[HandsData]


@dataclass(slots=True)
class _Player:
    games: int = 0
    wins: int = 0
    renuncias: int = 0
    eliminations: int = 0
    net: int = 0
    points: int = 0


@dataclass(slots=True)
class Standings:
    """The figures, added up game by game."""

    games: int = 0
    duplicates: int = 0
    la51: dict[str, _Player] = field(default_factory=dict)
    argentino: dict[str, _Player] = field(default_factory=dict)
    payments: list[tuple[str, str, int]] = field(default_factory=list)

    def add(self, tally: GameTally) -> None:
        self.games += 1
        table = self.argentino if tally.argentino else self.la51
        rows = {name: table.setdefault(name, _Player()) for name in tally.players}
        for row in rows.values():
            row.games += 1
        if tally.winner in rows:
            rows[tally.winner].wins += 1
        for name, count in tally.renuncias:
            table.setdefault(name, _Player()).renuncias += count
        for name in tally.eliminated:
            table.setdefault(name, _Player()).eliminations += 1
        for payer, payee, amount in tally.payments:
            table.setdefault(payer, _Player()).net -= amount
            table.setdefault(payee, _Player()).net += amount
            self.payments.append((payer, payee, amount))
        for name, points in tally.points:
            table.setdefault(name, _Player()).points += points

    def data(self, sources: Sequence[str]) -> StandingsData:
        from referee.report.model import net_payments

        players: list[PlayerData] = [
            {"player": name, "games": p.games, "wins": p.wins, "renuncias": p.renuncias,
             "eliminations": p.eliminations, "net": p.net}
            for name, p in self.la51.items()]
        players.sort(key=lambda r: (-r["net"], -r["wins"], r["player"]))
        hands: list[HandsData] = [
            {"player": name, "hands": p.games, "went_out": p.wins, "renuncias": p.renuncias,
             "points": p.points}
            for name, p in self.argentino.items()]
        hands.sort(key=lambda r: (-r["points"], -r["went_out"], r["player"]))
        return {
            "sources": list(sources),
            "games": self.games,
            "duplicates": self.duplicates,
            "players": players,
            "settlement": [{"payer": a, "payee": b, "amount": n}
                           for a, b, n in net_payments(self.payments)],
            "argentino": hands,
        }


def standings(audits: Iterable[FileAudit]) -> Standings:
    """The standings of every game read (a repeated game counted once)."""
    out = Standings()
    seen: set[str] = set()
    for audit in audits:
        for game in audit.games or ():
            if game.fingerprint is not None:
                if game.fingerprint in seen:
                    out.duplicates += 1
                    continue
                seen.add(game.fingerprint)
            if game.tally is not None:
                out.add(game.tally)
    return out
