"""``referee audit`` and ``replay`` on a game whose tags hold a syntax error: its syntax
errors and a line saying it is not judged, in both languages (RULES.md §14)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli import ARGENTINO, DATA, run

BAD_TAG = DATA / "friday-bad-tag.rummy"


def test_the_json_report_holds_the_syntax_error_only() -> None:
    result = run("audit", BAD_TAG, "--json")
    assert result.exit_code == 2
    (game,) = json.loads(result.stdout)["games"]
    assert [(f["kind"], f["line"]) for f in game["findings"]] == [("syntax-error", 9)]
    assert (game["finished"], game["winner"], game["settlement"], game["rules"]) == (
        False, None, [], {})
    assert "MinOpen" in result.stderr and "^" in result.stderr


@pytest.mark.parametrize(("lang", "said", "unsaid"), [
    ("en", "Not judged: the game's tags hold a syntax error",
     ("Winner", "Settlement", "Not finished", "discard-pegue", "Calls")),
    ("es", "Sin juzgar: las etiquetas de la partida tienen un error de sintaxis",
     ("Ganador", "Liquidación", "Sin terminar", "discard-pegue", "Cantos")),
])
def test_the_human_report_says_the_game_is_not_judged(lang: str, said: str,
                                                      unsaid: tuple[str, ...]) -> None:
    result = run("audit", BAD_TAG, "--lang", lang)
    assert result.exit_code == 2
    assert said in result.stdout and "syntax-error" in result.stdout
    for words in unsaid:
        assert words not in result.stdout


def test_a_judged_game_says_nothing_of_not_being_judged() -> None:
    result = run("audit", DATA / "friday.rummy")
    assert "Winner: Caro" in result.stdout and "Not judged" not in result.stdout


@pytest.mark.parametrize(("lang", "said", "unsaid"), [
    ("en", ("Not judged", "Match totals: unknown"), ("No scores", "Winner", "Not finished")),
    ("es", ("Sin juzgar", "Puntaje del partido: desconocido"),
     ("Sin puntos", "Ganador", "Sin terminar")),
])
def test_an_argentino_hand_not_judged_shows_its_unknown_totals(
        tmp_path: Path, lang: str, said: tuple[str, ...], unsaid: tuple[str, ...]) -> None:
    log = tmp_path / "bad-target.rummy"
    log.write_text(ARGENTINO.read_text().replace("[Players", '[Target "-5"]\n[Players', 1))
    result = run("audit", log, "--lang", lang)
    assert result.exit_code == 2
    block = result.stdout.split("\n\n")[0]  # the hand's block, before the final table
    for words in said:
        assert words in block
    for words in unsaid:
        assert words not in block


def test_replay_refuses_a_game_not_judged_and_says_why() -> None:
    result = run("replay", BAD_TAG, "--at", "20")
    assert result.exit_code == 2
    assert "Not judged: the game's tags hold a syntax error" in result.stderr
    es = run("replay", BAD_TAG, "--at", "20", "--lang", "es")
    assert es.exit_code == 2 and "Sin juzgar" in es.stderr
