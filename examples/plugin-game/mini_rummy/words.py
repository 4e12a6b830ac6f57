"""mini-rummy's words in English and Spanish (``str.format`` templates).

The referee merges them into its catalog after its own: a key the referee already
has keeps the referee's text, so a game's keys are its own (here: its rule ids and
``mini.*``). What each key is for:

- a rule id (or ``rule-id:case``): the message of a finding with that key;
- ``rule.<id>``: the rule's text in ``referee rules`` and ``GET /v1/rules``;
- ``report.knob.<Name>``: a knob's help (``RunMin``'s is the referee's);
- ``report.variant.<name>``: the game's title;
- anything else: what the game's rendering says (``mini.points``).
"""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # Findings.
    "mini-bad-meld": {
        "en": "{player} laid {cards}, which is neither a set nor a run",
        "es": "{player} bajó {cards}, que no es ni trío ni escalera",
    },
    "mini-layoff-before-meld": {
        "en": "{player} laid off {card} on meld {meld} ({meld_cards}) before laying a meld "
              "of their own",
        "es": "{player} pegó {card} en el juego {meld} ({meld_cards}) antes de bajar un "
              "juego propio",
    },
    "mini-no-calls": {
        "en": "{player} called {accused}, but mini-rummy has no calls: every renuncia counts "
              "at once",
        "es": "{player} le cantó a {accused}, pero el mini-rummy no tiene cantos: toda "
              "renuncia cuenta de inmediato",
    },
    # Rule texts.
    "rule.mini-bad-meld": {
        "en": "a meld that is neither a set (3 or 4 cards of one rank, no suit twice) nor a "
              "run (RunMin or more cards of one suit in a row)",
        "es": "un juego que no es ni trío (3 o 4 cartas de un valor, sin repetir palo) ni "
              "escalera (RunMin cartas o más de un palo, seguidas)",
    },
    "rule.mini-layoff-before-meld": {
        "en": "lays off before having laid a meld of their own",
        "es": "pega antes de haber bajado un juego propio",
    },
    # The knob and the title.
    "report.knob.AceHigh": {
        "en": "an ace may also follow the king in a run (Q K A; never K A 2)",
        "es": "el as también puede seguir al rey en una escalera (Q K A; nunca K A 2)",
    },
    "report.variant.mini-rummy": {"en": "mini-rummy (a small rummy)",
                                  "es": "mini-rummy (un rummy pequeño)"},
    # The report's own fields (the human report and the page).
    "mini.standings": {"en": "Standings: {game}, points the winners scored",
                       "es": "Clasificación: {game}, puntos de los ganadores"},
    "mini.points": {"en": "Points left in hand", "es": "Puntos en la mano"},
    "mini.sim_no_finish": {
        "en": "no deal of {deals} finished: try another --seed",
        "es": "ninguno de {deals} repartos terminó: pruebe otra --seed",
    },
    "mini.points_unknown": {
        "en": "No points: a hand held cards nobody saw",
        "es": "Sin puntos: una mano tenía cartas que nadie vio",
    },
}
