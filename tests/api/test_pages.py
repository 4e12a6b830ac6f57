"""The page as HTML (no browser): the form, escaping, errors, the argentino tables."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee.api.app import create_app
from referee.api.settings import Settings
from referee.api.web import FormState, VerdictView, environment, knob_choices, translator
from tests.api import FRIDAY

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(max_body_bytes=8192, database_url=f"sqlite:///{tmp_path / 'v.db'}")
    with TestClient(create_app(settings)) as c:
        yield c


def test_the_form_in_both_languages(client: TestClient) -> None:
    en = client.get("/")
    assert en.status_code == 200 and en.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in en.headers["content-security-policy"]
    assert '<html lang="en">' in en.text and 'name="MinOpen"' in en.text
    es = client.get("/?lang=es")
    assert '<html lang="es">' in es.text and "Auditar" in es.text
    assert '<html lang="en">' in client.get("/?lang=fr").text  # a page never 400s on lang


def test_audit_by_form_and_by_file(client: TestClient) -> None:
    page = client.post("/", data={"log": FRIDAY.read_text(), "lang": "en"})
    assert page.status_code == 200
    assert "discard-pegue" in page.text and 'id="L28"' in page.text
    data = re.search(r'<script type="application/json" id="page-data">(.*?)</script>',
                     page.text, re.S)
    assert data and '"method": "POST"' in data.group(1)
    upload = client.post("/", data={"log": "", "lang": "es"},
                         files={"file": ("friday.rummy", FRIDAY.read_bytes(), "text/plain")})
    assert upload.status_code == 200 and "Ana descartó 9d" in upload.text


def test_form_errors_keep_the_form(client: TestClient) -> None:
    empty = client.post("/", data={"log": "  ", "lang": "en"})
    assert empty.status_code == 400 and 'id="form-error"' in empty.text
    bad = client.post("/", data={"log": FRIDAY.read_text(), "MinOpen": "lots"})
    assert bad.status_code == 400 and "MinOpen" in bad.text and "[Players" in bad.text
    big = client.post("/", data={"log": "#" * 9000})
    assert big.status_code == 413
    huge = client.post("/", data={"log": "#" * 40_000})
    assert huge.status_code == 413
    latin = client.post("/", files={"file": ("x.rummy", b"[Game \"51\"]\n\xe9", "text/plain")})
    assert latin.status_code == 400 and "UTF-8" in latin.text


def test_share_redirects_to_the_permalink(client: TestClient) -> None:
    shared = client.post("/share", data={"log": FRIDAY.read_text(), "lang": "es",
                                         "MinOpen": "071"}, follow_redirects=False)
    assert shared.status_code == 303
    link = shared.headers["location"]
    assert re.fullmatch(r"/v/[a-z2-7]{24}\?lang=es", link)
    page = client.get(link)
    assert page.status_code == 200 and "Veredicto" in page.text
    assert 'value="71"' in page.text  # the knob, in canonical spelling, back in the form
    vid = link[3:27]
    assert client.get(f"/v1/verdicts/{vid}").json()["knobs"] == {"MinOpen": "71"}


def test_unknown_and_malformed_verdict_pages(client: TestClient) -> None:
    missing = client.get("/v/" + "b" * 24)
    assert missing.status_code == 404 and "b" * 24 in missing.text
    malformed = client.get("/v/B" + "b" * 23)
    assert malformed.status_code == 422
    assert malformed.headers["content-type"].startswith("text/html")


def test_log_text_is_escaped_everywhere(client: TestClient) -> None:
    hostile = FRIDAY.read_text().replace("Viernes en casa de Ana", "</script><script>x()</script>")
    hostile = hostile.replace("# Friday", "# <b onclick=x()>Friday</b> </textarea>")
    page = client.post("/", data={"log": hostile}).text
    assert "<script>x()" not in page and "<b onclick" not in page
    assert "&lt;/script&gt;&lt;script&gt;x()&lt;/script&gt;" in page
    assert page.count("</textarea>") == 1  # the log cannot close the text box
    data = re.search(r'id="page-data">(.*?)</script>', page, re.S)
    assert data and "<" not in data.group(1)  # tojson escapes <, > and &


def render_report(report: dict[str, Any]) -> str:
    view = VerdictView(report=report, log="[Game \"rummy-argentino\"]\n", knobs={})
    return environment().get_template("_verdict.html").module.verdict_section(  # type: ignore[attr-defined, no-any-return]
        view, translator("en"))


def test_argentino_scores_standings_and_match_are_shown() -> None:
    # The shape of ARGENTINO.md section 10, as the engine will report a hand.
    game = {
        "index": 1, "line": 1, "ruleset": "rummy-argentino", "tags": {"Match": "Domingo"},
        "rules": {}, "players": ["Rosa", "Juan"], "findings": [], "calls": [],
        "eliminated": [], "finished": True, "winner": "Rosa", "result_claimed": None,
        "hands": {"Rosa": 0, "Juan": 3}, "settlement": [],
        "match": {"name": "Domingo", "hand": 2, "over": True, "winner": "Rosa", "tied": []},
        "scores": [
            {"player": "Rosa", "laid": 70, "in_hand": 0, "bonus": 100, "penalty": 0,
             "total": 170},
            {"player": "Juan", "laid": 0, "in_hand": 105, "bonus": 0, "penalty": 0,
             "total": -105},
        ],
        "standings": {"Juan": -140, "Rosa": 1010},
    }
    report = {"source": "<body>", "games": [game],
              "summary": {"games": 1, "clean": 1, "renuncias": 0, "log_errors": 0,
                          "syntax_errors": 0}}
    html = str(render_report(report))
    assert "Match Domingo · hand 2" in html and "Match winner: Rosa" in html
    scores = re.search(r'<table class="scores">.*?</table>', html, re.S)
    assert scores and "<td>105</td>" in scores.group(0) and "-105" in scores.group(0)
    standings = re.search(r'<table class="standings">.*?</table>', html, re.S)
    assert standings and standings.group(0).index("Rosa") < standings.group(0).index("Juan")
    game["standings"] = None
    assert "The match totals are not known." in str(render_report(report))


def test_knob_fields_offer_choices() -> None:
    assert knob_choices("RunWrap") == ("yes", "no")
    assert knob_choices("DiscardPegue") == ("all", "down", "off")
    assert knob_choices("MinOpen") == ()
    assert FormState().knobs == {}


def test_the_page_shows_the_stored_report(client: TestClient) -> None:
    from markupsafe import escape

    shared = client.post("/share", data={"log": FRIDAY.read_text(), "lang": "es"},
                         follow_redirects=False)
    vid = shared.headers["location"][3:27]
    for lang in ("en", "es"):
        report = client.get(f"/v1/verdicts/{vid}", params={"lang": lang}).json()["report"]
        page = client.get(f"/v/{vid}", params={"lang": lang}).text
        findings = report["games"][0]["findings"]
        assert page.count('<li class="finding ') == len(findings) == 2
        for finding in findings:
            assert str(escape(finding["message"])) in page
            assert f'data-line="{finding["line"]}"' in page
        winner = "Winner: Caro" if lang == "en" else "Ganador: Caro"
        assert winner in page


def test_a_game_not_judged_says_so(client: TestClient) -> None:
    bad = (FRIDAY.parent / "friday-bad-tag.rummy").read_text()
    for lang, said, unsaid in (("en", "Not judged: the game", "Not finished"),
                               ("es", "Sin juzgar: las etiquetas", "Sin terminar")):
        page = client.post("/", data={"log": bad, "lang": lang})
        assert page.status_code == 200 and said in page.text.replace("&#39;", "'")
        assert unsaid not in page.text and 'class="winner"' not in page.text
    judged = client.post("/", data={"log": FRIDAY.read_text(), "lang": "en"})
    assert "Not judged" not in judged.text and "Winner: Caro" in judged.text
