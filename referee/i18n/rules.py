"""Message catalog (rules): what each rule id means, in English and Spanish.

Keys are ``rule.<id>`` (:mod:`referee.rulebook` lists the ids, their kind and
source). ``referee rules`` and ``GET /v1/rules`` show these texts."""

_TEXTS: dict[str, tuple[str, str]] = {
    "out-of-turn": (
        "draws, takes, melds, lays off or discards when it is not their turn (an allowed "
        "early draw aside)",
        "roba, toma, baja, pega o descarta cuando no es su turno (salvo el robo anticipado "
        "permitido)",
    ),
    "early-draw": (
        "draws before the current player discards while EarlyDraw is off",
        "roba antes de que descarte el jugador de turno, con EarlyDraw desactivado",
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
    "set-colors": (
        "a set laid with two neighbours of one colour",
        "una terna o cuarta bajada con dos cartas vecinas del mismo color",
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
    "joker-limit": (
        "more jokers in a meld than MaxJokers",
        "más comodines en un juego de los que permite MaxJokers",
    ),
    "bajada-below-minimum": (
        "a bajada under MinOpen (or not equal to it with OpenExact)",
        "una bajada por debajo de MinOpen (o distinta de MinOpen con OpenExact)",
    ),
    "bajada-not-above-previous": (
        "a bajada not above the most recent other bajada, with BeatPrevious",
        "una bajada que no supera la bajada más reciente de otro jugador, con BeatPrevious",
    ),
    "bajada-first-turn": (
        "the first player goes down in their first turn",
        "el jugador que sale se baja en su primer turno",
    ),
    "take-not-melded": (
        "took the discard and did not meld it in that turn (laid it off, kept it, discarded it)",
        "tomó la carta del descarte y no la bajó en un juego en ese turno (la pegó, se la "
        "quedó o la descartó)",
    ),
    "take-not-first": (
        "took the discard but the first meld laid that turn does not contain it",
        "tomó la carta del descarte pero el primer juego que bajó en ese turno no la lleva",
    ),
    "layoff-before-down": (
        "lays off without having gone down (argentino: before laying a meld of their own in "
        "this hand)",
        "pega sin haberse bajado (argentino: antes de bajar un juego propio en la mano)",
    ),
    "layoff-mismatch": (
        "a lay-off card that does not fit that meld",
        "pega una carta que no le sirve a ese juego",
    ),
    "layoff-same-turn": (
        "lays off onto a meld laid in this same turn",
        "pega en un juego bajado en ese mismo turno",
    ),
    "meld-after-layoff": (
        "lays a meld after laying off in the same turn",
        "baja un juego después de haber pegado en el mismo turno",
    ),
    "discard-pegue": (
        "discards a card that some table meld could take (DiscardPegue: all players, down "
        "only those who have gone down, off)",
        "descarta una carta que le sirve a algún juego de la mesa, una carta pegue "
        "(DiscardPegue: all todos, down solo quienes se han bajado, off nunca)",
    ),
    "no-final-discard": (
        "empties the hand by melds and lay-offs with no card left to discard (51: "
        "RequireFinalDiscard)",
        "se queda sin cartas bajando o pegando, sin una carta para descartar (51: "
        "RequireFinalDiscard)",
    ),
    "missed-call": (
        "let another player's renuncia pass; created only when a call on it is upheld",
        "dejó pasar la renuncia de otro jugador; solo cuenta cuando se canta y se confirma "
        "esa renuncia",
    ),
    "set-two-wilds": (
        "a set with two wild cards (two of a kind with SetWilds distinct)",
        "un grupo con dos comodines (dos del mismo tipo con SetWilds distinct)",
    ),
    "run-adjacent-wilds": (
        "a run with two wild cards side by side",
        "una escalera con dos comodines juntos",
    ),
    "law-below-minimum": (
        "a player en ley first goes down with less than LawMin",
        "un jugador en ley se baja por primera vez con menos de LawMin",
    ),
    "cut-first-round": (
        "goes out before every seat has had a turn",
        "corta antes de que todos hayan jugado un turno",
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
        "take nombra una carta que no está encima del descarte",
    ),
    "stock-mismatch": (
        "draw names a card other than the recorded stock's top",
        "draw nombra una carta distinta de la primera del mazo anotado",
    ),
    "deal-size": (
        "a deal line with the wrong number of cards (51: 15 for the starter, 14 for the "
        "others; argentino: 9)",
        "una línea deal con un número de cartas equivocado (51: 15 para quien sale, 14 para "
        "los demás; argentino: 9)",
    ),
    "unknown-player": (
        "an event names a player not in Players",
        "un evento nombra a un jugador que no está en Players",
    ),
    "player-out": (
        "an event by a player already eliminated",
        "un evento de un jugador que ya fue eliminado",
    ),
    "no-such-meld": (
        "a lay-off onto a meld number not on the table",
        "se pega en un número de juego que no está en la mesa",
    ),
    "after-end": (
        "an event after the game has ended (argentino: also a hand of a match already over)",
        "un evento después de terminada la partida (argentino: también una mano de un partido"
        " ya terminado)",
    ),
    "stock-empty": (
        "a draw when the stock is empty and the discard pile cannot refill it",
        "se roba con el mazo vacío y el descarte no alcanza para rehacerlo",
    ),
    "result-mismatch": (
        "the game finished and the Result tag names someone other than the winner (argentino:"
        " the player who went out)",
        "la partida terminó y la etiqueta Result nombra a alguien distinto del ganador "
        "(argentino: quien cortó)",
    ),
    "no-calls": (
        "a call in a game that has no calls (Rummy argentino)",
        "un canto en un juego que no tiene cantos (rummy argentino)",
    ),
    "match-players": (
        "a hand of a match with other players than its earlier hands",
        "una mano de un partido con otros jugadores que sus manos anteriores",
    ),
    "scores-mismatch": (
        "a Scores tag that disagrees with the match totals, or names other players",
        "una etiqueta Scores que no coincide con el puntaje del partido, o nombra a otros "
        "jugadores",
    ),
    "unfounded-call": (
        "a call on a player with no open renuncia, or on a player already out",
        "se canta a un jugador sin renuncia abierta, o a uno que ya está fuera",
    ),
    "amnesty": (
        "a renuncia nobody called lapses when its author's next turn starts",
        "una renuncia que nadie cantó prescribe al empezar el siguiente turno de su autor",
    ),
    "void-call": (
        "a call on a renuncia that has already lapsed",
        "se canta una renuncia que ya prescribió",
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

MESSAGES: dict[str, dict[str, str]] = {
    f"rule.{rule_id}": {"en": en, "es": es} for rule_id, (en, es) in _TEXTS.items()
}
