"""Tournament outputs: the night's netted settlement in the JSON report, and ``referee
standings`` across a folder (table, CSV, JSON).

Before: the netted settlement of a file's games was only in the human report, and
nothing added up players across files.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from tests.cli import ARGENTINO, BATCH, CLEAN, NIGHT, NOT_UTF8, PEGUE, SYNTAX, audit_json, run

# ----------------------------------------------------------------------------- the night


def test_a_report_of_several_games_has_the_night_netted() -> None:
    report, code = audit_json(NIGHT)
    assert isinstance(report, dict) and code == 1
    assert list(report) == ["source", "games", "night", "summary"]
    assert report["night"] == [{"payer": "Beto", "payee": "Caro", "amount": 1400}]


def test_a_report_of_one_game_keeps_its_shape() -> None:
    report, _ = audit_json(CLEAN)
    assert isinstance(report, dict)
    assert list(report) == ["source", "games", "summary"]


def test_the_night_is_in_every_report_of_a_batch_and_in_the_api_model() -> None:
    from referee.audit import audit_text
    from referee.notation.reader import read_path
    from referee.report.model import build_report

    reports, _ = audit_json(NIGHT, CLEAN)
    assert isinstance(reports, list)
    assert "night" in reports[0] and "night" not in reports[1]
    built = build_report(str(NIGHT), audit_text(read_path(NIGHT), str(NIGHT)))
    assert built == reports[0]


# ----------------------------------------------------------------------------- standings


@pytest.fixture()
def tournament(tmp_path: Path) -> Path:
    """Two tables: the night (two games), a clean game, the pegue; the clean game twice."""
    folder = tmp_path / "torneo"
    folder.mkdir()
    for name, source in (("mesa-1.rummy", NIGHT), ("mesa-2.rummy", CLEAN),
                         ("mesa-3.rummy", PEGUE), ("copia.rummy", CLEAN)):
        (folder / name).write_bytes(source.read_bytes())
    return folder


def test_standings_add_up_players_across_files(tournament: Path) -> None:
    result = run("standings", tournament, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 4 and data["duplicates"] == 1  # the copy counted once
    players = {p["player"]: p for p in data["players"]}
    # night: Caro wins game 1 (Ana out for her pegue, Beto for the missed call), Ana game 2;
    # clean-2p: Wilson beats Lalo; pegue-3p: Jaime's renuncia, never called, no winner
    assert players["Caro"] == {"player": "Caro", "games": 2, "wins": 1, "renuncias": 0,
                               "eliminations": 0, "net": 1400}
    assert players["Ana"] == {"player": "Ana", "games": 2, "wins": 1, "renuncias": 1,
                              "eliminations": 1, "net": 0}
    assert players["Beto"]["renuncias"] == 1 and players["Beto"]["net"] == -1400
    assert players["Wilson"]["wins"] == 1 and players["Wilson"]["net"] == 1400
    assert players["Jaime"]["renuncias"] == 1 and players["Jaime"]["wins"] == 0
    assert sum(p["net"] for p in data["players"]) == 0
    assert data["settlement"] == [{"payer": "Beto", "payee": "Caro", "amount": 1400},
                                  {"payer": "Lalo", "payee": "Wilson", "amount": 1400}]
    assert [p["player"] for p in data["players"]][:2] == ["Caro", "Wilson"]  # by net
    assert data["argentino"] == []


def test_standings_count_argentino_hands(tmp_path: Path) -> None:
    result = run("standings", ARGENTINO, "--json")
    data = json.loads(result.stdout)
    assert data["players"] == [] and data["settlement"] == []
    hands = {h["player"]: h for h in data["argentino"]}
    audit, _ = audit_json(ARGENTINO)
    assert isinstance(audit, dict)
    scores = {s["player"]: s["total"] for s in audit["games"][0]["scores"]}
    assert {name: h["points"] for name, h in hands.items()} == scores
    winner = audit["games"][0]["winner"]
    assert hands[winner]["went_out"] == 1 and hands[winner]["hands"] == 1


def test_standings_as_a_table_and_a_csv(tournament: Path, tmp_path: Path) -> None:
    target = tmp_path / "standings.csv"
    result = run("standings", tournament, "--csv", target)
    assert result.exit_code == 0
    out = result.stdout
    assert "Standings: 51" in out and "Settlement over every 51 game, netted" in out
    assert "Beto owes Caro 1400" in out
    assert "Games: 4 · files: 4 · repeated games counted once: 1" in out
    rows = list(csv.DictReader(target.open(encoding="utf-8")))
    assert list(rows[0]) == ["game", "player", "games", "wins", "renuncias", "eliminations",
                             "net", "points"]
    caro = next(r for r in rows if r["player"] == "Caro")
    assert caro == {"game": "51", "player": "Caro", "games": "2", "wins": "1",
                    "renuncias": "0", "eliminations": "0", "net": "1400", "points": ""}


def test_standings_in_spanish(tournament: Path) -> None:
    result = run("standings", tournament, "--lang", "es")
    assert "Clasificación: 51" in result.stdout and "Beto le debe a Caro 1400" in result.stdout


def test_standings_exit_2_for_unreadable_files_and_syntax_errors() -> None:
    assert run("standings", BATCH, NOT_UTF8, "--json").exit_code == 2
    assert run("standings", SYNTAX, "--json").exit_code == 2
    assert run("standings", BATCH, "--json").exit_code == 0  # renuncias are no failure here
