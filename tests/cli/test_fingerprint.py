"""The duplicate fingerprint's writers per event class write what the generic one writes."""

from __future__ import annotations

from referee.cli.batch.fingerprint import _WRITERS, _event_text, game_fingerprint
from referee.notation.reader import read_games
from referee.sim import simulate_text

LOGS = [
    simulate_text("51", 8, (2, 6), 3),
    simulate_text("51", 4, (2, 6), 4, hidden=True),
    simulate_text("rummy-argentino", 8, (2, 8), 5),
    simulate_text("rummy-argentino", 4, (2, 8), 6, hidden=True),
    '[Game "rummy-argentino"]\n[Players "Ana Beto"]\nAna take\nBeto take ?? 7h 2s=Kh\n'
    "Ana layoff JK=6h on 2\nBeto call Ana\nAna draw\nBeto draw ??\n",
]


def test_every_event_class_has_its_writer() -> None:
    seen = set()
    for text in LOGS:
        for record in read_games(text):
            for event in record.events:
                assert _WRITERS[type(event)](event) == _event_text(event)
                seen.add(type(event).__name__)
    assert seen == {"Draw", "Take", "Meld", "Layoff", "Discard", "Call"}


def test_same_game_same_fingerprint_other_lines() -> None:
    text = LOGS[0]
    first = read_games(text)[0]
    moved = read_games("\n\n# a comment\n" + text)[0]
    assert game_fingerprint(first) == game_fingerprint(moved)
    assert game_fingerprint(first) != game_fingerprint(read_games(text)[1])


def test_a_game_not_judged_repeats_no_game() -> None:
    from tests.cli import DATA

    (good,) = read_games((DATA / "friday.rummy").read_text())
    (bad,) = read_games((DATA / "friday-bad-tag.rummy").read_text())
    fixed = (DATA / "friday-bad-tag.rummy").read_text().replace('[MinOpen "+71"]', "#")
    assert game_fingerprint(read_games(fixed)[0]) == game_fingerprint(good) is not None
    assert game_fingerprint(bad) is None


def test_the_fingerprint_is_the_writers_text() -> None:
    """The events ``game_fingerprint`` writes without their writer's call read the same."""
    import hashlib

    for text in LOGS:
        for record in read_games(text):
            parts = ["\x1d".join(record.players)]
            parts += ["\x1c" + name + "\x1f" + " ".join(c.text for c in deal.cards)
                      for name, deal in sorted(record.deals.items())]
            parts += [_event_text(event) for event in record.events]
            want = hashlib.blake2b("".join(parts).encode("utf-8"), digest_size=16).hexdigest()
            assert game_fingerprint(record) == want
