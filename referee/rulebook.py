"""Every rule id the referee can cite (docs/rules.md), with its text and source.

Ids are stable: findings, reports, tests and clients depend on them. The texts
say what the infraction is, in English and Spanish; ``seed`` names the source
text it comes from (see "Sources" in docs/rules.md: 000 is the Spanish Wikipedia
article on 51, 001 and 003 retell it), or docs/rules.md for log errors and
notices, which no source text describes.

Plain frozen dataclasses, no third-party imports: the engine, the CLI and the
API all read this table.
"""

from __future__ import annotations

from dataclasses import dataclass

RENUNCIA = "renuncia"
LOG_ERROR = "log-error"
NOTICE = "notice"
SYNTAX_ERROR = "syntax-error"

KINDS = (RENUNCIA, LOG_ERROR, NOTICE, SYNTAX_ERROR)


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    kind: str  # RENUNCIA, LOG_ERROR, NOTICE or SYNTAX_ERROR
    text_en: str
    text_es: str
    seed: str

    def text(self, lang: str = "en") -> str:
        return self.text_es if lang == "es" else self.text_en


def _r(kind: str, rule_id: str, seed: str, en: str, es: str) -> Rule:
    return Rule(rule_id, kind, en, es, seed)


RULES: tuple[Rule, ...] = (
    # docs/rules.md: renuncias
    _r(RENUNCIA, "out-of-turn", "000 renunciar",
       "draws, takes, melds, lays off or discards when it is not their turn "
       "(an allowed early draw aside)",
       "roba, toma, baja, pega o descarta cuando no es su turno "
       "(salvo el robo anticipado permitido)"),
    _r(RENUNCIA, "early-draw", "000 turnos",
       "draws before the current player discards while EarlyDraw is off",
       "roba antes de que descarte el jugador de turno, con EarlyDraw desactivado"),
    _r(RENUNCIA, "play-before-draw", "000 renunciar",
       "melds, lays off or discards before starting their turn with a draw or take",
       "baja, pega o descarta antes de empezar su turno robando o tomando"),
    _r(RENUNCIA, "extra-draw", "000 renunciar (card count)",
       "a second draw or take in one turn (the first player's first turn included)",
       "roba o toma por segunda vez en un mismo turno "
       "(también en el primer turno del jugador que sale)"),
    _r(RENUNCIA, "meld-invalid", "000 reglas para bajar",
       "a meld that is neither a set nor a run, or of the wrong size",
       "un juego que no es ni terna (o cuarta) ni escalera, o que no tiene el tamaño correcto"),
    _r(RENUNCIA, "set-repeated-suit", "003",
       "a set with a suit twice",
       "una terna o cuarta con un palo repetido"),
    _r(RENUNCIA, "set-colors", "001, 003",
       "a set laid with two neighbours of one colour",
       "una terna o cuarta bajada con dos cartas vecinas del mismo color"),
    _r(RENUNCIA, "run-too-short", "000, 001",
       "a run shorter than RunMin",
       "una escalera más corta que RunMin"),
    _r(RENUNCIA, "run-not-ordered", "003",
       "a run whose cards are not consecutive in order (gaps, shuffles, a wrap "
       "while RunWrap is off)",
       "una escalera cuyas cartas no van seguidas y en orden (huecos, desorden, "
       "o la vuelta por el as con RunWrap desactivado)"),
    _r(RENUNCIA, "joker-limit", "knob",
       "more jokers in a meld than MaxJokers",
       "más comodines en un juego de los que permite MaxJokers"),
    _r(RENUNCIA, "bajada-below-minimum", "000, 003",
       "a bajada under MinOpen (or not equal to it with OpenExact)",
       "una bajada por debajo de MinOpen (o distinta de MinOpen con OpenExact)"),
    _r(RENUNCIA, "bajada-not-above-previous", "000, 003",
       "a bajada not above the most recent other bajada, with BeatPrevious",
       "una bajada que no supera la bajada más reciente de otro jugador, con BeatPrevious"),
    _r(RENUNCIA, "bajada-first-turn", "001, 003",
       "the first player goes down in their first turn",
       "el jugador que sale se baja en su primer turno"),
    _r(RENUNCIA, "take-not-melded", "000, 003",
       "took the discard and did not meld it in that turn (laid it off, kept it, "
       "discarded it)",
       "tomó la carta del descarte y no la bajó en un juego en ese turno (la pegó, "
       "se la quedó o la descartó)"),
    _r(RENUNCIA, "take-not-first", "000, 003",
       "took the discard but the first meld laid that turn does not contain it",
       "tomó la carta del descarte pero el primer juego que bajó en ese turno no la lleva"),
    _r(RENUNCIA, "layoff-before-down", "000 renunciar",
       "lays off without having gone down",
       "pega sin haberse bajado"),
    _r(RENUNCIA, "layoff-mismatch", "000 renunciar",
       "a lay-off card that does not fit that meld",
       "pega una carta que no le sirve a ese juego"),
    _r(RENUNCIA, "layoff-same-turn", "000 renunciar",
       "lays off onto a meld laid in this same turn",
       "pega en un juego bajado en ese mismo turno"),
    _r(RENUNCIA, "meld-after-layoff", "000 renunciar",
       "lays a meld after laying off in the same turn",
       "baja un juego después de haber pegado en el mismo turno"),
    _r(RENUNCIA, "discard-pegue", "000 renunciar",
       "discards a card that some table meld could take (DiscardPegue: all players, "
       "down only those who have gone down, off)",
       "descarta una carta que le sirve a algún juego de la mesa, una carta pegue "
       "(DiscardPegue: all todos, down solo quienes se han bajado, off nunca)"),
    _r(RENUNCIA, "no-final-discard", "000 renunciar",
       "empties the hand by melds and lay-offs with no card left to discard "
       "(RequireFinalDiscard)",
       "se queda sin cartas bajando o pegando, sin una carta para descartar "
       "(RequireFinalDiscard)"),
    _r(RENUNCIA, "missed-call", "000 renunciar",
       "let another player's renuncia pass; created only when a call on it is upheld",
       "dejó pasar la renuncia de otro jugador; solo cuenta cuando se canta "
       "y se confirma esa renuncia"),
    # docs/rules.md: log errors
    _r(LOG_ERROR, "not-in-hand", "docs/rules.md",
       "a player plays a card their known hand does not hold and they have no "
       "hidden cards left",
       "un jugador juega una carta que su mano conocida no tiene, y no le quedan "
       "cartas ocultas"),
    _r(LOG_ERROR, "card-supply", "docs/rules.md",
       "more copies of a card appear than the decks hold",
       "aparecen más copias de una carta de las que tienen las barajas"),
    _r(LOG_ERROR, "take-mismatch", "docs/rules.md",
       "take names a card that is not the top of the discard pile",
       "take nombra una carta que no está encima del descarte"),
    _r(LOG_ERROR, "stock-mismatch", "docs/rules.md",
       "draw names a card other than the recorded stock's top",
       "draw nombra una carta distinta de la primera del mazo anotado"),
    _r(LOG_ERROR, "deal-size", "docs/rules.md",
       "a deal line with the wrong number of cards",
       "una línea deal con un número de cartas equivocado"),
    _r(LOG_ERROR, "unknown-player", "docs/rules.md",
       "an event names a player not in Players",
       "un evento nombra a un jugador que no está en Players"),
    _r(LOG_ERROR, "player-out", "docs/rules.md",
       "an event by a player already eliminated",
       "un evento de un jugador que ya fue eliminado"),
    _r(LOG_ERROR, "no-such-meld", "docs/rules.md",
       "a lay-off onto a meld number not on the table",
       "se pega en un número de juego que no está en la mesa"),
    _r(LOG_ERROR, "after-end", "docs/rules.md",
       "an event after the game has ended",
       "un evento después de terminada la partida"),
    _r(LOG_ERROR, "stock-empty", "docs/rules.md",
       "a draw when the stock is empty and the discard pile cannot refill it",
       "se roba con el mazo vacío y el descarte no alcanza para rehacerlo"),
    _r(LOG_ERROR, "result-mismatch", "docs/rules.md",
       "the game finished and the Result tag names someone other than the winner",
       "la partida terminó y la etiqueta Result nombra a alguien distinto del ganador"),
    # docs/rules.md: notices, no penalty
    _r(NOTICE, "unfounded-call", "000 renunciar (the seeds name no penalty)",
       "a call on a player with no open renuncia, or on a player already out",
       "se canta a un jugador sin renuncia abierta, o a uno que ya está fuera"),
    _r(NOTICE, "amnesty", "docs/rules.md",
       "a renuncia nobody called lapses when its author's next turn starts",
       "una renuncia que nadie cantó prescribe al empezar el siguiente turno de su autor"),
    _r(NOTICE, "void-call", "docs/rules.md",
       "a call on a renuncia that has already lapsed",
       "se canta una renuncia que ya prescribió"),
    _r(NOTICE, "unsupported-ruleset", "docs/rules.md",
       "a game of a ruleset the referee can read but does not audit yet (rummy-argentino)",
       "una partida de un reglamento que el árbitro sabe leer pero todavía no audita "
       "(rummy-argentino)"),
    _r(NOTICE, "unknown-tag", "docs/notation.md",
       "an unknown tag (kept and ignored) that looks like a house-rule tag of the game, "
       "like MinOpne for MinOpen",
       "una etiqueta desconocida (se conserva y se ignora) que se parece a una regla de la "
       "casa del juego, como MinOpne por MinOpen"),
    # docs/notation.md: the text itself
    _r(SYNTAX_ERROR, "syntax-error", "docs/notation.md",
       "a line that does not follow the notation",
       "una línea que no sigue la notación"),
)

BY_ID: dict[str, Rule] = {rule.id: rule for rule in RULES}


def get(rule_id: str) -> Rule | None:
    """The rule with that id, or None."""
    return BY_ID.get(rule_id)


def kind_of(rule_id: str) -> str | None:
    """The finding kind a rule id belongs to, or None for an unknown id."""
    rule = BY_ID.get(rule_id)
    return None if rule is None else rule.kind


def of_kind(kind: str) -> tuple[Rule, ...]:
    return tuple(rule for rule in RULES if rule.kind == kind)
