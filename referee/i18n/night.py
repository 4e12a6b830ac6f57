"""Message catalog (the club night): ``referee night``'s help and words, the night's
problems, flags, states and report headings, in English and Spanish.

Keys start with ``night.`` (``cli.night.`` for the command's help).
"""

MESSAGES: dict[str, dict[str, str]] = {
    # -- referee night ----------------------------------------------------------------
    "cli.night.summary": {
        "en": "Run a club night from its typed logs: standings, report, and the night "
              "validated as a whole.",
        "es": "Una noche de club a partir de sus registros: clasificación, informe, y la "
              "noche validada entera.",
    },
    "cli.night.details": {
        "en": "Reads logs whose tags say where each game belongs (Event the night, Round, "
              "Table), audits every game and prints the standings: points (as each game "
              "counts them: a settlement in cards, a hand's totals), then games "
              "won, fewer renuncias, the best single game, the first round's draw. Each "
              "problem of the night (a player at two tables in one round, a player not of "
              "the night, a round a player misses without a bye, a game twice, a game with "
              "no Round or Table, mixed games) is shown with its file and line.\n\n"
              "Exit status: 0 clean, 1 some renuncia or log error, 2 a file could not be "
              "read, a syntax error or a problem of the night.\n\n"
              "--seating prints a seating plan for a night before it is played, from "
              "--players, --tables, --rounds, --method and --seed (no logs needed).",
        "es": "Lee registros cuyas etiquetas dicen dónde va cada partida (Event la noche, "
              "Round, Table), audita cada partida y muestra la clasificación: puntos (como "
              "los cuenta cada juego: un pago en cartas, los totales de una mano), luego "
              "partidas ganadas, menos renuncias, la mejor partida, el sorteo de la primera "
              "ronda. Cada problema de la noche (un jugador en dos mesas en una ronda, un "
              "jugador que no es de la noche, una ronda en la que falta un jugador sin "
              "descanso, una partida repetida, una partida sin Round o Table, juegos "
              "mezclados) se muestra con su archivo y su línea.\n\n"
              "Estado de salida: 0 limpia, 1 alguna renuncia o error de registro, 2 un "
              "archivo ilegible, un error de sintaxis o un problema de la noche.\n\n"
              "--seating escribe un plan de mesas para una noche antes de jugarla, con "
              "--players, --tables, --rounds, --method y --seed (no hacen falta registros).",
    },
    "cli.night.paths": {
        "en": "Log files or folders of the night (folders are read for *.rummy files).",
        "es": "Archivos o carpetas de registros de la noche (de las carpetas se leen los "
              "*.rummy).",
    },
    "cli.night.json": {"en": "Print the night's report as JSON (as GET /v1/nights/ID/report).",
                       "es": "Escribe el informe de la noche en JSON (como GET "
                             "/v1/nights/ID/report)."},
    "cli.night.csv": {"en": "Also write the standings as CSV to FILE.",
                      "es": "Escribe también la clasificación en CSV en FILE."},
    "cli.night.html": {"en": "Also write the night's report as one HTML file to FILE (no "
                             "script, printable on A4, verdicts inline).",
                       "es": "Escribe también el informe de la noche en un archivo HTML en "
                             "FILE (sin script, imprimible en A4, veredictos incluidos)."},
    "cli.night.players": {
        "en": "The night's players: names separated by commas or spaces, or a file with "
              "one name per line (default: every player seated at the night's tables).",
        "es": "Los jugadores de la noche: nombres separados por comas o espacios, o un "
              "archivo con un nombre por línea (por defecto: todos los que se sentaron a sus "
              "mesas).",
    },
    "cli.night.tables": {
        "en": "Table sizes allowed, MIN..MAX (default: the game's own).",
        "es": "Tamaños de mesa permitidos, MIN..MAX (por defecto: los del juego).",
    },
    "cli.night.seating": {"en": "Print a seating plan instead of reading logs.",
                          "es": "Escribe un plan de mesas en vez de leer registros."},
    "cli.night.rounds": {"en": "Rounds of the seating plan (default 3).",
                         "es": "Rondas del plan de mesas (por defecto 3)."},
    "cli.night.method": {"en": "Seating method: mixer (default), random or standings.",
                         "es": "Método de mesas: mixer (por defecto), random o standings."},
    "cli.night.seed": {"en": "Seed of the seating's draws (default: a random one, shown).",
                       "es": "Semilla de los sorteos de mesas (por defecto: una al azar, "
                             "que se muestra)."},
    "cli.night.game": {"en": "The game of the seating plan (default: the first registered).",
                       "es": "El juego del plan de mesas (por defecto: el primero "
                             "registrado)."},
    "cli.night.plan_csv": {"en": "Print the seating plan as CSV.",
                           "es": "Escribe el plan de mesas en CSV."},
    "night.cli.bad_tables": {"en": "--tables takes MIN..MAX (like 3..4), not {value!r}",
                             "es": "--tables lleva MIN..MAX (como 3..4), no {value!r}"},
    "night.cli.no_players": {
        "en": "--seating needs the night's players: --players 'Ana Beto Caro ...'",
        "es": "--seating necesita los jugadores de la noche: --players 'Ana Beto Caro ...'"},
    "night.cli.bad_method": {"en": "unknown seating method {value!r} (known: {known})",
                             "es": "método de mesas desconocido {value!r} (se conocen: "
                                   "{known})"},
    "night.cli.problems": {"en": "Problems of the night", "es": "Problemas de la noche"},
    "night.cli.no_games": {"en": "no game of the night was read",
                           "es": "no se leyó ninguna partida de la noche"},
    "night.cli.plan_title": {
        "en": "Seating plan: {players} players, tables of {low} to {high}, {rounds} "
              "rounds, {method}, seed {seed}",
        "es": "Plan de mesas: {players} jugadores, mesas de {low} a {high}, {rounds} "
              "rondas, {method}, semilla {seed}",
    },
    "night.cli.plan_later": {
        "en": "Rounds after the first are seated by the standings, as the night goes.",
        "es": "Las rondas después de la primera se sientan por la clasificación, según "
              "avance la noche.",
    },
    "night.plan.repeats": {"en": "repeated pairs: {count}", "es": "parejas repetidas: {count}"},
    # -- sizes, seating ---------------------------------------------------------------
    "night.error.cannot_seat": {
        "en": "{players} players cannot sit at tables of {low} to {high}: {would}",
        "es": "{players} jugadores no caben en mesas de {low} a {high}: {would}",
    },
    "night.error.would": {"en": "tables of {low} to {high} would",
                          "es": "las mesas de {low} a {high} sí"},
    "night.error.nothing_would": {"en": "no table sizes of this game would",
                                  "es": "ningún tamaño de mesa de este juego sirve"},
    "night.error.bad_id": {
        "en": "{id} is not a night id: an id is {format}",
        "es": "{id} no es un identificador de noche: un identificador tiene {format}"},
    "night.error.unknown": {"en": "no night {id} (or it was idle too long and was deleted)",
                            "es": "no hay noche {id} (o estuvo inactiva demasiado tiempo y "
                                  "se borró)"},
    "night.error.bad_token": {"en": "this token is not the organizer's nor a pass of this "
                                    "night",
                              "es": "este token no es del organizador ni un pase de esta "
                                    "noche"},
    "night.error.organizer_only": {"en": "only the organizer's token may do this",
                                   "es": "solo el token del organizador puede hacer esto"},
    "night.error.duplicate": {"en": "{name} is already a player of the night",
                              "es": "{name} ya es jugador de la noche"},
    "night.error.players": {"en": "a night has 4 to {most} players, not {count}",
                            "es": "una noche tiene de 4 a {most} jugadores, no {count}"},
    "night.error.sizes": {
        "en": "tables of {low} to {high} players: this game's tables seat {least} to {most}",
        "es": "mesas de {low} a {high} jugadores: las mesas de este juego son de {least} a "
              "{most}"},
    "night.error.rounds": {"en": "a night has 1 to {most} rounds, not {rounds}",
                           "es": "una noche tiene de 1 a {most} rondas, no {rounds}"},
    "night.error.tables": {"en": "{tables} tables in a round: at most {most}",
                           "es": "{tables} mesas en una ronda: como mucho {most}"},
    "night.error.round_open": {"en": "round {round} is not closed yet: close it first",
                               "es": "la ronda {round} no está cerrada: ciérrela primero"},
    "night.error.rounds_over": {"en": "the night's {rounds} rounds have all been seated",
                                "es": "ya se sentaron las {rounds} rondas de la noche"},
    "night.error.nobody": {"en": "nobody can be seated in round {round}",
                           "es": "nadie puede sentarse en la ronda {round}"},
    "night.error.no_round": {"en": "no round {round}", "es": "no hay ronda {round}"},
    "night.error.closed": {"en": "round {round} is closed already",
                           "es": "la ronda {round} ya está cerrada"},
    "night.error.not_done": {
        "en": "round {round} cannot close: tables {tables} are not finished, handed in or "
              "voided",
        "es": "la ronda {round} no puede cerrarse: las mesas {tables} no terminaron, no se "
              "entregaron ni se anularon"},
    "night.error.no_player": {"en": "{player} is not a player of this night",
                              "es": "{player} no es jugador de esta noche"},
    "night.error.withdrawn": {"en": "{player} has withdrawn already",
                              "es": "{player} ya se retiró"},
    "night.error.no_table": {"en": "no table {table} in round {round}",
                             "es": "no hay mesa {table} en la ronda {round}"},
    "night.error.log_empty": {"en": "the log holds no game", "es": "el registro no tiene "
                                                                   "ninguna partida"},
    "night.error.log_unread": {"en": "the log does not read: line {line}: {message}",
                               "es": "el registro no se puede leer: línea {line}: {message}"},
    "night.error.log_game": {"en": "the log is a game of {game}, the night's is {night}",
                             "es": "el registro es de {game}, la noche es de {night}"},
    "night.error.log_players": {
        "en": "the log's players ({players}) are not the table's ({seats})",
        "es": "los jugadores del registro ({players}) no son los de la mesa ({seats})"},
    "night.error.log_tag": {"en": "the log's {tag} tag says {value}, not {expected}",
                            "es": "la etiqueta {tag} del registro dice {value}, no {expected}"},
    "night.error.voided": {"en": "table {table} of round {round} is voided already",
                           "es": "la mesa {table} de la ronda {round} ya está anulada"},
    "night.error.scores_players": {
        "en": "{players} not at this table ({seats})",
        "es": "{players} no está en esta mesa ({seats})"},
    "night.error.no_hand": {"en": "hand {hand} has not ended at this table",
                            "es": "la mano {hand} no terminó en esta mesa"},
    "night.error.scored": {"en": "hand {hand} has its scores already",
                           "es": "la mano {hand} ya tiene sus puntajes"},
    "night.error.not_your_table": {"en": "{player} does not sit at this table",
                                   "es": "{player} no está sentado en esta mesa"},
    "night.error.hands_done": {"en": "this table has played its {hands} hands of the round",
                               "es": "esta mesa ya jugó sus {hands} manos de la ronda"},
    # -- problems of a night of logs ----------------------------------------------------
    "night.problem.no-round": {
        "en": "the game has no Round tag (or its value {value!r} is not a round number)",
        "es": "la partida no tiene etiqueta Round (o su valor {value!r} no es un número "
              "de ronda)",
    },
    "night.problem.no-table": {
        "en": "the game has no Table tag (or its value {value!r} is not a table number)",
        "es": "la partida no tiene etiqueta Table (o su valor {value!r} no es un número "
              "de mesa)",
    },
    "night.problem.mixed-games": {
        "en": "a game of {game} in a night of {night}",
        "es": "una partida de {game} en una noche de {night}",
    },
    "night.problem.other-event": {
        "en": "the game is of the event {event!r}, not of the night {night!r}",
        "es": "la partida es del evento {event!r}, no de la noche {night!r}",
    },
    "night.problem.duplicate": {
        "en": "the same game as {source} line {line}",
        "es": "la misma partida que {source} línea {line}",
    },
    "night.problem.two-tables": {
        "en": "{player} sits at table {table} and table {other} in round {round}",
        "es": "{player} está en la mesa {table} y en la mesa {other} en la ronda {round}",
    },
    "night.problem.not-in-night": {
        "en": "{player} (round {round}, table {table}) is not one of the night's players",
        "es": "{player} (ronda {round}, mesa {table}) no es jugador de la noche",
    },
    "night.problem.missing": {
        "en": "{player} is missing from round {round} without a bye",
        "es": "{player} falta en la ronda {round} sin descanso",
    },
    # -- flags and states -----------------------------------------------------------------
    "night.flag.renuncia": {"en": "renuncia", "es": "renuncia"},
    "night.flag.call": {"en": "call", "es": "canto"},
    "night.flag.unfinished": {"en": "did not finish", "es": "no terminó"},
    "night.flag.no-scores": {"en": "no scores", "es": "sin puntajes"},
    "night.flag.entered": {"en": "scores entered", "es": "puntajes ingresados"},
    "night.state.playing": {"en": "playing", "es": "jugando"},
    "night.state.finished": {"en": "finished", "es": "terminada"},
    "night.state.handed-in": {"en": "handed in", "es": "entregada"},
    "night.state.voided": {"en": "voided", "es": "anulada"},
    # -- the standings and the report ---------------------------------------------------------
    "night.col.rank": {"en": "#", "es": "#"},
    "night.col.player": {"en": "Player", "es": "Jugador"},
    "night.col.points": {"en": "Points", "es": "Puntos"},
    "night.col.played": {"en": "Played", "es": "Jugadas"},
    "night.col.won": {"en": "Won", "es": "Ganadas"},
    "night.col.renuncias": {"en": "Renuncias", "es": "Renuncias"},
    "night.col.byes": {"en": "Byes", "es": "Descansos"},
    "night.col.best": {"en": "Best", "es": "Mejor"},
    "night.standings": {"en": "Standings", "es": "Clasificación"},
    "night.round": {"en": "Round {round}", "es": "Ronda {round}"},
    "night.table": {"en": "Table {table}", "es": "Mesa {table}"},
    "night.byes": {"en": "Byes: {players}", "es": "Descansan: {players}"},
    "night.starter": {"en": "{player} starts", "es": "empieza {player}"},
    "night.game": {"en": "Game {game}", "es": "Partida {game}"},
    "night.winner": {"en": "winner {player}", "es": "ganó {player}"},
    "night.no_winner": {"en": "no winner", "es": "sin ganador"},
    "night.verdict": {"en": "verdict", "es": "veredicto"},
    "night.report.title": {"en": "{name}: the night's report", "es": "{name}: informe de la "
                                                                     "noche"},
    "night.report.summary": {
        "en": "{game} · {players} players · {rounds} rounds",
        "es": "{game} · {players} jugadores · {rounds} rondas",
    },
    "night.report.trail": {"en": "Trail", "es": "Registro de cambios"},
    "night.report.reason": {"en": "reason: {reason}", "es": "motivo: {reason}"},
    "night.report.findings": {"en": "Findings", "es": "Hallazgos"},
    "night.report.line": {"en": "line {line}", "es": "línea {line}"},
    "night.report.clean": {"en": "clean", "es": "limpia"},
    "night.report.made": {"en": "Made by {brand} {version}",
                          "es": "Hecho con {brand} {version}"},
    "night.unnamed": {"en": "Club night", "es": "Noche de club"},
    # -- the board: /n/{id} ------------------------------------------------------------
    "night.board.title": {"en": "{name}: the board", "es": "{name}: el tablero"},
    "night.board.round": {"en": "Round {round} of {rounds}", "es": "Ronda {round} de {rounds}"},
    "night.board.no_round": {"en": "No round seated yet", "es": "Todavía no hay ronda"},
    "night.board.tables": {"en": "Tables", "es": "Mesas"},
    "night.board.turn": {"en": "{player}'s turn", "es": "turno de {player}"},
    "night.board.cards": {"en": "{count} cards", "es": "{count} cartas"},
    "night.board.watch": {"en": "watch", "es": "mirar"},
    "night.board.hand": {"en": "hand {hand}", "es": "mano {hand}"},
    "night.board.you_start": {"en": "Round {round}: table {table}, you start",
                              "es": "Ronda {round}: mesa {table}, empiezas tú"},
    "night.board.you_sit": {"en": "Round {round}: table {table}, {starter} starts",
                            "es": "Ronda {round}: mesa {table}, empieza {starter}"},
    "night.board.you_bye": {"en": "Round {round}: you have a bye",
                            "es": "Ronda {round}: descansas"},
    "night.board.you_wait": {"en": "Wait for the next round to be seated",
                             "es": "Espera a que se siente la próxima ronda"},
    "night.board.open_seat": {"en": "Open my seat", "es": "Abrir mi puesto"},
    "night.board.hello": {"en": "You are {player}", "es": "Eres {player}"},
    "night.board.my_results": {"en": "My results", "es": "Mis resultados"},
    "night.board.organizer": {"en": "Organizer", "es": "Organizador"},
    "night.board.seat_next": {"en": "Seat the next round", "es": "Sentar la próxima ronda"},
    "night.board.close": {"en": "Close round {round}", "es": "Cerrar la ronda {round}"},
    "night.board.void": {"en": "Void", "es": "Anular"},
    "night.board.void_reason": {"en": "Why is table {table} voided?",
                                "es": "¿Por qué se anula la mesa {table}?"},
    "night.board.hand_in": {"en": "Hand in a log", "es": "Entregar un registro"},
    "night.board.hand_in_table": {"en": "Table", "es": "Mesa"},
    "night.board.log_text": {"en": "The table's log (.rummy)",
                             "es": "El registro de la mesa (.rummy)"},
    "night.board.send": {"en": "Send", "es": "Enviar"},
    "night.board.next_hand": {"en": "Next hand", "es": "Próxima mano"},
    "night.board.enter_scores": {"en": "Table {table}, hand {hand} ended without its scores: "
                                       "enter each player's",
                                 "es": "Mesa {table}, la mano {hand} terminó sin puntajes: "
                                       "ingrese los de cada jugador"},
    "night.board.players": {"en": "Players", "es": "Jugadores"},
    "night.board.withdraw": {"en": "Withdraw", "es": "Retirar"},
    "night.board.withdrawn": {"en": "withdrawn", "es": "retirado"},
    "night.board.late": {"en": "Add a late player", "es": "Agregar un jugador tardío"},
    "night.board.late_name": {"en": "Name", "es": "Nombre"},
    "night.board.late_pass": {"en": "{player}'s pass: {url}", "es": "Pase de {player}: {url}"},
    "night.board.passes": {"en": "Print the passes", "es": "Imprimir los pases"},
    "night.board.report": {"en": "The night's report", "es": "Informe de la noche"},
    "night.board.csv": {"en": "Standings (CSV)", "es": "Clasificación (CSV)"},
    "night.board.trail": {"en": "Trail", "es": "Registro de cambios"},
    "night.board.live": {"en": "live", "es": "en vivo"},
    "night.board.offline": {"en": "reconnecting…", "es": "reconectando…"},
    "night.board.done": {"en": "Done", "es": "Hecho"},
    "night.board.forget": {"en": "Leave this pass on this phone",
                           "es": "Olvidar este pase en este teléfono"},
    "night.action.create": {"en": "night made", "es": "noche creada"},
    "night.action.round": {"en": "round seated", "es": "ronda sentada"},
    "night.action.close": {"en": "round closed", "es": "ronda cerrada"},
    "night.action.log": {"en": "log handed in", "es": "registro entregado"},
    "night.action.corrected-log": {"en": "corrected log", "es": "registro corregido"},
    "night.action.void": {"en": "table voided", "es": "mesa anulada"},
    "night.action.withdraw": {"en": "player withdrawn", "es": "jugador retirado"},
    "night.action.player": {"en": "late player", "es": "jugador tardío"},
    "night.action.scores": {"en": "scores entered", "es": "puntajes ingresados"},
    "night.passes.title": {"en": "{name}: the passes", "es": "{name}: los pases"},
    "night.passes.hint": {
        "en": "Cut along the lines: each player keeps their pass for the whole night. "
              "Scanned, it opens the board with where to sit each round.",
        "es": "Recorta por las líneas: cada jugador guarda su pase toda la noche. Al "
              "escanearlo abre el tablero con dónde sentarse en cada ronda."},
    "night.passes.organizer": {"en": "The organizer's link (keep it)",
                               "es": "El enlace del organizador (guárdalo)"},
    "night.passes.qr": {"en": "QR code of {player}'s pass", "es": "Código QR del pase de "
                                                                  "{player}"},
}
