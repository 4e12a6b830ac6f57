"""The end of a game: the verdict judged on the table's log and stored, every sealed
renuncia revealed; ``GET .../log`` audits to exactly that verdict; argentino's next
hands until the match is over; simulated games played through the API, an event per
request, end in the verdict of the simulated log."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee.cli.app import app as cli_app
from tests.api import DATA
from tests.api.live import TestClient, friday, new_table, play_log

# The shared examples' argentino-match-3-hands.rummy, kept as .txt: the fuzzer seeds its
# corpus with every .rummy file under tests/, and this one is no fuzz seed.
MATCH = Path(__file__).with_name("match-3-hands.txt")


def cli_audit(text: str, tmp_path: Path, name: str = "table.rummy") -> dict[str, Any]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli_app, ["audit", str(path), "--json"])
    report: dict[str, Any] = json.loads(result.stdout)
    report["source"] = "<body>"
    return report


def verdict_report(client: TestClient, verdict_id: str, lang: str = "en") -> dict[str, Any]:
    response = client.get(f"/v1/verdicts/{verdict_id}", params={"lang": lang})
    assert response.status_code == 200, response.text
    report: dict[str, Any] = response.json()["report"]
    return report


def test_the_verdict_is_stored_and_the_log_audits_to_it(client: TestClient,
                                                        tmp_path: Path) -> None:
    table = friday(client)
    state = table.state()
    verdict = verdict_report(client, state["verdict_id"])
    game = verdict["games"][0]
    assert [f["rule"] for f in game["findings"]] == ["discard-pegue", "missed-call"]
    assert game["winner"] == "Caro" and game["settlement"][0]["amount"] == 1400
    assert verdict == cli_audit(table.log(), tmp_path)
    spanish = verdict_report(client, state["verdict_id"], "es")
    assert spanish["games"][0]["findings"][0]["message"].startswith("Ana descartó")
    assert client.get(f"/v/{state['verdict_id']}").status_code == 200


def test_the_same_log_played_twice_gives_the_same_verdict(client: TestClient) -> None:
    assert friday(client).state()["verdict_id"] == friday(client).state()["verdict_id"]


def test_argentino_hand_by_hand_until_the_match_is_over(client: TestClient,
                                                        tmp_path: Path) -> None:
    text = MATCH.read_text()
    table = play_log(client, text)
    state = table.state()
    assert state["over"] and state["finished"] and state["hand"] == 3
    assert state["match"]["over"] and state["match"]["winner"] == "Tano"
    assert state["standings"] == cli_audit(text, tmp_path, "m.rummy")["games"][2]["standings"]
    assert table.next_hand(["Pili", "Tano", "Dora"]).status_code == 409
    verdict = verdict_report(client, state["verdict_id"])
    assert verdict == cli_audit(table.log(), tmp_path)
    expected = cli_audit(text, tmp_path, "match.rummy")
    assert _without_lines(verdict) == _without_lines(expected)


def test_the_next_hand_waits_for_the_end_of_this_one(client: TestClient) -> None:
    table = new_table(client, game="rummy-argentino", players=("Ana", "Beto"),
                      tags={"Match": "Domingo"})
    assert table.next_hand(["Beto", "Ana"]).status_code == 409
    text = (DATA / "argentino-worked-hand-2p.rummy").read_text()
    worked = play_log(client, text.replace('[Players "Ana Beto"]',
                                           '[Players "Ana Beto"]\n[Match "Domingo"]'))
    state = worked.state()
    assert state["finished"] and not state["over"] and state["winner"] == "Ana"
    assert state["scores"][0] == {"player": "Ana", "laid": 70, "in_hand": 0, "bonus": 100,
                                  "penalty": 0, "total": 170}
    assert worked.post("Beto draw").status_code == 409
    assert worked.next_hand(["Beto", "Ana"], who="Beto").status_code == 403
    assert worked.next_hand(["Beto", "Zed"]).status_code == 422  # match-players
    response = worked.next_hand(["Beto", "Ana"], tags={"CutBonus": "Ana"})
    assert response.status_code == 201, response.text
    fresh = response.json()["state"]
    assert fresh["hand"] == 2 and fresh["players"] == ["Beto", "Ana"] and fresh["seq"] == \
        response.json()["seq"]
    assert fresh["events"] == [] and fresh["hands_given"] == [] and not fresh["finished"]
    assert fresh["standings"] == {"Ana": 170, "Beto": -105} and fresh["turn"] == "Beto"
    assert fresh["verdict_id"] == state["verdict_id"]
    log = worked.log()
    assert log.count('[Match "Domingo"]') == 2 and '[Hand "2"]' in log
    assert '[CutBonus "Ana"]' in log and "deal Ana: 3h" in log  # hand 1's hands are public
    assert worked.hand("Ana", "Ac Ad 9h 9s 6c Qh Jh 4c 8d").status_code == 201


def test_a_game_of_one_hand_has_no_next_hand(client: TestClient) -> None:
    assert friday(client).next_hand(["Beto", "Caro", "Ana"]).status_code == 409


def _without_lines(report: dict[str, Any]) -> dict[str, Any]:
    """The report without where things stand in the file (the table lays its log out its
    own way: no stock line, a comment for the stock's order)."""
    games = [{k: v for k, v in game.items() if k != "line"} for game in report["games"]]
    return {**report, "games": games}


@pytest.mark.parametrize(("game", "args"), [
    ("51", ["--players", "4", "--seed", "3"]),
    ("51", ["--players", "2", "--seed", "11", "--set", "MinOpen=71"]),
    ("rummy-argentino", ["--matches", "1", "--players", "3", "--seed", "2"]),
])
def test_a_simulated_game_played_through_the_api_ends_in_its_verdict(
        client: TestClient, tmp_path: Path, game: str, args: list[str]) -> None:
    out = tmp_path / "sim.rummy"
    result = CliRunner().invoke(cli_app, ["simulate", "--game", game, *args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    table = play_log(client, text, by_seats=True)
    state = table.state()
    assert state["finished"] and state["over"]
    verdict = verdict_report(client, state["verdict_id"])
    assert verdict == cli_audit(table.log(), tmp_path)
    assert _without_lines(verdict) == _without_lines(cli_audit(text, tmp_path, "sim2.rummy"))


def test_a_hands_own_tags_stay_with_the_first_hand(client: TestClient,
                                                    tmp_path: Path) -> None:
    """``Scores`` (the totals entering the hand), ``CutBonus`` and ``Result`` given when the
    table is made speak of its first hand only: the next hand does not carry them (its
    ``Scores`` would disagree with the totals and the hand be refused; found by the soak)."""
    text = MATCH.read_text()
    text = text.replace('[Hand "1"]\n',
                        '[Hand "1"]\n[Scores "Pili 10, Tano -20, Dora 0"]\n[CutBonus "Dora"]\n', 1)
    text = text.replace('[Result "Tano"]\n', "", 2)
    table = play_log(client, text)
    log = table.log()
    later = log[log.index('[Hand "2"]'):]
    assert "[Scores" not in later and "[CutBonus" not in later and "[Result" not in later
    assert log.count('[Scores "Pili 10, Tano -20, Dora 0"]') == 1
    verdict = verdict_report(client, table.state()["verdict_id"])
    assert verdict == cli_audit(log, tmp_path)
    assert _without_lines(verdict) == _without_lines(cli_audit(text, tmp_path, "m.rummy"))
