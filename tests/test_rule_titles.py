"""Every rule has a short title in both languages, defined once (``title.<id>``): what
a phone shows of a finding. A plugin game's rule without one is named by its text."""

from __future__ import annotations

import pytest

from referee.games import using
from referee.messages import entry_of
from referee.report.catalog import rules_catalog
from referee.rulebook import Rule, all_rules, title_of
from tests.engine.toy import Toy

SHORT = 45  # characters: a title fits a phone's line beside its badge


@pytest.mark.parametrize("rule", all_rules(), ids=lambda rule: rule.id)
def test_every_rule_has_a_short_title_in_both_languages(rule: Rule) -> None:
    entry = entry_of(f"title.{rule.id}")
    assert entry is not None and set(entry) == {"en", "es"}
    for lang in ("en", "es"):
        assert rule.title(lang) == entry[lang]
        assert 0 < len(entry[lang]) <= SHORT and entry[lang] != rule.text(lang)
    assert entry["en"] != entry["es"]


def test_the_pegue_is_said_as_the_table_says_it() -> None:
    assert (title_of("discard-pegue", "en"), title_of("discard-pegue", "es")) == (
        "Discarded a pegue", "Descartó un pegue")


def test_rules_and_their_titles_are_in_the_catalog_of_referee_rules() -> None:
    rules = {rule["id"]: rule for rule in rules_catalog("es")["rules"]}
    assert rules["discard-pegue"]["title"] == "Descartó un pegue"
    assert rules["discard-pegue"]["text"].startswith("descarta una carta")


def test_a_plugin_rule_without_a_title_is_named_by_its_text() -> None:
    with using(Toy):
        assert entry_of("title.toy-meld-rank") is None
        assert title_of("toy-meld-rank", "en") == "a meld whose cards are not all of one rank"
        rules = {rule["id"]: rule for rule in rules_catalog("en", "toy-rummy")["rules"]}
        assert rules["toy-meld-rank"]["title"] == rules["toy-meld-rank"]["text"]
    assert title_of("no-such-rule", "es") == "no-such-rule"
