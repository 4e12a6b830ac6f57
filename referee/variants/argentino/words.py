"""Rummy argentino's words in English and Spanish (``str.format`` templates): what only
argentino says.

The referee merges them into its catalog after its own (:mod:`referee.messages`,
through :meth:`Argentino.messages <referee.variants.argentino.Argentino.messages>`);
the rulings and texts both games share are the core's (:mod:`referee.i18n`). What is
here:

- the messages of argentino's own findings (a rule id, or ``rule-id:case``) and of
  its tag's syntax error (``bad-scores``);
- its rule texts (``rule.<id>``) and short titles (``title.<id>``), and its notes on
  rules both games cite (``rule.<id>@rummy-argentino``, added in brackets after the core's text);
- its knobs' help (``report.knob.<Name>``, and notes on the shared ``Decks`` and
  ``Jokers``), its tags' hover in the language server (``lsp.tag.<Name>``);
- what its human report (:mod:`.human`), its page (``page.html``) and ``referee
  standings`` say of the match and the scores (``report.*``, ``web.*``, ``cli.*``).
"""

from __future__ import annotations

GAME = "rummy-argentino"  # the Game tag: notes are keyed by it

_FINDINGS: dict[str, dict[str, str]] = {
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
    "no-calls:argentino": {
        "en": "{player} called {accused}, but Rummy argentino has no calls: every infraction "
              "counts at once",
        "es": "{player} le cantó a {accused}, pero el rummy argentino no tiene cantos: toda "
              "falta cuenta de inmediato",
    },
    "bad-scores": {
        "en": "the {tag} tag lists NAME NUMBER pairs separated by commas, like "
        "\"Rosa 120, Juan -35\"; '{piece}' is not one",
        "es": "la etiqueta {tag} lista pares NOMBRE NÚMERO separados por comas, como "
        "\"Rosa 120, Juan -35\"; '{piece}' no lo es",
    },
}

_RULES: dict[str, tuple[str, str]] = {
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
    "match-players": (
        "a hand of a match with other players than its earlier hands",
        "una mano de un partido con otros jugadores que sus manos anteriores",
    ),
    "scores-mismatch": (
        "a Scores tag that disagrees with the match totals, or names other players",
        "una etiqueta Scores que no coincide con el puntaje del partido, o nombra a otros "
        "jugadores",
    ),
}

# Each rule's short title (title.<id>): what the live table's page shows of a finding.
_TITLES: dict[str, tuple[str, str]] = {
    "set-two-wilds": ("Set with two wild cards", "Grupo con dos comodines"),
    "run-adjacent-wilds": ("Wild cards side by side in a run",
                           "Comodines juntos en una escalera"),
    "law-below-minimum": ("En ley, went down under LawMin", "En ley, se bajó con menos de LawMin"),
    "cut-first-round": ("Went out in the first round", "Cortó en la primera vuelta"),
    "match-players": ("Other players in the match", "Otros jugadores en el partido"),
    "scores-mismatch": ("Scores tag that disagrees", "Etiqueta Scores que no coincide"),
}

# Notes on rules both games cite: added after the core's text (rule.<id>@rummy-argentino).
_NOTES: dict[str, tuple[str, str]] = {
    "layoff-before-down": ("argentino: before laying a meld of their own in this hand",
                           "argentino: antes de bajar un juego propio en la mano"),
    "deal-size": ("argentino: 9", "argentino: 9"),
    "after-end": ("argentino: also a hand of a match already over",
                  "argentino: también una mano de un partido ya terminado"),
    "result-mismatch": ("argentino: the player who went out", "argentino: quien cortó"),
    "no-calls": ("Rummy argentino", "rummy argentino"),
}

_KNOBS: dict[str, tuple[str, str]] = {
    "SetWilds": ("wild cards a set may hold: one, or distinct (a joker and a mono at most)",
                 "comodines que admite un grupo: one (uno), o distinct (un morrucho y un mono "
                 "a lo sumo)"),
    "LawAt": ("match total above which a player is en ley",
              "puntaje del partido por encima del cual un jugador está en ley"),
    "LawMin": ("points a player en ley must lay down at once the first time in a hand",
               "puntos que debe bajar de una vez un jugador en ley la primera vez en la mano"),
    "Target": ("match total that ends the match", "puntaje que termina el partido"),
    "HandPenalty": ("cards left in hand that count against: all, or wilds only",
                    "cartas en la mano que restan: all (todas) o wilds (solo los comodines)"),
}

# Notes on the knobs both games have: added after the core's help.
_KNOB_NOTES: dict[str, tuple[str, str]] = {
    "Decks": ("argentino: 1 for 2-4 players, 2 for 5 or more",
              "argentino: 1 de 2 a 4 jugadores, 2 desde 5"),
    "Jokers": ("argentino: 2 for 2-4 players, 4 for 5 or more",
               "argentino: 2 de 2 a 4 jugadores, 4 desde 5"),
}

