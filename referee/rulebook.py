"""Every rule id the referee can cite, with its kind, its source and its games.

Ids are stable: findings, reports, tests and clients depend on them. ``seed``
names the source text a rule comes from (see "Sources" in docs/rules.md: 000 is
the Spanish Wikipedia article on 51, 001 and 003 retell it, 004 is the article on
Rummy argentino), or the docs page for log errors and notices, which no source
text describes. What a rule means and its short title, in both languages, are the
i18n catalog (:mod:`referee.i18n.rules`, and a game's words for its own:
``rule.<id>`` and ``title.<id>``); which games cite it, each game's ``rule_ids``.

:data:`RULES` are the core's rule ids: the engine's log errors, the notices and
syntax errors of the reader, and the rulings any rummy may cite (plays out of
turn, melds that are no set or run, lay-offs that do not fit, a call in a game
without calls...), in words that name no game. A game brings the ids only it
cites as its ``rules`` (:class:`~referee.engine.game.Variant`: 51's bajadas and
calls, argentino's wild cards and matches), with their texts in its messages
(``rule.<id>``); :func:`all_rules` lists them with the rest.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.findings import KINDS, LOG_ERROR, NOTICE, RENUNCIA, SYNTAX_ERROR

__all__ = ["BY_ID", "KINDS", "RULES", "Rule", "all_rules", "games_of", "get", "kind_of",
           "of_kind", "title_of"]


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule: its id (what findings and the docs name it by), its kind, and where the
    seed text sets it out."""

    id: str
    kind: str  # one of KINDS
    seed: str

    def text(self, lang: str = "en") -> str:
        from referee.messages import noted

        return noted(f"rule.{self.id}", lang)

    def title(self, lang: str = "en") -> str:
        """The rule's short title (``title.<id>``: "Discarded a pegue"); a rule without
        one (a plugin game's that brings none) is named by its text, else its id."""
        return title_of(self.id, lang)


def title_of(rule_id: str, lang: str = "en") -> str:
    """The short title of the rule ``rule_id`` in ``lang`` (:meth:`Rule.title`): what a
    phone shows of a finding. Any id has one: an id without a title falls back to the
    rule's text, then to the id itself."""
    from referee.messages import entry_of, render

    for key in (f"title.{rule_id}", f"rule.{rule_id}"):
        if entry_of(key) is not None:
            return render(key, None, lang)
    return rule_id


RULES: tuple[Rule, ...] = (
    Rule("out-of-turn", RENUNCIA, "000 renunciar"),
    Rule("play-before-draw", RENUNCIA, "000 renunciar"),
    Rule("extra-draw", RENUNCIA, "000 renunciar (card count)"),
    Rule("meld-invalid", RENUNCIA, "000 reglas para bajar"),
    Rule("set-repeated-suit", RENUNCIA, "003"),
    Rule("run-too-short", RENUNCIA, "000, 001"),
    Rule("run-not-ordered", RENUNCIA, "003"),
    Rule("layoff-before-down", RENUNCIA, "000 renunciar"),
    Rule("layoff-mismatch", RENUNCIA, "000 renunciar"),
    Rule("no-final-discard", RENUNCIA, "000 renunciar"),
    Rule("not-in-hand", LOG_ERROR, "docs/rules.md"),
    Rule("card-supply", LOG_ERROR, "docs/rules.md"),
    Rule("take-mismatch", LOG_ERROR, "docs/rules.md"),
    Rule("stock-mismatch", LOG_ERROR, "docs/rules.md"),
    Rule("deal-size", LOG_ERROR, "docs/rules.md"),
    Rule("unknown-player", LOG_ERROR, "docs/rules.md"),
    Rule("no-such-meld", LOG_ERROR, "docs/rules.md"),
    Rule("after-end", LOG_ERROR, "docs/rules.md"),
    Rule("stock-empty", LOG_ERROR, "docs/rules.md"),
    Rule("result-mismatch", LOG_ERROR, "docs/rules.md"),
    Rule("no-calls", LOG_ERROR, "docs/argentino.md"),
    Rule("unknown-tag", NOTICE, "docs/notation.md"),
    Rule("knob-not-applicable", NOTICE, "docs/rules.md"),
    Rule("syntax-error", SYNTAX_ERROR, "docs/notation.md"),
)

BY_ID: dict[str, Rule] = {rule.id: rule for rule in RULES}


def all_rules() -> tuple[Rule, ...]:
    """:data:`RULES` and the rules the registered games bring, by kind (renuncias, log
    errors, notices, syntax errors); within a kind, in the order the games cite them
    (the registry's order: 51's table, then what argentino adds, then any plugin's),
    then the rules no game cites (the reader's)."""
    from referee.games import registry

    games = registry()

    def build() -> tuple[Rule, ...]:
        every = {rule.id: rule for rule in RULES}
        for game in games.games.values():
            every.update((rule.id, rule) for rule in game.rules if rule.id not in every)
        cited = {rule_id: n for n, rule_id in enumerate(
            dict.fromkeys(i for game in games.games.values() for i in game.rule_ids))}
        last = len(cited)
        return tuple(sorted(every.values(), key=lambda r: (KINDS.index(r.kind),
                                                           cited.get(r.id, last))))

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
