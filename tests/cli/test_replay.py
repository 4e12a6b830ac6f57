"""``referee replay``: ``--at`` finds its game and shows the event and its findings;
``--step`` walks a game; counts read right in both languages.

Before: ``--at`` looked in game 1 unless ``--game`` said otherwise (a line of game 2
showed game 1's end), a line outside every game was not an error, neither the event
at the line nor its findings were shown, there was no ``--step``, and the piles read
"1 cards".
"""

from __future__ import annotations

import json

import pytest

from tests.cli import ARGENTINO, CLEAN, DATA, EXAMPLES, NIGHT, PEGUE, run


def replay_json(*args: object) -> object:
    result = run("replay", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_at_finds_the_game_that_holds_the_line() -> None:
    state = replay_json(NIGHT, "--at", "61")
    assert isinstance(state, dict)
    assert state["game"] == 2 and state["line"] == 61
    assert state["event"] == "Ana meld Ah Ac Ad"
    assert set(state["hands"]) == {"Ana", "Caro"}
    first = replay_json(NIGHT, "--at", "20")
    assert isinstance(first, dict) and first["game"] == 1 and set(first["hands"]) == {
        "Ana", "Beto", "Caro"}


def test_at_counts_lines_as_the_reader_does() -> None:
    # Before: "line 4 is in no game: its games span lines 1 to 1" (old Mac line ends).
    log = '[Game "51"]\r[Players "Ana Beto"]\rAna draw 7h\rAna discard 7h\r'
    state = json.loads(run("replay", "-", "--at", "4", "--json", input=log).stdout)
    assert state["line"] == 4 and state["event"] == "Ana discard 7h"


def test_at_shows_the_event_and_the_findings_standing_on_it() -> None:
    result = run("replay", NIGHT, "--at", "29")
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("Game 1 · line 29: Ana discard 9d")
    assert "1 finding on this line" in out and "discard-pegue" in out
    state = replay_json(NIGHT, "--at", "29")
    assert isinstance(state, dict)
    assert [(f["rule"], f["player"]) for f in state["findings"]] == [("discard-pegue", "Ana")]
    quiet = replay_json(NIGHT, "--at", "28")
    assert isinstance(quiet, dict) and quiet["findings"] == [] and quiet["event"] == (
        "Ana draw 2d")


def test_a_finding_judged_later_stands_on_its_line() -> None:
    """A bajada is judged as its turn ends, but its finding stands on the first meld."""
    from tests.variants.la51 import line_of
    from tests.variants.la51.rulings import layoffs_count_log

    text = layoffs_count_log({"MinOpen": "71"})
    meld = line_of(text, "Caro meld Qh Qc Qd")
    result = run("replay", "-", "--at", str(meld), "--json", input=text)
    state = json.loads(result.stdout)
    assert [f["rule"] for f in state["findings"]] == ["bajada-below-minimum"]
    assert "19 laid off" in state["findings"][0]["message"]


@pytest.mark.parametrize("lang, heading", [
    ("en", "Game 2 · line 61: Ana meld Ah Ac Ad"),
    ("es", "Partida 2 · línea 61: Ana baja Ah Ac Ad"),
])
def test_the_heading_names_the_game_of_a_file_of_several(lang: str, heading: str) -> None:
    """Before: "Line 61: Ana meld Ah Ac Ad", with no word of which of the file's games."""
    result = run("replay", NIGHT, "--at", "61", "--lang", lang)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(heading), result.stdout[:80]
    state = replay_json(NIGHT, "--at", "61", "--lang", lang)
    assert isinstance(state, dict) and state["game"] == 2


def test_a_file_of_one_game_names_game_1() -> None:
    result = run("replay", CLEAN, "--at", "12")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Game 1 · line 12: "), result.stdout[:80]


def test_a_line_with_no_event_says_so() -> None:
    result = run("replay", NIGHT, "--at", "11")  # a deal line
    assert result.exit_code == 0
    assert result.stdout.startswith("Game 1 · line 11: no event")


@pytest.mark.parametrize("args, words", [
    (["--at", "1"], "line 1 is in no game of"),
    (["--at", "500"], "line 500 is in no game of"),
    (["--at", "61", "--game", "1"], "line 61 is not in game 1"),
    (["--game", "5"], "has no game 5 (it has 2)"),
])
def test_lines_and_games_outside_the_file_exit_2(args: list[str], words: str) -> None:
    result = run("replay", NIGHT, *args)
    assert result.exit_code == 2
    assert words in result.stderr
    assert result.stdout == ""


def test_without_a_terminal_step_prints_every_state() -> None:
    result = run("replay", NIGHT, "--game", "2", "--step")
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("Game 2 as dealt (line 37)")
    assert out.count("\nGame 2 · line ") == 58  # one state per event after the deal
    assert out.index("Game 2 · line 45: Ana discard 8s") < out.index("Game 2 · line 102:")


def test_step_as_json_from_a_line() -> None:
    states = replay_json(NIGHT, "--at", "99", "--step")
    assert isinstance(states, list)
    assert [s["line"] for s in states] == [99, 100, 101, 102]
    assert states[-1]["finished"] is True and states[-1]["winner"] == "Ana"


def test_step_on_a_terminal_follows_the_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    import referee.cli.commands.replay as replay

    monkeypatch.setattr(replay, "interactive", lambda: True)
    result = run("replay", NIGHT, "--at", "99", "--step", input="\n\nb\nq\n")
    assert result.exit_code == 0
    lines = (line.removeprefix("> ") for line in result.stdout.splitlines())  # the prompt
    shown = [line.split(" ─")[0] for line in lines if line.startswith("Game ")]
    assert shown == ["Game 2 · line 99: Caro discard 2c  · step 56 of 59",
                     "Game 2 · line 100: Ana draw 9s  · step 57 of 59",
                     "Game 2 · line 101: Ana layoff 9s on 4  · step 58 of 59",
                     "Game 2 · line 100: Ana draw 9s  · step 57 of 59"]
    assert "Enter: next · b: back · q: quit" in result.stdout


def test_step_on_a_terminal_ends_after_the_last_state(monkeypatch: pytest.MonkeyPatch) -> None:
    import referee.cli.commands.replay as replay

    monkeypatch.setattr(replay, "interactive", lambda: True)
    result = run("replay", NIGHT, "--at", "102", "--step", input="\n")
    assert result.exit_code == 0 and "End of the game." in result.stdout


@pytest.mark.parametrize("lang, words", [
    ("en", ["Discard pile: 2s, 1 card", "Stock: 65 cards", "No findings on this line."]),
    ("es", ["Descarte: 2s, 1 carta", "Mazo: 65 cartas", "Ningún hallazgo en esta línea."]),
])
def test_counts_read_right_in_both_languages(lang: str, words: list[str]) -> None:
    result = run("replay", NIGHT, "--at", "14", "--lang", lang)
    for text in words:
        assert text in result.stdout, result.stdout


def test_spanish_finding_count() -> None:
    result = run("replay", NIGHT, "--at", "29", "--lang", "es")
    assert "Partida 1 · línea 29: Ana descarta 9d" in result.stdout
    assert "1 hallazgo en esta línea" in result.stdout


def test_an_argentino_hand_replays_in_its_match() -> None:
    state = replay_json(ARGENTINO, "--at", "18")
    assert isinstance(state, dict) and state["game"] == 1
    assert state["event"] == "Ana meld Kc Kd 2s"


@pytest.mark.skipif(not EXAMPLES.is_dir(), reason="shared/examples not beside the repo")
def test_a_later_hand_of_a_match_steps_through() -> None:
    path = EXAMPLES / "argentino-match-3-hands.rummy"
    states = replay_json(path, "--at", "70", "--step")
    assert isinstance(states, list) and states[0]["game"] == 3
    assert states[-1]["finished"] is True and states[-1]["winner"] == "Tano"


def test_replay_reads_the_old_way_too() -> None:
    result = run("replay", PEGUE, "--at", "22")
    assert result.exit_code == 0, result.output
    data = replay_json(PEGUE, "--at", "22")
    assert isinstance(data, dict)
    assert data["line"] == 22
    assert set(data["hands"]) == {"Jaime", "Nora", "Karen"}
    assert [m["owner"] for m in data["melds"]] == ["Nora", "Nora"]
    assert data["down"] == ["Nora"]
    end = replay_json(CLEAN)
    assert isinstance(end, dict) and end["finished"] is True
    assert (DATA / "clean-2p.rummy") == CLEAN
