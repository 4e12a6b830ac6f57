"""``referee rules``, ``simulate``, the help of every command, ``--version``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli.commands.simulate import parse_players
from referee.cli.options import COMMANDS
from tests.cli import run


def test_rules_lists_ids_and_knobs() -> None:
    result = run("rules")
    assert result.exit_code == 0
    for rule_id in ("discard-pegue", "missed-call", "not-in-hand", "void-call", "MinOpen",
                    "DiscardPegue"):
        assert rule_id in result.stdout
    data = json.loads(run("rules", "--json").stdout)
    assert {"rules", "knobs"} <= set(data)
    assert {r["id"] for r in data["rules"]} >= {"take-not-first", "result-mismatch", "amnesty"}
    assert {k["name"]: k["default"] for k in data["knobs"]}["MinOpen"] == 51
    es = json.loads(run("rules", "--json", "--lang", "es").stdout)
    assert [r["id"] for r in es["rules"]] == [r["id"] for r in data["rules"]]
    assert es["rules"][0]["text"] != data["rules"][0]["text"]


def test_rules_unknown_game_exits_2() -> None:
    result = run("rules", "--game", "canasta")
    assert result.exit_code == 2
    assert "unknown game 'canasta'" in result.stderr


def test_simulate_prints_a_log(tmp_path: Path) -> None:
    result = run("simulate", "--games", "2", "--players", "3", "--seed", "7")
    assert result.exit_code == 0, result.output
    assert result.stdout.count('[Game "51"]') == 2
    again = run("simulate", "--games", "2", "--players", "3", "--seed", "7")
    assert again.stdout == result.stdout
    target = tmp_path / "sim.rummy"
    run("simulate", "--games", "1", "--players", "2..4", "--seed", "1", "-o", target)
    assert target.read_text(encoding="utf-8").startswith(("[", "#"))
    audited = run("audit", target)  # a simulated game audits clean
    assert audited.exit_code == 0, audited.output


@pytest.mark.parametrize("text", ["1", "7", "5..3", "two", "2..9"])
def test_simulate_rejects_bad_player_counts(text: str) -> None:
    result = run("simulate", "--players", text)
    assert result.exit_code == 2
    assert "--players" in result.stderr


def test_parse_players() -> None:
    assert parse_players("4") == (4, 4)
    assert parse_players("2..6") == (2, 6)
    assert parse_players("3-5") == (3, 5)


def test_every_command_has_help_with_examples() -> None:
    names = [c.name for c in COMMANDS]
    assert names == ["audit", "standings", "night", "fmt", "replay", "rules", "simulate",
                     "serve", "lsp"]
    for command in names:
        result = run(command, "--help")
        assert result.exit_code == 0, command
        assert "Examples" in result.stdout and f"referee {command}" in result.stdout, command
    top = run("--help")
    assert top.exit_code == 0
    assert all(name in top.stdout for name in names)


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version(flag: str) -> None:
    """Before: only --version (-V was an unknown option)."""
    result = run(flag)
    assert result.exit_code == 0 and result.stdout.startswith("referee ")
