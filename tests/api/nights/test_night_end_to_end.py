"""A night of 16 players over 3 rounds, played from simulated games: round 1's tables
through the live tables' API (each player with their own pass), rounds 2 and 3 handed
in as logs; its standings equal those ``referee night`` computes from the tables' logs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.api.nights import NAMES, make_night, play_live, table_log
from tests.cli import run


def test_a_night_played_live_and_handed_in_equals_referee_night(client: Any,
                                                                tmp_path: Path) -> None:
    night = make_night(client, NAMES, tables={"min": 4, "max": 4})
    logs: list[str] = []
    for number in (1, 2, 3):
        seated = night.seated()
        assert seated["round"] == number and seated["byes"] == []
        assert [len(t["players"]) for t in seated["tables"]] == [4, 4, 4, 4]
        if number == 2:
            assert seated["repeats"] == 0  # mixer: 4 tables of 4, round 2 meets nobody again
        for table in seated["tables"]:
            text = table_log("51", table["players"], number, table["table"])
            if number == 1:
                play_live(client, night, table["table_id"], text)
                log = client.get(f"/v1/tables/{table['table_id']}/log")
                assert log.status_code == 200
                logs.append(log.text)
            else:
                answer = night.hand_in(number, table["table"], text)
                assert answer.status_code == 200, answer.text
                logs.append(text)
        assert night.close(number).status_code == 200
    data = night.get()
    assert all(t["state"] == ("finished" if r["round"] == 1 else "handed-in")
               for r in data["rounds"] for t in r["tables"])
    assert all(t["verdict_id"] for r in data["rounds"] for t in r["tables"])
    for i, text in enumerate(logs):
        (tmp_path / f"{i:02}.rummy").write_text(text, encoding="utf-8")
    result = run("night", tmp_path, "--json")
    assert result.exit_code in (0, 1), result.output
    offline = json.loads(result.stdout)
    assert offline["problems"] == []
    assert offline["standings"] == data["standings"]
    assert [[t["points"] for t in r["tables"]] for r in offline["rounds"]] == \
        [[t["points"] for t in r["tables"]] for r in data["rounds"]]
    assert sum(row["points"] for row in data["standings"]) == 0
    report = client.get(f"/v1/nights/{night.id}/report").json()
    assert report["standings"] == data["standings"]
    handed = ["round", "log", "log", "log", "log", "close"]
    assert [item["action"] for item in report["trail"]] == [
        "create", "round", "close", *handed, *handed]
