"""Message catalog (rules): what each rule id means, in English and Spanish.

Keys are ``rule.<id>`` (:mod:`referee.rulebook` lists the ids, their kind and
source): the rule ids of the core's rule book, in words that name no game. A game
brings the texts of its own rule ids, and may add a note to a shared one
(``rule.<id>@<game>``: ``referee rules`` shows it in brackets after this text;
:func:`referee.messages.noted`). ``referee rules`` and ``GET /v1/rules`` show
these texts. Each rule also has a short title (``title.<id>``), what the live table's
page shows of a finding; a game brings the titles of its own rule ids."""

_TEXTS: dict[str, tuple[str, str]] = {
    "out-of-turn": (
        "draws, takes, melds, lays off or discards when it is not their turn (an allowed "
        "early draw aside)",
        "roba, toma, baja, pega o descarta cuando no es su turno (salvo el robo anticipado "
        "permitido)",
    ),
    "play-before-draw": (
        "melds, lays off or discards before starting their turn with a draw or take",
        "baja, pega o descarta antes de empezar su turno robando o tomando",
    ),
    "extra-draw": (
        "a second draw or take in one turn (the first player's first turn included)",
        "roba o toma por segunda vez en un mismo turno (también en el primer turno del "
        "jugador que sale)",
    ),
    "meld-invalid": (
        "a meld that is neither a set nor a run, or of the wrong size",
        "un juego que no es ni terna (o cuarta) ni escalera, o que no tiene el tamaño correcto",
    ),
    "set-repeated-suit": (
        "a set with a suit twice",
        "una terna o cuarta con un palo repetido",
    ),
    "run-too-short": (
        "a run shorter than RunMin",
        "una escalera más corta que RunMin",
    ),
    "run-not-ordered": (
        "a run whose cards are not consecutive in order (gaps, shuffles, a wrap while RunWrap"
        " is off)",
        "una escalera cuyas cartas no van seguidas y en orden (huecos, desorden, o la vuelta "
        "por el as con RunWrap desactivado)",
    ),
    "layoff-before-down": (
        "lays off without having gone down",
        "pega sin haberse bajado",
    ),
    "layoff-mismatch": (
        "a lay-off card that does not fit that meld",
        "pega una carta que no le sirve a ese juego",
    ),
    "no-final-discard": (
        "empties the hand by melds and lay-offs with no card left to discard",
        "se queda sin cartas bajando o pegando, sin una carta para descartar",
    ),
    "not-in-hand": (
        "a player plays a card their known hand does not hold and they have no hidden cards left",
        "un jugador juega una carta que su mano conocida no tiene, y no le quedan cartas ocultas",
    ),
    "card-supply": (
        "more copies of a card appear than the decks hold",
        "aparecen más copias de una carta de las que tienen las barajas",
    ),
    "take-mismatch": (
        "take names a card that is not the top of the discard pile",
        "toma (take) nombra una carta que no está encima del descarte",
    ),
    "stock-mismatch": (
        "draw names a card other than the recorded stock's top",
        "roba (draw) nombra una carta distinta de la primera del mazo anotado",
    ),
    "deal-size": (
        "a deal line with the wrong number of cards",
        "una línea reparte (deal) con un número de cartas equivocado",
    ),
    "unknown-player": (
        "an event names a player not in Players",
        "un evento nombra a un jugador que no está en Players",
    ),
    "no-such-meld": (
        "a lay-off onto a meld number not on the table",
        "se pega en un número de juego que no está en la mesa",
    ),
    "after-end": (
        "an event after the game has ended",
        "un evento después de terminada la partida",
    ),
    "stock-empty": (
        "a draw when the stock is empty and the discard pile cannot refill it",
        "se roba con el mazo vacío y el descarte no alcanza para rehacerlo",
    ),
    "result-mismatch": (
        "the game finished and the Result tag names someone other than the winner",
        "la partida terminó y la etiqueta Result nombra a alguien distinto del ganador",
    ),
    "no-calls": (
        "a call in a game that has no calls",
        "un canto en un juego que no tiene cantos",
    ),
    "syntax-error": (
        "a line that does not follow the notation",
        "una línea que no sigue la notación",
    ),
    "knob-not-applicable": (
        "a house-rule tag that does not apply under the game's other rules (kept and "
        "ignored), like AlternateColors under a Spanish deck, whose suits have no colours",
        "una etiqueta de regla de la casa que no se aplica con las demás reglas de la partida "
        "(se conserva y se ignora), como AlternateColors con baraja española, cuyos palos no "
        "tienen colores",
    ),
    "unknown-tag": (
        "an unknown tag (kept and ignored) that looks like a house-rule tag of the game, "
        "like MinOpne for MinOpen",
        "una etiqueta desconocida (se conserva y se ignora) que se parece a una regla de la "
        "casa del juego, como MinOpne por MinOpen",
    ),
}

# Each rule's short title (``title.<id>``): what a phone shows of a finding, beside the
# event it is about ("Discarded a pegue"); the text above says what the rule is.
_TITLES: dict[str, tuple[str, str]] = {
    "out-of-turn": ("Played out of turn", "Jugó fuera de turno"),
    "play-before-draw": ("Played before drawing", "Jugó antes de robar"),
    "extra-draw": ("Drew twice in one turn", "Robó dos veces en un turno"),
    "meld-invalid": ("Laid a faulty meld", "Bajó un juego inválido"),
    "set-repeated-suit": ("Set with a suit twice", "Terna con un palo repetido"),
    "run-too-short": ("Run too short", "Escalera demasiado corta"),
    "run-not-ordered": ("Run out of order", "Escalera desordenada"),
    "layoff-before-down": ("Laid off before going down", "Pegó sin haberse bajado"),
    "layoff-mismatch": ("Laid off a card that does not fit", "Pegó una carta que no encaja"),
    "no-final-discard": ("Went out with no card to discard", "Salió sin carta para descartar"),
    "not-in-hand": ("Played a card not in hand", "Jugó una carta que no tenía"),
    "card-supply": ("Too many copies of a card", "Demasiadas copias de una carta"),
    "take-mismatch": ("Took a card not on the pile", "Tomó una carta que no estaba en el descarte"),
    "stock-mismatch": ("Drew a card not on the stock", "Robó una carta que no estaba en el mazo"),
    "deal-size": ("Dealt the wrong number of cards", "Repartió un número de cartas equivocado"),
    "unknown-player": ("A player not at the table", "Un jugador que no está en la mesa"),
    "no-such-meld": ("No such meld on the table", "Ese juego no está en la mesa"),
    "after-end": ("Played after the end", "Jugó después del final"),
    "stock-empty": ("Drew from an empty stock", "Robó con el mazo vacío"),
    "result-mismatch": ("Result names another winner", "Result nombra a otro ganador"),
    "no-calls": ("A call in a game without calls", "Un canto en un juego sin cantos"),
    "syntax-error": ("A line not in the notation", "Una línea fuera de la notación"),
    "knob-not-applicable": ("A house rule that does not apply",
                            "Una regla de la casa que no se aplica"),
    "unknown-tag": ("An unknown tag", "Una etiqueta desconocida"),
}

MESSAGES: dict[str, dict[str, str]] = {
    **{f"rule.{rule_id}": {"en": en, "es": es} for rule_id, (en, es) in _TEXTS.items()},
    **{f"title.{rule_id}": {"en": en, "es": es} for rule_id, (en, es) in _TITLES.items()},
}
