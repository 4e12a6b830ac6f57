"""The audit page's words in the page's language: a game without an Event tag is
"Partida 1" on a Spanish verdict page, and the house rules are grouped under the
games' Spanish titles."""

from __future__ import annotations

from referee.api.web import VerdictView, knob_groups
from referee.audit import audit_text
from referee.report.model import build_report

LOG = '[Game "51"]\n[Players "Ana Beto"]\n\nAna draw\nAna discard 7h\n'


def test_a_game_without_an_event_is_named_in_the_pages_language() -> None:
    for lang, title in (("en", "Game 1"), ("es", "Partida 1")):
        report = build_report("x.rummy", audit_text(LOG, "x.rummy"), lang=lang)
        view = VerdictView(report=dict(report), log=LOG, knobs={})
        assert [game["title"] for game in view.games_data(lang)] == [title]


def test_the_house_rules_are_grouped_under_the_games_titles_in_the_pages_language() -> None:
    spanish = " ".join(group.title for group in knob_groups("es", {}))
    english = " ".join(group.title for group in knob_groups("en", {}))
    assert "rummy colombiano" in spanish and "Colombian" not in spanish
    assert "Colombian rummy" in english
