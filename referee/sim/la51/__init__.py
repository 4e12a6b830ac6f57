"""Simulated legal games of 51, played by greedy bots (RULES.md).

- :func:`simulate_games` yields :class:`SimulatedGame` objects: the full
  information record (a ``deal`` line for every player, the ``stock:`` line,
  every drawn card named; tags ``Game``, ``Event``, ``Players``, ``Stake``,
  ``Result`` and the house-rule knobs), the true winner and the settlement;
- :func:`simulate_log` returns the same games as ``.rummy`` text, in English or
  Spanish, optionally with hidden information
  (:func:`referee.sim.record.hidden_record`).

Every written game finishes: a deal that cannot finish (see
:mod:`referee.sim.la51.game`) is thrown away and the next random state deals
again; :attr:`SimulatedGame.redeals` says why each was thrown away. Everything
random comes from one ``random.Random(seed)``, so a seed gives the same games,
byte for byte, in any process.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from referee.cards import Card
from referee.notation.events import GameRecord
from referee.sim.cards import NAMES
from referee.sim.knobs import SimulationError, rules_51
from referee.sim.la51.game import MOVES, PLAIN, Game51, Moves51, Stuck
from referee.sim.record import build_record, format_record, hidden_record, join_games
from referee.variants.la51.knobs import Rules51

__all__ = ["MAX_DEALS", "MOVES", "PLAIN", "Moves51", "SimulatedGame", "simulate_games",
           "simulate_log"]

MAX_DEALS = 200
"""Deals tried for one game before the simulator gives up (impossible house rules)."""


@dataclass(frozen=True, slots=True)
class SimulatedGame:
    """One simulated game: its full-information record and the true outcome."""

    record: GameRecord
    winner: str | None
    finished: bool
    settlement: list[tuple[str, str, int, int]]  # (payer, payee, cards, amount)
    index: int
    seed: int
    stop_reason: str  # "won": every written game is won
    hands: dict[str, tuple[Card, ...]]  # every hand at the end of the log
    table: tuple[tuple[Card, ...], ...]  # the physical cards of each table meld
    stock: tuple[Card, ...]  # the stock at the end, top first
    discard_pile: tuple[Card, ...]  # bottom first
    refills: tuple[int, ...]  # index in record.events of the first draw after each refill
    redeals: tuple[str, ...] = ()  # why each deal thrown away before this one could not end

    @property
    def players(self) -> tuple[str, ...]:
        return self.record.players

    def hidden(self) -> GameRecord:
        """The same game with hidden information (see :func:`hidden_record`)."""
        return hidden_record(self.record)


def simulate_games(
    games: int,
    players: tuple[int, int],
    seed: int,
    knobs: Mapping[str, str] | None = None,
    moves: Moves51 = MOVES,
) -> Iterator[SimulatedGame]:
    """Simulate ``games`` legal games; the player count of each is drawn from ``players``.

    ``knobs`` are house rules in tag spelling (``{"MinOpen": "71"}``); they are
    written as tags and the bots follow them (knobs of Rummy argentino only are
    left out). ``Stake`` defaults to 100. ``moves`` says how often the bots make
    their rarer moves (:data:`PLAIN`: no early draws).
    """
    low, high = players
    if not 2 <= low <= high <= 6:
        raise SimulationError(f"players must be a range within 2..6, got {players}",
                              "report.sim_players", game="51", low=2, high=6, players=players)
    rules, tags, stake = rules_51(knobs)
    if 15 + 14 * (high - 1) > rules.Deck.size * rules.Decks + rules.Jokers:
        raise SimulationError("not enough cards to deal that many players",
                              "report.sim_not_enough_cards", players=high, decks=rules.Decks,
                              jokers=rules.Jokers)
    rng = random.Random(seed)
    for index in range(1, games + 1):
        count = rng.randint(low, high)
        names = tuple(rng.sample(NAMES, count))
        game, redeals = _finished_game(rng, rules, names, moves)
        assert game.winner is not None
        winner = names[game.winner]
        header = [
            ("Game", "51"),
            ("Event", f"Simulated game {index} (seed {seed})"),
            ("Players", " ".join(names)),
            ("Stake", stake),
            ("Result", winner),
            *tags,
        ]
        record = build_record(index, header, names, game.deals, game.initial_stock,
                              game.actions)
        yield SimulatedGame(
            record=record, winner=winner, finished=True,
            settlement=game.settlement(int(stake)), index=index, seed=seed,
            stop_reason="won",
            hands={names[s]: game.hand_cards(s) for s in range(count)},
            table=tuple(tuple(m.cards) for m in game.table),
            stock=tuple(game.stock), discard_pile=tuple(game.discard),
            refills=tuple(game.refills), redeals=redeals,
        )


def _finished_game(
    rng: random.Random, rules: Rules51, names: tuple[str, ...], moves: Moves51
) -> tuple[Game51, tuple[str, ...]]:
    """Deal and play until a game finishes; the reasons the others could not."""
    redeals: list[str] = []
    for _ in range(MAX_DEALS):
        game = Game51(rng, rules, names, moves)
        try:
            game.play()
        except Stuck as stuck:
            redeals.append(stuck.reason)
            continue
        return game, tuple(redeals)
    raise SimulationError(
        f"no game of {len(names)} players finished in {MAX_DEALS} deals under these house "
        "rules", "report.sim_no_finish", players=len(names), deals=MAX_DEALS)


def simulate_log(
    games: int,
    players: tuple[int, int],
    seed: int,
    knobs: Mapping[str, str] | None = None,
    hidden: bool = False,
    lang: str = "en",
) -> str:
    """The simulated games as one ``.rummy`` text, games separated by a blank line.

    ``hidden`` writes the same games with hidden information: no ``deal`` and no
    ``stock:`` lines, and every draw unseen (``draw ??`` or a bare ``draw``).
    ``lang`` picks English or Spanish keywords.
    """
    chunks = []
    for game in simulate_games(games, players, seed, knobs):
        record = hidden_record(game.record) if hidden else game.record
        chunks.append(format_record(record, lang))
    return join_games(chunks)
