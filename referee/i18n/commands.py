"""Message catalog (command line): each command's help and options, and what it says
(``referee audit``, ``standings``, ``fmt``, ``replay``, ``rules``, ``simulate``,
``serve``, ``lsp``), in English and Spanish. The app's own help, the CLI's errors and
typer's screens are in :mod:`referee.i18n.cli`.

Keys start with ``cli.``. A command's help is ``cli.NAME.summary`` (one line) and
``cli.NAME.details`` (paragraphs separated by a blank line); an option's help is the
key its declaration names (:mod:`referee.cli.options`). Keys ending in ``_one`` are
the singular of the key without it (:func:`referee.messages.render_count`).
"""

MESSAGES: dict[str, dict[str, str]] = {
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
        "en": "Only this game's rules and knobs (its Game tag, as the rulesets list them).",
        "es": "Solo las reglas de este juego (su etiqueta Game, como la listan los "
              "reglamentos).",
    },
    # -- simulate --------------------------------------------------------------------
    "cli.simulate.summary": {"en": "Write random, legal games as a .rummy log.",
                             "es": "Escribe partidas legales al azar como un registro .rummy."},
    "cli.simulate.details": {
        "en": "Games of any game that brings a simulator: single games, or the hands of a game "
              "played in matches (--games), or its whole matches (--matches, played until "
              "someone reaches the target). Every game is played to its end. For tests, "
              "benchmarks and demos: the same seed gives the same log.",
        "es": "Partidas de cualquier juego que traiga un simulador: partidas sueltas, o las "
              "manos de un juego que se juega por partidos (--games), o sus partidos enteros "
              "(--matches, hasta que alguien llega a la meta). Cada partida se juega hasta el "
              "final. Para pruebas, mediciones y demostraciones: la misma semilla da el mismo "
              "registro.",
    },
    "cli.simulate.game": {"en": "The game (its Game tag; referee rules lists them).",
                          "es": "El juego (su etiqueta Game; referee rules los lista)."},
    "cli.simulate.games": {
        "en": "How many games (in a game played in matches: hands, each standing alone). "
              "Default 1.",
        "es": "Cuántas partidas (en un juego por partidos: manos, cada una independiente). "
              "Por defecto 1.",
    },
    "cli.simulate.matches": {
        "en": "In a game played in matches: how many whole matches (hands of one match, seats "
              "rotating, until a total reaches the target).",
        "es": "En un juego por partidos: cuántos partidos enteros (manos de un mismo partido, "
              "los asientos rotando, hasta que un total llega a la meta).",
    },
    "cli.simulate.players": {
        "en": "Players per game: a count, or a range like 2..6 (by default every count the "
              "game's simulator plays).",
        "es": "Jugadores por partida: un número, o un rango como 2..6 (por defecto todas las "
              "cantidades que juega el simulador del juego).",
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
}
