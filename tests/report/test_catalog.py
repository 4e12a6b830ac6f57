"""The rule book, the rules catalog (``referee rules``, ``GET /v1/rules``) and the
message catalogs: every id of both specs, in both languages."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from referee import rulebook
from referee.games import games
from referee.i18n import engine as engine_catalog
from referee.i18n import knobs as knob_catalog
from referee.i18n import lsp as lsp_catalog
from referee.i18n import report as report_catalog
from referee.i18n import rules as rules_catalog_texts
from referee.knobs import all_knobs
from referee.messages import entry_of, noted, render
from referee.report.catalog import rules_catalog
from referee.variants.argentino import words as argentino_words
from referee.variants.la51 import words as la51_words

SPEC = Path(__file__).resolve().parents[3] / "shared" / "spec"

RENUNCIAS_51 = {
    "out-of-turn", "early-draw", "play-before-draw", "extra-draw", "meld-invalid",
    "set-repeated-suit", "set-colors", "run-too-short", "run-not-ordered", "joker-limit",
    "bajada-below-minimum", "bajada-not-above-previous", "bajada-first-turn",
    "take-not-melded", "take-not-first", "layoff-before-down", "layoff-mismatch",
    "layoff-same-turn", "meld-after-layoff", "discard-pegue", "no-final-discard", "missed-call",
}
LOG_ERRORS_51 = {
    "not-in-hand", "card-supply", "take-mismatch", "stock-mismatch", "deal-size",
    "unknown-player", "player-out", "no-such-meld", "after-end", "stock-empty",
    "result-mismatch",
}
RENUNCIAS_ARGENTINO = {
    "out-of-turn", "play-before-draw", "extra-draw", "meld-invalid", "set-repeated-suit",
    "run-not-ordered", "run-too-short", "set-two-wilds", "run-adjacent-wilds",
    "law-below-minimum", "layoff-before-down", "layoff-mismatch", "no-final-discard",
    "cut-first-round",
}
LOG_ERRORS_ARGENTINO = {
    "not-in-hand", "card-supply", "take-mismatch", "stock-mismatch", "deal-size",
    "unknown-player", "no-such-meld", "after-end", "stock-empty", "result-mismatch",
    "no-calls", "match-players", "scores-mismatch",
}
NOTICES = {"unfounded-call", "amnesty", "void-call", "unknown-tag"}


def _ids(rules: set[str], kind: str) -> set[str]:
    return {r for r in rules if rulebook.kind_of(r) == kind}


def test_each_game_cites_exactly_the_ids_of_its_spec() -> None:
    la51 = set(games()["51"].rule_ids)
    argentino = set(games()["rummy-argentino"].rule_ids)
    assert _ids(la51, "renuncia") == RENUNCIAS_51
    assert _ids(la51, "log-error") == LOG_ERRORS_51
    assert _ids(argentino, "renuncia") == RENUNCIAS_ARGENTINO
    assert _ids(argentino, "log-error") == LOG_ERRORS_ARGENTINO
    assert _ids(la51, "notice") == NOTICES - {"unknown-tag"}  # calls are 51's
    assert rulebook.games_of("unknown-tag") == ["51", "rummy-argentino"]  # the reader's


def test_the_rulebook_holds_every_id_once_with_a_seed_and_both_texts() -> None:
    every = RENUNCIAS_51 | LOG_ERRORS_51 | RENUNCIAS_ARGENTINO | LOG_ERRORS_ARGENTINO
    every_rule = rulebook.all_rules()
    assert {rule.id for rule in every_rule} >= every | NOTICES | {"syntax-error"}
    assert len({rule.id for rule in every_rule}) == len(every_rule)
    assert len(rulebook.BY_ID) == len(rulebook.RULES)
    for rule in every_rule:
        assert rule.seed
        assert rule.text("en") and rule.text("es") and rule.text("en") != rule.text("es")
    assert rulebook.kind_of("discard-pegue") == "renuncia"
    assert rulebook.get("nope") is None


@pytest.mark.skipif(not (SPEC / "RULES.md").exists(), reason="shared/spec not beside the repo")
def test_the_rulebook_matches_the_tables_of_rules_md() -> None:
    text = (SPEC / "RULES.md").read_text(encoding="utf-8")
    section6 = text[text.index("## 6."):text.index("## 7.")]
    section9 = text[text.index("## 9."):text.index("## 10.")]
    assert set(re.findall(r"^\| `([a-z-]+)` \|", section6, re.M)) == RENUNCIAS_51
    assert set(re.findall(r"^\| `([a-z-]+)` \|", section9, re.M)) == LOG_ERRORS_51
    seeds = {m[0]: m[1].strip() for m in re.findall(r"^\| `([a-z-]+)` \|[^|]*\| ([^|]+) \|$",
                                                     section6, re.M)}
    for rule_id, seed in seeds.items():
        found = rulebook.get(rule_id)
        assert found is not None and found.seed == seed


@pytest.mark.skipif(not (SPEC / "ARGENTINO.md").exists(), reason="shared/spec not beside")
def test_argentino_cites_every_id_of_its_section_8() -> None:
    text = (SPEC / "ARGENTINO.md").read_text(encoding="utf-8")
    section8 = text[text.index("## 8."):text.index("## 9.")]
    named = set(re.findall(r"`([a-z]+(?:-[a-z]+)+)`", section8))
    assert named - {"take-mismatch"} <= RENUNCIAS_ARGENTINO | LOG_ERRORS_ARGENTINO


def test_the_catalog_lists_each_rule_and_knob_with_its_games_and_defaults() -> None:
    catalog = rules_catalog("en")
    assert [r["id"] for r in catalog["rules"]] == [r.id for r in rulebook.all_rules()]
    rules = {r["id"]: r for r in catalog["rules"]}
    assert rules["discard-pegue"]["games"] == ["51"]
    assert rules["run-adjacent-wilds"]["games"] == ["rummy-argentino"]
    assert rules["out-of-turn"]["games"] == ["51", "rummy-argentino"]
    knobs = {k["name"]: k for k in catalog["knobs"]}
    assert list(knobs) == list(all_knobs())
    defaults51 = games()["51"].defaults_json()
    for name, knob in knobs.items():
        if "51" in knob["games"]:
            assert knob["default"] == defaults51[name]
        assert knob["help"] == noted(f"report.knob.{name}")
    assert knobs["RunMin"]["defaults"] == {"51": 4, "rummy-argentino": 3}
    assert knobs["LawAt"]["games"] == ["rummy-argentino"] and knobs["LawAt"]["default"] == 700
    assert knobs["MaxJokers"]["default"] is None and knobs["DiscardPegue"]["default"] == "all"
    assert [rs["name"] for rs in catalog["rulesets"]] == ["51", "rummy-argentino"]
    assert catalog["rulesets"][1]["players"] == "2-8"


def test_the_catalog_of_one_game() -> None:
    catalog = rules_catalog("es", "rummy-argentino")
    ids = {r["id"] for r in catalog["rules"]}
    assert "law-below-minimum" in ids and "discard-pegue" not in ids
    assert "MinOpen" not in {k["name"] for k in catalog["knobs"]}
    assert {k["name"]: k["default"] for k in catalog["knobs"]}["RunMin"] == 3
    assert [rs["name"] for rs in catalog["rulesets"]] == ["rummy-argentino"]


def test_the_catalog_in_spanish_keeps_ids() -> None:
    en, es = rules_catalog("en"), rules_catalog("es")
    assert [r["id"] for r in en["rules"]] == [r["id"] for r in es["rules"]]
    assert en["rules"][0]["text"] != es["rules"][0]["text"]
    assert {k["name"]: k["help"] for k in es["knobs"]}["MinOpen"] != render(
        "report.knob.MinOpen")


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("catalog", [report_catalog, knob_catalog, engine_catalog,
                                     rules_catalog_texts, lsp_catalog, la51_words,
                                     argentino_words])
def test_every_message_is_in_both_languages_with_the_same_fields(catalog: object) -> None:
    for key, entry in catalog.MESSAGES.items():  # type: ignore[attr-defined]
        assert entry.get("en") and entry.get("es"), key
        assert _fields(entry["en"]) == _fields(entry["es"]), key


def test_every_kind_and_knob_has_its_words() -> None:
    for kind in rulebook.KINDS:
        assert f"report.kind.{kind}" in report_catalog.MESSAGES
    for name in all_knobs():
        assert entry_of(f"report.knob.{name}") is not None, name
    for name, variant in games().items():
        assert f"report.variant.{name}" in variant.messages()


def test_every_rule_id_a_game_cites_has_a_message() -> None:
    for variant in games().values():
        for rule_id in variant.rule_ids:
            keys = [k for k in (*engine_catalog.MESSAGES, *variant.messages())
                    if k.split(":")[0] == rule_id]
            assert keys, rule_id


def test_a_shared_rule_reads_with_each_games_note_after_the_cores_text() -> None:
    deal = rulebook.get("deal-size")
    assert deal is not None
    assert render("rule.deal-size") == "a deal line with the wrong number of cards"
    assert deal.text() == ("a deal line with the wrong number of cards (51: 15 for the "
                           "starter, 14 for the others; argentino: 9)")
    assert deal.text("es").endswith("(51: 15 para quien sale, 14 para los demás; "
                                     "argentino: 9)")
    out_of_turn = rulebook.get("out-of-turn")
    assert out_of_turn is not None and out_of_turn.text() == render("rule.out-of-turn")
    assert noted("report.knob.Decks") == ("decks in play: French of 52, unless the game's "
                                          "Deck knob names another (argentino: 1 for 2-4 "
                                          "players, 2 for 5 or more)")
    assert noted("report.knob.Jokers") == ("jokers in play, in all (51: 4, or 2 per deck under "
                                           "a Spanish deck; argentino: 2 for 2-4 players, 4 "
                                           "for 5 or more)")
    assert noted("report.knob.RunMin") == render("report.knob.RunMin")
