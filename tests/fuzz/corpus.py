"""Seed logs for the fuzzer: simulated games (legal, so mutations reach deep into play),
the repository's sample logs, and logs built at random from the grammar's statements
(docs/notation.md), in both games and both languages.

Everything random takes a ``random.Random``: hypothesis hands in one it controls
(``st.randoms()``), ``bench/fuzz.py`` a seeded one per worker.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from referee.sim import simulate_text

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("51", "rummy-argentino")

# --- the repository's logs ------------------------------------------------------------------


@cache
def sample_logs(max_bytes: int = 12_000) -> tuple[bytes, ...]:
    """Every ``.rummy`` file of ``logs/`` and ``tests/`` up to ``max_bytes`` (sample logs,
    test data, the simulator's recorded cases), as bytes: one of them is not UTF-8. Only
    those folders: files a benchmark leaves in ``bench/out/`` would change the inputs."""
    found = sorted(p for folder in ("logs", "tests") for p in (ROOT / folder).rglob("*.rummy")
                   if p.stat().st_size <= max_bytes)
    return tuple(p.read_bytes() for p in found)


# --- simulated games ------------------------------------------------------------------------

# (game, count, players, knobs, hidden, lang, matches): small, so a check stays fast.
_SIMULATIONS: tuple[tuple[str, int, tuple[int, int], dict[str, str], bool, str, bool], ...] = (
    ("51", 1, (2, 3), {}, False, "en", False),
    ("51", 2, (2, 4), {}, False, "es", False),
    ("51", 1, (4, 6), {}, True, "en", False),
    ("51", 1, (2, 3), {"MinOpen": "71", "RunMin": "3"}, False, "en", False),
    ("51", 1, (2, 2), {"EarlyDraw": "yes", "DiscardPegue": "all"}, False, "es", False),
    ("51", 2, (3, 3), {"RequireFinalDiscard": "no"}, True, "es", False),
    ("rummy-argentino", 1, (2, 3), {}, False, "en", False),
    ("rummy-argentino", 2, (2, 4), {}, False, "es", False),
    ("rummy-argentino", 1, (5, 8), {}, False, "en", False),
    ("rummy-argentino", 1, (2, 3), {}, True, "en", False),
    ("rummy-argentino", 1, (2, 2), {"Target": "150"}, False, "en", True),
    ("rummy-argentino", 1, (3, 3), {"SetWilds": "distinct", "HandPenalty": "wilds"},
     False, "en", False),
)


@cache
def simulated_logs(seeds: int = 2) -> tuple[bytes, ...]:
    """Simulated logs of both games (full and hidden information, English and Spanish,
    some house rules, a whole argentino match), ``seeds`` of each kind."""
    out: list[bytes] = []
    for seed in range(1, seeds + 1):
        for game, count, players, knobs, hidden, lang, matches in _SIMULATIONS:
            text = simulate_text(game, count, players, seed, knobs, hidden=hidden, lang=lang,
                                 matches=matches)
            out.append(text.encode("utf-8"))
    return tuple(out)


# --- logs from the grammar ------------------------------------------------------------------

NAMES = ("Ana", "Beto", "Caro", "Lucía", "Mateo", "Sofía", "Tomás", "Ñandú", "José_2",
         "x-y", "Ah", "7h", "dealer", "Drawn", "李", "Ζωή", "ana")
KEYWORDS = {
    "deal": ("deal", "reparte"), "stock": ("stock", "mazo"), "up": ("up", "pozo"),
    "draw": ("draw", "roba"), "take": ("take", "toma", "recoge"), "meld": ("meld", "baja"),
    "layoff": ("layoff", "pega"), "on": ("on", "en"),
    "discard": ("discard", "descarta", "bota"), "call": ("call", "canta"),
}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "T", "J", "Q", "K")
SUITS = ("c", "d", "h", "s", "♣", "♦", "♥", "♠", "♥\ufe0f", "♡")
TAGS = ("Event", "Site", "Date", "Round", "Table", "Stake", "Currency", "Result", "Match",
        "Hand", "Scores", "CutBonus", "MinOpen", "MinOpne", "Stak", "RunMin", "RunWrap",
        "Decks", "Jokers", "OpenExact", "EarlyDraw", "DiscardPegue", "PenaltyCards",
        "RenunciaPays", "SetWilds", "LawAt", "LawMin", "Target", "HandPenalty", "MaxJokers",
        "Zz")
VALUES = ("71", "3", "0", "1", "8", "yes", "no", "sí", "all", "down", "off", "max", "hand",
          "one", "distinct", "wilds", "*", "2026-11-27", "", "-5", "999999999", "1e3",
          '\\"quoted\\"', "a\\\\b")


def keyword(rnd: random.Random, word: str) -> str:
    text = rnd.choice(KEYWORDS[word])
    how = rnd.random()
    if how < 0.1:
        return text.upper()
    return text.capitalize() if how < 0.2 else text


def card(rnd: random.Random) -> str:
    roll = rnd.random()
    if roll < 0.05:
        return "JK"
    if roll < 0.08:
        return f"JK={rnd.choice(RANKS)}{rnd.choice(SUITS)}"
    if roll < 0.10:
        return f"2{rnd.choice(SUITS)}={rnd.choice(RANKS)}{rnd.choice(SUITS)}"
    return rnd.choice(RANKS) + rnd.choice(SUITS)


def cards(rnd: random.Random, low: int, high: int) -> str:
    return " ".join(card(rnd) for _ in range(rnd.randint(low, high)))


def tag_block(rnd: random.Random, game: str, players: list[str]) -> list[str]:
    lines = []
    if rnd.random() < 0.95:
        lines.append(f'[Game "{game}"]')
    if rnd.random() < 0.95:
        lines.append(f'[Players "{" ".join(players)}"]')
    for _ in range(rnd.randint(0, 4)):
        name = rnd.choice(TAGS)
        value = rnd.choice(VALUES)
        if name == "Scores":
            value = ", ".join(f"{p} {rnd.randint(-50, 600)}" for p in players)
        elif name in ("Result", "CutBonus"):
            value = rnd.choice([*players, "*", "Nadie"])
        lines.append(f'[{name} "{value}"]')
    rnd.shuffle(lines)
    return lines


def setup_lines(rnd: random.Random, game: str, players: list[str]) -> list[str]:
    hand = 15 if game == "51" else 9
    lines = [f"{keyword(rnd, 'deal')} {p}: {cards(rnd, hand - 2, hand + 1)}"
             for p in players if rnd.random() < 0.5]
    if rnd.random() < 0.3:
        lines.append(f"{keyword(rnd, 'stock')}: {cards(rnd, 1, 30)}")
    if game != "51" or rnd.random() < 0.05:
        lines.append(f"{keyword(rnd, 'up')}: {rnd.choice([card(rnd), '??'])}")
    return lines


def event_line(rnd: random.Random, player: str, others: list[str]) -> str:
    kind = rnd.choice(("draw", "draw", "take", "meld", "layoff", "discard", "discard", "call"))
    word = keyword(rnd, kind)
    if kind == "draw":
        tail = rnd.choice(["", " ??", " " + card(rnd)])
    elif kind == "take":
        tail = rnd.choice(["", " " + card(rnd), " " + cards(rnd, 2, 5) + " ??"])
    elif kind == "meld":
        tail = " " + cards(rnd, 3, 5)
    elif kind == "layoff":
        tail = f" {card(rnd)} {keyword(rnd, 'on')} {rnd.randint(0, 6)}"
    elif kind == "discard":
        tail = " " + card(rnd)
    else:
        tail = " " + rnd.choice(others)
    return f"{player} {word}{tail}"


def decorate(rnd: random.Random, line: str) -> str:
    """Blanks, tabs and comments where the notation allows them."""
    if rnd.random() < 0.1:
        line = rnd.choice(("  ", "\t")) + line
    if rnd.random() < 0.1:
        line += rnd.choice(("  # note", "\t#", " #[Game \"51\"]"))
    return line


def grammar_game(rnd: random.Random) -> list[str]:
    game = rnd.choice((*GAMES, *GAMES, "poker"))
    players = rnd.sample(NAMES, rnd.randint(1 if rnd.random() < 0.05 else 2, 7))
    lines = tag_block(rnd, game, players) + [""] * rnd.randint(0, 1)
    lines += setup_lines(rnd, game, players)
    turn = 0
    for _ in range(rnd.randint(0, 40)):
        if rnd.random() < 0.7:  # mostly in turn
            player = players[turn % len(players)]
            turn += rnd.random() < 0.4
        else:
            player = rnd.choice([*players, "Nadie"])
        lines.append(event_line(rnd, player, players))
    if rnd.random() < 0.1:
        lines.append('[Result "*"]')
    return [decorate(rnd, line) for line in lines]


def grammar_log(rnd: random.Random) -> bytes:
    """One to three games built statement by statement from the notation."""
    lines: list[str] = []
    if rnd.random() < 0.2:
        lines.append("# a log")
    for _ in range(rnd.randint(1, 3)):
        lines += grammar_game(rnd)
        lines.append("")
    return "\n".join(lines).encode("utf-8")


@cache
def grammar_pool(size: int = 2000) -> tuple[bytes, ...]:
    """``size`` logs built from the grammar, the same in every process (cheaper to pick
    from than to build one per input)."""
    return tuple(grammar_log(random.Random(n)) for n in range(size))


def prefix(data: bytes, rnd: random.Random) -> bytes:
    """The log up to a line end drawn at random: a game in progress, still legal."""
    ends = [i for i in range(len(data)) if data[i] == 10]  # b"\n"
    return data[:rnd.choice(ends) + 1] if ends else data


def seed_log(rnd: random.Random, pool: bool = False) -> bytes:
    """A seed: simulated (half the time, cut short one time in two), a sample log, or
    built from the grammar (picked from :func:`grammar_pool` when ``pool``)."""
    roll = rnd.random()
    if roll < 0.5:
        data = rnd.choice(simulated_logs())
        return prefix(data, rnd) if rnd.random() < 0.5 else data
    if roll < 0.65:
        return rnd.choice(sample_logs())
    return rnd.choice(grammar_pool()) if pool else grammar_log(rnd)
