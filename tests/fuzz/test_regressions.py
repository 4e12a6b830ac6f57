"""Crashes and broken invariants the fuzzer found (tests/fuzz), each kept as a test.

1. A 51 ``take`` of several cards (or of ``??``, or a bare ``take``) is a syntax error
   of the reader, but its event was still replayed: the engine's one-card take
   asserted, and ``referee audit`` exited 3 (a referee bug). The game's events now
   stop before such a line, as docs/notation.md says of every bad line.
2. ``referee fmt`` on a log with old Mac line ends (``\\r`` alone) printed only its
   first line: the reader ends a line at a lone ``\\r``, fmt split on ``\\n`` only.
3. Under 51 ``2h=8h`` was a syntax error but ``2♡=8♡`` and ``2♥️=8h`` were not: the
   check for a 2 standing for another card knew only four of the suit symbols.
4. Tags after a game's bad first tag line were taken for tags after the events of the
   game before it: that game got an error on a line of the next game, out of line order.
5. ``--encoding utf-16`` on a file without a byte-order mark: standard input read it
   (``bytes.decode`` takes the machine's byte order) but a file crashed (exit 3),
   Python's UTF-16 stream decoder refusing it with a bare ``UnicodeError``. Codecs that
   are not text encodings (``--encoding base64``, ``rot13``) crashed too, and codecs
   whose errors are a bare ``UnicodeError`` (``punycode``).
6. (One bad game spoils only itself: each game judged as it is alone.) A game whose
   first lines are tags without ``Game`` or ``Players`` and then a bad line: its tags
   were taken for tags after the events of the game before it when the lines before
   the bad one held nothing else (a setup line or a bad statement after them was not
   looked at), so the game before got an error on a line of this one; and when all of
   a broken piece's tags were such tags, they stood both as that error and as this
   game's own tags.
7. ``referee replay --at`` counted a file's lines by ``\\n`` only: on old Mac line
   ends a line of the last game was "in no game" (tests/cli/test_replay.py).
8. ``Ana""\\x00x draw``: the word after the name starts with a quote, and its message
   quoted the NUL raw (``unknown word '""\\x00x'``).
9. A bad line between a ``[Result]`` after a game's events and the next game's tags
   split them as a blank line does: the next game then began at the bad line, which
   alone was text before any tag (a game of its own).
10. When all the first tags of a broken piece ended the game before, the tags after
    its bad line went with them: alone, the same lines were that game's tags. Nor
    may some of them (the game starts at its bad line at the latest).
11. (The fuzz million, stop 28.) A game with a bad ``Deck`` value and a stray control
    character after its tags: the invariant wanted a syntax error on that line, but such
    a game's cards are not read, only its tags (RULES.md §13). The referee was right;
    the invariant now leaves those lines out (tests/fuzz/spoil.py).
12. (Issue 23's 200,000, stop 29.) An argentino hand of a match already over is not
    replayed and its report has no hands, but ``referee replay`` showed every player
    with an empty hand (an invariant: the replay's last state holds the report's hands).
    Now the replay shows no hands for it either.
13. (Issue 23's million, stop 30.) A blank line ending ``\r\n`` inside a game's block of
    tags (a Windows file with a blank line between its tags, or a ``[Result]`` after the
    game before, then a blank line, then the next game's tags): the block went on, as
    the grammar reads it, but the search for its ``Deck`` tag stopped at that line, so a
    Spanish game was read under the French deck (its cards syntax errors); alone, from
    its first tag, it read as Spanish.
14. (The same million.) A bad line starting with a no-break space and a ``[`` after a
    game's tags: cutting the text into games did not take it for a tag line (only
    blanks, tabs and control characters may stand before one), but the game's assembly
    did (any Unicode space), and made it a game of its own; alone, the line was text
    before any tag. Both now ask the one definition (``pieces.TAG_LINE_START``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.audit import audit_text
from referee.cli.batch.worker import Output, audit_file
from referee.notation.canonical import format_log
from referee.notation.encoding import NotText, check_encoding, decode
from referee.notation.reader import read_games
from tests.fuzz.check import audit_text as cli_audit
from tests.fuzz.check import check_bytes, check_order

HEADER = '[Game "51"]\n[Players "Ana Beto"]\n'


@pytest.mark.parametrize("take", ["take 7h 5d", "take 7h ??", "take ??", "toma", "RECOGE 2s JK"])
def test_a_51_take_of_the_pile_stops_the_events_and_does_not_crash(take: str) -> None:
    text = HEADER + f"Ana discard 7h\nBeto {take}\nBeto discard 8d\n"
    (game,) = read_games(text)
    assert [p.line for p in game.errors] == [4]
    assert [e.line for e in game.events] == [3]  # nothing from the bad line on
    (result,) = audit_text(text)
    assert [(f.kind, f.line) for f in result.findings] == [("syntax-error", 4)]
    assert check_bytes(text.encode()).status == 2  # before: an AssertionError, exit 3


def test_an_argentino_take_of_the_pile_still_reads() -> None:
    text = ('[Game "rummy-argentino"]\n[Players "Ana Beto"]\nup: 4d\n'
            "Ana draw\nAna discard 7h\nBeto take 4d 7h\n")
    (game,) = read_games(text)
    assert game.errors == [] and len(game.events) == 3


@pytest.mark.parametrize("end", ["\r", "\r\n", "\n", "\n\r"])
def test_fmt_keeps_every_line_whatever_the_line_ends(end: str) -> None:
    lines = ['[Game "51"]', '[Players "Ana Beto"]', "Ana  discard 7h", "Beto draw   8h"]
    text = end.join(lines) + end
    out = format_log(text, read_games(text))
    blank = "\n" if end == "\n\r" else ""  # a CR after a LF is a line end of its own
    assert out == "".join(line.replace("  ", " ").replace("  ", " ") + "\n" + blank
                          for line in lines)
    assert check_bytes(text.encode()).formatted


@pytest.mark.parametrize("card", ["2h=8h", "2♡=8♡", "2♥️=8h", "2♤=As", "2♠=As"])
def test_a_51_two_standing_for_a_card_is_refused_in_every_spelling(card: str) -> None:
    (game,) = read_games(HEADER + f"Ana meld {card} 8h 9h\n")
    assert [p.key for p in game.errors] == ["no-wild-two"]


def test_tags_after_a_bad_first_tag_line_belong_to_its_game() -> None:
    text = (HEADER + "Ana discard 7h\n\n"
            '[Game [[[\n[Stak ""]\nAna discard 8h\n')
    _, report = cli_audit(text)
    first, second = report["games"]
    assert [f["line"] for f in first["findings"]] == []  # before: an error at line 6
    assert second["line"] == 5 and [f["line"] for f in second["findings"]] == [5]
    check_order(report["games"])


def test_a_utf16_file_without_its_mark_reads_as_standard_input_reads_it(tmp_path: Path) -> None:
    text = HEADER + "Ana discard 7h\n"
    path = tmp_path / "log.rummy"
    path.write_bytes(text.encode("utf-16-le"))
    audit = audit_file(str(path), output=Output("json"), encoding="utf-16")
    assert audit.crash is None and audit.error is None  # before: UnicodeError, exit 3
    assert audit.summary is not None and audit.summary.games == 1
    assert audit.exit_status() == 0


@pytest.mark.parametrize("name", ["base64", "rot13", "hex", "zlib", "uu"])
def test_a_codec_that_is_not_a_text_encoding_is_unknown(name: str) -> None:
    with pytest.raises(LookupError):
        check_encoding(name)


@pytest.mark.parametrize("name", ["punycode", "undefined"])
def test_a_codec_that_fails_without_a_place_says_so_in_words(name: str,
                                                            tmp_path: Path) -> None:
    with pytest.raises(NotText):
        decode(b"[Game x", name)
    path = tmp_path / "log.rummy"
    path.write_bytes(b"[Game x")
    audit = audit_file(str(path), encoding=name)
    assert audit.crash is None and audit.error is not None and "line 1" in audit.error


GAME = HEADER + "Ana draw 7h\nAna discard 7h\n\n"


@pytest.mark.parametrize("after", ["deal Ana: 7h 7x\n", "Ana draw 7x\n",
                                   "Ana zzz\ndeal Beto: 8h\n"])
def test_tags_then_a_bad_line_are_that_games_own_tags(after: str) -> None:
    text = GAME + '[Stake "100"]\n[Result "Ana"]\n\n' + after
    first, second = read_games(text)
    assert first.errors == []  # before: "the tag Stake comes after the events of the game"
    assert second.line == 6 and list(second.tag_values) == ["Stake", "Result"]
    (alone,) = read_games("\n" * 5 + text.split("\n", 5)[5])
    assert (alone.line, alone.tags, alone.errors) == (second.line, second.tags, second.errors)


def test_tags_that_end_the_game_before_are_not_also_the_next_games() -> None:
    text = GAME + '[Result "Ana"]\n[Bad tag\n'
    first, second = read_games(text)
    assert [(p.line, p.key) for p in first.errors] == [(6, "tags-after-events")]
    assert second.line == 7 and second.tags == {}  # before: line 6, with the Result tag
    assert [(p.line, p.key) for p in second.errors] == [(7, "expected-tag-value")]
    check_order(cli_audit(text)[1]["games"])


def test_a_word_after_a_quote_names_the_control_character() -> None:
    (game,) = read_games(HEADER + 'Ana""\x00Kx draw\n')
    assert [(p.line, p.column, p.key) for p in game.errors] == [(3, 6, "control-character")]


def test_a_bad_line_between_tags_is_no_gap() -> None:
    text = GAME + '[Result "Ana"]\n\x1c\n' + HEADER + "Ana draw\n"
    first, second = read_games(text)
    assert first.errors == []  # before: "the tag Result comes after the events"
    assert second.line == 6 and second.tag_values["Result"] == "Ana"
    assert [(p.line, p.key) for p in second.errors] == [(7, "control-character")]


def test_tags_after_the_bad_line_stay_the_games_own() -> None:
    text = GAME + '[Result "Ana"]\n[?Result "x"]\n[Event "y"]\n'
    first, second = read_games(text)
    assert [(p.line, p.key) for p in first.errors] == [(6, "tags-after-events")]
    assert second.line == 7 and second.tag_values == {"Event": "y"}  # before: no tags
    (alone,) = read_games("\n" * 6 + '[?Result "x"]\n[Event "y"]\n')
    assert (alone.line, alone.tags) == (second.line, second.tags)


def test_no_tag_after_the_bad_line_ends_the_game_before() -> None:
    text = GAME + '[Result "*"]\n\n\x0b[Game "51"]\n\n[Result "Ana"]\n\n[Players "Ana Beto"]\n'
    first, second = read_games(text)
    assert [(p.line, p.key) for p in first.errors] == [(6, "tags-after-events")]
    assert second.line == 8 and second.tag_values == {"Result": "Ana", "Players": "Ana Beto"}


def test_the_lines_of_a_game_with_a_bad_deck_are_not_read() -> None:
    text = ('[Game "51"]\n[Players "Ana Beto"]\n[Deck "spanish-48\x18"]\n\n'
            "deal Ana: 1o 2o\x04 3o\nAna draw\x05\n")
    (game,) = read_games(text)
    assert [(p.line, p.key) for p in game.errors] == [(3, "control-character")]
    outcome = check_bytes(text.encode(), fmt=False)  # before: "line 5 holds '\x04' ..."
    assert outcome.strays == 3 and outcome.status == 2


def test_a_hand_after_its_matchs_end_shows_no_hands_in_the_replay() -> None:
    from referee.audit import Series, audit_game, series_before, timeline

    hand = ('[Game "rummy-argentino"]\n[Match "m"]\n[Players "María Fabián"]\n'
            '[CutBonus "María"]\n[Target "150"]\n\n'
            "deal María: 2c 7d 6c 8c 5c 8d 9s 5s 2s\ndeal Fabián: 3c Qh 6h Ks 4s 10c 10s Jc Ah\n"
            "up: As\nstock: 9d Jd 3h 5h Qs 4d 7c 3s 6d Qc\n\n"
            "María draw 9d\nMaría discard 9s\nFabián draw Jd\nFabián discard Ks\n"
            "María draw 3h\nMaría meld 9d 8d 7d\nMaría meld 6c 2c 8c\nMaría meld 5s 2s 5c\n"
            "María discard 3h\n\n")
    records = read_games(hand + hand)
    series = Series()
    assert audit_game(records[0], None, series).finished  # and the match is over
    assert audit_game(records[1], None, series).hands == {}
    assert timeline(records[1], None, series_before(records, 1))[-1].hands == {}


@pytest.mark.parametrize("blank", ["\r\n", "\r\r\n", " \t\r\n", "# a note\r\n\r\n"])
def test_a_crlf_blank_line_in_the_tags_does_not_hide_the_deck(blank: str) -> None:
    spanish = ('[Game "51"]\r\n' + blank + '[Players "Ana Beto"]\r\n' + blank
               + '[Deck "spanish-40"]\r\n\r\n'
               "deal Ana: 1o 2o 3o\r\ndeal Beto: 4o 5o 6o\r\nstock: 10e 11e 12e\r\n"
               "Ana draw 10e\r\nAna discard 1o\r\n")
    (game,) = read_games(spanish)
    assert game.errors == [] and game.deck.name == "spanish-40"
    before = '[Game "51"]\n[Players "Ana Beto"]\n\ndeal Ana: 2c\ndeal Beto: 3c\n[Result "*"]\r\n'
    _, second = read_games(before + blank + spanish)
    assert second.deck.name == "spanish-40"
    assert [p.key for p in second.errors if p.key != "tag-twice"] == []


@pytest.mark.parametrize("space", ["\u00a0", "\u3000", "\u2003"])
def test_a_unicode_space_before_a_bracket_is_no_tag_line(space: str) -> None:
    text = f'[Stak "-5"]\n\uff3bLawMin "1e3"]\n[EarlyDraw ""]  # note\n {space}[P\uff4cayers'
    games = read_games(text)  # the bad last line is the second game's, not a third's
    assert [g.line for g in games] == [1, 3] and 4 in [p.line for p in games[1].errors]
    outcome = check_bytes(text.encode(), fmt=False)  # each game as it is alone
    assert outcome.status == 2
