"""Simulated legal hands and whole matches of Rummy argentino (ARGENTINO.md).

- :func:`simulate_hands` yields independent hands (no ``Match`` tag: each a
  match of one hand);
- :func:`simulate_matches` yields whole matches: hands with the ``Match`` and
  ``Hand`` tags, the seats rotating each hand, played until some total reaches
  ``Target`` (a lower ``Target`` knob makes short matches);
- :func:`simulate_argentino_log` writes either as ``.rummy`` text.

Each :class:`SimulatedHand` carries what the referee's report should say of it:
``winner``, ``finished``, ``scores`` (laid, in_hand, bonus, penalty, total per
player, computed by the simulator's own rules), ``standings`` and ``match``.
A hand that cannot finish is dealt again from the next random state; a seed
gives the same log, byte for byte.

Decisions where the spec leaves the simulator a choice: the cutter (for
``CutBonus``, one hand in ten) is the player on the dealer's left, the
second-to-last seat; a match (and a single hand, one time in five) may start
from a ``Scores`` tag with totals below ``Target``, so that players are en ley
early; later hands of a match carry the ``Scores`` tag now and then, with the
totals entering them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from referee.cards import Card
from referee.notation.events import GameRecord
from referee.sim.argentino.bot import MOVES, MovesArgentino
from referee.sim.argentino.hand import HAND, HandGame, Stuck
from referee.sim.argentino.match import MatchInfo, match_end, scores_tag, standings_after
from referee.sim.argentino.state import Score
from referee.sim.cards import NAMES
from referee.sim.knobs import SimulationError, argentino_decks, rules_argentino
from referee.sim.record import build_record, format_record, hidden_record, join_games
from referee.variants.argentino.knobs import RulesArgentino

__all__ = ["MOVES", "MatchInfo", "MovesArgentino", "Score", "SimulatedHand", "SimulatedMatch",
           "simulate_argentino_log", "simulate_hands", "simulate_matches"]

GAME = "rummy-argentino"
MAX_DEALS = 200  # deals tried for one hand before giving up
MAX_HANDS = 400  # hands of one match before giving up
START_SCORES = 0.2  # a match (or a single hand) starts from a Scores tag
LATER_SCORES = 0.3  # a later hand of a match carries the Scores tag


@dataclass(frozen=True, slots=True)
class SimulatedHand:
    """One simulated hand: its full-information record and what the report should say."""

    record: GameRecord
    index: int  # the hand's position in its log
    seed: int
    winner: str
    finished: bool
    scores: tuple[Score, ...]  # in seat order
    entering: dict[str, int]  # match totals entering the hand
    standings: dict[str, int]  # match totals after it
    match: MatchInfo
    en_ley: tuple[str, ...]  # the players en ley entering the hand
    hands: dict[str, tuple[Card, ...]]  # every hand at the end
    table: tuple[tuple[Card, ...], ...]  # the physical cards of each table meld
    stock: tuple[Card, ...]
    pile: tuple[Card, ...]  # bottom first
    refills: tuple[int, ...]  # index in record.events of the first draw after each refill
    redeals: tuple[str, ...] = ()

    @property
    def players(self) -> tuple[str, ...]:
        return self.record.players

    def report_scores(self) -> list[dict[str, int | str]]:
        """``scores`` as the report lists them."""
        return [s.as_dict() for s in self.scores]


@dataclass(frozen=True, slots=True)
class SimulatedMatch:
    """A whole match: its hands in order, the final totals, its winner or tie."""

    name: str
    hands: tuple[SimulatedHand, ...]
    standings: dict[str, int]
    over: bool
    winner: str | None
    tied: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Setup:
    """A simulated match's rules, its tags, its seed and how its players play."""

    rules: RulesArgentino
    tags: list[tuple[str, str]]
    seed: int
    moves: MovesArgentino


def _setup(players: tuple[int, int], seed: int, knobs: Mapping[str, str] | None,
           moves: MovesArgentino) -> _Setup:
    low, high = players
    if not 2 <= low <= high <= 8:
        raise SimulationError(f"players must be a range within 2..8, got {players}",
                              "report.sim_players", game=GAME, low=2, high=8, players=players)
    rules, tags = rules_argentino(knobs)
    for count in range(low, high + 1):
        decks, jokers = argentino_decks(rules, count)
        if HAND * count + 1 > 52 * decks + jokers:
            raise SimulationError("not enough cards to deal that many players",
                                  "report.sim_not_enough_cards", players=count, decks=decks,
                                  jokers=jokers)
    return _Setup(rules, tags, seed, moves)


def _start_totals(rng: random.Random, names: tuple[str, ...], rules: RulesArgentino
                  ) -> dict[str, int] | None:
    if rng.random() >= START_SCORES:
        return None
    top = max(rules.Target, 5)
    return {name: rng.randrange(-200, top, 5) for name in names}


