"""Message catalog (report): every heading and label of the human report and the CLI.

Keys start with ``report.`` so they never collide with rule ids (the engine's
catalog) or syntax messages. Knob help texts are in :mod:`referee.i18n.knobs`.
"""


MESSAGES: dict[str, dict[str, str]] = {
    # -- game block -----------------------------------------------------------------
    "report.game": {"en": "Game {index}", "es": "Partida {index}"},
    "report.at_line": {"en": "line {line}", "es": "línea {line}"},
    "report.ruleset": {"en": "ruleset {ruleset}", "es": "reglamento {ruleset}"},
    "report.ruleset_missing": {"en": "no ruleset", "es": "sin reglamento"},
    "report.deck": {"en": "deck {deck}", "es": "baraja {deck}"},
    "report.players": {"en": "Players", "es": "Jugadores"},
    "report.no_players": {"en": "no players", "es": "sin jugadores"},
    "report.findings": {"en": "Findings", "es": "Hallazgos"},
    "report.no_findings": {"en": "No findings.", "es": "Sin hallazgos."},
    "report.col.line": {"en": "Line", "es": "Línea"},
    "report.col.player": {"en": "Player", "es": "Jugador"},
    "report.col.kind": {"en": "Kind", "es": "Tipo"},
    "report.col.rule": {"en": "Rule", "es": "Regla"},
    "report.col.message": {"en": "Message", "es": "Mensaje"},
    "report.kind.renuncia": {"en": "renuncia", "es": "renuncia"},
    "report.kind.log-error": {"en": "log error", "es": "error del registro"},
    "report.kind.notice": {"en": "notice", "es": "aviso"},
    "report.kind.syntax-error": {"en": "syntax error", "es": "error de sintaxis"},
    "report.calls": {"en": "Calls", "es": "Cantos"},
    "report.call": {
        "en": "line {line}: {caller} called {accused}, {outcome}",
        "es": "línea {line}: {caller} le cantó renuncia a {accused}, {outcome}",
    },
    "report.outcome.upheld": {"en": "upheld", "es": "confirmada"},
    "report.outcome.unfounded": {"en": "unfounded", "es": "infundada"},
    "report.outcome.void": {"en": "void (amnesty)", "es": "nula (prescrita)"},
    "report.eliminated": {"en": "Eliminated", "es": "Eliminados"},
    "report.elimination": {
        "en": "{player} at line {line} ({rule})",
        "es": "{player} en la línea {line} ({rule})",
    },
    "report.winner": {"en": "Winner: {winner}", "es": "Ganador: {winner}"},
    "report.finished_no_winner": {"en": "Finished, no winner.", "es": "Terminada, sin ganador."},
    "report.not_finished": {
        "en": "Not finished: the log ends before the game does.",
        "es": "Sin terminar: el registro acaba antes que la partida.",
    },
    "report.not_judged": {
        "en": "Not judged: the game's tags hold a syntax error, so the rules it was played "
              "under are not known.",
        "es": "Sin juzgar: las etiquetas de la partida tienen un error de sintaxis, así que "
              "no se sabe con qué reglas se jugó.",
    },
    "report.result_claimed": {
        "en": "Result tag: {claimed}",
        "es": "Etiqueta Result: {claimed}",
    },
    "report.hands": {"en": "Cards in hand", "es": "Cartas en la mano"},
    "report.settlement": {"en": "Settlement", "es": "Liquidación"},
    "report.payment": {
        "en": "{payer} pays {payee} {amount} ({cards} cards)",
        "es": "{payer} le paga a {payee} {amount} ({cards} cartas)",
    },
    "report.payment_one": {
        "en": "{payer} pays {payee} {amount} (1 card)",
        "es": "{payer} le paga a {payee} {amount} (1 carta)",
    },
    "report.no_payments": {"en": "No payments.", "es": "Sin pagos."},
    "report.clean": {"en": "clean", "es": "limpia"},
    "report.not_clean": {"en": "not clean", "es": "con faltas"},
    "report.night": {
        "en": "Settlement over the night, netted",
        "es": "Liquidación de la noche, neta",
    },
    "report.night_payment": {"en": "{payer} owes {payee} {amount}",
                             "es": "{payer} le debe a {payee} {amount}"},
    "report.totals": {
        "en": "{source}: games {games}, clean {clean}, renuncias {renuncias}, "
              "log errors {log_errors}, syntax errors {syntax_errors}",
        "es": "{source}: partidas {games}, limpias {clean}, renuncias {renuncias}, "
              "errores del registro {log_errors}, errores de sintaxis {syntax_errors}",
    },
    "report.no_games": {"en": "{source}: no games.", "es": "{source}: ninguna partida."},
    "report.no_games_in": {"en": "no games in {source}", "es": "ninguna partida en {source}"},
    # -- batch summary ------------------------------------------------------------------
    "report.summary": {"en": "Summary", "es": "Resumen"},
    "report.col.file": {"en": "File", "es": "Archivo"},
    "report.col.games": {"en": "Games", "es": "Partidas"},
    "report.col.clean": {"en": "Clean", "es": "Limpias"},
    "report.col.with_renuncias": {"en": "Renuncias", "es": "Renuncias"},
    "report.col.with_log_errors": {"en": "Log err.", "es": "Err. reg."},
    "report.col.with_syntax_errors": {"en": "Syntax", "es": "Sintaxis"},
    "report.col.duplicates": {"en": "Dupl.", "es": "Dupl."},
    "report.summary_caption": {
        "en": "Games, clean games; renuncias, log errors and syntax errors are numbers of "
              "findings (as in each file's line, the JSON summary and the CSV); duplicates "
              "are games repeating an earlier game.",
        "es": "Partidas, partidas limpias; renuncias, errores del registro y de sintaxis son "
              "números de hallazgos (como en la línea de cada archivo, el resumen JSON y el "
              "CSV); duplicadas son partidas que repiten una anterior.",
    },
    "report.summary_in": {"en": "Summary of {folder}", "es": "Resumen de {folder}"},
    "report.total": {"en": "Total", "es": "Total"},
    "report.unreadable": {"en": "unreadable", "es": "ilegible"},
    "report.duplicates": {"en": "Duplicate games", "es": "Partidas duplicadas"},
    "report.duplicate": {
        "en": "{source} game {index} (line {line}) repeats {first_source} game "
              "{first_index} (line {first_line})",
        "es": "{source} partida {index} (línea {line}) repite {first_source} partida "
              "{first_index} (línea {first_line})",
    },
    "report.progress": {"en": "Auditing", "es": "Auditando"},
    # -- errors on standard error --------------------------------------------------------
    "report.error": {"en": "error", "es": "error"},
    "report.syntax_error_at": {
        "en": "{source}:{line}:{column}: syntax error: {message}",
        "es": "{source}:{line}:{column}: error de sintaxis: {message}",
    },
    "report.internal_error": {
        "en": "{source}: the referee failed on this file (a bug, please report it): {reason}",
        "es": "{source}: el árbitro falló con este archivo (un error del programa, por favor "
              "repórtelo): {reason}",
    },
    "report.cannot_read": {"en": "cannot read {path}: {reason}",
                           "es": "no se puede leer {path}: {reason}"},
    "report.no_such_file": {"en": "no such file or folder",
                            "es": "no existe ese archivo o carpeta"},
    "report.no_logs_in_folder": {"en": "no .rummy files in folder {path}",
                                 "es": "no hay archivos .rummy en la carpeta {path}"},
    "report.bad_set": {"en": "bad --set {text}: {reason}", "es": "--set {text} no vale: {reason}"},
    "report.set_format": {"en": "expected KNOB=VALUE, for example MinOpen=71",
                          "es": "se esperaba REGLA=VALOR, por ejemplo MinOpen=71"},
    "report.cannot_write": {"en": "cannot write {path}: {reason}",
                            "es": "no se puede escribir {path}: {reason}"},
    "report.no_game": {
        "en": "{source} has no game {game} (it has {count})",
        "es": "{source} no tiene partida {game} (tiene {count})",
    },
    "report.bad_players": {
        "en": "--players takes a count from {low} to {high} or a range like {low}..{high}, "
              "not {text!r}",
        "es": "--players pide un número de {low} a {high} o un rango como {low}..{high}, "
              "no {text!r}",
    },
    # -- simulate -----------------------------------------------------------------------
    "report.sim_games_and_matches": {
        "en": "give --games (hands) or --matches (whole matches), not both",
        "es": "indique --games (manos) o --matches (partidos enteros), no ambos",
    },
    "report.sim_no_matches": {
        "en": "{game} has no matches (every game stands alone): use --games",
        "es": "{game} no tiene partidos (cada partida es independiente): use --games",
    },
    "report.sim_players": {
        "en": "{game} is played by {low} to {high} players, not {players}",
        "es": "{game} se juega entre {low} y {high} jugadores, no {players}",
    },
    "report.sim_not_enough_cards": {
        "en": "not enough cards to deal {players} players with {decks} decks and {jokers} jokers",
        "es": "no hay cartas para repartir a {players} jugadores con {decks} barajas y "
              "{jokers} comodines",
    },
    "report.sim_no_finish": {
        "en": "no game of {players} players finished in {deals} deals under these house rules",
        "es": "ninguna partida de {players} jugadores terminó en {deals} repartos con estas "
              "reglas de la casa",
    },
    "report.sim_no_match_end": {
        "en": "match {number} did not end in {hands} hands (is Target reachable?)",
        "es": "el partido {number} no terminó en {hands} manos (¿se puede llegar a Target?)",
    },
    "report.sim_unknown_game": {
        "en": "unknown game {game!r} (known: {known})",
        "es": "juego desconocido {game!r} (conocidos: {known})",
    },
    # -- replay -------------------------------------------------------------------------
    "report.table_after": {"en": "Table after line {line}",
                           "es": "Mesa después de la línea {line}"},
    "report.table_start": {"en": "Table before the first event",
                           "es": "Mesa antes del primer evento"},
    "report.hand_cards": {"en": "Hands", "es": "Manos"},
    "report.col.known": {"en": "Known cards", "es": "Cartas conocidas"},
    "report.col.hidden": {"en": "Hidden", "es": "Ocultas"},
    "report.col.size": {"en": "Cards", "es": "Cartas"},
    "report.melds": {"en": "Melds on the table", "es": "Juegos en la mesa"},
    "report.no_melds": {"en": "No melds on the table.", "es": "No hay juegos en la mesa."},
    "report.col.number": {"en": "#", "es": "#"},
    "report.col.owner": {"en": "Owner", "es": "Dueño"},
    "report.col.meld_kind": {"en": "Kind", "es": "Clase"},
    "report.col.cards": {"en": "Cards", "es": "Cartas"},
    "report.meld.set": {"en": "set", "es": "terna/cuarta"},
    "report.meld.run": {"en": "run", "es": "escalera"},
    "report.meld.invalid": {"en": "invalid", "es": "inválido"},
    "report.discard": {"en": "Discard pile: {top} on top, {size} cards",
                       "es": "Descarte: {top} arriba, {size} cartas"},
    "report.discard_one": {"en": "Discard pile: {top}, 1 card",
                           "es": "Descarte: {top}, 1 carta"},
    "report.discard_empty": {"en": "Discard pile: empty", "es": "Descarte: vacío"},
    "report.stock": {"en": "Stock: {size} cards", "es": "Mazo: {size} cartas"},
    "report.stock_one": {"en": "Stock: 1 card", "es": "Mazo: 1 carta"},
    "report.down": {"en": "Gone down", "es": "Bajados"},
    "report.down_entry": {"en": "{player} ({points} points)", "es": "{player} ({points} puntos)"},
    "report.down_entry_one": {"en": "{player} (1 point)", "es": "{player} (1 punto)"},
    "report.out": {"en": "Out", "es": "Fuera"},
    "report.turn": {"en": "Turn: {player}", "es": "Turno: {player}"},
    "report.nobody": {"en": "nobody", "es": "nadie"},
    "report.open_renuncias": {"en": "Open renuncias", "es": "Renuncias abiertas"},
    "report.none": {"en": "none", "es": "ninguno"},
    # -- rules --------------------------------------------------------------------------
    "report.rules": {"en": "Rule ids", "es": "Identificadores de reglas"},
    "report.col.id": {"en": "Id", "es": "Id"},
    "report.col.text": {"en": "What it is", "es": "Qué es"},
    "report.col.seed": {"en": "Source", "es": "Fuente"},
    "report.knobs": {"en": "House-rule knobs (tags, --set, API query)",
                     "es": "Reglas de la casa (etiquetas, --set, consulta de la API)"},
    "report.col.knob": {"en": "Knob", "es": "Regla"},
    "report.col.default": {"en": "Default", "es": "Por defecto"},
    "report.col.help": {"en": "Meaning", "es": "Significado"},
    "report.rulesets": {"en": "Rulesets (the Game tag)", "es": "Reglamentos (etiqueta Game)"},
    "report.col.title": {"en": "Title", "es": "Nombre"},
    "report.col.status": {"en": "Status", "es": "Estado"},
    "report.col.players": {"en": "Players", "es": "Jugadores"},
    # -- Rummy argentino ---------------------------------------------------------------
    "report.unknown_game": {"en": "unknown game {game!r}: expected one of {known}",
                            "es": "juego desconocido {game!r}: se esperaba uno de {known}"},
    "report.col.rulesets": {"en": "Games", "es": "Juegos"},
    "report.yes": {"en": "yes", "es": "sí"},
    "report.no": {"en": "no", "es": "no"},
}
