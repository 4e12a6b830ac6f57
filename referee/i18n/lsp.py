"""Message catalog (language server): what ``referee lsp`` shows in an editor, in English
and Spanish: hovers, completion details, symbols, quick fixes (``referee.lsp``).

Keys start with ``lsp.``. Rule texts, knob help and finding messages are the other
catalogs' (the editor says what ``referee audit`` says).
"""

_RANKS = {
    1: ("ace", "as"), 2: ("two", "dos"), 3: ("three", "tres"), 4: ("four", "cuatro"),
    5: ("five", "cinco"), 6: ("six", "seis"), 7: ("seven", "siete"), 8: ("eight", "ocho"),
    9: ("nine", "nueve"), 10: ("ten", "diez"), 11: ("jack", "jota"), 12: ("queen", "reina"),
    13: ("king", "rey"),
}
_SUITS = {"c": ("clubs", "tréboles"), "d": ("diamonds", "diamantes"),
          "h": ("hearts", "corazones"), "s": ("spades", "picas")}
# The tags that are not house rules (docs/notation.md); a game's own are in its words.
_TAGS = {
    "Game": ("the game (referee rules lists the games)",
             "el juego (referee rules lista los juegos)"),
    "Players": ("the players, in seat order (the first plays first)",
                "los jugadores, en el orden de la mesa (el primero sale)"),
    "Event": ("the name of the night or tournament", "el nombre de la noche o del torneo"),
    "Site": ("where the game was played", "dónde se jugó"),
    "Date": ("the date, YYYY-MM-DD", "la fecha, AAAA-MM-DD"),
    "Round": ("the round of a tournament", "la ronda de un torneo"),
    "Table": ("the table of a tournament", "la mesa de un torneo"),
    "Currency": ("the currency of the stake", "la moneda de la apuesta"),
    "Result": ("the winner as the log claims it (* for none): checked against the replay",
               "el ganador según el registro (* si ninguno): se compara con la repetición"),
}

MESSAGES: dict[str, dict[str, str]] = {
    **{f"lsp.rank.{rank}": {"en": en, "es": es} for rank, (en, es) in _RANKS.items()},
    **{f"lsp.suit.{suit}": {"en": en, "es": es} for suit, (en, es) in _SUITS.items()},
    **{f"lsp.tag.{name}": {"en": en, "es": es} for name, (en, es) in _TAGS.items()},
    "lsp.card": {"en": "{rank} of {suit}", "es": "{rank} de {suit}"},
    "lsp.joker": {"en": "a joker", "es": "un comodín"},
    "lsp.joker_for": {"en": "a joker standing for {card} ({name})",
                      "es": "un comodín que hace de {card} ({name})"},
    "lsp.two_for": {"en": "the {name}, played as a wild card standing for {card} ({target})",
                    "es": "el {name}, jugado como comodín que hace de {card} ({target})"},
    "lsp.pegue": {
        "en": "a pegue: it fits meld {meld} ({cards}), {owner}'s, laid at line {line}",
        "es": "es carta pegue: le sirve al juego {meld} ({cards}) de {owner}, bajado en la "
              "línea {line}",
    },
    "lsp.meld": {
        "en": "Meld {number}: {owner}'s {kind}, laid at line {line}",
        "es": "Juego {number}: {kind} de {owner}, bajado en la línea {line}",
    },
    "lsp.meld.cards": {"en": "cards: {cards}", "es": "cartas: {cards}"},
    "lsp.kind.set": {"en": "set", "es": "terna o cuarta"},
    "lsp.kind.run": {"en": "run", "es": "escalera"},
    "lsp.kind.invalid": {"en": "invalid meld", "es": "juego no válido"},
    "lsp.no_meld": {"en": "no meld {number} on the table at this line",
                    "es": "no hay juego {number} en la mesa en esta línea"},
    "lsp.hand": {"en": "{player}'s hand after line {line}: {count} cards",
                 "es": "Mano de {player} tras la línea {line}: {count} cartas"},
    "lsp.hand.known": {"en": "known: {cards}", "es": "conocidas: {cards}"},
    "lsp.hand.hidden": {"en": "not seen: {count}", "es": "sin ver: {count}"},
    "lsp.hand.out": {"en": "out of the game", "es": "fuera de la partida"},
    "lsp.knob": {"en": "House rule {name}: {help}", "es": "Regla de la casa {name}: {help}"},
    "lsp.knob.default": {"en": "default: {value}", "es": "por defecto: {value}"},
    "lsp.knob.here": {"en": "in this game: {value}", "es": "en esta partida: {value}"},
    "lsp.tag": {"en": "Tag {name}: {help}", "es": "Etiqueta {name}: {help}"},
    "lsp.related.renuncia": {"en": "the renuncia let pass: {accused}'s {rule}",
                             "es": "la renuncia que se dejó pasar: {rule} de {accused}"},
    "lsp.fix": {"en": "Change '{old}' to '{new}'", "es": "Cambiar '{old}' por '{new}'"},
    "lsp.fmt_blocked": {
        "en": "the log has syntax errors: fix them first, then format (as referee fmt)",
        "es": "el registro tiene errores de sintaxis: corríjalos antes de darle formato "
              "(como referee fmt)",
    },
    "lsp.symbol.game": {"en": "Game {index}", "es": "Partida {index}"},
    "lsp.symbol.turn": {"en": "Turn {number}: {player}", "es": "Turno {number}: {player}"},
    "lsp.completion.player": {"en": "player (seat {seat})", "es": "jugador (puesto {seat})"},
    "lsp.completion.in_hand": {"en": "in {player}'s hand", "es": "en la mano de {player}"},
    "lsp.completion.keyword": {"en": "keyword", "es": "palabra clave"},
    "lsp.completion.tag": {"en": "tag", "es": "etiqueta"},
    "lsp.completion.knob": {"en": "house rule", "es": "regla de la casa"},
}
