"""A game that is not the referee's own, through the seam alone (issue 19): registered
with :func:`referee.games.using`, as an installed plugin is through its entry point,
every front end knows its name, rules, knobs, words, report fields and rendering, and
nothing of the referee names it."""

from __future__ import annotations

import io

import pytest

from referee.audit import audit_text
from referee.games import find_game, using
from referee.knobs import KnobError, all_knobs, knob_name, parse_knob
from referee.report.catalog import rules_catalog
from referee.report.model import build_report
from tests.engine.toy import LOG, Toy


@pytest.fixture(autouse=True)
def toy() -> object:
    with using(Toy) as registry:
        yield registry


def test_the_game_is_found_by_its_tag() -> None:
    game = find_game("toy-rummy")
    assert game is not None and game.title == "Toy rummy"


def test_its_report_has_its_own_fields_and_words() -> None:
    report = build_report("toy.rummy", audit_text(LOG, "toy.rummy"), lang="es")
    (game,) = report["games"]
    assert game["rules"] == {"Decks": 1, "Jokers": 0, "RunWrap": True, "Bonus": 25}
    assert game["toy_bonus"] == {"Ana": 25}  # type: ignore[typeddict-item]
    found = {(f["rule"], f["message"]) for f in game["findings"]}
    assert ("toy-meld-rank", "Beto bajó un juego de valores mezclados") in found


def test_its_knob_is_a_knob_with_its_reader() -> None:
    assert knob_name("bonus") == "Bonus" and all_knobs()["Bonus"].games == ("toy-rummy",)
    assert parse_knob("Bonus", "30") == 30
    with pytest.raises(KnobError):
        parse_knob("Bonus", "1001")
    assert all_knobs()["RunWrap"].games[-1] == "toy-rummy"  # shared, read the same


def test_its_rules_and_knobs_are_in_the_catalog() -> None:
    catalog = rules_catalog("en", "toy-rummy")
    rules = {r["id"]: r for r in catalog["rules"]}
    assert rules["toy-meld-rank"]["text"] == "a meld whose cards are not all of one rank"
    assert rules["toy-meld-rank"]["games"] == ["toy-rummy"]
    knobs = {k["name"]: k for k in catalog["knobs"]}
    assert knobs["Bonus"]["help"] == "what the winner scores"
    assert catalog["rulesets"][0]["title"] == "Toy rummy"


def test_the_human_report_draws_its_own_fields() -> None:
    from referee.cli.render.console import ConsoleSpec
    from referee.cli.render.report import HumanReportWriter
    from referee.report.model import game_data

    out = io.StringIO()
    spec = ConsoleSpec(100, None, False, "utf-8", False)
    writer = HumanReportWriter(out, "toy.rummy", "en", spec)
    for result in audit_text(LOG, "toy.rummy"):
        writer.game(game_data(result, "en"))
    writer.close()
    assert "Bonus: Ana 25" in out.getvalue()
    assert "toy-meld-rank" in out.getvalue()


def test_the_page_draws_its_own_fields() -> None:
    from referee.api.web import environment, game_template

    assert game_template("toy-rummy") == "game/toy-rummy.html"
    html = environment().get_template("game/toy-rummy.html").render(
        game={"toy_bonus": {"Ana": 25}}, t=lambda key, **_: key)
    assert html == '<p class="toy-bonus">Ana 25</p>'


def test_an_unknown_game_has_no_template_legal_neighbour() -> None:
    from referee.api.web import game_template

    assert game_template("no-such-game") is None
