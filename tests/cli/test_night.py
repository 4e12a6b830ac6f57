"""``referee night``: the standings and report of a folder of a night's logs, each problem
of the night with its file and line, exit statuses as ``audit``'s, and ``--seating``."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from tests.cli import CLEAN, run
from tests.night import SIXTEEN, night_logs


def test_a_clean_night_prints_the_standings_and_exits_0(tmp_path: Path) -> None:
    night_logs(tmp_path)
    result = run("night", tmp_path)
    assert result.exit_code == 0, result.output
    assert "Standings" in result.stdout and "Round 3" in result.stdout
    assert all(name in result.stdout for name in SIXTEEN)
    assert result.stderr == ""


def test_the_json_is_the_nights_report(tmp_path: Path) -> None:
    night_logs(tmp_path)
    result = run("night", tmp_path, "--json")
    report = json.loads(result.stdout)
    assert report["name"] == "Jueves" and report["game"] == "51" and report["round"] == 3
    assert [row["rank"] for row in report["standings"]] == list(range(1, 17))
    assert set(report["standings"][0]) >= {"rank", "player", "points", "played", "won",
                                           "renuncias", "byes"}
    table = report["rounds"][0]["tables"][0]
    assert set(table) >= {"table", "players", "starter", "table_id", "state", "verdict_id",
                          "points", "flags"}
    assert table["state"] == "handed-in" and table["starter"] == table["players"][0]
    assert report["problems"] == [] and len(report["sources"]) == 12


def test_csv_and_html(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    night_logs(logs)
    out_csv, out_html = tmp_path / "s.csv", tmp_path / "r.html"
    result = run("night", logs, "--csv", out_csv, "--html", out_html, "--lang", "es")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(out_csv.read_text(encoding="utf-8"))))
    assert [r["rank"] for r in rows] == [str(i) for i in range(1, 17)]
    html = out_html.read_text(encoding="utf-8")
    assert "<script" not in html.lower() and "Clasificación" in html
    assert 'href="http' not in html and "src=" not in html  # nothing from outside
    assert 'href="#v-r1-t1-g1"' in html and 'id="v-r1-t1-g1"' in html  # verdicts inline
    assert "Clasificación" in result.stdout


def test_each_problem_with_its_file_and_line_exits_2(tmp_path: Path) -> None:
    files = night_logs(tmp_path)
    text = files[(1, 2)].read_text(encoding="utf-8")
    files[(1, 2)].write_text(text.replace('[Round "1"]\n', ""), encoding="utf-8")
    (tmp_path / "again.rummy").write_text(files[(2, 1)].read_text(encoding="utf-8"),
                                          encoding="utf-8")
    result = run("night", tmp_path)
    assert result.exit_code == 2
    assert f"{files[(1, 2)]}:1: the game has no Round tag" in result.stderr
    assert f"{files[(2, 1)]}:1: the same game as {tmp_path / 'again.rummy'} line 1" \
        in result.stderr
    assert "is missing from round 1 without a bye" in result.stderr


def test_renuncias_exit_1(tmp_path: Path) -> None:
    files = night_logs(tmp_path)
    text = files[(1, 1)].read_text(encoding="utf-8")
    lines = text.splitlines()
    # a discard before the draw: the second player's first event is a draw, moved after
    at = next(i for i, line in enumerate(lines) if " draw " in line)
    lines[at], lines[at + 1] = lines[at + 1], lines[at]
    files[(1, 1)].write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("night", tmp_path, "--json")
    assert result.exit_code == 1, result.stderr
    flags = json.loads(result.stdout)["rounds"][0]["tables"][0]["flags"]
    assert any(f["kind"] == "renuncia" for f in flags)


def test_an_unreadable_file_exits_2(tmp_path: Path) -> None:
    night_logs(tmp_path)
    (tmp_path / "bad.rummy").write_bytes(b"\xff\xfe\x00garbage")
    assert run("night", tmp_path).exit_code == 2


def test_a_file_that_is_no_night_exits_2() -> None:
    result = run("night", CLEAN)
    assert result.exit_code == 2
    assert "no Round tag" in result.stderr


def test_the_seating_plan_as_text_and_csv() -> None:
    names = " ".join(SIXTEEN[:14])
    result = run("night", "--seating", "--players", names, "--tables", "3..4",
                 "--rounds", "3", "--seed", "7")
    assert result.exit_code == 0, result.output
    assert "14 players, tables of 3 to 4, 3 rounds, mixer, seed 7" in result.stdout
    assert result.stdout.count("Table ") == 12  # 4, 4, 3, 3 each round
    again = run("night", "--seating", "--players", names, "--tables", "3..4",
                "--rounds", "3", "--seed", "7")
    assert again.stdout == result.stdout
    plan = run("night", "--seating", "--players", names, "--tables", "3..4", "--seed", "7",
               "--plan-csv")
    rows = list(csv.DictReader(io.StringIO(plan.stdout)))
    assert len(rows) == 14 * 3 and {r["round"] for r in rows} == {"1", "2", "3"}
    assert sum(r["starts"] == "yes" for r in rows) == 12


def test_the_seating_plan_in_spanish_and_its_errors() -> None:
    result = run("night", "--seating", "--players", "Ana,Beto,Caro,Dani,Eva", "--tables",
                 "4..4", "--lang", "es", "--seed", "1")
    assert result.exit_code == 0 and "Descansan" in result.stdout
    assert run("night", "--seating").exit_code == 2
    assert run("night", "--seating", "--players", "A B C", "--tables", "x").exit_code == 2
    bad = run("night", "--seating", "--players", "A B", "--tables", "3..5")
    assert bad.exit_code == 2 and "tables of 2 to 5 would" in bad.stderr


def test_the_tutorials_night_of_logs() -> None:
    """docs/tutorials/club-night.md runs it: a clean night of twelve, a call flagged."""
    from tests.cli import ROOT

    folder = ROOT / "docs" / "examples" / "noche-de-club"
    result = run("night", folder, "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["name"] == "Jueves de rummy" and len(report["standings"]) == 12
    assert [row["player"] for row in report["standings"][:3]] == ["Fede", "Ines", "Hugo"]
    flags = [f for r in report["rounds"] for t in r["tables"] for f in t["flags"]]
    assert [f["kind"] for f in flags] == ["call"]
