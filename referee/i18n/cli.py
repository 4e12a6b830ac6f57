"""Message catalog (command line): the app's help, the CLI's own errors and warnings, the
standings' tables, and the words of the help and error screens typer draws, in English
and Spanish. Each command's help and what it says is in :mod:`referee.i18n.commands`.

Keys start with ``cli.``. Keys ending in ``_one`` are the singular of the key without it
(:func:`referee.messages.render_count`).
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
    "cli.standings.title_of": {"en": "Standings: {game}", "es": "Clasificación: {game}"},
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
