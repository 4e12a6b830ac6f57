"""Every rule page's example logs say what the referee does (docs/examples/rules/).

For each game and each rule id ``referee rules`` gives it, the rule page shows a log that
fires the rule and its legal neighbour, or says why no log of that game can fire it. Each
pair is audited here as ``referee audit --json`` audits it: the log is of that game, it
fires the rule, its neighbour does not, and the rules the log fires beyond its
neighbour's are that rule alone (a renuncia nobody called may stand in both, as in the
examples of ``missed-call`` or ``amnesty``). So the docs cannot show an example that lies.
"""

from __future__ import annotations

import pytest

from docsite.ruleexamples import EXAMPLES, FIRES, LEGAL, NONE, audit, example, files_of, fired
from referee.lsp.locale import rule_page
from referee.report.catalog import rules_catalog

CATALOG = rules_catalog("en")
PAIRS = [(ruleset["name"], rule["id"]) for ruleset in CATALOG["rulesets"]
         for rule in CATALOG["rules"] if ruleset["name"] in rule["games"]]


@pytest.mark.parametrize(("game", "rule"), PAIRS, ids=[f"{g}:{r}" for g, r in PAIRS])
def test_the_example_fires_the_rule_and_its_neighbour_does_not(game: str, rule: str) -> None:
    found = example(rule_page(game), rule)
    assert found.complete, (
        f"{EXAMPLES / rule_page(game)}: give {rule}{FIRES} and {rule}{LEGAL}, or {rule}{NONE} "
        "saying why no log of this game can fire it")
    if found.none is not None:
        assert found.none.read_text(encoding="utf-8").strip()
        return
    assert found.fires is not None and found.legal is not None
    fires, legal = audit(found.fires), audit(found.legal)
    assert {g["ruleset"] for g in fires + legal} == {game}
    a, b = fired(fires), fired(legal)
    assert rule in a, f"{found.fires.name} fires {sorted(a)}, not {rule}"
    assert rule not in b, f"{found.legal.name} fires {rule}"
    assert a - b == {rule}, f"{found.fires.name} fires more than {rule}: {sorted(a - b)}"
    assert b <= a, f"{found.legal.name} fires what {found.fires.name} does not: {sorted(b - a)}"


def test_every_example_file_belongs_to_a_rule_of_its_game() -> None:
    pages = {rule_page(name): name for name in (r["name"] for r in CATALOG["rulesets"])}
    assert {path.name for path in EXAMPLES.iterdir()} == set(pages)
    known = set(PAIRS)
    for page, game in pages.items():
        for rule, path in files_of(page):
            assert (game, rule) in known, f"{path}: {rule} is not a rule of {game}"
