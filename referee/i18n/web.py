"""Message catalog (web): every text of the page served at ``/`` (``referee serve``).

Keys start with ``web.``. The page also uses the report's headings
(:mod:`referee.i18n.report`) where they say the same thing.
"""

MESSAGES: dict[str, dict[str, str]] = {
    "web.brand": {"en": "51 Referee", "es": "Árbitro del 51"},
    "web.heading": {"en": "Settle it at the table", "es": "Resuélvanlo en la mesa"},
    "web.tagline": {
        "en": "Paste a game log, audit it, step through it card by card, and share the "
              "verdict with everyone at the table.",
        "es": "Pegue el registro de una partida, audítelo, recórralo carta por carta y "
              "comparta el veredicto con toda la mesa.",
    },
    "web.log_label": {"en": "Game log (.rummy notation)",
                      "es": "Registro de la partida (notación .rummy)"},
    "web.change": {"en": "Change the log or the house rules",
                   "es": "Cambie el registro o las reglas de la casa"},
    "web.file_label": {"en": "…or open a file", "es": "…o abra un archivo"},
    "web.drop_hint": {"en": "You can also drop a .rummy file on the box.",
                      "es": "También puede soltar un archivo .rummy sobre el recuadro."},
    "web.file_loaded": {"en": "{name} loaded.", "es": "{name} cargado."},
    "web.lang_label": {"en": "Language", "es": "Idioma"},
    "web.lang.en": {"en": "English", "es": "English"},
    "web.lang.es": {"en": "Español", "es": "Español"},
    "web.house_rules": {"en": "House rules", "es": "Reglas de la casa"},
    "web.house_rules_hint": {
        "en": "Leave a rule empty to use the log's own tag, or else the default.",
        "es": "Deje una regla vacía para usar la etiqueta del registro o, si no hay, el "
              "valor por defecto.",
    },
    "web.rules_of": {"en": "Rules of {game}", "es": "Reglas de {game}"},
    "web.knob_default": {"en": "default: {default}", "es": "por defecto: {default}"},
    "web.knob_from_log": {"en": "as the log says", "es": "lo que diga el registro"},
    "web.audit": {"en": "Audit", "es": "Auditar"},
    "web.share": {"en": "Share", "es": "Compartir"},
    "web.share_hint": {
        "en": "Share stores the log and this verdict and gives a link anyone at the table "
              "can open.",
        "es": "Compartir guarda el registro y este veredicto y da un enlace que cualquiera "
              "en la mesa puede abrir.",
    },
    "web.link": {"en": "Link to this verdict", "es": "Enlace a este veredicto"},
    "web.copy": {"en": "Copy", "es": "Copiar"},
    "web.copied": {"en": "Copied.", "es": "Copiado."},
    "web.judged_by": {"en": "Judged by referee {version} on {date}.",
                      "es": "Juzgado por el árbitro {version} el {date}."},
    "web.other_version": {
        "en": "This verdict was given by referee {version}; the step-through below is "
              "replayed by referee {current}.",
        "es": "Este veredicto lo dio el árbitro {version}; el paso a paso de abajo lo "
              "repite el árbitro {current}.",
    },
    "web.knobs_used": {"en": "House rules set for this verdict: {knobs}",
                       "es": "Reglas de la casa fijadas para este veredicto: {knobs}"},
    "web.verdict": {"en": "Verdict", "es": "Veredicto"},
    "web.summary": {"en": "In all", "es": "En total"},
    "web.replay": {"en": "Step through", "es": "Paso a paso"},
    "web.the_log": {"en": "The log", "es": "El registro"},
    "web.game_select": {"en": "Game to replay", "es": "Partida a repetir"},
    "web.first": {"en": "Start", "es": "Inicio"},
    "web.prev": {"en": "Previous line", "es": "Línea anterior"},
    "web.next": {"en": "Next line", "es": "Línea siguiente"},
    "web.last": {"en": "End", "es": "Final"},
    "web.slider": {"en": "Step", "es": "Paso"},
    "web.position": {"en": "Line {line} · step {step} of {steps}",
                     "es": "Línea {line} · paso {step} de {steps}"},
    "web.position_start": {"en": "As dealt · step {step} of {steps}",
                           "es": "Recién repartido · paso {step} de {steps}"},
    "web.keys_hint": {
        "en": "Keys: ← and → move line by line, Home and End jump to the start and the end.",
        "es": "Teclas: ← y → avanzan o retroceden una línea, Inicio y Fin saltan al "
              "comienzo y al final.",
    },
    "web.loading": {"en": "Loading the step-through…", "es": "Cargando el paso a paso…"},
    "web.load_failed": {"en": "The step-through could not be loaded ({status}).",
                        "es": "No se pudo cargar el paso a paso ({status})."},
    "web.not_replayable": {
        "en": "The referee cannot replay this game yet (ruleset {ruleset}); its findings "
              "are in the verdict.",
        "es": "El árbitro todavía no puede repetir esta partida (reglamento {ruleset}); sus "
              "hallazgos están en el veredicto.",
    },
    "web.noscript": {
        "en": "The step-through needs JavaScript; the verdict and the log are complete "
              "without it.",
        "es": "El paso a paso necesita JavaScript; el veredicto y el registro están completos "
              "sin él.",
    },
    "web.hidden_cards": {"en": "+{count} unseen", "es": "+{count} sin ver"},
    "web.cards_count": {"en": "{count} cards", "es": "{count} cartas"},
    "web.on_line": {"en": "On this line", "es": "En esta línea"},
    "web.pile": {"en": "Discard pile", "es": "Descarte"},
    "web.pile_size": {"en": "{count} in the pile", "es": "{count} en el descarte"},
    "web.stock": {"en": "Stock", "es": "Mazo"},
    "web.empty": {"en": "empty", "es": "vacío"},
    "web.turn": {"en": "Turn", "es": "Turno"},
    "web.to_play": {"en": "to play", "es": "juega"},
    "web.out_badge": {"en": "out", "es": "fuera"},
    "web.down_badge": {"en": "down · {points}", "es": "bajado · {points}"},
    "web.winner_badge": {"en": "winner", "es": "ganador"},
    "web.game_over": {"en": "The game is over.", "es": "La partida terminó."},
    "web.meld_title": {"en": "{number} · {owner} · {kind}", "es": "{number} · {owner} · {kind}"},
    "web.joker": {"en": "joker", "es": "comodín"},
    "web.call": {"en": "{caller} called {accused}, {outcome}",
                 "es": "{caller} le cantó renuncia a {accused}, {outcome}"},
    "web.line_link": {"en": "line {line}", "es": "línea {line}"},
    "web.go_to_line": {"en": "Show the table at line {line}",
                       "es": "Ver la mesa en la línea {line}"},
    "web.event_line": {"en": "Line {line} of the log", "es": "Línea {line} del registro"},
    "web.ruling_line": {"en": "ruling on line {line}", "es": "fallo de la línea {line}"},
    # -- argentino: what a hand adds (ARGENTINO.md section 10) -----------------------
    # -- errors -------------------------------------------------------------------------
    "web.error": {"en": "Error {status}", "es": "Error {status}"},
    "web.no_verdict": {"en": "No verdict has the id {id}.",
                       "es": "Ningún veredicto tiene el id {id}."},
    "web.bad_id": {
        "en": "{id!r} is not a verdict id: an id is {format}.",
        "es": "{id!r} no es un id de veredicto: un id tiene {format}.",
    },
    "web.id_format": {"en": "24 characters from a-z and 2-7",
                      "es": "24 caracteres de la a a la z y del 2 al 7"},
    "web.empty_log": {"en": "Paste a log or choose a file first.",
                      "es": "Primero pegue un registro o elija un archivo."},
    "web.cross_site": {"en": "This form was sent from another site, and is refused. Open the "
                             "page on this server and send the form from there.",
                       "es": "Este formulario se envió desde otro sitio y se rechaza. Abra la "
                             "página en este servidor y envíe el formulario desde ahí."},
    "web.too_big": {"en": "The log is over the limit of {limit} bytes.",
                    "es": "El registro pasa del límite de {limit} bytes."},
    "web.too_many_games": {"en": "The log holds more than {limit} games: audit at most {limit} "
                                 "at a time.",
                           "es": "El registro tiene más de {limit} partidas: audite como mucho "
                                 "{limit} a la vez."},
    "web.not_text": {"en": "The log is not UTF-8 text: {reason}",
                     "es": "El registro no es texto UTF-8: {reason}"},
    "web.nul_log": {"en": "The log holds a NUL byte at line {line}, column {column}: it can "
                          "be audited, but not shared. Delete it first.",
                    "es": "El registro tiene un byte NUL en la línea {line}, columna {column}: "
                          "se puede auditar, pero no compartir. Bórrelo primero."},
    "web.bad_knob": {"en": "House rule {knob}: {reason}",
                     "es": "Regla de la casa {knob}: {reason}"},
    "web.back_home": {"en": "Audit another log", "es": "Auditar otro registro"},
    "web.api": {"en": "JSON API", "es": "API JSON"},
}
