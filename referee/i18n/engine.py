"""Messages of the engine's rulings, in English and Spanish.

Keys are rule ids, or ``rule:variant`` where one rule reads differently by case.
Parameters: ``player``, ``card``, ``cards``, ``meld``, ``meld_cards``, ``verb``, ...
"""

MESSAGES: dict[str, dict[str, str]] = {
    # -- renuncias: turns
    "out-of-turn": {
        "en": "{player} played ({verb}) out of turn: it was {current}'s turn",
        "es": "{player} jugó ({verb}) fuera de turno: era el turno de {current}",
    },
    "out-of-turn:early-take": {
        "en": "{player} took the discard before {current} had discarded "
              "(only a draw from the stock may come early)",
        "es": "{player} tomó del descarte antes de que {current} descartara "
              "(solo se puede robar del mazo por adelantado)",
    },
    "early-draw": {
        "en": "{player} drew before {current} had discarded, and early draws are off",
        "es": "{player} robó antes de que {current} descartara, y robar por adelantado "
              "no está permitido",
    },
    "play-before-draw": {
        "en": "{player} played ({verb}) before drawing or taking a card",
        "es": "{player} jugó ({verb}) antes de robar o tomar carta",
    },
    "extra-draw": {
        "en": "{player} drew a second card this turn ({verb})",
        "es": "{player} tomó una segunda carta en el mismo turno ({verb})",
    },
    # -- renuncias: melds
    "meld-invalid": {
        "en": "{player} laid {cards}: not a valid meld ({reason})",
        "es": "{player} bajó {cards}: no es un juego válido ({reason})",
    },
    "set-repeated-suit": {
        "en": "{player} laid the set {cards} with a suit twice",
        "es": "{player} bajó la terna o cuarta {cards} con un palo repetido",
    },
    "set-colors": {
        "en": "{player} laid the set {cards} with two neighbours of one colour",
        "es": "{player} bajó {cards} sin alternar colores (dos vecinas del mismo color)",
    },
    "run-not-ordered": {
        "en": "{player} laid {cards}: not consecutive cards of one suit in order",
        "es": "{player} bajó {cards}: no es una escalera ordenada de un solo palo",
    },
    "run-too-short": {
        "en": "{player} laid the run {cards}: shorter than {run_min} cards",
        "es": "{player} bajó la escalera {cards}: tiene menos de {run_min} cartas",
    },
    "joker-limit": {
        "en": "{player} laid {cards}: more than {max_jokers} jokers in one meld",
        "es": "{player} bajó {cards}: más de {max_jokers} comodines en un juego",
    },
    "bajada-below-minimum": {
        "en": "{player} went down with {points} points, under the minimum of {minimum}",
        "es": "{player} se bajó con {points} puntos, menos del mínimo de {minimum}",
    },
    "bajada-below-minimum:exact": {
        "en": "{player} went down with {points} points, not exactly {minimum}",
        "es": "{player} se bajó con {points} puntos, no exactamente {minimum}",
    },
    "bajada-not-above-previous": {
        "en": "{player} went down with {points} points, not above the previous bajada "
              "of {previous}",
        "es": "{player} se bajó con {points} puntos, sin superar la bajada anterior de "
              "{previous}",
    },
    "bajada-below-minimum:layoffs": {
        "en": "{player} went down with {points} points ({melds} in melds, {layoffs} laid off "
              "on others' melds), under the minimum of {minimum}",
        "es": "{player} se bajó con {points} puntos ({melds} en juegos, {layoffs} pegados en "
              "juegos ajenos), menos del mínimo de {minimum}",
    },
    "bajada-below-minimum:exact:layoffs": {
        "en": "{player} went down with {points} points ({melds} in melds, {layoffs} laid off "
              "on others' melds), not exactly {minimum}",
        "es": "{player} se bajó con {points} puntos ({melds} en juegos, {layoffs} pegados en "
              "juegos ajenos), no exactamente {minimum}",
    },
    "bajada-not-above-previous:layoffs": {
        "en": "{player} went down with {points} points ({melds} in melds, {layoffs} laid off "
              "on others' melds), not above the previous bajada of {previous}",
        "es": "{player} se bajó con {points} puntos ({melds} en juegos, {layoffs} pegados en "
              "juegos ajenos), sin superar la bajada anterior de {previous}",
    },
    "bajada-first-turn": {
        "en": "{player} went down in the first turn, holding 15 cards",
        "es": "{player} se bajó en su primer turno, con 15 cartas",
    },
    "take-not-melded:layoff": {
        "en": "{player} took {card} from the discard pile and laid it off on meld {meld} "
              "instead of melding it",
        "es": "{player} recogió {card} del descarte y la pegó en el juego {meld} "
              "en vez de bajarla",
    },
    "take-not-melded:discard": {
        "en": "{player} took {card} from the discard pile and discarded it without melding it",
        "es": "{player} recogió {card} del descarte y la descartó sin bajarla",
    },
    "take-not-melded:kept": {
        "en": "{player} took {card} from the discard pile and kept it without melding it",
        "es": "{player} recogió {card} del descarte y se la quedó sin bajarla",
    },
    "take-not-first": {
        "en": "{player} took {card} from the discard pile but first laid {cards}, "
              "which does not contain it",
        "es": "{player} recogió {card} del descarte pero bajó primero {cards}, "
              "que no la contiene",
    },
    "layoff-before-down": {
        "en": "{player} laid off {card} on meld {meld} without having gone down",
        "es": "{player} pegó {card} en el juego {meld} sin haberse bajado",
    },
    "layoff-same-turn": {
        "en": "{player} laid off {card} on meld {meld} ({meld_cards}), laid in this same turn",
        "es": "{player} pegó {card} en el juego {meld} ({meld_cards}), bajado en este "
              "mismo turno",
    },
    "layoff-mismatch": {
        "en": "{player} laid off {card} on meld {meld} ({meld_cards}), where it does not fit",
        "es": "{player} pegó {card} en el juego {meld} ({meld_cards}), donde no encaja",
    },
    "layoff-mismatch:invalid": {
        "en": "{player} laid off {card} on meld {meld} ({meld_cards}), a faulty meld that "
              "takes no cards",
        "es": "{player} pegó {card} en el juego {meld} ({meld_cards}), un juego inválido "
              "que no admite cartas",
    },
    "meld-after-layoff": {
        "en": "{player} laid {cards} after laying off in the same turn",
        "es": "{player} bajó {cards} después de pegar en el mismo turno",
    },
    "discard-pegue": {
        "en": "{player} discarded {card}, which fits meld {meld} ({meld_cards})",
        "es": "{player} descartó {card}, que pega en el juego {meld} ({meld_cards})",
    },
    "no-final-discard": {
        "en": "{player} emptied their hand by melding and laying off, with no card left "
              "to discard",
        "es": "{player} se quedó sin cartas bajando y pegando, sin una carta para descartar",
    },
    "missed-call": {
        "en": "{player} let {accused}'s renuncia ({rule}, line {renuncia_line}) pass: "
              "their turn ended without calling it",
        "es": "{player} dejó pasar la renuncia de {accused} ({rule}, línea {renuncia_line}): "
              "terminó su turno sin cantarla",
    },
    # -- log errors
    "not-in-hand": {
        "en": "{player} played {card}, which is not in their hand",
        "es": "{player} jugó {card}, que no está en su mano",
    },
    "card-supply": {
        "en": "{card} appears more often than the decks hold ({copies} copies)",
        "es": "{card} aparece más veces de las que tienen las barajas ({copies} copias)",
    },
    "take-mismatch": {
        "en": "{player} took {card}, but the top of the discard pile is {top}",
        "es": "{player} tomó {card}, pero la carta de arriba del descarte es {top}",
    },
    "take-mismatch:empty": {
        "en": "{player} took {card}, but the discard pile is empty",
        "es": "{player} tomó {card}, pero el montón de descarte está vacío",
    },
    "stock-mismatch": {
        "en": "{player} drew {card}, but the top of the recorded stock is {top}",
        "es": "{player} robó {card}, pero la carta de arriba del mazo anotado es {top}",
    },
    "deal-size": {
        "en": "{player} was dealt {count} cards; the deal is {size}",
        "es": "a {player} le repartieron {count} cartas; deben ser {size}",
    },
    "unknown-player": {
        "en": "{name} is not one of the players",
        "es": "{name} no es uno de los jugadores",
    },
    "unknown-player:hint": {
        "en": "{name} is not one of the players: did you mean {hint}?",
        "es": "{name} no es uno de los jugadores: ¿quiso decir {hint}?",
    },
    "player-out": {
        "en": "{player} is out of the game and cannot play",
        "es": "{player} ya salió del juego y no puede jugar",
    },
    "no-such-meld": {
        "en": "{player} laid off on meld {meld}, but the table has {melds} melds",
        "es": "{player} pegó en el juego {meld}, pero en la mesa hay {melds} juegos",
    },
    "after-end": {
        "en": "the game had ended ({winner} won) before this line",
        "es": "el juego ya había terminado (ganó {winner}) antes de esta línea",
    },
    "stock-empty": {
        "en": "{player} drew, but the stock is empty and the discard pile cannot refill it",
        "es": "{player} robó, pero el mazo está vacío y el descarte no alcanza para rehacerlo",
    },
    "result-mismatch": {
        "en": "the Result tag names {claimed}, but {winner} won",
        "es": "la etiqueta Result nombra a {claimed}, pero ganó {winner}",
    },
    # -- notices
    "amnesty": {
        "en": "{player}'s renuncia at line {renuncia_line} ({rule_lapsed}) lapsed: "
              "nobody called it before their next turn",
        "es": "la renuncia de {player} en la línea {renuncia_line} ({rule_lapsed}) prescribió: "
              "nadie la cantó antes de su siguiente turno",
    },
    "unfounded-call": {
        "en": "{player} called {accused}, who has no open renuncia",
        "es": "{player} cantó a {accused}, que no tiene renuncias pendientes",
    },
    "unfounded-call:out": {
        "en": "{player} called {accused}, who is already out",
        "es": "{player} cantó a {accused}, que ya está fuera",
    },
    "unfounded-call:automatic": {
        "en": "{player} called {accused}; with CallsRequired off renuncias take effect "
              "without calls",
        "es": "{player} cantó a {accused}; sin CallsRequired las renuncias se aplican solas",
    },
    "void-call": {
        "en": "{player} called {accused}, but that renuncia (line {renuncia_line}) had lapsed",
        "es": "{player} cantó a {accused}, pero esa renuncia (línea {renuncia_line}) "
              "ya había prescrito",
    },
    # -- Rummy argentino
    "set-two-wilds": {
        "en": "{player} laid the set {cards} with more wild cards than a set may hold",
        "es": "{player} bajó el grupo {cards} con más comodines de los que admite un grupo",
    },
    "run-adjacent-wilds": {
        "en": "{player} laid the run {cards} with two wild cards side by side",
        "es": "{player} bajó la escalera {cards} con dos comodines juntos",
    },
    "law-below-minimum": {
        "en": "{player} is en ley and first went down with {points} points, under {minimum}",
        "es": "{player} está en ley y se bajó por primera vez con {points} puntos, menos de "
              "{minimum}",
    },
    "cut-first-round": {
        "en": "{player} went out before every seat had played a turn ({waiting} still to "
              "play): the hand goes on",
        "es": "{player} cortó antes de que todos jugaran un turno (faltan {waiting}): la mano "
              "sigue",
    },
    "layoff-before-down:meld": {
        "en": "{player} laid off {card} on meld {meld} before laying a meld of their own in "
              "this hand",
        "es": "{player} pegó {card} en el juego {meld} antes de bajar un juego propio en esta "
              "mano",
    },
    "take-mismatch:pile": {
        "en": "{player} took {card}, but the discard pile holds {top}",
        "es": "{player} tomó {card}, pero el pozo tiene {top}",
    },
    "no-calls": {
        "en": "{player} called {accused}, but Rummy argentino has no calls: every infraction "
              "counts at once",
        "es": "{player} le cantó a {accused}, pero el rummy argentino no tiene cantos: toda "
              "falta cuenta de inmediato",
    },
    "match-players": {
        "en": "this hand of the match {match} has other players than its earlier hands "
              "({players}): it starts a new match",
        "es": "esta mano del partido {match} tiene otros jugadores que las anteriores "
              "({players}): empieza un partido nuevo",
    },
    "scores-mismatch": {
        "en": "the Scores tag says {given}, but the match totals are {totals}; the totals "
              "stand",
        "es": "la etiqueta Scores dice {given}, pero el puntaje del partido es {totals}; vale "
              "el puntaje",
    },
    "after-end:match": {
        "en": "the match {match} was already over before this hand: it is not played",
        "es": "el partido {match} ya había terminado antes de esta mano: no se juega",
    },
}

VERBS_ES = {"draw": "robar", "take": "tomar", "meld": "bajar", "layoff": "pegar",
            "discard": "descartar"}
