"""51's words in English and Spanish (``str.format`` templates): what only 51 says.

The referee merges them into its catalog after its own (:mod:`referee.messages`,
through :meth:`La51.messages <referee.variants.la51.La51.messages>`); the rulings
and texts both games share are the core's (:mod:`referee.i18n`). What is here:

- the messages of 51's own findings (a rule id, or ``rule-id:case``);
- its rule texts (``rule.<id>``) and short titles (``title.<id>``), and its notes on
  rules both games cite (``rule.<id>@51``, added in brackets after the core's text);
- its knobs' help (``report.knob.<Name>``), its title (``report.variant.51``) and
  its ``referee standings`` title.
"""

from __future__ import annotations

_FINDINGS: dict[str, dict[str, str]] = {
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
    "set-colors": {
        "en": "{player} laid the set {cards} with two neighbours of one colour",
        "es": "{player} bajó {cards} sin alternar colores (dos vecinas del mismo color)",
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
    "layoff-same-turn": {
        "en": "{player} laid off {card} on meld {meld} ({meld_cards}), laid in this same turn",
        "es": "{player} pegó {card} en el juego {meld} ({meld_cards}), bajado en este "
              "mismo turno",
    },
    "meld-after-layoff": {
        "en": "{player} laid {cards} after laying off in the same turn",
        "es": "{player} bajó {cards} después de pegar en el mismo turno",
    },
    "discard-pegue": {
        "en": "{player} discarded {card}, which fits meld {meld} ({meld_cards})",
        "es": "{player} descartó {card}, que pega en el juego {meld} ({meld_cards})",
    },
    "missed-call": {
        "en": "{player} let {accused}'s renuncia ({rule}, line {renuncia_line}) pass: "
              "their turn ended without calling it",
        "es": "{player} dejó pasar la renuncia de {accused} ({rule}, línea {renuncia_line}): "
              "terminó su turno sin cantarla",
    },
    "player-out": {
        "en": "{player} is out of the game and cannot play",
        "es": "{player} ya salió del juego y no puede jugar",
    },
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
}

_RULES: dict[str, tuple[str, str]] = {
    "early-draw": (
        "draws before the current player discards while EarlyDraw is off",
        "roba antes de que descarte el jugador de turno, con EarlyDraw desactivado",
    ),
    "set-colors": (
        "a set laid with two neighbours of one colour",
        "una terna o cuarta bajada con dos cartas vecinas del mismo color",
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
    "missed-call": (
        "let another player's renuncia pass; created only when a call on it is upheld",
        "dejó pasar la renuncia de otro jugador; solo cuenta cuando se canta y se confirma "
        "esa renuncia",
    ),
    "player-out": (
        "an event by a player already eliminated",
        "un evento de un jugador que ya fue eliminado",
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
}

# Each rule's short title (title.<id>): what the live table's page shows of a finding.
_TITLES: dict[str, tuple[str, str]] = {
    "early-draw": ("Drew early", "Robó por adelantado"),
    "set-colors": ("Set without alternating colours", "Terna sin alternar colores"),
    "joker-limit": ("Too many jokers in a meld", "Demasiados comodines en un juego"),
    "bajada-below-minimum": ("Went down under the minimum", "Se bajó por debajo del mínimo"),
    "bajada-not-above-previous": ("Bajada not above the previous one",
                                  "Bajada que no supera la anterior"),
    "bajada-first-turn": ("Went down in the first turn", "Se bajó en el primer turno"),
    "take-not-melded": ("Took the discard without melding it", "Tomó del descarte sin bajarla"),
    "take-not-first": ("Taken card not in the first meld",
                       "La carta tomada no va en el primer juego"),
    "layoff-same-turn": ("Laid off on a meld of this turn", "Pegó en un juego de este turno"),
    "meld-after-layoff": ("Melded after laying off", "Bajó después de pegar"),
    "discard-pegue": ("Discarded a pegue", "Descartó un pegue"),
    "missed-call": ("Let a renuncia pass", "Dejó pasar una renuncia"),
    "player-out": ("Played while out", "Jugó estando fuera"),
    "unfounded-call": ("Unfounded call", "Canto sin fundamento"),
    "amnesty": ("Renuncia lapsed", "Renuncia prescrita"),
    "void-call": ("Called a lapsed renuncia", "Cantó una renuncia prescrita"),
}

# Notes on rules both games cite: added after the core's text (rule.<id>@51).
_NOTES: dict[str, tuple[str, str]] = {
    "no-final-discard": ("51: RequireFinalDiscard", "51: RequireFinalDiscard"),
    "deal-size": ("51: 15 for the starter, 14 for the others",
                  "51: 15 para quien sale, 14 para los demás"),
}

_KNOBS: dict[str, tuple[str, str]] = {
    "Deck": ("the deck: french (52 cards), spanish-48 or spanish-40 (oros, copas, espadas, "
             "bastos; the 40-card deck has no 8 or 9)",
             "la baraja: french (francesa de 52), spanish-48 o spanish-40 (oros, copas, "
             "espadas, bastos; la de 40 no tiene 8 ni 9)"),
    "MinOpen": ("points a first lay-down (bajada) must reach",
                "puntos que debe sumar la primera bajada"),
    "OpenExact": ("the bajada must equal MinOpen exactly",
                  "la bajada debe sumar exactamente MinOpen"),
    "BeatPrevious": ("a bajada must beat the most recent bajada of another player",
                     "una bajada debe superar la bajada más reciente de otro jugador"),
    "AlternateColors": ("sets are laid with alternating colours",
                        "las ternas y cuartas se bajan alternando colores"),
    "MaxJokers": ("most jokers in one meld (none: no cap)",
                  "máximo de comodines en un juego (none: sin límite)"),
    "EarlyDraw": ("the next player may draw before the current player discards",
                  "el siguiente jugador puede robar antes de que descarte el de turno"),
    "LayoffsCount": ("lay-offs onto others' melds count towards the bajada",
                     "lo que se pega en juegos ajenos cuenta para la bajada"),
    "DiscardPegue": ("whose discards are judged for discard-pegue: all, down or off",
                     "a quién se le juzga la carta pegue al descartar: all, down u off"),
    "RequireFinalDiscard": ("a player must keep a card to discard when going out",
                            "para salir hay que guardar una carta para descartar"),
    "CallsRequired": ("a renuncia needs a call to take effect (no: automatic elimination)",
                      "una renuncia solo cuenta si se canta (no: eliminación automática)"),
    "MissedCallCascade": ("players who let a renuncia pass are eliminated with it",
                          "quien deja pasar una renuncia queda eliminado con ella"),
    "RenunciaPays": ("what an eliminated player pays: max (PenaltyCards) or hand",
                     "lo que paga un eliminado: max (PenaltyCards) o hand (su mano)"),
    "PenaltyCards": ("cards an eliminated player pays for with RenunciaPays=max",
                     "cartas que paga un eliminado con RenunciaPays=max"),
    "Stake": ("money per card owed to the winner", "dinero por carta que se le paga al ganador"),
}

# Notes on the knobs both games have: added after the core's help.
_KNOB_NOTES: dict[str, tuple[str, str]] = {
    "Jokers": ("51: 4, or 2 per deck under a Spanish deck",
               "51: 4, o 2 por baraja con baraja española"),
}

MESSAGES: dict[str, dict[str, str]] = {
    **_FINDINGS,
    **{f"rule.{rule_id}": {"en": en, "es": es} for rule_id, (en, es) in _RULES.items()},
    **{f"title.{rule_id}": {"en": en, "es": es} for rule_id, (en, es) in _TITLES.items()},
    **{f"rule.{rule_id}@51": {"en": en, "es": es} for rule_id, (en, es) in _NOTES.items()},
    **{f"report.knob.{name}": {"en": en, "es": es} for name, (en, es) in _KNOBS.items()},
    **{f"report.knob.{name}@51": {"en": en, "es": es}
       for name, (en, es) in _KNOB_NOTES.items()},
    "report.variant.51": {"en": "51 (La 51), Colombian rummy",
                          "es": "51 (La 51), rummy colombiano"},
    "cli.standings.title": {"en": "Standings: 51", "es": "Clasificación: 51"},
}
