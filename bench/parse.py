"""Reader throughput: ``python bench/parse.py [GAMES]`` (default 2000 games).

Builds GAMES synthetic games of 51 in memory (2 to 6 players, every hand dealt,
about 60 events each, English and Spanish keywords, some comments), reads them
with :func:`referee.notation.reader.read_games` and prints games/s, lines/s and MB/s.
The games are well-formed notation, not legal play: the reader does not judge.
"""

from __future__ import annotations

import argparse
import random
import time

from referee.cards import ALL_NATURALS, JOKER, Card
from referee.notation.reader import read_games

NAMES = ("Ana", "Beto", "Caro", "Simón", "Ζωή", "José-Luis", "Đức", "Wilson", "Nora", "Teo")
WORDS = {
    "en": ("deal", "draw", "take", "meld", "layoff", "on", "discard", "call"),
    "es": ("reparte", "roba", "toma", "baja", "pega", "en", "bota", "canta"),
}
DECK: tuple[Card, ...] = ALL_NATURALS * 2 + (JOKER,) * 4


def synthetic_game(rng: random.Random, number: int) -> str:
    """One game's text: tags, a deal line per player, then turns of draw/discard
    with now and then a take, melds, a lay-off or a call."""
    players = rng.sample(NAMES, rng.randint(2, 6))
    deal, draw, take, meld, layoff, on, discard, call = WORDS[rng.choice(("en", "es"))]
    lines = [
        '[Game "51"]',
        f'[Event "Bench night {number}"]',
        f'[Players "{" ".join(players)}"]',
        '[Stake "100"]',
        "",
    ]
    deck = list(DECK)
    rng.shuffle(deck)
    for seat, name in enumerate(players):
        hand = [deck.pop() for _ in range(15 if seat == 0 else 14)]
        lines.append(f"{deal} {name}: " + " ".join(map(str, hand)))
    lines.append("")
    lines.append(f"{players[0]} {discard} {deck.pop()}")
    for turn in range(rng.randint(40, 80)):
        name = players[(turn + 1) % len(players)]
        card = deck.pop() if deck else JOKER
        if rng.random() < 0.1:
            lines.append(f"{name} {take} {card}")
            lines.append(f"{name} {meld} {card} " + " ".join(map(str, rng.sample(DECK, 3))))
        else:
            lines.append(f"{name} {draw} {card if rng.random() < 0.8 else '??'}")
        if rng.random() < 0.05:
            lines.append(f"{name} {layoff} {rng.choice(DECK)} {on} {rng.randint(1, 9)}")
        comment = "   # a comment" if rng.random() < 0.05 else ""
        lines.append(f"{name} {discard} {rng.choice(DECK)}{comment}")
        if rng.random() < 0.01:
            lines.append(f"{players[0]} {call} {name}")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=2000, help="games to read")
    parser.add_argument("--seed", type=int, default=51)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    text = "\n".join(synthetic_game(rng, n) for n in range(1, args.games + 1))
    lines = text.count("\n")
    megabytes = len(text.encode("utf-8")) / 1e6

    started = time.perf_counter()
    games = read_games(text, "bench")
    elapsed = time.perf_counter() - started

    assert len(games) == args.games and not any(game.errors for game in games)
    print(f"{args.games} games, {lines} lines, {megabytes:.2f} MB in {elapsed:.2f} s")
    print(f"{args.games / elapsed:10.0f} games/s")
    print(f"{lines / elapsed:10.0f} lines/s")
    print(f"{megabytes / elapsed:10.2f} MB/s")


if __name__ == "__main__":
    main()
