"""mini-rummy through every front end, in this process (the game registered for each
test): ``referee audit`` (human and ``--json``), ``replay``, ``rules``, ``simulate``,
``standings``, the API (``POST /v1/audit``, ``POST /v1/timeline``), the page; its
words in both languages; and no module of the shared layers names it."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.audit import audit_text
from referee.games import Registry
from tests.cli import run
from tests.plugin import LOGS

with warnings.catch_warnings():  # starlette suggests another client; httpx is what we ship
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

pytestmark = pytest.mark.usefixtures("mini")

CLEAN = LOGS / "clean.rummy"
LAYOFF = LOGS / "layoff-before-meld.rummy"
TEXT = {"Content-Type": "text/plain; charset=utf-8"}


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REFEREE_LANG", raising=False)
    monkeypatch.setenv("COLUMNS", "1000")


# --------------------------------------------------------------------------- the CLI


def test_audit_human_shows_the_findings_and_the_points_left() -> None:
    clean = run("audit", CLEAN)
    assert clean.exit_code == 0, clean.output
    assert "Winner: Ana" in clean.stdout
    assert "Points left in hand: Ana 0 · Beto 30 · Caro 18" in clean.stdout
    dirty = run("audit", LAYOFF, "--lang", "es")
    assert dirty.exit_code == 1
    assert "mini-layoff-before-meld" in dirty.stdout
    assert "Caro pegó 9h en el juego 1 (5h 6h 7h 8h) antes de bajar un juego propio" \
        in dirty.stdout


def test_audit_json_has_the_games_own_field_and_knobs() -> None:
    report = json.loads(run("audit", CLEAN, "--json", "--set", "AceHigh=no").stdout)
    (game,) = report["games"]
    assert game["ruleset"] == "mini-rummy"
    assert game["rules"] == {"RunMin": 3, "AceHigh": False}
    assert game["mini_points"] == {"Ana": 0, "Beto": 30, "Caro": 18}
    assert list(game)[-1] == "mini_points"  # after the fields every game has


def test_a_knob_of_the_game_read_badly_says_what_it_expected() -> None:
    result = run("audit", CLEAN, "--set", "AceHigh=maybe")
    assert result.exit_code == 2
    assert "expected yes or no" in result.stderr


def test_replay_at_a_line_shows_the_table() -> None:
    result = run("replay", LAYOFF, "--at", "18", "--json")
    assert result.exit_code == 0, result.output
    view = json.loads(result.stdout)
    assert [m["cards"] for m in view["melds"]] == [["5h", "6h", "7h", "8h", "9h"],
                                                  ["3d", "3c", "3s"]]
    assert view["down"] == ["Ana", "Beto"] and view["turn"] == "Caro"
    human = run("replay", LAYOFF, "--at", "18")
    assert "mini-layoff-before-meld" in human.stdout


def test_rules_of_the_game_list_its_ids_texts_and_knobs() -> None:
    data = json.loads(run("rules", "--game", "mini-rummy", "--json").stdout)
    rules = {r["id"]: r for r in data["rules"]}
    assert {"mini-bad-meld", "mini-layoff-before-meld", "play-before-draw"} <= set(rules)
    assert "discard-pegue" not in rules  # 51's
    assert rules["mini-layoff-before-meld"]["text"] == \
        "lays off before having laid a meld of their own"
    assert [k["name"] for k in data["knobs"]] == ["RunMin", "AceHigh"]
    assert data["rulesets"] == [{"name": "mini-rummy", "title": "mini-rummy (a small rummy)",
                                 "supported": True, "players": "2-4",
                                 "knobs": ["RunMin", "AceHigh"],
                                 "defaults": {"RunMin": 3, "AceHigh": True}}]
    es = run("rules", "--game", "mini-rummy", "--lang", "es")
    assert "pega antes de haber bajado un juego propio" in es.stdout


def test_simulate_writes_games_the_referee_finds_clean(tmp_path: Path) -> None:
    target = tmp_path / "sim.rummy"
    result = run("simulate", "--game", "mini-rummy", "--games", "40", "--players", "2..4",
                 "--seed", "5", "-o", target)
    assert result.exit_code == 0, result.output
    text = target.read_text(encoding="utf-8")
    assert text.count('[Game "mini-rummy"]') == 40
    again = run("simulate", "--game", "mini-rummy", "--games", "40", "--players", "2..4",
                "--seed", "5")
    assert again.stdout == text  # a seed gives the same log
    results = audit_text(text, "sim.rummy")
    assert all(r.clean and r.finished for r in results)
    assert {len(r.players) for r in results} == {2, 3, 4}


def test_simulate_hidden_in_spanish_under_knobs() -> None:
    result = run("simulate", "--game", "mini-rummy", "--games", "10", "--hidden", "--lang",
                 "es", "--set", "RunMin=4", "--set", "AceHigh=no", "--seed", "2")
    assert result.exit_code == 0, result.output
    assert '[RunMin "4"]' in result.stdout and " roba" in result.stdout
    assert "deal " not in result.stdout and "reparte" not in result.stdout
    assert all(r.clean and r.finished for r in audit_text(result.stdout))


def test_simulate_has_no_matches() -> None:
    result = run("simulate", "--game", "mini-rummy", "--matches", "2")
    assert result.exit_code == 2
    assert "mini-rummy has no matches" in result.stderr


def test_standings_count_the_points_the_winner_scored() -> None:
    data = json.loads(run("standings", CLEAN, "--json").stdout)
    rows = {row["player"]: row for row in data["mini_rummy"]}
    assert rows["Ana"]["points"] == 48 and rows["Ana"]["went_out"] == 1
    assert rows["Beto"]["points"] == 0 and rows["Beto"]["hands"] == 1


# --------------------------------------------------------------------------- the API


@pytest.fixture
def client(mini: Registry, tmp_path: Path) -> Iterator[TestClient]:
    from referee.api.app import create_app
    from referee.api.settings import Settings

    settings = Settings(database_url=f"sqlite:///{tmp_path / 'verdicts.sqlite3'}")
    with TestClient(create_app(settings)) as c:
        yield c


def test_post_audit(client: TestClient) -> None:
    response = client.post("/v1/audit?lang=es&RunMin=4", content=LAYOFF.read_bytes(),
                           headers=TEXT)
    assert response.status_code == 200, response.text
    (game,) = response.json()["games"]
    assert game["rules"]["RunMin"] == 4
    assert [(f["rule"], f["line"]) for f in game["findings"]] == [
        ("mini-layoff-before-meld", 18)]
    assert game["findings"][0]["message"].startswith("Caro pegó 9h")
    bad = client.post("/v1/audit?AceHigh=maybe", content=CLEAN.read_bytes(), headers=TEXT)
    assert bad.status_code == 400 and "AceHigh" in bad.json()["error"]["message"]


def test_post_timeline(client: TestClient) -> None:
    response = client.post("/v1/timeline", content=CLEAN.read_bytes(), headers=TEXT)
    assert response.status_code == 200, response.text
    timeline = response.json()
    assert timeline["replayable"] is True
    steps = timeline["steps"]
    assert len(steps) == 20  # the deal, then each of the 19 events
    assert steps[0]["hands"]["Ana"]["size"] == 7 and steps[0]["stock_size"] == 31
    assert steps[-1]["winner"] == "Ana" and len(steps[-1]["melds"]) == 4


def test_the_api_documents_the_games_field_and_knob() -> None:
    # What the routers' OpenAPI schema is built from when they are imported (the
    # installed test reads /openapi.json itself: here the routers may have been imported
    # before the game was registered).
    from typing import get_type_hints

    from referee.api.requests import knob_parameters
    from referee.report.schema import documented_report

    game = get_type_hints(documented_report())["games"].__args__[0]
    assert "mini_points" in get_type_hints(game)
    assert "AceHigh" in {p["name"] for p in knob_parameters()}


def test_the_page_audits_a_pasted_log(client: TestClient) -> None:
    home = client.get("/")
    assert home.status_code == 200 and 'name="AceHigh"' in home.text
    page = client.post("/", data={"log": CLEAN.read_text(encoding="utf-8"), "lang": "es"})
    assert page.status_code == 200
    assert "Puntos en la mano:</strong>" in page.text
    assert "Ana 0 · Beto 30 · Caro 18" in page.text
    dirty = client.post("/", data={"log": LAYOFF.read_text(encoding="utf-8")})
    assert "mini-layoff-before-meld" in dirty.text


# --------------------------------------------------------------------------- the seam


def test_its_words_are_in_both_languages() -> None:
    from mini_rummy import MiniRummy

    from referee.rulebook import get

    game = MiniRummy()
    for key, entry in game.messages().items():
        assert set(entry) == {"en", "es"} and all(entry.values()), key
    for rule_id in game.rule_ids:
        assert get(rule_id) is not None, rule_id
    for rule in game.rules:
        assert f"rule.{rule.id}" in game.messages() and rule.id in game.messages()


def test_no_module_of_the_shared_layers_names_it() -> None:
    from tests.test_architecture import ROOT, game_words, naming, shared_modules

    exact, _ = game_words()
    assert "mini-rummy" in exact  # the check knows the plugin's words
    bad = {str(p.relative_to(ROOT)): found for p in shared_modules() if (found := naming(p))}
    assert bad == {}
