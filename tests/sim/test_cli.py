"""``referee simulate``: both games, hands and whole matches, errors in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from referee.cli.app import app
from referee.notation.reader import read_games

runner = CliRunner()


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REFEREE_LANG", raising=False)


def run(*args: str | Path) -> Result:
    return runner.invoke(app, [str(a) for a in args])


def test_argentino_hands() -> None:
    result = run("simulate", "--game", "rummy-argentino", "--games", "3", "--players", "2..8",
                 "--seed", "7")
    assert result.exit_code == 0, result.output
    records = read_games(result.stdout, "sim.rummy")
    assert len(records) == 3 and not any(r.errors for r in records)
    assert all(r.ruleset == "rummy-argentino" and "Match" not in r.tags for r in records)
    again = run("simulate", "--game", "rummy-argentino", "--games", "3", "--players", "2..8",
                "--seed", "7")
    assert again.stdout == result.stdout


def test_argentino_matches_to_a_file(tmp_path: Path) -> None:
    target = tmp_path / "match.rummy"
    result = run("simulate", "-g", "rummy-argentino", "--matches", "2", "--set", "Target=250",
                 "--seed", "3", "-o", target)
    assert result.exit_code == 0, result.output
    records = read_games(target.read_text(encoding="utf-8"), str(target))
    names = {r.tag_values["Match"] for r in records}
    assert len(names) == 2 and all(r.tag_values["Target"] == "250" for r in records)
    assert records[0].tag_values["Hand"] == "1"


def test_argentino_players_go_up_to_eight() -> None:
    result = run("simulate", "--game", "rummy-argentino", "--players", "8", "--seed", "1")
    assert result.exit_code == 0, result.output
    (record,) = read_games(result.stdout, "eight.rummy")
    assert len(record.players) == 8


@pytest.mark.parametrize(("args", "words"), [
    (("--game", "rummy-argentino", "--players", "9"), "from 2 to 8"),
    (("--players", "7"), "from 2 to 6"),
    (("--matches", "2"), "no matches"),
    (("--game", "rummy-argentino", "--games", "2", "--matches", "2"), "not both"),
    (("--game", "rummy-argentino", "--players", "6", "--set", "Decks=1", "--set", "Jokers=0"),
     "not enough cards"),
    (("--set", "Nope=1"), "Nope"),
])
def test_bad_requests_exit_2(args: tuple[str, ...], words: str) -> None:
    result = run("simulate", *args)
    assert result.exit_code == 2
    assert words in result.stderr


def test_errors_in_spanish() -> None:
    result = run("simulate", "--matches", "1", "--lang", "es")
    assert result.exit_code == 2 and "no tiene partidos" in result.stderr


def test_help_names_both_games() -> None:
    result = run("simulate", "--help")
    assert result.exit_code == 0
    assert "rummy-argentino" in result.stdout and "--matches" in result.stdout