# The tags argentino reads beyond its knobs (the language server's hover).
_TAGS: dict[str, tuple[str, str]] = {
    "Match": ("Rummy argentino: consecutive hands with the same Match are one match",
              "rummy argentino: las manos seguidas con el mismo Match son una partida"),
    "Hand": ("Rummy argentino: the hand's number in its match",
             "rummy argentino: el número de la mano en su partida"),
    "Scores": ("Rummy argentino: the match totals entering the hand, NAME NUMBER pairs "
               "separated by commas",
               "rummy argentino: los totales de la partida al empezar la mano, pares NOMBRE "
               "NÚMERO separados por comas"),
    "CutBonus": ("Rummy argentino: the cutter who set aside exactly the cards dealt (50 "
                 "points)",
                 "rummy argentino: quien cortó y separó justo las cartas repartidas (50 "
                 "puntos)"),
}

_SCREENS: dict[str, dict[str, str]] = {
    "report.match": {"en": "Match {name} · hand {hand}", "es": "Partido {name} · mano {hand}"},
    "report.en_ley": {"en": "En ley (a match total above {law_at} entering the hand): "
                            "{players}",
                      "es": "En ley (más de {law_at} puntos al empezar la mano): {players}"},
    "report.scores": {"en": "Hand scores", "es": "Puntos de la mano"},
    "report.col.laid": {"en": "Laid", "es": "Bajado"},
    "report.col.in_hand": {"en": "In hand", "es": "En mano"},
    "report.col.bonus": {"en": "Bonus", "es": "Premio"},
    "report.col.penalty": {"en": "Penalty", "es": "Castigo"},
    "report.col.total": {"en": "Total", "es": "Total"},
    "report.no_scores": {"en": "No scores: the hand did not end by going out with every card "
                               "seen",
                         "es": "Sin puntos: la mano no terminó con un corte y todas las "
                               "cartas a la vista"},
    "report.standings": {"en": "Match totals", "es": "Puntaje del partido"},
    "report.standings_unknown": {"en": "Match totals: unknown until a Scores tag gives them",
                                 "es": "Puntaje del partido: desconocido hasta que una "
                                       "etiqueta Scores lo dé"},
    "report.match_over": {"en": "Match over: {winner} wins", "es": "Partido terminado: gana "
                                                                    "{winner}"},
    "report.match_tied": {"en": "Match over: a tie between {players}",
                          "es": "Partido terminado: empate entre {players}"},
    "report.final_matches": {"en": "Final match table", "es": "Tabla final del partido"},
    "report.match_of_one": {"en": "hand {index} (a match of one hand)",
                            "es": "mano {index} (un partido de una mano)"},
    "report.variant.rummy-argentino": {"en": "Rummy argentino", "es": "Rummy argentino"},
    "web.match": {"en": "Match {name} · hand {hand}", "es": "Partido {name} · mano {hand}"},
    "web.match_unnamed": {"en": "(no name)", "es": "(sin nombre)"},
    "web.match_over": {"en": "The match is over.", "es": "El encuentro terminó."},
    "web.match_winner": {"en": "Match winner: {winner}", "es": "Ganador del encuentro: {winner}"},
    "web.match_tied": {"en": "Tied at the top: {players}", "es": "Empatados arriba: {players}"},
    "web.scores": {"en": "Scores of this hand", "es": "Puntos de esta mano"},
    "web.col.laid": {"en": "Laid", "es": "Bajado"},
    "web.col.in_hand": {"en": "In hand", "es": "En la mano"},
    "web.col.bonus": {"en": "Bonus", "es": "Premio"},
    "web.col.penalty": {"en": "Penalty", "es": "Castigo"},
    "web.col.total": {"en": "Total", "es": "Total"},
    "web.standings": {"en": "Match table after this hand",
                      "es": "Tabla del encuentro tras esta mano"},
    "web.col.points": {"en": "Points", "es": "Puntos"},
    "web.standings_unknown": {"en": "The match totals are not known.",
                              "es": "No se conocen los totales del encuentro."},
    "cli.standings.title_argentino": {"en": "Standings: Rummy argentino",
                                      "es": "Clasificación: rummy argentino"},
}

MESSAGES: dict[str, dict[str, str]] = {
    **_FINDINGS,
    **{f"rule.{rule_id}": {"en": en, "es": es} for rule_id, (en, es) in _RULES.items()},
    **{f"title.{rule_id}": {"en": en, "es": es} for rule_id, (en, es) in _TITLES.items()},
    **{f"rule.{rule_id}@{GAME}": {"en": en, "es": es} for rule_id, (en, es) in _NOTES.items()},
    **{f"report.knob.{name}": {"en": en, "es": es} for name, (en, es) in _KNOBS.items()},
    **{f"report.knob.{name}@{GAME}": {"en": en, "es": es}
       for name, (en, es) in _KNOB_NOTES.items()},
    **{f"lsp.tag.{name}": {"en": en, "es": es} for name, (en, es) in _TAGS.items()},
    **_SCREENS,
}
