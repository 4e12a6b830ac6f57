"""Messages of the rulings every game may cite, in English and Spanish.

Keys are rule ids, or ``rule:case`` where one rule reads differently by case. What
is here: the engine's own log errors and the rulings of the rule book's common rule
ids (:data:`referee.rulebook.RULES`), in words that name no game. A game's own
rulings are in its words (:meth:`referee.engine.game.Variant.messages`: 51's in
``variants/la51/words.py``, argentino's in ``variants/argentino/words.py``).
Parameters: ``player``, ``card``, ``cards``, ``meld``, ``meld_cards``, ``verb``, ...
"""

MESSAGES: dict[str, dict[str, str]] = {
    # -- renuncias: turns
    "out-of-turn": {
        "en": "{player} played ({verb}) out of turn: it was {current}'s turn",
        "es": "{player} jugó ({verb}) fuera de turno: era el turno de {current}",
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
    # what makes a meld faulty: the {reason} of meld-invalid (a referee.messages.Phrase)
    "meld.reason.fewer-than-3": {"en": "fewer than 3 cards", "es": "menos de 3 cartas"},
    "meld.reason.no-natural": {"en": "no natural card", "es": "ninguna carta natural"},
    "meld.reason.neither": {"en": "neither a set nor a run", "es": "ni terna ni escalera"},
    "meld.reason.set-of-5": {"en": "a set of 5 or more cards",
                             "es": "un grupo de 5 cartas o más"},
    "meld.reason.run-of": {"en": "a run of {count} cards", "es": "una escalera de {count} cartas"},
    "meld.reason.other-rank": {"en": "a card stands for one of another rank",
                               "es": "una carta hace de otra de distinto número"},
    "meld.reason.jokers": {"en": "{count} jokers", "es": "{count} comodines"},
    "set-repeated-suit": {
        "en": "{player} laid the set {cards} with a suit twice",
        "es": "{player} bajó la terna o cuarta {cards} con un palo repetido",
    },
    "run-not-ordered": {
        "en": "{player} laid {cards}: not consecutive cards of one suit in order",
        "es": "{player} bajó {cards}: no es una escalera ordenada de un solo palo",
    },
    "run-too-short": {
        "en": "{player} laid the run {cards}: shorter than {run_min} cards",
        "es": "{player} bajó la escalera {cards}: tiene menos de {run_min} cartas",
    },
    "layoff-before-down": {
        "en": "{player} laid off {card} on meld {meld} without having gone down",
        "es": "{player} pegó {card} en el juego {meld} sin haberse bajado",
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
    "no-final-discard": {
        "en": "{player} emptied their hand by melding and laying off, with no card left "
              "to discard",
        "es": "{player} se quedó sin cartas bajando y pegando, sin una carta para descartar",
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
    "take-mismatch:pile": {
        "en": "{player} took {card}, but the discard pile holds {top}",
        "es": "{player} tomó {card}, pero el pozo tiene {top}",
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
    # -- a game that has no calls (its own words may say which game)
    "no-calls": {
        "en": "{player} called {accused}, but this game has no calls: every renuncia counts "
              "at once",
        "es": "{player} le cantó a {accused}, pero este juego no tiene cantos: toda renuncia "
              "cuenta de inmediato",
    },
}

VERBS_ES = {"draw": "robar", "take": "tomar", "meld": "bajar", "layoff": "pegar",
            "discard": "descartar"}
