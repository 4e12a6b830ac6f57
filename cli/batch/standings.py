"""Per-player figures across every game of a batch (``referee standings``).

Each game counts in its game's table (:attr:`~referee.engine.game.Variant.standings`;
a game whose ``Game`` tag no registered game has counts in the first game's). A
money table (51's, the JSON's ``players``): games played, wins, renuncias (renuncia
findings against the player), eliminations and net money (what the settlements paid
them minus what they paid). A points table (argentino's, ``argentino``): hands
played, hands won (went out), renuncias and the game's points summed
(:meth:`~referee.engine.game.Variant.standing_points`). A game that repeats an
earlier game of the batch (same players, deals and events) is counted once. The
settlement of every game is netted per pair.

The JSON: ``sources``, ``games``, ``duplicates``, each money table, ``settlement``,
then each points table, the tables in the games' order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypedDict

from referee.cli.batch.results import FileAudit, GameTally

if TYPE_CHECKING:
    from referee.engine.game import StandingsTable


class PlayerData(TypedDict):
    """One player's games, in a money table."""

    player: str
    games: int
    wins: int
    renuncias: int
    eliminations: int
    net: int


class HandsData(TypedDict):
    """One player's games (hands), in a points table."""

    player: str
    hands: int
    went_out: int
    renuncias: int
    points: int


class DebtData(TypedDict):
    payer: str
    payee: str
    amount: int


StandingsData = dict[str, Any]
"""``referee standings --json``: ``sources``, ``games``, ``duplicates``, the tables (each
a list of :class:`PlayerData` or :class:`HandsData`) and ``settlement`` (a list of
:class:`DebtData`)."""


def tables() -> list[tuple[StandingsTable, str]]:
    """Every table, with the first game counted in it, in order: money tables first."""
    from referee.games import games

    found: dict[str, tuple[StandingsTable, str]] = {}
    for game in games().values():
        table = game.standings_table()
        found.setdefault(table.key, (table, game.name))
    listed = list(found.values())
    return [t for t in listed if not t[0].points] + [t for t in listed if t[0].points]


def table_of(ruleset: str | None) -> str:
    """The key of the table a game of ``ruleset`` counts in."""
    from referee.games import find_game, games

    game = find_game(ruleset) or next(iter(games().values()), None)
    return "" if game is None else game.standings_table().key


@dataclass(slots=True)
class _Player:
    """A player's running totals in the standings."""

    games: int = 0
    wins: int = 0
    renuncias: int = 0
    eliminations: int = 0
    net: int = 0
    points: int = 0


@dataclass(slots=True)
class Standings:
    """The figures, added up game by game, by table."""

    games: int = 0
    duplicates: int = 0
    tables: dict[str, dict[str, _Player]] = field(default_factory=dict)
    payments: list[tuple[str, str, int]] = field(default_factory=list)

    def add(self, tally: GameTally) -> None:
        self.games += 1
        table = self.tables.setdefault(tally.table, {})
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

        out: StandingsData = {"sources": list(sources), "games": self.games,
                              "duplicates": self.duplicates}
        settled = False
        for table, _ in tables():
            if table.points and not settled:
                out["settlement"] = self._settlement(net_payments)
                settled = True
            rows = self.tables.get(table.key, {})
            out[table.key] = _points_rows(rows) if table.points else _money_rows(rows)
        if not settled:
            out["settlement"] = self._settlement(net_payments)
        return out

    def _settlement(self, net: Any) -> list[DebtData]:
        return [{"payer": a, "payee": b, "amount": n} for a, b, n in net(self.payments)]


def _money_rows(rows: dict[str, _Player]) -> list[PlayerData]:
    players: list[PlayerData] = [
        {"player": name, "games": p.games, "wins": p.wins, "renuncias": p.renuncias,
         "eliminations": p.eliminations, "net": p.net}
        for name, p in rows.items()]
    players.sort(key=lambda r: (-r["net"], -r["wins"], r["player"]))
    return players


def _points_rows(rows: dict[str, _Player]) -> list[HandsData]:
    hands: list[HandsData] = [
        {"player": name, "hands": p.games, "went_out": p.wins, "renuncias": p.renuncias,
         "points": p.points}
        for name, p in rows.items()]
    hands.sort(key=lambda r: (-r["points"], -r["went_out"], r["player"]))
    return hands


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
