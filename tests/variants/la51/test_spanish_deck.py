"""51's deck as its tags set it (RULES.md §13): the supply check at the Players tag (every
deck), the jokers a Spanish deck brings, ``knob-not-applicable`` for AlternateColors, and
the ``Deck`` knob given by the caller. Each point with its legal neighbour."""

from __future__ import annotations

import pytest

from referee.audit import audit_game
from referee.cards import FRENCH, SPANISH_40, SPANISH_48
from referee.engine.findings import NOTICE
from referee.games import find_game
from tests.variants.la51 import PLAYERS3, PLAYERS4, line_of, log, notice
from tests.variants.la51.spanish import audit, clean, read, spanish_log, syntax_keys

SIX = ("Ana", "Beto", "Caro", "Dani", "Eva", "Fede")


def rules(tags: dict[str, str], players: int = 3, overrides: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    game = find_game("51")
    assert game is not None
    return game.config(tags, players, overrides)


# --- the jokers of a Spanish deck -----------------------------------------------------------


def test_a_spanish_deck_brings_two_jokers_per_deck() -> None:
    assert rules({"Deck": "spanish-40"}).Jokers == 4
    assert rules({"Deck": "spanish-48", "Decks": "3"}).Jokers == 6
    assert rules({"Decks": "3"}, overrides={"Deck": "spanish-40"}).Jokers == 6


def test_the_french_deck_keeps_four_jokers_whatever_the_decks() -> None:
    assert rules({"Decks": "3"}).Jokers == 4
    assert rules({"Deck": "french", "Decks": "1"}).Jokers == 4


def test_a_jokers_tag_wins_over_the_spanish_default() -> None:
    assert rules({"Deck": "spanish-40", "Decks": "3", "Jokers": "0"}).Jokers == 0
    assert rules({"Deck": "spanish-40", "Decks": "3"}, overrides={"Jokers": "1"}).Jokers == 1


def test_the_deck_knob_reads_any_case_and_blanks() -> None:
    assert rules({"deck": " SPANISH-40 "}).Deck is SPANISH_40
    assert rules({}).Deck is FRENCH


# --- the supply at the Players tag -------------------------------------------------------------


def test_six_players_cannot_be_dealt_from_two_40_card_decks() -> None:
    text = spanish_log("Ana discard 1o", players=SIX, hidden=SIX)
    (record,) = read(text)
    assert [(p.line, p.key) for p in record.errors] == [(2, "deal-supply")]
    problem = record.errors[0]
    assert problem.params["need"] == 85 and problem.params["have"] == 84
    assert '[Decks "3"]' in problem.message
    assert record.bad_tag == 2
    result = audit_game(record)
    assert not result.finished and result.winner is None
    assert [f.kind for f in result.findings] == ["syntax-error"]


def test_six_players_with_three_decks_are_dealt() -> None:
    clean(spanish_log("Ana discard 1o\nBeto draw\nBeto discard 2o", players=SIX, hidden=SIX,
                      tags={"Decks": "3"}))


def test_the_supply_is_checked_under_the_knobs_given() -> None:
    text = spanish_log("Ana discard 1o", players=SIX, hidden=SIX)
    assert syntax_keys(text, {"Decks": "3"}) == []
    assert syntax_keys(text.replace('[Deck "spanish-40"]\n', ""), {"Deck": "spanish-40"}) == [
        (2, "deal-supply")]


def test_the_supply_check_applies_under_the_french_deck() -> None:
    text = log("Ana discard 2c", players=PLAYERS4, hidden=PLAYERS4,
               tags={"Decks": "1", "Jokers": "0"})
    assert syntax_keys(text) == [(2, "deal-supply")]


def test_a_deal_that_empties_the_stock_is_still_dealt() -> None:
    text = log("Ana discard 2c", players=PLAYERS4, hidden=PLAYERS4,
               tags={"Decks": "1", "Jokers": "5"})
    assert syntax_keys(text) == []


def test_no_supply_error_beside_a_bad_player_count() -> None:
    text = spanish_log("", players=(*SIX, "Gabi"), hidden=(*SIX, "Gabi"))
    assert syntax_keys(text) == [(2, "player-count")]


def test_no_supply_check_with_a_bad_decks_value() -> None:
    text = spanish_log("", players=SIX, hidden=SIX, tags={"Decks": "x"})
    assert syntax_keys(text) == [(4, "bad-knob")]


# --- knob-not-applicable ---------------------------------------------------------------------


@pytest.mark.parametrize("value", ["yes", "no"])
def test_alternate_colors_under_a_spanish_deck_is_a_notice(value: str) -> None:
    text = spanish_log("Ana discard 1o", deals={"Ana": "1o"}, tags={"AlternateColors": value},
                       deck="spanish-48")
    result = audit(text)
    line = line_of(text, f'[AlternateColors "{value}"]')
    assert [(f.kind, f.rule, f.player, f.line) for f in result.findings] == [
        notice("knob-not-applicable", None, line)]
    assert "spanish-48" in result.findings[0].params["message"]


def test_alternate_colors_under_the_french_deck_is_no_notice() -> None:
    result = audit(log("Ana discard 2c", tags={"AlternateColors": "no"}))
    assert not [f for f in result.findings if f.kind == NOTICE]


def test_a_bad_alternate_colors_value_under_a_spanish_deck_is_a_syntax_error() -> None:
    text = spanish_log("Ana discard 1o", deals={"Ana": "1o"}, tags={"AlternateColors": "maybe"})
    assert syntax_keys(text) == [(4, "bad-knob")]


def test_the_notice_follows_a_deck_given_by_the_caller() -> None:
    text = spanish_log("Ana discard 1o", deals={"Ana": "1o"}, tags={"AlternateColors": "yes"},
                       deck_tag=False)
    result = audit(text, {"Deck": "spanish-40"})
    assert [f.rule for f in result.findings] == ["knob-not-applicable"]


# --- the report's rules --------------------------------------------------------------------


def test_the_report_lists_a_spanish_deck() -> None:
    result = audit(spanish_log("Ana discard 1o", deck="spanish-48"))
    assert result.rules["Deck"] == "spanish-48" and result.rules["Jokers"] == 4


def test_a_french_report_lists_no_deck() -> None:
    result = audit(log("Ana discard 2c"))
    assert "Deck" not in result.rules


def test_every_rule_id_still_cites_under_a_spanish_deck() -> None:
    # a cascade under the 40-card deck: a renuncia nobody calls, then a call upheld
    text = spanish_log("""\
        Ana discard 3e
        Beto draw
        Beto meld 5c 6c 7c 10c
        Beto discard 12o
        Caro draw
        Caro discard 1o
        Ana draw
        Ana call Beto
        """, deals={"Ana": "3e", "Beto": "5c 6c 7c 10c 12o", "Caro": "1o"},
        players=PLAYERS3)
    result = audit(text)
    assert [f.rule for f in result.findings if f.kind == "renuncia"] == [
        "bajada-below-minimum", "missed-call"]
    assert SPANISH_48.size == 48