def _play(rng: random.Random, setup: _Setup, seats: tuple[str, ...],
          entering: Mapping[str, int] | None) -> tuple[HandGame, tuple[str, ...]]:
    redeals: list[str] = []
    for _ in range(MAX_DEALS):
        game = HandGame(rng, setup.rules, seats, entering, setup.moves)
        try:
            game.play()
        except Stuck as stuck:
            redeals.append(stuck.reason)
            continue
        return game, tuple(redeals)
    raise SimulationError(f"no hand of {len(seats)} players finished in {MAX_DEALS} deals",
                          "report.sim_no_finish", players=len(seats), deals=MAX_DEALS)


def _hand(rng: random.Random, setup: _Setup, index: int, seats: tuple[str, ...],
          entering: dict[str, int], write_scores: bool, match: tuple[str, int] | None
          ) -> SimulatedHand:
    """Play one hand and write its record."""
    game, redeals = _play(rng, setup, seats, entering)
    state = game.state
    assert state.winner is not None
    scores = tuple(state.scores())
    standings = standings_after(entering, scores)
    over, winner, tied = match_end(standings, setup.rules.Target)
    header = [("Game", GAME), ("Event", f"Simulated hand {index} (seed {setup.seed})")]
    if match is not None:
        header += [("Match", match[0]), ("Hand", str(match[1]))]
    header.append(("Players", " ".join(seats)))
    if write_scores:
        header.append(("Scores", scores_tag(entering, seats)))
    if state.cutter is not None:
        header.append(("CutBonus", seats[state.cutter]))
    header += [*setup.tags, ("Result", seats[state.winner])]
    record = build_record(index, header, seats, game.deals, game.initial_stock, game.events,
                          up=game.up)
    info = MatchInfo(None if match is None else match[0], 1 if match is None else match[1],
                     over, winner, tied)
    return SimulatedHand(
        record=record, index=index, seed=setup.seed, winner=seats[state.winner],
        finished=True, scores=scores, entering=dict(entering), standings=standings,
        match=info, en_ley=tuple(p for p, e in zip(seats, game.en_ley, strict=True) if e),
        hands={p: game.hand_cards(s) for s, p in enumerate(seats)},
        table=game.table_cards(), stock=tuple(game.stock_cards()),
        pile=tuple(game.pile_cards()), refills=tuple(game.refills), redeals=redeals)


def simulate_hands(
    games: int,
    players: tuple[int, int],
    seed: int,
    knobs: Mapping[str, str] | None = None,
    moves: MovesArgentino = MOVES,
) -> Iterator[SimulatedHand]:
    """``games`` independent legal hands; each one's player count is drawn from ``players``.

    ``knobs`` are house rules in tag spelling (``{"Target": "300"}``); they are
    written as tags and the bots follow them (knobs of 51 only are left out).
    """
    setup = _setup(players, seed, knobs, moves)
    rng = random.Random(seed)
    for index in range(1, games + 1):
        names = tuple(rng.sample(NAMES, rng.randint(*players)))
        start = _start_totals(rng, names, setup.rules)
        yield _hand(rng, setup, index, names, start or {}, start is not None, None)


def simulate_matches(
    matches: int,
    players: tuple[int, int],
    seed: int,
    knobs: Mapping[str, str] | None = None,
    moves: MovesArgentino = MOVES,
) -> Iterator[SimulatedMatch]:
    """``matches`` whole legal matches, each played until some total reaches ``Target``."""
    setup = _setup(players, seed, knobs, moves)
    rng = random.Random(seed)
    index = 0
    for number in range(1, matches + 1):
        names = tuple(rng.sample(NAMES, rng.randint(*players)))
        name = f"Simulated match {number} (seed {seed})"
        start = _start_totals(rng, names, setup.rules)
        totals = start or dict.fromkeys(names, 0)
        hands: list[SimulatedHand] = []
        for k in range(1, MAX_HANDS + 1):
            index += 1
            seats = names[(k - 1) % len(names):] + names[: (k - 1) % len(names)]
            write = start is not None if k == 1 else rng.random() < LATER_SCORES
            hand = _hand(rng, setup, index, seats, totals, write, (name, k))
            hands.append(hand)
            totals = hand.standings
            if hand.match.over:
                break
        else:
            raise SimulationError(f"match {number} did not end in {MAX_HANDS} hands",
                                  "report.sim_no_match_end", number=number, hands=MAX_HANDS)
        last = hands[-1].match
        yield SimulatedMatch(name, tuple(hands), dict(totals), last.over, last.winner,
                             last.tied)


def simulate_argentino_log(
    count: int,
    players: tuple[int, int],
    seed: int,
    knobs: Mapping[str, str] | None = None,
    hidden: bool = False,
    lang: str = "en",
    matches: bool = False,
) -> str:
    """``count`` hands (or, with ``matches``, whole matches) as one ``.rummy`` text.

    ``hidden`` writes them with hidden information: no ``deal`` and no ``stock:``
    lines, and every draw unseen; the face-up card, takes, melds, lay-offs and
    discards stay.
    """
    if matches:
        hands = [h for m in simulate_matches(count, players, seed, knobs) for h in m.hands]
    else:
        hands = list(simulate_hands(count, players, seed, knobs))
    records = [hidden_record(h.record) if hidden else h.record for h in hands]
    return join_games([format_record(r, lang) for r in records])
