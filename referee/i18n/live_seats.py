"""Message catalog (live seats): a live table's names, seats' new links, an abandoned
table, private named draws and a sealed table's log (docs/cli-api.md, live tables).

Keys start with ``live.error.`` (the API's refusals) and ``live.page.`` (the page's
controls for them: the script gets them with the page's other labels).
"""

MESSAGES: dict[str, dict[str, str]] = {
    # Names.
    "live.error.empty_name": {
        "en": "a player's name cannot be empty: write one name per player",
        "es": "el nombre de un jugador no puede estar vacío: escriba un nombre por jugador",
    },
    "live.error.name_space": {
        "en": "{name} holds a space, and a name is one word: put each player on a line of "
              "their own (or separate them with commas), and join a name of two words, like "
              "{joined}",
        "es": "{name} tiene un espacio, y un nombre es una sola palabra: ponga cada jugador "
              "en su propia línea (o sepárelos con comas), y una un nombre de dos palabras, "
              "como {joined}",
    },
    "live.error.name_twice": {
        "en": "{name} and {other} are one name given twice (names are compared regardless of "
              "case and accents' spelling): give each player a name of their own",
        "es": "{name} y {other} son un mismo nombre dado dos veces (los nombres se comparan "
              "sin mirar mayúsculas ni cómo se escriben los acentos): dé a cada jugador un "
              "nombre propio",
    },
    "live.error.name_scripts": {
        "en": "{name} mixes letters of several alphabets ({scripts}), so it can look like "
              "another name: write it in one alphabet",
        "es": "{name} mezcla letras de varios alfabetos ({scripts}), así que puede parecer "
              "otro nombre: escríbalo en un solo alfabeto",
    },
    "live.error.name_card": {
        "en": "{name} reads as a card, so an event line naming it could not be read: choose "
              "another name, like {other}",
        "es": "{name} se lee como una carta, así que una línea que lo nombre no se podría "
              "leer: elija otro nombre, como {other}",
    },
    "live.error.name_keyword": {
        "en": "{name} is a word of the notation (an event or a setup line), so it cannot be "
              "a player's name: choose another name, like {other}",
        "es": "{name} es una palabra de la notación (una jugada o una línea de preparación), "
              "así que no puede ser el nombre de un jugador: elija otro nombre, como {other}",
    },
    # A seat's new link, an abandoned table.
    "live.error.scribe_only_seat": {
        "en": "only the scribe's token may give a seat a new link",
        "es": "solo la clave del anotador puede dar un enlace nuevo a un puesto",
    },
    "live.error.scribe_only_abandon": {
        "en": "only the scribe's token may abandon the table",
        "es": "solo la clave del anotador puede abandonar la mesa",
    },
    "live.error.no_player": {
        "en": "no player {player} sits at this table",
        "es": "ningún jugador {player} se sienta en esta mesa",
    },
    "live.error.abandoned": {
        "en": "this table was abandoned: nothing more is recorded (open a new table to play "
              "again)",
        "es": "esta mesa se abandonó: no se anota nada más (abra una mesa nueva para volver "
              "a jugar)",
    },
    # Private named draws, a sealed table's log.
    "live.error.private_card": {
        "en": "this change does not fit a card another player drew and named privately; "
              "check the cards with the table (the card is not shown here)",
        "es": "este cambio no cuadra con una carta que otro jugador robó y anotó en "
              "privado; revise las cartas con la mesa (la carta no se muestra aquí)",
    },
    "live.error.sealed_log": {
        "en": "this table is sealed: while its game (or hand) is played, its log is for the "
              "scribe only; it is public once the game (or hand) has ended",
        "es": "esta mesa es sellada: mientras se juega su partida (o mano), su registro es "
              "solo para el anotador; es público cuando la partida (o mano) termina",
    },
    "live.error.not_seat_link": {
        "en": "send a seat's link of this table as url, like {{\"url\": "
              "\"http://HOST/t/ID#seat=TOKEN\"}}",
        "es": "envíe el enlace de un puesto de esta mesa como url, como {{\"url\": "
              "\"http://HOST/t/ID#seat=CLAVE\"}}",
    },
    # The page's controls.
    "live.page.forget_confirm": {
        "en": "Leave the seat of {player} on this phone? Its link is forgotten here: to come "
              "back you need the link again (the scribe can give a new one).",
        "es": "¿Dejar el puesto de {player} en este teléfono? Su enlace se olvida aquí: para "
              "volver necesita el enlace de nuevo (el anotador puede dar uno nuevo).",
    },
    "live.page.forget_confirm_scribe": {
        "en": "Leave the scribe's place on this phone? Its link is forgotten here: to come "
              "back you need the scribe's link again.",
        "es": "¿Dejar el lugar del anotador en este teléfono? Su enlace se olvida aquí: para "
              "volver necesita de nuevo el enlace del anotador.",
    },
    "live.page.seats_title": {"en": "Seats' links", "es": "Enlaces de los puestos"},
    "live.page.seats_hint": {
        "en": "A phone lost, a link shown once and gone: give the seat a new link. The old "
              "one stops working at once.",
        "es": "Un teléfono perdido, un enlace mostrado una vez y perdido: dé al puesto un "
              "enlace nuevo. El anterior deja de funcionar al instante.",
    },
    "live.page.new_link": {"en": "New link for {player}", "es": "Enlace nuevo para {player}"},
    "live.page.new_link_confirm": {
        "en": "Give {player} a new link? The old link of {player} stops working at once.",
        "es": "¿Dar a {player} un enlace nuevo? El enlace anterior de {player} deja de "
              "funcionar al instante.",
    },
    "live.page.new_link_for": {"en": "The new link of {player}",
                               "es": "El enlace nuevo de {player}"},
    "live.page.new_link_keep": {
        "en": "Shown only here: open it on {player}'s phone (or scan the code).",
        "es": "Se muestra solo aquí: ábralo en el teléfono de {player} (o escanee el "
              "código).",
    },
    "live.page.copy": {"en": "Copy", "es": "Copiar"},
    "live.page.copied": {"en": "Copied", "es": "Copiado"},
    "live.page.qr_label": {"en": "QR code of the link of {player}",
                           "es": "Código QR del enlace de {player}"},
    "live.page.abandon": {"en": "Abandon the table", "es": "Abandonar la mesa"},
    "live.page.abandon_confirm": {
        "en": "Abandon this table? Nothing more can be recorded and no verdict is given.",
        "es": "¿Abandonar esta mesa? No se podrá anotar nada más y no habrá veredicto.",
    },
    "live.page.abandoned": {
        "en": "This table was abandoned: nothing more is recorded and there is no verdict.",
        "es": "Esta mesa se abandonó: no se anota nada más y no hay veredicto.",
    },
}
