"""Every rule id the referee can cite, with its kind, its source and its games.

Ids are stable: findings, reports, tests and clients depend on them. ``seed``
names the source text a rule comes from (see "Sources" in docs/rules.md: 000 is
the Spanish Wikipedia article on 51, 001 and 003 retell it, 004 is the article on
Rummy argentino), or the docs page for log errors and notices, which no source
text describes. What a rule means, in both languages, is the i18n catalog
(:mod:`referee.i18n.rules`); which games cite it, each game's ``rule_ids``.

:data:`RULES` are the rule ids of the engine and of the games the referee ships
(several are shared by both games: one id, one text). A game of another package
brings the ids the rule book does not have as its ``rules``
(:class:`~referee.engine.game.Variant`), with their texts in its messages
(``rule.<id>``): :func:`all_rules` lists them with the rest.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.findings import KINDS, LOG_ERROR, NOTICE, RENUNCIA, SYNTAX_ERROR

__all__ = ["BY_ID", "KINDS", "RULES", "Rule", "all_rules", "games_of", "get", "kind_of",
           "of_kind"]


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    kind: str  # one of KINDS
    seed: str

    def text(self, lang: str = "en") -> str:
        from referee.messages import render

        return render(f"rule.{self.id}", None, lang)


RULES: tuple[Rule, ...] = (
    Rule("out-of-turn", RENUNCIA, "000 renunciar"),
    Rule("early-draw", RENUNCIA, "000 turnos"),
    Rule("play-before-draw", RENUNCIA, "000 renunciar"),
    Rule("extra-draw", RENUNCIA, "000 renunciar (card count)"),
    Rule("meld-invalid", RENUNCIA, "000 reglas para bajar"),
    Rule("set-repeated-suit", RENUNCIA, "003"),
    Rule("set-colors", RENUNCIA, "001, 003"),
    Rule("run-too-short", RENUNCIA, "000, 001"),
    Rule("run-not-ordered", RENUNCIA, "003"),
    Rule("joker-limit", RENUNCIA, "knob"),
    Rule("bajada-below-minimum", RENUNCIA, "000, 003"),
    Rule("bajada-not-above-previous", RENUNCIA, "000, 003"),
    Rule("bajada-first-turn", RENUNCIA, "001, 003"),
    Rule("take-not-melded", RENUNCIA, "000, 003"),
    Rule("take-not-first", RENUNCIA, "000, 003"),
    Rule("layoff-before-down", RENUNCIA, "000 renunciar"),
    Rule("layoff-mismatch", RENUNCIA, "000 renunciar"),
    Rule("layoff-same-turn", RENUNCIA, "000 renunciar"),
    Rule("meld-after-layoff", RENUNCIA, "000 renunciar"),
    Rule("discard-pegue", RENUNCIA, "000 renunciar"),
    Rule("no-final-discard", RENUNCIA, "000 renunciar"),
    Rule("missed-call", RENUNCIA, "000 renunciar"),
    Rule("set-two-wilds", RENUNCIA, "004 Comodines"),
    Rule("run-adjacent-wilds", RENUNCIA, "004 Comodines"),
    Rule("law-below-minimum", RENUNCIA, "004 Reglas adicionales"),
    Rule("cut-first-round", RENUNCIA, "004 Reglas adicionales"),
    Rule("not-in-hand", LOG_ERROR, "docs/rules.md"),
    Rule("card-supply", LOG_ERROR, "docs/rules.md"),
    Rule("take-mismatch", LOG_ERROR, "docs/rules.md"),
    Rule("stock-mismatch", LOG_ERROR, "docs/rules.md"),
    Rule("deal-size", LOG_ERROR, "docs/rules.md"),
    Rule("unknown-player", LOG_ERROR, "docs/rules.md"),
    Rule("player-out", LOG_ERROR, "docs/rules.md"),
    Rule("no-such-meld", LOG_ERROR, "docs/rules.md"),
    Rule("after-end", LOG_ERROR, "docs/rules.md"),
    Rule("stock-empty", LOG_ERROR, "docs/rules.md"),
    Rule("result-mismatch", LOG_ERROR, "docs/rules.md"),
    Rule("no-calls", LOG_ERROR, "docs/argentino.md"),
    Rule("match-players", LOG_ERROR, "docs/argentino.md"),
    Rule("scores-mismatch", LOG_ERROR, "docs/argentino.md"),
    Rule("unfounded-call", NOTICE, "000 renunciar (the seeds name no penalty)"),
    Rule("amnesty", NOTICE, "docs/rules.md"),
    Rule("void-call", NOTICE, "docs/rules.md"),
    Rule("unknown-tag", NOTICE, "docs/notation.md"),
    Rule("knob-not-applicable", NOTICE, "docs/rules.md"),
    Rule("syntax-error", SYNTAX_ERROR, "docs/notation.md"),
)

BY_ID: dict[str, Rule] = {rule.id: rule for rule in RULES}


def all_rules() -> tuple[Rule, ...]:
    """:data:`RULES` and the rules the registered games bring, by kind (renuncias, log
    errors, notices, syntax errors), each kind's own first."""
    from referee.games import registry

    games = registry()

    def build() -> tuple[Rule, ...]:
        extra = {rule.id: rule for game in games.games.values() for rule in game.rules
                 if rule.id not in BY_ID}
        return tuple(sorted((*RULES, *extra.values()), key=lambda r: KINDS.index(r.kind)))

    return games.memo("rules", build)


def get(rule_id: str) -> Rule | None:
    """The rule with that id, or None."""
    found = BY_ID.get(rule_id)
    if found is None:
        found = next((rule for rule in all_rules() if rule.id == rule_id), None)
    return found


def kind_of(rule_id: str) -> str | None:
    """The finding kind a rule id belongs to, or None for an unknown id."""
    rule = get(rule_id)
    return None if rule is None else rule.kind


def of_kind(kind: str) -> tuple[Rule, ...]:
    return tuple(rule for rule in all_rules() if rule.kind == kind)


def games_of(rule_id: str) -> list[str]:
    """The games (``Game`` tag values) whose rulings cite ``rule_id``; notices and syntax
    errors belong to every game."""
    from referee.games import games

    rule = get(rule_id)
    if rule is None:
        raise KeyError(rule_id)
    if rule.kind in (NOTICE, SYNTAX_ERROR):
        return list(games())
    return [name for name, variant in games().items() if rule_id in variant.rule_ids]
