"""Every rule id of RULES.md §6 (renuncias), §9 (log errors) and the notices of §7 has
a test that makes it fire and one of its legal neighbour, in this folder's files.
"""

from __future__ import annotations

import importlib
import os
import re
from pathlib import Path

import pytest

SPEC = "/work/shared/spec/RULES.md"
# The files of the rule families, where the tests COVERAGE names live.
FAMILIES = tuple(importlib.import_module(f"tests.variants.la51.{name}") for name in (
    "test_turns", "test_shapes", "test_bajada", "test_taking", "test_layoffs",
    "test_discards", "test_notices", "test_log_errors", "test_house_rules"))


# -------------------------------------------------------------------------------------------------
# every rule id of RULES.md §6, §9 and the §7 notices has a firing test and a legal neighbour
# -------------------------------------------------------------------------------------------------

COVERAGE = {
    # rule id: (tests that make it fire, tests of its legal neighbour)
    "out-of-turn": ("test_out_of_turn_fires", "test_out_of_turn_legal_neighbour_early_draw"),
    "early-draw": (
        "test_early_draw_fires_with_earlydraw_off",
        "test_early_draw_legal_neighbour_draws_after_the_discard",
    ),
    "play-before-draw": ("test_play_before_draw_fires", "test_play_before_draw_legal_neighbour"),
    "extra-draw": ("test_extra_draw_fires", "test_extra_draw_legal_neighbour"),
    "meld-invalid": ("test_meld_shape_fires", "test_meld_shape_legal_neighbour"),
    "set-repeated-suit": ("test_meld_shape_fires", "test_meld_shape_legal_neighbour"),
    "set-colors": ("test_meld_shape_fires", "test_meld_shape_legal_neighbour"),
    "run-too-short": ("test_meld_shape_fires", "test_meld_shape_legal_neighbour"),
    "run-not-ordered": ("test_meld_shape_fires", "test_meld_shape_legal_neighbour"),
    "joker-limit": ("test_meld_shape_fires", "test_meld_shape_legal_neighbour"),
    "bajada-below-minimum": (
        "test_bajada_below_minimum_fires_at_the_first_meld",
        "test_bajada_below_minimum_legal_neighbour_exactly_51",
    ),
    "bajada-not-above-previous": (
        "test_bajada_not_above_previous_fires_on_equal",
        "test_bajada_not_above_previous_legal_neighbour_one_more",
    ),
    "bajada-first-turn": (
        "test_bajada_first_turn_fires",
        "test_bajada_first_turn_legal_neighbour_second_turn",
    ),
    "take-not-melded": (
        "test_take_not_melded_fires_when_kept",
        "test_take_legal_neighbour_melded_in_the_first_meld",
    ),
    "take-not-first": ("test_take_not_first_fires", "test_take_not_first_legal_neighbour"),
    "layoff-before-down": (
        "test_layoff_before_down_fires",
        "test_layoff_before_down_legal_neighbour_down_in_this_turn",
    ),
    "layoff-mismatch": ("test_layoff_mismatch_fires", "test_layoff_legal_neighbour"),
    "layoff-same-turn": (
        "test_layoff_same_turn_fires",
        "test_layoff_same_turn_legal_neighbour_next_turn",
    ),
    "meld-after-layoff": (
        "test_meld_after_layoff_fires",
        "test_meld_after_layoff_legal_neighbour_meld_first",
    ),
    "discard-pegue": ("test_discard_pegue_fires", "test_discard_pegue_legal_neighbour"),
    "no-final-discard": (
        "test_no_final_discard_fires",
        "test_no_final_discard_legal_neighbour_keeps_a_card",
    ),
    "missed-call": (
        "test_missed_call_fires",
        "test_missed_call_legal_neighbour_called_before_the_turn_ends",
    ),
    "not-in-hand": (
        "test_not_in_hand_fires_and_the_event_is_skipped",
        "test_not_in_hand_legal_neighbour",
    ),
    "card-supply": (
        "test_card_supply_fires_on_a_deal",
        "test_card_supply_legal_neighbour_two_copies",
    ),
    "take-mismatch": (
        "test_take_mismatch_fires_and_the_take_is_skipped",
        "test_take_mismatch_legal_neighbour",
    ),
    "stock-mismatch": (
        "test_stock_mismatch_fires_and_the_draw_is_skipped",
        "test_stock_mismatch_legal_neighbour",
    ),
    "deal-size": ("test_deal_size_fires", "test_deal_size_legal_neighbour"),
    "unknown-player": ("test_unknown_player_fires", "test_unknown_player_legal_neighbour"),
    "player-out": ("test_player_out_fires", "test_player_out_legal_neighbour_turns_skip_them"),
    "no-such-meld": ("test_no_such_meld_fires", "test_no_such_meld_legal_neighbour"),
    "after-end": ("test_after_end_fires", "test_after_end_legal_neighbour"),
    "stock-empty": ("test_stock_empty_fires", "test_stock_empty_legal_neighbour_two_decks"),
    "result-mismatch": ("test_result_mismatch_fires", "test_result_mismatch_legal_neighbour"),
    "unfounded-call": ("test_unfounded_call_fires", "test_unfounded_call_legal_neighbour_upheld"),
    "amnesty": (
        "test_amnesty_fires_at_the_offenders_next_draw",
        "test_amnesty_legal_neighbour_called_in_time",
    ),
    "void-call": (
        "test_void_call_fires_after_amnesty",
        "test_void_call_legal_neighbour_call_before_the_offenders_draw",
    ),
}


def spec_rule_ids() -> set[str]:
    text = Path(SPEC).read_text(encoding="utf-8")
    ids: set[str] = set()
    for section in ("## 6.", "## 9."):
        body = text.split(section, 1)[1].split("\n## ", 1)[0]
        ids |= set(re.findall(r"^\| `([a-z-]+)` \|", body, flags=re.M))
    notices_line = re.search(r"Notices \(kind `notice`.*", text)
    assert notices_line is not None
    ids |= set(re.findall(r"`([a-z-]+)`", notices_line.group(0))) - {"notice"}
    return ids


@pytest.mark.skipif(not os.path.exists(SPEC), reason="RULES.md not available")
def test_every_rule_id_of_the_spec_is_covered():
    ids = spec_rule_ids()
    assert len(ids) >= 30
    assert ids == set(COVERAGE), ids ^ set(COVERAGE)


@pytest.mark.parametrize("rule", sorted(COVERAGE))
def test_coverage_tests_exist(rule):
    for name in COVERAGE[rule]:
        assert any(callable(getattr(module, name, None)) for module in FAMILIES), name
