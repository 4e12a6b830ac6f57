"""Message catalog (live): the live table's own words (``/v1/tables``, docs/cli-api.md).

Keys start with ``live.``. Refusals that the referee itself gives (syntax errors,
log errors, a call's notice) come from the other catalogs; these are the table's:
its tokens, its turns of play (stale writes, undo, the next hand), its limits,
the comments it writes in its log and the sentence of a call's ruling.
"""

MESSAGES: dict[str, dict[str, str]] = {
    # Comments the table writes in its log, in a seat's line or the face-up card's.
    "live.log.not_given": {"en": "{player}: hand not given", "es": "{player}: mano no dada"},
    "live.log.private": {
        "en": "{player}: hand given, shown here once the hand has ended",
        "es": "{player}: mano dada, se muestra aquí cuando termine la mano",
    },
    "live.log.no_up": {"en": "the face-up card was not given",
                       "es": "la carta del pozo no se dio"},
    "live.error.hand_first": {
        "en": "{player} gives their hand before their first event: this table scores every "
              "hand (a club night's)",
        "es": "{player} da su mano antes de su primera jugada: esta mesa puntúa cada mano "
              "(de una noche de club)",
    },
    "live.match_name": {"en": "Live table {date}", "es": "Mesa en vivo {date}"},
    # A call's ruling.
    "live.ruling.upheld": {
        "en": "{caller}'s call on {accused} is upheld: {renuncia}. {accused} is out.",
        "es": "Se confirma el canto de {caller} a {accused}: {renuncia}. {accused} queda "
              "fuera.",
    },
    "live.ruling.cascade": {
        "en": "Out too, for letting it pass: {players}.",
        "es": "También quedan fuera, por dejarla pasar: {players}.",
    },
    "live.ruling.unfounded": {
        "en": "{caller}'s call on {accused} is unfounded.",
        "es": "El canto de {caller} a {accused} no tiene fundamento.",
    },
    "live.ruling.void": {
        "en": "{caller}'s call on {accused} is void: the renuncia had lapsed.",
        "es": "El canto de {caller} a {accused} es nulo: la renuncia había prescrito.",
    },
    # Tables and tokens.
    "live.error.bad_id": {
        "en": "{id} is not a table id: an id is {format}",
        "es": "{id} no es un identificador de mesa: un identificador tiene {format}",
    },
    "live.error.unknown_table": {
        "en": "no table has the id {id} (a table idle for too long is deleted)",
        "es": "ninguna mesa tiene el identificador {id} (una mesa inactiva demasiado tiempo "
              "se borra)",
    },
    "live.error.no_token": {
        "en": "this change needs a token: send Authorization: Bearer TOKEN (the scribe's, or "
              "the seat's)",
        "es": "este cambio necesita una clave: envíe Authorization: Bearer CLAVE (la del "
              "anotador o la del puesto)",
    },
    "live.error.bad_token": {
        "en": "this token opens no seat of this table",
        "es": "esta clave no abre ningún puesto de esta mesa",
    },
    "live.error.not_your_event": {
        "en": "this line is {player}'s event: a seat's token writes only its own player's "
              "events (this one is {seat}'s)",
        "es": "esta línea es una jugada de {player}: la clave de un puesto solo escribe las "
              "jugadas de su jugador (esta es de {seat})",
    },
    "live.error.not_your_hand": {
        "en": "a seat's token gives only its own player's hand (this one is {seat}'s, not "
              "{player}'s)",
        "es": "la clave de un puesto solo da la mano de su jugador (esta es de {seat}, no de "
              "{player})",
    },
    "live.error.not_your_undo": {
        "en": "change {seq} was posted by {by}: only they or the scribe may undo it",
        "es": "el cambio {seq} lo envió {by}: solo él o el anotador pueden deshacerlo",
    },
    "live.error.scribe_only": {
        "en": "only the scribe's token may start the next hand",
        "es": "solo la clave del anotador puede empezar la mano siguiente",
    },
    "live.error.bad_name": {
        "en": "{name} is not a player's name: a name is one word, like Ana",
        "es": "{name} no es un nombre de jugador: un nombre es una sola palabra, como Ana",
    },
    "live.error.scribe_name": {
        "en": "{name} names the scribe at a live table: choose another name",
        "es": "{name} designa al anotador en una mesa en vivo: elija otro nombre",
    },
    "live.error.tag_name": {
        "en": "{tag} is not a tag name: a name is letters, digits and _, starting with a "
              "letter",
        "es": "{tag} no es un nombre de etiqueta: un nombre tiene letras, cifras y _, y "
              "empieza con una letra",
    },
    "live.error.reserved_tag": {
        "en": "the table writes the {tag} tag itself (game, players and the hand's number "
              "come from the request)",
        "es": "la mesa escribe la etiqueta {tag} ella misma (el juego, los jugadores y el "
              "número de mano vienen de la solicitud)",
    },
    "live.error.tag_value": {
        "en": "the value of {tag} must be one line of at most {max} characters",
        "es": "el valor de {tag} debe ser una línea de {max} caracteres como mucho",
    },
    "live.error.not_a_hand": {
        "en": "these tags do not make a game the referee can replay",
        "es": "estas etiquetas no forman una partida que el árbitro pueda reproducir",
    },
    "live.error.body_too_large": {
        "en": "the request is {size} bytes; a live table takes at most {limit} bytes",
        "es": "la solicitud tiene {size} bytes; una mesa en vivo acepta {limit} bytes como "
              "mucho",
    },
    "live.error.bad_json": {
        "en": "the body is not JSON: {detail}",
        "es": "el cuerpo no es JSON: {detail}",
    },
    # Recording.
    "live.error.stale": {
        "en": "the table has moved on (it is at change {seq}; you saw {after}): refresh and "
              "send it again if it still applies",
        "es": "la mesa ha avanzado (va por el cambio {seq}; usted vio el {after}): actualice "
              "y envíelo de nuevo si todavía vale",
    },
    "live.error.key_reused": {
        "en": "the key {key} was used for another line ({text}): send a new event with a new "
              "key",
        "es": "la clave {key} se usó para otra línea ({text}): envíe una jugada nueva con "
              "una clave nueva",
    },
    "live.error.over": {
        "en": "the game is over and its verdict given ({verdict}): nothing more is recorded",
        "es": "la partida terminó y su veredicto está dado ({verdict}): no se anota nada más",
    },
    "live.error.hand_over": {
        "en": "this hand is over and its verdict given ({verdict}): start the next hand",
        "es": "esta mano terminó y su veredicto está dado ({verdict}): empiece la mano "
              "siguiente",
    },
    "live.error.too_many_events": {
        "en": "this table holds {limit} events, the most one table may hold",
        "es": "esta mesa tiene {limit} jugadas, lo máximo que puede tener una mesa",
    },
    "live.error.rate": {
        "en": "more than {rate} changes a second to this table: wait a moment and send it "
              "again",
        "es": "más de {rate} cambios por segundo en esta mesa: espere un momento y envíelo "
              "de nuevo",
    },
    "live.error.busy": {
        "en": "the table is changing too fast to record this: send it again",
        "es": "la mesa cambia demasiado rápido para anotar esto: envíelo de nuevo",
    },
    "live.error.empty_line": {
        "en": "an empty line is not an event: send one event, like 'Ana discard 7h'",
        "es": "una línea vacía no es una jugada: envíe una jugada, como 'Ana descarta 7h'",
    },
    "live.error.two_lines": {
        "en": "send one event line at a time",
        "es": "envíe una línea de jugada cada vez",
    },
    "live.error.not_event": {
        "en": "not an event line (a tag, a deal, stock or up line, or a comment alone): send "
              "one event, like 'Ana discard 7h'; a hand is given with PUT "
              ".../hands/PLAYER",
        "es": "no es una línea de jugada (una etiqueta, una línea reparte, mazo o pozo, o "
              "solo un comentario): envíe una jugada, como 'Ana descarta 7h'; una mano se da "
              "con PUT .../hands/JUGADOR",
    },
    # Hands and the face-up card.
    "live.error.no_seat": {
        "en": "no player {player} plays this hand",
        "es": "ningún jugador {player} juega esta mano",
    },
    "live.error.hand_given": {
        "en": "{player}'s hand was given already (change {seq}): undo that change to give it "
              "again",
        "es": "la mano de {player} ya se dio (cambio {seq}): deshaga ese cambio para darla "
              "de nuevo",
    },
    "live.error.hand_after_event": {
        "en": "{player} has played in this hand: a hand is given before the player's first "
              "event",
        "es": "{player} ya jugó en esta mano: una mano se da antes de la primera jugada del "
              "jugador",
    },
    "live.error.one_line_cards": {
        "en": "give the cards on one line, separated by spaces, with no comment",
        "es": "dé las cartas en una línea, separadas por espacios, sin comentario",
    },
    "live.error.one_card": {
        "en": "give one card, like 10c",
        "es": "dé una carta, como 10c",
    },
    "live.error.no_up": {
        "en": "this game turns no card up to start the pile",
        "es": "en este juego no se da vuelta ninguna carta para empezar el pozo",
    },
    "live.error.up_given": {
        "en": "the face-up card was given already ({card})",
        "es": "la carta del pozo ya se dio ({card})",
    },
    "live.error.up_after_event": {
        "en": "the face-up card is given before the hand's first event",
        "es": "la carta del pozo se da antes de la primera jugada de la mano",
    },
    # Undo and the next hand.
    "live.error.undo_nothing": {
        "en": "nothing to undo in this hand",
        "es": "no hay nada que deshacer en esta mano",
    },
    "live.error.undo_kind": {
        "en": "change {seq} cannot be undone: only the last event (change {last}) or a hand "
              "given can",
        "es": "el cambio {seq} no se puede deshacer: solo la última jugada (cambio {last}) o "
              "una mano dada",
    },
    "live.error.undone": {
        "en": "change {seq} was undone already (change {by})",
        "es": "el cambio {seq} ya se deshizo (cambio {by})",
    },
    "live.error.undo_last": {
        "en": "change {seq} is not the last event: undo the last one first (change {last})",
        "es": "el cambio {seq} no es la última jugada: deshaga primero la última (cambio "
              "{last})",
    },
    "live.error.undo_hand_played": {
        "en": "{player} has played since the hand was given: undo those events first",
        "es": "{player} ya jugó desde que se dio la mano: deshaga antes esas jugadas",
    },
    "live.error.one_game": {
        "en": "a table of this game is one game: there is no next hand",
        "es": "una mesa de este juego es una sola partida: no hay mano siguiente",
    },
    "live.error.hand_not_over": {
        "en": "this hand is not over yet: the next hand starts once it has ended",
        "es": "esta mano no ha terminado: la siguiente empieza cuando termine",
    },
    "live.error.match_over": {
        "en": "the match is over and its verdict given ({verdict})",
        "es": "el partido terminó y su veredicto está dado ({verdict})",
    },
    # The stream.
    "live.error.last_event_id": {
        "en": "{name} must be a change's seq (a whole number), not {value}",
        "es": "{name} debe ser el número de un cambio (un entero), no {value}",
    },
    # What one client may open (api/limits.py): 429, with Retry-After.
    "live.error.create_rate": {
        "en": "this address created {rate} tables in the last minute, the most it may: "
              "wait {seconds} seconds and try again",
        "es": "esta dirección creó {rate} mesas en el último minuto, lo máximo que puede: "
              "espere {seconds} segundos y vuelva a intentarlo",
    },
    "live.error.table_streams": {
        "en": "{limit} phones already watch this table, the most one table may have: close "
              "the table's page in another tab and try again",
        "es": "{limit} teléfonos ya miran esta mesa, lo máximo que puede tener una mesa: "
              "cierre la página de la mesa en otra pestaña y vuelva a intentarlo",
    },
    "live.error.client_streams": {
        "en": "this address already watches {limit} tables, the most it may: close some "
              "tables' pages and try again",
        "es": "esta dirección ya mira {limit} mesas, lo máximo que puede: cierre algunas "
              "páginas de mesas y vuelva a intentarlo",
    },
}
