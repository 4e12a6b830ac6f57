"""The plugin as a user installs it (issue 19, "done when"): a fresh virtual environment,
``pip install -e .`` (the referee and its dependencies, plus httpx for the in-process
API client), then ``pip install -e examples/plugin-game``; then, in that environment,
``referee rules``, ``audit`` (human and ``--json``), ``replay`` and ``simulate`` on the
plugin's sample logs, the API through an in-process client, and the page in a browser
on a ``referee serve`` of that environment.

The environment is built once for the module (about 25 seconds: pip's cache serves
the wheels the test suite's own environment was installed from; ``--without-pip`` and
the suite's pip through ``--python`` save installing pip into it). Marked ``venv``: it
runs by default and in CI (``-m "not venv"`` leaves it out of a quick run).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.api import Server, free_port
from tests.plugin import LOGS, PLUGIN, ROOT

pytestmark = pytest.mark.venv

TIMEOUT = 600  # seconds for one pip install, at most


@dataclass(frozen=True)
class Venv:
    """A virtual environment of its own, and the environment variables to run in it."""

    root: Path
    env: dict[str, str]

    @property
    def bin(self) -> Path:
        return self.root / ("Scripts" if os.name == "nt" else "bin")

    def pip(self, *args: str) -> None:
        command = [sys.executable, "-m", "pip", "--python", str(self.bin / "python"),
                   "install", "--quiet", "--disable-pip-version-check", *args]
        done = subprocess.run(command, env=self.env, capture_output=True, text=True,
                              timeout=TIMEOUT)
        assert done.returncode == 0, f"{' '.join(command)}\n{done.stdout}\n{done.stderr}"

    def run(self, program: str, *args: str | Path,
            stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(self.bin / program), *map(str, args)], env=self.env,
                              input=stdin, capture_output=True, text=True, cwd=ROOT,
                              timeout=120)

    def referee(self, *args: str | Path) -> subprocess.CompletedProcess[str]:
        return self.run("referee", *args)


def own_env(where: Path) -> dict[str, str]:
    """This process's environment without the referee's settings, the suite's virtual
    environment or a Python path: the new environment finds only what it installed."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("REFEREE_", "PYTHON", "VIRTUAL_ENV"))}
    env.update(REFEREE_CACHE_DIR=str(where / "cache"), XDG_DATA_HOME=str(where / "data"),
               COLUMNS="1000", REFEREE_LANG="en")
    return env


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Venv:
    where = tmp_path_factory.mktemp("plugin")
    made = Venv(where / "venv", own_env(where))
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(made.root)],
                   check=True, timeout=120)
    made.pip("-e", str(ROOT), "httpx")
    before = made.referee("rules", "--game", "mini-rummy")  # not installed yet
    assert before.returncode == 2 and "unknown game 'mini-rummy'" in before.stderr
    made.pip("-e", str(PLUGIN))
    return made


