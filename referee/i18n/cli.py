"""Message catalog (command line): help texts, the CLI's own errors and warnings, and the
words of the help and error screens typer draws, in English and Spanish.

Keys start with ``cli.``. A command's help is ``cli.NAME.summary`` (one line) and
``cli.NAME.details`` (paragraphs separated by a blank line); an option's help is the
key its declaration names (:mod:`referee.cli.options`). Keys ending in ``_one`` are
the singular of the key without it (:func:`referee.messages.render_count`).
"""

MESSAGES: dict[str, dict[str, str]] = {
    # -- the app ---------------------------------------------------------------------
    "cli.app.summary": {
        "en": "51 Referee: audits recorded games of the Colombian rummy 51 (La 51) and of "
              "Rummy argentino, and judges every card.",
        "es": "Árbitro del 51: audita partidas registradas del rummy colombiano 51 (La 51) "
              "y del rummy argentino, y juzga cada carta.",
    },
    "cli.app.details": {
        "en": "Messages, headings and help follow --lang or REFEREE_LANG (en, es); rule ids "
              "never change. Run referee COMMAND --help for each command's options and "
              "examples.",
        "es": "Los mensajes, los títulos y la ayuda siguen --lang o REFEREE_LANG (en, es); "
              "los identificadores de reglas no cambian. Con referee COMANDO --help se ven "
              "las opciones y ejemplos de cada comando.",
    },
    "cli.examples": {"en": "Examples", "es": "Ejemplos"},
    "cli.opt.version": {"en": "Print the version and exit.",
                        "es": "Muestra la versión y termina."},
    "cli.opt.json": {"en": "Print JSON instead of tables.",
                     "es": "Escribe JSON en vez de tablas."},
    "cli.opt.lang": {
        "en": "Language of messages, headings and help: en or es (default: REFEREE_LANG, else "
              "en). Rule ids never change.",
        "es": "Idioma de los mensajes, los títulos y la ayuda: en o es (por defecto: "
              "REFEREE_LANG, si no en). Los identificadores de reglas no cambian.",
    },
    "cli.opt.set": {
        "en": "Override a house rule for this run, over the log's own tags; repeat it for "
              "several. Example: --set MinOpen=71 --set RunMin=3. See `referee rules` for "
              "every knob.",
        "es": "Cambia una regla de la casa en esta corrida, por encima de las etiquetas del "
              "registro; se repite para varias. Ejemplo: --set MinOpen=71 --set RunMin=3. "
              "`referee rules` las lista todas.",
    },
    "cli.opt.jobs": {
        "en": "Files audited in parallel (default: the CPU count; 1 runs everything in this "
              "process).",
        "es": "Archivos auditados en paralelo (por defecto: el número de CPU; 1 lo hace todo "
              "en este proceso).",
    },
    "cli.opt.encoding": {
        "en": "Read the logs in this encoding (cp1252, latin-1, utf-16...) instead of UTF-8.",
        "es": "Lee los registros en esta codificación (cp1252, latin-1, utf-16...) en vez de "
              "UTF-8.",
    },
    # -- audit -----------------------------------------------------------------------
    "cli.audit.summary": {
        "en": "Audit game logs: renuncias, log errors, calls, eliminations, winner, payments.",
        "es": "Audita registros de partidas: renuncias, errores del registro, cantos, "
              "eliminados, ganador, pagos.",
    },
    "cli.audit.details": {
        "en": "Exit status: 0 every game clean; 1 some renuncia or log error (see --fail-on); "
              "2 a file could not be read, has a syntax error or holds no game; 3 the referee "
              "itself failed. Reports go to standard output; errors (file, line, column, a "
              "caret under the spot) to standard error. With no PATH and a pipe or file on "
              "standard input, the log is read from there.\n\n"
              "Several files or a folder add a summary table (worst files first) and flag "
              "games that appear twice. A file with several games ends with the night's "
              "settlement, netted (the JSON report's night field).",
        "es": "Estado de salida: 0 todas las partidas limpias; 1 alguna renuncia o error del "
              "registro (ver --fail-on); 2 un archivo no se pudo leer, tiene un error de "
              "sintaxis o no tiene ninguna partida; 3 el árbitro mismo falló. Los informes "
              "van a la salida estándar; los errores (archivo, línea, columna y una marca bajo "
              "el sitio), a la salida de errores. Sin PATH y con una tubería o un archivo en "
              "la entrada estándar, el registro se lee de ahí.\n\n"
              "Varios archivos o una carpeta añaden una tabla resumen (los peores primero) y "
              "señalan las partidas repetidas. Un archivo con varias partidas termina con la "
              "liquidación de la noche, neta (el campo night del JSON).",
    },
    "cli.audit.paths": {
        "en": "Log files (.rummy), folders (every .rummy file below them, any case, sorted) "
              "or - for standard input.",
        "es": "Archivos de registro (.rummy), carpetas (todos los .rummy que contienen, en "
              "mayúsculas o minúsculas, en orden) o - para la entrada estándar.",
    },
    "cli.audit.json": {
        "en": "Print the JSON report: one object for one file (or -), a list for several "
              "files or a folder.",
        "es": "Escribe el informe en JSON: un objeto para un archivo (o -), una lista para "
              "varios archivos o una carpeta.",
    },
    "cli.audit.summary_csv": {
        "en": "Also write one CSV row per game: file, game, line, players, finished, winner, "
              "renuncias, log_errors, syntax_errors, clean, duplicate_of, error. Checked "
              "before the audit starts.",
        "es": "Escribe además una fila CSV por partida: file, game, line, players, finished, "
              "winner, renuncias, log_errors, syntax_errors, clean, duplicate_of, error. Se "
              "comprueba antes de empezar.",
    },
    "cli.audit.quiet": {
        "en": "Print only the summary line of each file (and a total for several).",
        "es": "Escribe solo la línea de resumen de cada archivo (y un total si son varios).",
    },
    "cli.audit.fail_on": {
        "en": "Which findings make the exit status 1: renuncia, log-error, notice; repeat it "
              "or separate with commas (default: renuncia,log-error).",
        "es": "Qué hallazgos dan estado de salida 1: renuncia, log-error, notice; se repite o "
              "se separa con comas (por defecto: renuncia,log-error).",
    },
    "cli.audit.dask": {
        "en": "Audit on a Dask cluster: the scheduler's address (tcp://host:8786), or local "
              "for one on this machine (--jobs workers, default 2); big files are cut "
              "between games. Needs pip install 'referee51[dask]'.",
        "es": "Audita en un clúster de Dask: la dirección del planificador "
              "(tcp://host:8786), o local para uno en esta máquina (--jobs procesos, por "
              "defecto 2); los archivos grandes se cortan entre partidas. Requiere pip "
              "install 'referee51[dask]'.",
    },
    # -- standings -------------------------------------------------------------------
    "cli.standings.summary": {
        "en": "Standings across logs: per player, games, wins, renuncias, eliminations and "
              "money, netted.",
        "es": "Clasificación de varios registros: por jugador, partidas, ganadas, renuncias, "
              "eliminaciones y dinero, neto.",
    },
    "cli.standings.details": {
        "en": "51 games: games played, wins, renuncias (renuncia findings against the "
              "player), eliminations, and net money (paid to them minus paid by them). "
              "Rummy argentino hands: hands played, hands won (went out), renuncias and "
              "the hand totals summed. A game that repeats an earlier one is counted once. "
              "Then the settlement over every 51 game, netted per pair of players.\n\n"
              "Exit status: 0; 2 a file could not be read, has a syntax error or holds no "
              "game; 3 the referee itself failed.",
        "es": "Partidas de 51: jugadas, ganadas, renuncias (hallazgos de renuncia del "
              "jugador), eliminaciones y dinero neto (lo que recibe menos lo que paga). "
              "Manos de rummy argentino: jugadas, ganadas (cortó), renuncias y la suma de los "
              "puntos de cada mano. Una partida repetida cuenta una vez. Después, la "
              "liquidación de todas las partidas de 51, neta por pareja de jugadores.\n\n"
              "Estado de salida: 0; 2 un archivo no se pudo leer, tiene un error de "
              "sintaxis o no tiene ninguna partida; 3 el árbitro mismo falló.",
    },
    "cli.standings.paths": {
        "en": "Log files and folders (every .rummy file below them), or - for standard input.",
        "es": "Archivos y carpetas de registros (todos los .rummy que contienen), o - para la "
              "entrada estándar.",
    },
    "cli.standings.json": {"en": "Print the standings as JSON.",
                           "es": "Escribe la clasificación en JSON."},
    "cli.standings.csv": {
        "en": "Also write one CSV row per player and game: game, player, games, wins, "
              "renuncias, eliminations, net, points.",
        "es": "Escribe además una fila CSV por jugador y juego: game, player, games, wins, "
              "renuncias, eliminations, net, points.",
    },
    # -- fmt -------------------------------------------------------------------------
    "cli.fmt.summary": {"en": "Print a log in canonical notation, line for line.",
                        "es": "Escribe un registro en notación canónica, línea por línea."},
    "cli.fmt.details": {
        "en": "Every statement keeps its line: keywords, cards and tags are written the one "
              "canonical way, comments and blank lines are kept, so the formatted log "
              "audits with the same line numbers. A log with a syntax error is not printed: "
              "the errors go to standard error and the exit status is 2.\n\n"
              "With --check nothing is printed: the exit status is 1 when some file is not "
              "already canonical (each is named on standard error), else 0.",
        "es": "Cada instrucción conserva su línea: palabras clave, cartas y etiquetas se "
              "escriben de la única forma canónica, y se conservan los comentarios y las "
              "líneas en blanco, así que el registro formateado se audita con los mismos "
              "números de línea. Un registro con un error de sintaxis no se escribe: los "
              "errores van a la salida de errores y el estado de salida es 2.\n\n"
              "Con --check no se escribe nada: el estado de salida es 1 si algún archivo no "
              "está ya en forma canónica (cada uno se nombra en la salida de errores), si no 0.",
    },
    "cli.fmt.paths": {
        "en": "A log file or - for standard input; with --check, any files and folders.",
        "es": "Un archivo de registro o - para la entrada estándar; con --check, archivos y "
              "carpetas.",
    },
    "cli.fmt.check": {
        "en": "Print nothing; exit 1 if some file would change (like black --check).",
        "es": "No escribe nada; sale con 1 si algún archivo cambiaría (como black --check).",
    },
    "cli.fmt.lang": {
        "en": "Keywords of the output (en: draw, meld...; es: roba, baja...) and language of "
              "errors. Default: REFEREE_LANG, else en.",
        "es": "Palabras clave de la salida (en: draw, meld...; es: roba, baja...) e idioma de "
              "los errores. Por defecto: REFEREE_LANG, si no en.",
    },
    "cli.fmt.symbols": {"en": "Write suits as ♣ ♦ ♥ ♠ instead of c d h s.",
                        "es": "Escribe los palos como ♣ ♦ ♥ ♠ en vez de c d h s."},
    "cli.fmt.would_change": {"en": "would reformat {path}", "es": "se reformatearía {path}"},
    "cli.fmt.checked": {
        "en": "{changed} of {files} files would be reformatted",
        "es": "se reformatearían {changed} de {files} archivos",
    },
    "cli.fmt.checked_one": {
        "en": "{changed} of {files} file would be reformatted",
        "es": "se reformatearían {changed} de {files} archivo",
    },
    "cli.fmt.all_canonical": {
        "en": "{files} files already canonical",
        "es": "{files} archivos ya en forma canónica",
    },
    "cli.fmt.all_canonical_one": {
        "en": "{files} file already canonical",
        "es": "{files} archivo ya en forma canónica",
    },
    "cli.fmt.one_file": {
        "en": "fmt prints one log at a time ({count} given): name one, or give --check to "
              "check several",
        "es": "fmt escribe un registro a la vez (se dieron {count}): nombre uno, o use --check "
              "para revisar varios",
    },
    # -- replay ----------------------------------------------------------------------
    "cli.replay.summary": {"en": "Show the table at a line of the log, or step through a game.",
                           "es": "Muestra la mesa en una línea del registro, o recorre una "
                                 "partida paso a paso."},
    "cli.replay.details": {
        "en": "--at LINE finds the game that holds the line (no --game needed), prints the "
              "event written there and the findings that stand on it, then the table right "
              "after it: each hand (known cards and hidden count), the melds with their "
              "numbers, owners, kinds and cards, the discard pile, the stock, who is down "
              "(with bajada points), who is out, whose turn it is and the open renuncias.\n\n"
              "--step walks forward event by event from there (or from the game's start): "
              "Enter for the next event, b back, q quit. When standard input or output is "
              "not a terminal it prints every state.",
        "es": "--at LÍNEA encuentra la partida que contiene la línea (sin --game), muestra el "
              "evento escrito ahí y los hallazgos que recaen en él, y luego la mesa justo "
              "después: cada mano (cartas conocidas y ocultas), los juegos con su número, "
              "dueño, clase y cartas, el descarte, el mazo, quién se bajó (con los puntos de "
              "la bajada), quién está fuera, de quién es el turno y las renuncias abiertas.\n\n"
              "--step avanza evento por evento desde ahí (o desde el inicio de la partida): "
              "Enter para el siguiente, b para atrás, q para salir. Si la entrada o la salida "
              "estándar no es una terminal, escribe todos los estados.",
    },
    "cli.replay.file": {"en": "A log file, or - for standard input.",
                        "es": "Un archivo de registro, o - para la entrada estándar."},
    "cli.replay.at": {
        "en": "Show the event at this line of the file, its findings and the table right "
              "after it (default: the end of the game).",
        "es": "Muestra el evento de esta línea del archivo, sus hallazgos y la mesa justo "
              "después (por defecto: el final de la partida).",
    },
    "cli.replay.game": {
        "en": "Which game of the file (1 is the first; default: the game holding --at, else 1).",
        "es": "Qué partida del archivo (1 es la primera; por defecto: la que contiene --at, si "
              "no 1).",
    },
    "cli.replay.step": {
        "en": "Step through the game event by event (Enter next, b back, q quit).",
        "es": "Recorre la partida evento por evento (Enter siguiente, b atrás, q salir).",
    },
    "cli.replay.outside": {
        "en": "line {line} is in no game of {source}: its games span lines {first} to {last}",
        "es": "la línea {line} no está en ninguna partida de {source}: sus partidas van de la "
              "línea {first} a la {last}",
    },
    "cli.replay.not_in_game": {
        "en": "line {line} is not in game {game} of {source}, which spans lines {first} to "
              "{last}",
        "es": "la línea {line} no está en la partida {game} de {source}, que va de la línea "
              "{first} a la {last}",
    },
    "cli.replay.no_games": {"en": "{source} holds no game", "es": "{source} no tiene partidas"},
    "cli.replay.event": {"en": "Game {game} · line {line}: {event}",
                         "es": "Partida {game} · línea {line}: {event}"},
    "cli.replay.start": {"en": "Game {game} as dealt (line {line})",
                         "es": "Partida {game} recién repartida (línea {line})"},
    "cli.replay.no_event": {
        "en": "Game {game} · line {line}: no event (a tag, a deal, a comment or a blank "
              "line)",
        "es": "Partida {game} · línea {line}: ningún evento (una etiqueta, un reparto, un "
              "comentario o una línea en blanco)",
    },
    "cli.replay.findings": {"en": "{count} findings on this line",
                            "es": "{count} hallazgos en esta línea"},
    "cli.replay.findings_one": {"en": "{count} finding on this line",
                                "es": "{count} hallazgo en esta línea"},
    "cli.replay.no_findings": {"en": "No findings on this line.",
                               "es": "Ningún hallazgo en esta línea."},
    "cli.replay.step_of": {"en": "step {step} of {steps}", "es": "paso {step} de {steps}"},
    "cli.replay.keys": {"en": "Enter: next · b: back · q: quit",
                        "es": "Enter: siguiente · b: atrás · q: salir"},
    "cli.replay.end": {"en": "End of the game.", "es": "Fin de la partida."},
    # -- rules -----------------------------------------------------------------------
    "cli.rules.summary": {"en": "List every rule id and every house-rule knob.",
                          "es": "Lista todos los identificadores de reglas y las reglas de la "
                                "casa."},
    "cli.rules.details": {
        "en": "Rule ids (renuncias, log errors, notices) with what they mean and the seed they "
              "come from; knobs with their default and meaning. Ids are the same in every "
              "language.",
        "es": "Los identificadores (renuncias, errores del registro, avisos) con su "
              "significado y la fuente de donde salen; las reglas de la casa con su valor por "
              "defecto y su significado. Los identificadores son los mismos en todo idioma.",
    },
    "cli.rules.game": {
        "en": "Only this game's rules and knobs: 51 or rummy-argentino (the Game tag).",
        "es": "Solo las reglas de este juego: 51 o rummy-argentino (la etiqueta Game).",
    },
    # -- simulate --------------------------------------------------------------------
    "cli.simulate.summary": {"en": "Write random, legal games as a .rummy log.",
                             "es": "Escribe partidas legales al azar como un registro .rummy."},
    "cli.simulate.details": {
        "en": "51 games, or Rummy argentino hands (--games) or whole matches (--matches, played "
              "until someone reaches Target). Every game is played to its end. For tests, "
              "benchmarks and demos: the same seed gives the same log.",
        "es": "Partidas de 51, o manos de rummy argentino (--games) o partidos enteros "
              "(--matches, hasta que alguien llega a Target). Cada partida se juega hasta el "
              "final. Para pruebas, mediciones y demostraciones: la misma semilla da el mismo "
              "registro.",
    },
    "cli.simulate.game": {"en": "The game: 51 or rummy-argentino.",
                          "es": "El juego: 51 o rummy-argentino."},
    "cli.simulate.games": {
        "en": "How many games (Rummy argentino: hands, each standing alone). Default 1.",
        "es": "Cuántas partidas (rummy argentino: manos, cada una independiente). Por "
              "defecto 1.",
    },
    "cli.simulate.matches": {
        "en": "Rummy argentino: how many whole matches (hands with the Match tag, seats "
              "rotating, until a total reaches Target).",
        "es": "Rummy argentino: cuántos partidos enteros (manos con la etiqueta Match, los "
              "asientos rotando, hasta que un total llega a Target).",
    },
    "cli.simulate.players": {
        "en": "Players per game: a count, or a range like 2..6 (51: 2 to 6, the default 2..6; "
              "Rummy argentino: 2 to 8, the default 2..8).",
        "es": "Jugadores por partida: un número, o un rango como 2..6 (51: de 2 a 6, por "
              "defecto 2..6; rummy argentino: de 2 a 8, por defecto 2..8).",
    },
    "cli.simulate.seed": {"en": "Random seed: the same seed, the same log.",
                          "es": "Semilla: la misma semilla, el mismo registro."},
    "cli.simulate.hidden": {
        "en": "Record the games without deal and stock lines, every draw as ?? or bare.",
        "es": "Registra las partidas sin líneas de reparto ni de mazo, cada robo como ?? o "
              "sin carta.",
    },
    "cli.simulate.output": {"en": "Write the log to FILE instead of standard output.",
                            "es": "Escribe el registro en FILE en vez de la salida estándar."},
    # -- serve -----------------------------------------------------------------------
    "cli.serve.summary": {
        "en": "Serve the page (/, shared verdicts at /v/ID) and the HTTP API (POST /v1/audit, "
              "/v1/verdicts, GET /v1/rules, GET /healthz, docs at /docs).",
        "es": "Sirve la página (/, veredictos compartidos en /v/ID) y la API HTTP (POST "
              "/v1/audit, /v1/verdicts, GET /v1/rules, GET /healthz, documentación en /docs).",
    },
    "cli.serve.details": {
        "en": "Listens on loopback only unless --host says otherwise. The body limit comes "
              "from REFEREE_MAX_BODY_BYTES (default 1 MiB), the most games in one request "
              "from REFEREE_MAX_GAMES (default 1000), the largest report from "
              "REFEREE_MAX_RESPONSE_BYTES (default 64 MiB); shared verdicts go to "
              "REFEREE_DATABASE_URL (default: a SQLite file in ~/.local/share/referee51). "
              "Exit status 2 when the port is already in use.",
        "es": "Escucha solo en la interfaz local salvo que --host diga otra cosa. El límite "
              "del cuerpo viene de REFEREE_MAX_BODY_BYTES (por defecto 1 MiB), el máximo de "
              "partidas por petición de REFEREE_MAX_GAMES (por defecto 1000), el informe más "
              "grande de REFEREE_MAX_RESPONSE_BYTES (por defecto 64 MiB); los veredictos "
              "compartidos van a REFEREE_DATABASE_URL (por defecto: un archivo SQLite en "
              "~/.local/share/referee51). Estado de salida 2 si el puerto ya está en uso.",
    },
    "cli.serve.host": {
        "en": "Address to listen on. The default is loopback only; 0.0.0.0 opens it to the "
              "network.",
        "es": "Dirección en la que escuchar. Por defecto solo la local; 0.0.0.0 la abre a la "
              "red.",
    },
    "cli.serve.port": {"en": "TCP port.", "es": "Puerto TCP."},
    "cli.serve.log_level": {"en": "uvicorn log level.", "es": "Nivel de registro de uvicorn."},
    "cli.serve.workers": {
        "en": "Server processes sharing the port (default REFEREE_WORKERS, else 1).",
        "es": "Procesos del servidor que comparten el puerto (por defecto REFEREE_WORKERS, si "
              "no 1).",
    },
    "cli.serve.keep_alive": {
        "en": "Seconds an idle connection is kept open (default REFEREE_KEEP_ALIVE_TIMEOUT, "
              "else 5).",
        "es": "Segundos que una conexión inactiva se mantiene abierta (por defecto "
              "REFEREE_KEEP_ALIVE_TIMEOUT, si no 5).",
    },
    "cli.serve.request_timeout": {
        "en": "Seconds a request's body may take to arrive, else 408 (default "
              "REFEREE_REQUEST_TIMEOUT, else 30).",
        "es": "Segundos que puede tardar en llegar el cuerpo de una petición, si no 408 (por "
              "defecto REFEREE_REQUEST_TIMEOUT, si no 30).",
    },
    "cli.serve.audit_timeout": {
        "en": "Seconds one audit may take, else 503 (default REFEREE_AUDIT_TIMEOUT, else 60).",
        "es": "Segundos que puede tardar una auditoría, si no 503 (por defecto "
              "REFEREE_AUDIT_TIMEOUT, si no 60).",
    },
    "cli.serve.port_in_use": {
        "en": "port {port} on {host} is already in use: stop what holds it or choose another "
              "with --port",
        "es": "el puerto {port} en {host} ya está en uso: detenga lo que lo ocupa o elija otro "
              "con --port",
    },
    "cli.serve.cannot_listen": {
        "en": "cannot listen on {host} port {port}: {reason}",
        "es": "no se puede escuchar en {host} puerto {port}: {reason}",
    },
    # -- lsp -------------------------------------------------------------------------
    "cli.lsp.summary": {
        "en": "Run the language server for .rummy logs (LSP over standard input and output): "
              "what referee audit finds, as you type.",
        "es": "Ejecuta el servidor de lenguaje para registros .rummy (LSP por la entrada y la "
              "salida estándar): lo que encuentra referee audit, mientras escribe.",
    },
    "cli.lsp.details": {
        "en": "An editor starts it and talks to it; you do not type into it (docs/lsp.md, "
              "docs/editors.md). It gives diagnostics on open and after every change "
              "(syntax errors, log errors, renuncias and notices, each with its rule id and a "
              "link to its page on the docs site), hovers on cards, meld numbers, players "
              "and tags, completion, formatting as referee fmt, a quick fix for each \"did "
              "you mean\", go-to-definition from on N to its meld, and a symbol for each "
              "game and turn.\n\n"
              "Its language is the editor's initializationOptions.lang, else --lang, else "
              "REFEREE_LANG, else the editor's locale, else English. Rule links point at "
              "URL/rules/51/#RULE and URL/rules/argentino/#RULE, URL from --docs-url or "
              "REFEREE_DOCS_URL (default https://referee51.readthedocs.io/en/latest).",
        "es": "Lo arranca un editor y habla con él; no se escribe en él (docs/lsp.md, "
              "docs/editors.md). Da diagnósticos al abrir y tras cada cambio (errores de "
              "sintaxis, errores del registro, renuncias y avisos, cada uno con su "
              "identificador de regla y un enlace a su página en el sitio de la "
              "documentación), información al pasar sobre cartas, números de juego, jugadores "
              "y etiquetas, autocompletado, formato como referee fmt, un arreglo rápido para "
              "cada \"quiso decir\", ir a la definición desde en N hasta su juego, y un "
              "símbolo por partida y por turno.\n\n"
              "Su idioma es initializationOptions.lang del editor, si no --lang, si no "
              "REFEREE_LANG, si no el idioma del editor, si no el inglés. Los enlaces de las "
              "reglas van a URL/rules/51/#REGLA y URL/rules/argentino/#REGLA, con URL de "
              "--docs-url o REFEREE_DOCS_URL (por defecto "
              "https://referee51.readthedocs.io/en/latest).",
    },
    "cli.lsp.docs_url": {
        "en": "The docs site the rule links point at (default REFEREE_DOCS_URL, else "
              "https://referee51.readthedocs.io/en/latest).",
        "es": "El sitio de la documentación al que apuntan los enlaces de las reglas (por "
              "defecto REFEREE_DOCS_URL, si no https://referee51.readthedocs.io/en/latest).",
    },
    "cli.lsp.debounce": {
        "en": "Milliseconds to wait after a change before auditing again (default 250).",
        "es": "Milisegundos de espera tras un cambio antes de auditar de nuevo (por defecto "
              "250).",
    },
    "cli.lsp.missing": {
        "en": "referee lsp needs pygls, which is not installed: {install}",
        "es": "referee lsp necesita pygls, que no está instalado: {install}",
    },
    # -- the CLI's own errors and warnings ---------------------------------------------
    "cli.warning": {"en": "warning", "es": "aviso"},
    "cli.unknown_lang": {
        "en": "unknown language {lang!r} (known: en, es): using English",
        "es": "idioma desconocido {lang!r} (se conocen: en, es): se usa el inglés",
    },
    "cli.no_input": {
        "en": "no log given: name a file or a folder, or pipe a log in (referee {command} < "
              "friday.rummy)",
        "es": "no se dio ningún registro: nombre un archivo o una carpeta, o envíe uno por la "
              "entrada estándar (referee {command} < viernes.rummy)",
    },
    "cli.bad_fail_on": {
        "en": "--fail-on takes renuncia, log-error or notice, not {text!r}",
        "es": "--fail-on acepta renuncia, log-error o notice, no {text!r}",
    },
    "cli.dask_missing": {
        "en": "--dask needs Dask distributed, which is not installed: {install}",
        "es": "--dask necesita Dask distributed, que no está instalado: {install}",
    },
    "cli.dask_unreachable": {
        "en": "cannot reach the Dask scheduler at {address}: {reason}",
        "es": "no se puede conectar con el planificador de Dask en {address}: {reason}",
    },
    "cli.quiet_json": {"en": "--quiet and --json do not go together: choose one",
                       "es": "--quiet y --json no van juntos: elija uno"},
    "cli.output_is_folder": {"en": "cannot write {path}: it is a folder",
                             "es": "no se puede escribir {path}: es una carpeta"},
    "cli.output_no_folder": {"en": "cannot write {path}: the folder {folder} does not exist",
                             "es": "no se puede escribir {path}: la carpeta {folder} no existe"},
    "cli.output_denied": {"en": "cannot write {path}: permission denied",
                          "es": "no se puede escribir {path}: permiso denegado"},
    "cli.quiet_total": {
        "en": "Total: {files} files, games {games}, clean {clean}, renuncias {renuncias}, "
              "log errors {log_errors}, syntax errors {syntax_errors}, duplicates {duplicates}",
        "es": "Total: {files} archivos, partidas {games}, limpias {clean}, renuncias "
              "{renuncias}, errores del registro {log_errors}, errores de sintaxis "
              "{syntax_errors}, duplicadas {duplicates}",
    },
    # -- standings -------------------------------------------------------------------
    "cli.standings.title": {"en": "Standings: 51", "es": "Clasificación: 51"},
    "cli.standings.title_of": {"en": "Standings: {game}", "es": "Clasificación: {game}"},
    "cli.standings.title_argentino": {"en": "Standings: Rummy argentino",
                                      "es": "Clasificación: rummy argentino"},
    "cli.standings.col.games": {"en": "Games", "es": "Partidas"},
    "cli.standings.col.wins": {"en": "Wins", "es": "Ganadas"},
    "cli.standings.col.renuncias": {"en": "Renuncias", "es": "Renuncias"},
    "cli.standings.col.eliminations": {"en": "Eliminated", "es": "Eliminado"},
    "cli.standings.col.net": {"en": "Net", "es": "Neto"},
    "cli.standings.col.hands": {"en": "Hands", "es": "Manos"},
    "cli.standings.col.went_out": {"en": "Went out", "es": "Cortó"},
    "cli.standings.col.points": {"en": "Points", "es": "Puntos"},
    "cli.standings.settlement": {"en": "Settlement over every 51 game, netted",
                                 "es": "Liquidación de todas las partidas de 51, neta"},
    "cli.standings.counted": {
        "en": "Games: {games} · files: {files} · repeated games counted once: {duplicates}",
        "es": "Partidas: {games} · archivos: {files} · repetidas, contadas una vez: "
              "{duplicates}",
    },
    "cli.standings.no_games": {"en": "No games.", "es": "Ninguna partida."},
    # -- typer's screens (help, usage errors) ----------------------------------------
    "cli.typer.usage": {"en": "Usage:", "es": "Uso:"},
    "cli.typer.options_metavar": {"en": "[OPTIONS]", "es": "[OPCIONES]"},
    "cli.typer.subcommand_metavar": {"en": "COMMAND [ARGS]...", "es": "COMANDO [ARGS]..."},
    "cli.typer.arguments": {"en": "Arguments", "es": "Argumentos"},
    "cli.typer.options": {"en": "Options", "es": "Opciones"},
    "cli.typer.commands": {"en": "Commands", "es": "Comandos"},
    "cli.typer.error": {"en": "Error", "es": "Error"},
    "cli.typer.aborted": {"en": "Aborted.", "es": "Cancelado."},
    "cli.typer.required": {"en": "[required]", "es": "[obligatorio]"},
    "cli.typer.default": {"en": "[default: {}]", "es": "[por defecto: {}]"},
    "cli.typer.try_help": {"en": "Try [blue]'{command_path} {help_option}'[/] for help.",
                           "es": "Pruebe [blue]'{command_path} {help_option}'[/] para ver la "
                                 "ayuda."},
    "cli.typer.help": {"en": "Show this message and exit.", "es": "Muestra esta ayuda y termina."},
    "cli.typer.install_completion": {
        "en": "Install completion for the current shell.",
        "es": "Instala el autocompletado para el intérprete de órdenes actual.",
    },
    "cli.typer.show_completion": {
        "en": "Show completion for the current shell, to copy it or customize the "
              "installation.",
        "es": "Muestra el autocompletado del intérprete de órdenes actual, para copiarlo o "
              "adaptar la instalación.",
    },
    # usage errors, as click words them (matched in referee.cli.typer_words)
    "cli.click.no_such_option": {"en": "No such option: {name}",
                                 "es": "No existe la opción {name}"},
    "cli.click.no_such_command": {"en": "No such command {name}.",
                                  "es": "No existe el comando {name}."},
    "cli.click.missing": {"en": "Missing {what} {name}.", "es": "Falta {what} {name}."},
    "cli.click.missing_command": {"en": "Missing command.", "es": "Falta el comando."},
    "cli.click.missing.argument": {"en": "argument", "es": "el argumento"},
    "cli.click.missing.option": {"en": "option", "es": "la opción"},
    "cli.click.missing.parameter": {"en": "parameter", "es": "el parámetro"},
    "cli.click.requires_value": {"en": "Option {name} requires {what}",
                                 "es": "La opción {name} necesita un valor"},
    "cli.click.takes_no_value": {"en": "Option {name} does not take a value.",
                                 "es": "La opción {name} no lleva valor."},
    "cli.click.invalid_value": {"en": "Invalid value for {name}: {reason}",
                                "es": "Valor no válido para {name}: {reason}"},
    "cli.click.not_a_number": {"en": "{value} is not a valid integer.",
                               "es": "{value} no es un número entero."},
    "cli.click.out_of_range": {"en": "{value} is not in the range {range}.",
                               "es": "{value} está fuera del rango {range}."},
    "cli.click.integer_expected": {"en": "Input should be a valid integer",
                                   "es": "se esperaba un número entero"},
    "cli.click.at_least": {"en": "Input should be greater than or equal to {min}",
                           "es": "debe ser mayor o igual que {min}"},
    "cli.click.at_most": {"en": "Input should be less than or equal to {max}",
                          "es": "debe ser menor o igual que {max}"},
    "cli.click.extra_arguments": {"en": "Got unexpected extra argument(s) ({args})",
                                  "es": "Sobran argumentos ({args})"},
    "cli.click.did_you_mean": {"en": "Did you mean {names}?", "es": "¿Quiso decir {names}?"},
}
