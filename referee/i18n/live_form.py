"""Message catalog (live form): the "new table" form on the page ``/`` and the page that
hands out the seats' links and QR codes.

Keys start with ``live.form.`` and ``live.created.``.
"""

MESSAGES: dict[str, dict[str, str]] = {
    "live.form.title": {"en": "Play live: open a table", "es": "Jugar en vivo: abra una mesa"},
    "live.form.intro": {
        "en": "Each player gets a link and a QR code for their phone: everyone enters their "
              "own events, every phone sees the table move, a call is ruled at once, and the "
              "verdict is there when the game ends.",
        "es": "Cada jugador recibe un enlace y un código QR para su teléfono: cada uno anota "
              "sus jugadas, todos los teléfonos ven la mesa moverse, un canto se falla al "
              "instante y el veredicto está listo cuando termina la partida.",
    },
    "live.form.game": {"en": "Game", "es": "Juego"},
    "live.form.players": {"en": "Players", "es": "Jugadores"},
    "live.form.players_hint": {
        "en": "One player per line, in seat order (the first plays first). A name is one "
              "word: Abuela_María.",
        "es": "Un jugador por línea, en el orden de la mesa (el primero juega primero). Un "
              "nombre es una sola palabra: Abuela_María.",
    },
    "live.form.event": {"en": "Name of the game (optional)",
                        "es": "Nombre de la partida (opcional)"},
    "live.form.event_placeholder": {"en": "Friday at Ana's", "es": "Viernes en casa de Ana"},
    "live.form.reveal": {"en": "Renuncias", "es": "Renuncias"},
    "live.form.sealed": {
        "en": "Sealed: a renuncia stays hidden until someone calls it or the game ends",
        "es": "Selladas: una renuncia queda oculta hasta que alguien la cante o termine la "
              "partida",
    },
    "live.form.open": {
        "en": "Open: every renuncia is shown at once (friendly play, teaching)",
        "es": "Abiertas: cada renuncia se muestra al instante (juego amistoso, para "
              "aprender)",
    },
    "live.form.lang": {"en": "Language of the table", "es": "Idioma de la mesa"},
    "live.form.house_rules_hint": {
        "en": "Leave a rule empty for the game's default. Only the chosen game's rules are "
              "used.",
        "es": "Deje una regla vacía para usar la del juego. Solo se usan las reglas del juego "
              "elegido.",
    },
    "live.form.create": {"en": "Open the table", "es": "Abrir la mesa"},
    "live.form.no_players": {"en": "Write the players' names, in seat order.",
                             "es": "Escriba los nombres de los jugadores, en el orden de la "
                                   "mesa."},
    "live.form.bad_game": {"en": "Choose a game from the list.",
                           "es": "Elija un juego de la lista."},
    "live.form.error": {"en": "The table could not be opened: {message}",
                        "es": "No se pudo abrir la mesa: {message}"},
    # The page that hands out the links.
    "live.created.title": {"en": "The table is open", "es": "La mesa está abierta"},
    "live.created.keep": {
        "en": "Keep this page open until every phone has joined: the links carry the seats' "
              "keys and cannot be shown again.",
        "es": "Deje esta página abierta hasta que todos los teléfonos se unan: los enlaces "
              "llevan las claves de los puestos y no se pueden volver a mostrar.",
    },
    "live.created.seat": {"en": "{player}'s seat", "es": "Puesto de {player}"},
    "live.created.scan": {"en": "{player}: point your phone's camera here",
                          "es": "{player}: apunte aquí la cámara de su teléfono"},
    "live.created.qr": {"en": "QR code of {player}'s link", "es": "Código QR del enlace de "
                                                                  "{player}"},
    "live.created.copy": {"en": "Copy", "es": "Copiar"},
    "live.created.copied": {"en": "Copied.", "es": "Copiado."},
    "live.created.scribe": {"en": "The scribe", "es": "El anotador"},
    "live.created.scribe_hint": {
        "en": "The scribe writes for every player: one phone can keep the whole table.",
        "es": "El anotador anota por todos los jugadores: un solo teléfono puede llevar "
              "toda la mesa.",
    },
    "live.created.scribe_qr": {"en": "QR code of the scribe's link",
                               "es": "Código QR del enlace del anotador"},
    "live.created.open_scribe": {"en": "Be the scribe on this device",
                                 "es": "Ser el anotador en este dispositivo"},
    "live.created.watch": {"en": "To watch (no key): {url}",
                           "es": "Para mirar (sin clave): {url}"},
    "live.created.local": {
        "en": "These links point at {host}, which other phones cannot reach. Start the "
              "server with \"referee serve --host 0.0.0.0\", open this page by the computer's "
              "network address and open the table from there.",
        "es": "Estos enlaces apuntan a {host}, que los otros teléfonos no alcanzan. Inicie el "
              "servidor con \"referee serve --host 0.0.0.0\", abra esta página con la dirección "
              "de red del computador y abra la mesa desde allí.",
    },
}