def test_the_game_is_found_through_its_entry_point(venv: Venv) -> None:
    # The registry's cache (REFEREE_CACHE_DIR) listed two games before the install: the
    # install changed site-packages, so the entry points were read again.
    result = venv.referee("rules", "--game", "mini-rummy", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert {"mini-bad-meld", "mini-layoff-before-meld", "play-before-draw"} <= \
        {r["id"] for r in data["rules"]}
    assert [k["name"] for k in data["knobs"]] == ["RunMin", "AceHigh"]
    every = json.loads(venv.referee("rules", "--json").stdout)
    assert [r["name"] for r in every["rulesets"]] == ["51", "rummy-argentino", "mini-rummy"]


def test_audit_human_and_json(venv: Venv) -> None:
    clean = venv.referee("audit", LOGS / "clean.rummy")
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "Points left in hand: Ana 0 · Beto 30 · Caro 18" in clean.stdout
    both = venv.referee("audit", "--json", LOGS / "play-before-draw.rummy",
                        LOGS / "layoff-before-meld.rummy")
    assert both.returncode == 1, both.stderr
    found = [(f["rule"], f["player"], f["line"]) for report in _reports(both.stdout)
             for game in report["games"] for f in game["findings"]]
    assert sorted(found) == [("mini-layoff-before-meld", "Caro", 18),
                             ("play-before-draw", "Beto", 16)]


def _reports(text: str) -> list[dict[str, Any]]:
    """The report of each file (several files: a list of them)."""
    data = json.loads(text)
    return data if isinstance(data, list) else [data]


def test_replay(venv: Venv) -> None:
    result = venv.referee("replay", LOGS / "layoff-before-meld.rummy", "--at", "18", "--json")
    assert result.returncode == 0, result.stderr
    view = json.loads(result.stdout)
    assert view["turn"] == "Caro" and view["melds"][0]["cards"][-1] == "9h"


def test_simulate_then_audit(venv: Venv, tmp_path: Path) -> None:
    target = tmp_path / "sim.rummy"
    made = venv.referee("simulate", "--game", "mini-rummy", "--games", "30", "--players",
                        "2..4", "--seed", "11", "-o", target)
    assert made.returncode == 0, made.stderr
    audited = venv.referee("audit", target)
    assert audited.returncode == 0, audited.stdout[-2000:]
    assert "games 30, clean 30, renuncias 0" in audited.stdout


API_SCRIPT = r'''
import json, sys, warnings
from pathlib import Path
warnings.simplefilter("ignore")
from fastapi.testclient import TestClient
from referee.api.app import create_app
from referee.api.settings import Settings

logs = Path(sys.argv[1])
text = {"Content-Type": "text/plain; charset=utf-8"}
out = {}
settings = Settings(database_url="sqlite:///" + sys.argv[2])
with TestClient(create_app(settings)) as client:
    audit = client.post("/v1/audit?lang=es", content=(logs / "layoff-before-meld.rummy")
                        .read_bytes(), headers=text)
    out["audit"] = [audit.status_code, audit.json()]
    timeline = client.post("/v1/timeline", content=(logs / "clean.rummy").read_bytes(),
                           headers=text)
    out["timeline"] = [timeline.status_code, timeline.json()]
    page = client.post("/", data={"log": (logs / "clean.rummy").read_text(encoding="utf-8")})
    out["page"] = [page.status_code, page.text]
    out["openapi"] = client.get("/openapi.json").text
print(json.dumps(out))
'''


def test_the_api_in_process(venv: Venv, tmp_path: Path) -> None:
    script = tmp_path / "api.py"
    script.write_text(API_SCRIPT, encoding="utf-8")
    done = venv.run("python", script, LOGS, tmp_path / "verdicts.sqlite3")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    status, report = out["audit"]
    assert status == 200
    (finding,) = report["games"][0]["findings"]
    assert finding["rule"] == "mini-layoff-before-meld"
    assert finding["message"].startswith("Caro pegó 9h en el juego 1")
    status, timeline = out["timeline"]
    assert status == 200 and timeline["steps"][-1]["winner"] == "Ana"
    status, page = out["page"]
    assert status == 200 and "Ana 0 · Beto 30 · Caro 18" in page
    assert "mini_points" in out["openapi"] and "AceHigh" in out["openapi"]


# --------------------------------------------------------------------------- the page


def chromium_or_skip() -> str:
    from tests.api.test_browser import CHROMIUM

    reason = None
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        reason = "playwright is not installed"
    if reason is None and not Path(CHROMIUM).exists():
        reason = f"no Chromium at {CHROMIUM}"
    if reason is not None:
        if os.environ.get("REFEREE_CI"):
            pytest.fail(f"REFEREE_CI is set and {reason}")
        pytest.skip(reason)
    return CHROMIUM


@pytest.fixture
def served(venv: Venv, tmp_path: Path) -> Iterator[Server]:
    """``referee serve`` of the plugin's environment (tests.api's server, run there)."""
    server = Server.__new__(Server)
    server.port = free_port()
    server.base = f"http://127.0.0.1:{server.port}"
    env = dict(venv.env, REFEREE_DATABASE_URL=f"sqlite:///{tmp_path / 'verdicts.sqlite3'}")
    server.process = subprocess.Popen(
        [str(venv.bin / "referee"), "serve", "--port", str(server.port), "--log-level",
         "warning"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        server.wait_up()
        yield server
    finally:
        server.stop()


def test_the_page_audits_a_pasted_log_and_steps_through_it(served: Server) -> None:
    chromium = chromium_or_skip()
    from playwright.sync_api import sync_playwright

    from tests.api.test_browser import CHROMIUM_ARGS

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"{served.base}/?lang=en")
            page.fill("#log", (LOGS / "layoff-before-meld.rummy").read_text(encoding="utf-8"))
            page.click("#audit-button")
            page.wait_for_selector("#replay .seat")
            assert "mini-layoff-before-meld" in page.inner_text(".verdict")
            assert page.inner_text("#step-position").startswith("As dealt")
            assert page.locator('.seat[data-player="Caro"] .hand-cards .card').count() == 7
            page.click('.finding[data-line="18"] .line-link')
            assert "Caro layoff 9h on 1" in page.inner_text("#step-event")
            meld = page.locator('.meld[data-meld="1"] .card')
            assert [meld.nth(i).get_attribute("title") for i in range(meld.count())] == \
                ["5h", "6h", "7h", "8h", "9h"]
            assert errors == []
        finally:
            browser.close()
