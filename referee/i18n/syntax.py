"""Message catalog (syntax): errors in the text of a `.rummy` log and in its tags.

The reader (:mod:`referee.notation.reader`) picks a key and its parameters; parameters
hold text as the log spells it (``after`` is the word before the error, ``word``
the word at it), so both languages can quote it.
"""

MESSAGES: dict[str, dict[str, str]] = {
    # A file (or body) whose bytes are not text: what (referee.notation.encoding), then
    # what the bytes look like, then how to fix it, joined as "what: looks; fix".
    "file.not-utf8": {
        "en": "not UTF-8 text: byte {byte} at line {line}, column {column}",
        "es": "no es texto UTF-8: byte {byte} en la línea {line}, columna {column}",
    },
    "file.not-encoding": {
        "en": "not {encoding} text: byte {byte} at line {line}, column {column}",
        "es": "no es texto {encoding}: byte {byte} en la línea {line}, columna {column}",
    },
    "file.control": {
        "en": "not text: {count} of its {chars} characters are control characters (more than "
        "one in ten; the first, {char}, at line {line}, column {column})",
        "es": "no es texto: {count} de sus {chars} caracteres son caracteres de control (más de "
        "uno de cada diez; el primero, {char}, en la línea {line}, columna {column})",
    },
    "file.looks-cp1252": {
        "en": "it looks like Latin-1 / Windows-1252 (read that way, the line says \"{sample}\")",
        "es": "parece Latin-1 / Windows-1252 (leída así, la línea dice \"{sample}\")",
    },
    "file.looks-utf16": {
        "en": "it looks like UTF-16 (two bytes a character)",
        "es": "parece UTF-16 (dos bytes por carácter)",
    },
    "file.looks-utf32": {
        "en": "it looks like UTF-32 (four bytes a character)",
        "es": "parece UTF-32 (cuatro bytes por carácter)",
    },
    "file.looks-unknown": {
        "en": "it does not look like text in an encoding the referee can guess",
        "es": "no parece texto en una codificación que el árbitro pueda adivinar",
    },
    "file.fix-cli": {
        "en": "save it as UTF-8 (for example: iconv -f {encoding} -t UTF-8 FILE > NEW.rummy), or "
        "audit it as it is with --encoding {encoding}",
        "es": "guárdelo como UTF-8 (por ejemplo: iconv -f {encoding} -t UTF-8 ARCHIVO > "
        "NUEVO.rummy), o audítelo tal cual con --encoding {encoding}",
    },
    "file.fix-cli-unknown": {
        "en": "save it as UTF-8, or name its encoding with --encoding NAME",
        "es": "guárdelo como UTF-8, o indique su codificación con --encoding NOMBRE",
    },
    "file.fix-api": {
        "en": "send the log as UTF-8 text",
        "es": "envíe el registro como texto UTF-8",
    },
    "file.changed": {
        "en": "the file changed while it was being read",
        "es": "el archivo cambió mientras se leía",
    },
    "file.unknown-encoding": {
        "en": "unknown encoding '{encoding}' (try utf-8, cp1252, latin-1 or utf-16)",
        "es": "codificación desconocida '{encoding}' (pruebe utf-8, cp1252, latin-1 o utf-16)",
    },
    # A problem carried as a sentence already rendered (``params["message"]``).
    "syntax-error": {"en": "{message}", "es": "{message}"},
    # Lines that cannot be read.
    "no-tags": {
        "en": 'text before the first tag: a game starts with tag lines like [Game "51"]',
        "es": "texto antes de la primera etiqueta: una partida empieza con etiquetas como "
        '[Game "51"]',
    },
    "expected-line": {
        "en": "expected a player's name at the start of the line, like 'Ana draw 7h'",
        "es": "se esperaba el nombre de un jugador al principio de la línea, como 'Ana roba 7h'",
    },
    "expected-event": {
        "en": "expected an event (draw, take, meld, layoff, discard, call) after the player's name",
        "es": "se esperaba una jugada (roba, toma, baja, pega, descarta, canta) después del nombre "
        "del jugador",
    },
    "unknown-event-word": {
        "en": "unknown word '{word}': expected draw, take, meld, layoff, discard or call",
        "es": "palabra desconocida '{word}': se esperaba roba, toma, baja, pega, descarta o canta",
    },
    "unknown-event-word:hint": {
        "en": "unknown word '{word}': did you mean '{hint}'? (expected draw, take, meld, layoff, "
        "discard or call)",
        "es": "palabra desconocida '{word}': ¿quiso decir '{hint}'? (se esperaba roba, toma, baja, "
        "pega, descarta o canta)",
    },
    "unknown-setup-word:hint": {
        "en": "unknown word '{word}': did you mean '{hint}'? (a line starts with a player's name, "
        "or with deal, stock or up)",
        "es": "palabra desconocida '{word}': ¿quiso decir '{hint}'? (una línea empieza con el "
        "nombre de un jugador, o con reparte, mazo o pozo)",
    },
    "missing-player": {
        "en": "expected a player's name before '{keyword}', like 'Ana {keyword} ...'",
        "es": "falta el nombre del jugador antes de '{keyword}', como en 'Ana {keyword} ...'",
    },
    "setup-after-events": {
        "en": "a '{keyword}' line must come before the first event of the game",
        "es": "una línea '{keyword}' debe ir antes de la primera jugada de la partida",
    },
    "expected-card": {
        "en": "expected a card like {card} or JK after '{after}'",
        "es": "se esperaba una carta como {card} o JK después de '{after}'",
    },
    "expected-card-draw": {
        "en": "expected a card like {card} or JK, ?? or the end of the line after '{after}'",
        "es": "se esperaba una carta como {card} o JK, ?? o el final de la línea "
        "después de '{after}'",
    },
    "expected-card-or-unseen": {
        "en": "expected a card like {card} or JK, or ?? for a card nobody saw, after '{after}'",
        "es": "se esperaba una carta como {card} o JK, o ?? para una carta que nadie vio, "
        "después de '{after}'",
    },
    "expected-take": {
        "en": "expected the cards taken (like {card}, or ?? for one nobody saw) or the end of the "
        "line after '{after}'",
        "es": "se esperaban las cartas tomadas (como {card}, o ?? para una que nadie vio) o el "
        "final de la línea después de '{after}'",
    },
    "expected-card-or-end": {
        "en": "expected another card like {card} or JK, or the end of the line, after '{after}'",
        "es": "se esperaba otra carta como {card} o JK, o el final de la línea, "
        "después de '{after}'",
    },
    "bad-card": {
        "en": "'{word}' is not a card: a card is a rank (A, 2 to 10 or T, J, Q, K) then a suit "
        "(c, d, h, s or ♣ ♦ ♥ ♠), like 7h or 10♦; JK is a joker (JK=6h when it stands for 6h)",
        "es": "'{word}' no es una carta: una carta es un valor (A, 2 a 10 o T, J, Q, K) y un palo "
        "(c, d, h, s o ♣ ♦ ♥ ♠), como 7h o 10♦; JK es un comodín (JK=6h si reemplaza al 6h)",
    },
    "deal-supply": {
        "en": "the deal needs {need} cards ({players} players) but {decks} decks of {size} and "
        "{jokers} jokers hold {have}: add a deck: [Decks \"{fix}\"]",
        "es": "el reparto necesita {need} cartas ({players} jugadores) pero {decks} barajas de "
        "{size} y {jokers} comodines tienen {have}: agregue una baraja: [Decks \"{fix}\"]",
    },
    "bad-card:spanish": {
        "en": "'{word}' is not a card: a card is a rank (A, 2 to 10 or T, J, Q, K) then a suit "
        "(c, d, h, s or ♣ ♦ ♥ ♠), like 7h or 10♦; the ranks 1, 11 and 12 and the suits o, e "
        "and b are the Spanish deck's: a game played with it says [Deck \"spanish-48\"] (or "
        "spanish-40) among its tags",
        "es": "'{word}' no es una carta: una carta es un valor (A, 2 a 10 o T, J, Q, K) y un palo "
        "(c, d, h, s o ♣ ♦ ♥ ♠), como 7h o 10♦; los valores 1, 11 y 12 y los palos o, e y b "
        "son de la baraja española: una partida jugada con ella dice [Deck \"spanish-48\"] "
        "(o spanish-40) en sus etiquetas",
    },
    "bad-card:french-suit": {
        "en": "'{word}' is not a card: a Spanish deck's suits are o (oros), c (copas), "
        "e (espadas), b (bastos)",
        "es": "'{word}' no es una carta: los palos de la baraja española son o (oros), "
        "c (copas), e (espadas), b (bastos)",
    },
    "bad-card:letter-rank": {
        "en": "'{word}' is not a card: the sota, caballo and rey are 10, 11 and 12",
        "es": "'{word}' no es una carta: la sota, el caballo y el rey son 10, 11 y 12",
    },
    "bad-card:no-8-9": {
        "en": "'{word}' is not a card: a 40-card Spanish deck has no 8 or 9; "
        "[Deck \"spanish-48\"] has them",
        "es": "'{word}' no es una carta: la baraja española de 40 cartas no tiene 8 ni 9; "
        "[Deck \"spanish-48\"] los tiene",
    },
    "bad-card:spanish-deck": {
        "en": "'{word}' is not a card: under a Spanish deck a card is a rank (1 to 12, or A "
        "for 1) then a suit (o, c, e, b), like 7o or 12b; JK is a joker (JK=7o when it "
        "stands for 7o)",
        "es": "'{word}' no es una carta: con baraja española una carta es un valor (1 a 12, "
        "o A por 1) y un palo (o, c, e, b), como 7o o 12b; JK es un comodín (JK=7o si "
        "reemplaza al 7o)",
    },
    "card-case": {
        "en": "'{word}' is not a card: card text is case-sensitive, write {card}",
        "es": "'{word}' no es una carta: las cartas distinguen mayúsculas y minúsculas, "
        "escriba {card}",
    },
    "expected-on": {
        "en": "expected 'on' and a meld number after '{after}', like 'layoff 8d on 2'",
        "es": "se esperaba 'en' y un número de juego después de '{after}', como 'pega 8d en 2'",
    },
    "expected-meld-number": {
        "en": "expected a meld number like 2 after '{after}'",
        "es": "se esperaba un número de juego como 2 después de '{after}'",
    },
    "meld-number-too-long": {
        "en": "'{word}' is too long for a meld number: at most {digits} digits",
        "es": "'{word}' es demasiado largo para un número de juego: {digits} dígitos como máximo",
    },
    "name-too-long": {
        "en": "'{word}' is too long for a player's name: at most {max} characters",
        "es": "'{word}' es demasiado largo para el nombre de un jugador: {max} caracteres como "
        "máximo",
    },
    "expected-player": {
        "en": "expected a player's name after '{after}'",
        "es": "se esperaba el nombre de un jugador después de '{after}'",
    },
    "expected-colon": {
        "en": "expected ':' and the cards after '{after}'",
        "es": "se esperaba ':' y las cartas después de '{after}'",
    },
    "expected-end": {
        "en": "expected the end of the line after '{after}'",
        "es": "se esperaba el final de la línea después de '{after}'",
    },
    "expected-tag-name": {
        "en": "expected a tag name like Game after '['",
        "es": "se esperaba el nombre de una etiqueta, como Game, después de '['",
    },
    "expected-tag-value": {
        "en": "expected the tag's value in double quotes after '{after}', like [Game \"51\"]",
        "es": "se esperaba el valor de la etiqueta entre comillas dobles después de '{after}', "
        'como [Game "51"]',
    },
    "bad-tag-value": {
        "en": 'a tag value is text in double quotes on one line; inside it a backslash may only '
        'come before " or \\',
        "es": "el valor de una etiqueta es un texto entre comillas dobles en una sola línea; "
        'dentro, una barra invertida solo puede ir antes de " o de \\',
    },
    "expected-tag-close": {
        "en": "expected ']' to close the tag after '{after}'",
        "es": "se esperaba ']' para cerrar la etiqueta después de '{after}'",
    },
    "control-character": {
        "en": "a control character ({char}) is not text: delete it (a log holds printable "
        "characters, tabs and line ends only; such a character comes from a damaged file, a "
        "copy from a terminal or a file saved as UTF-16)",
        "es": "un carácter de control ({char}) no es texto: bórrelo (un registro solo tiene "
        "caracteres imprimibles, tabuladores y finales de línea; ese carácter viene de un "
        "archivo dañado, de una copia desde una terminal o de un archivo guardado como UTF-16)",
    },
    "unexpected": {
        "en": "unexpected text after '{after}'",
        "es": "texto inesperado después de '{after}'",
    },
    # Problems in the tags and setup lines of a game.
    "missing-tag": {
        "en": "the game has no {tag} tag (every game needs Game and Players)",
        "es": "la partida no tiene la etiqueta {tag} (toda partida necesita Game y Players)",
    },
    "missing-tag:hint": {
        "en": "the game has no {tag} tag (every game needs Game and Players): did you mean "
        "{tag} here instead of {hint}?",
        "es": "la partida no tiene la etiqueta {tag} (toda partida necesita Game y Players): "
        "¿quiso decir {tag} aquí en lugar de {hint}?",
    },
    "tags-after-events": {
        "en": "the tag {tag} comes after the events of the game: a game's tags all go at its "
        "start, before its first line (this one is not read)",
        "es": "la etiqueta {tag} viene después de las jugadas de la partida: todas las etiquetas "
        "van al principio de la partida, antes de su primera línea (esta no se lee)",
    },
    "unknown-game": {
        "en": "unknown game '{value}': the Game tag must be one of {known}",
        "es": "juego desconocido '{value}': la etiqueta Game debe ser uno de {known}",
    },
    "player-count": {
        "en": "a game has {low} to {high} players, but the Players tag names {count}",
        "es": "una partida tiene de {low} a {high} jugadores, pero la etiqueta Players "
        "nombra {count}",
    },
    "player-twice": {
        "en": "the player '{name}' is named twice in the Players tag",
        "es": "el jugador '{name}' aparece dos veces en la etiqueta Players",
    },
    "player-keyword": {
        "en": "'{name}' cannot be a player's name: it is a keyword of the notation",
        "es": "'{name}' no puede ser el nombre de un jugador: es una palabra clave de la notación",
    },
    "player-too-long": {
        "en": "'{name}' is too long for a player's name: at most {max} characters",
        "es": "'{name}' es demasiado largo para el nombre de un jugador: {max} caracteres como "
        "máximo",
    },
    "player-characters": {
        "en": "'{name}' is not a valid player name: use only letters, digits, _ and -",
        "es": "'{name}' no es un nombre de jugador válido: use solo letras, dígitos, _ y -",
    },
    "bad-knob": {
        "en": "bad value for the house rule {tag}: {detail}",
        "es": "valor no válido para la regla de la casa {tag}: {detail}",
    },
    "tag-twice": {
        "en": "the tag {tag} appears twice in this game (first at line {first})",
        "es": "la etiqueta {tag} aparece dos veces en esta partida (primero en la línea {first})",
    },
    "deal-twice": {
        "en": "{player} already has a deal line (line {first})",
        "es": "{player} ya tiene una línea de reparto (línea {first})",
    },
    "up-twice": {
        "en": "the face-up card is already given (line {first})",
        "es": "la carta del pozo ya está dada (línea {first})",
    },
    "take-one-card": {
        "en": "under {game}, take names the one card it takes from the discard pile, "
        "like 'take 7h'",
        "es": "en {game}, toma nombra la única carta que recoge del descarte, como 'toma 7h'",
    },
    "no-up-line": {
        "en": "{game} has no face-up card: an 'up:' line starts the pile only in the games "
        "that deal one ({games})",
        "es": "{game} no tiene carta boca arriba: una línea 'pozo:' abre el descarte solo en "
        "los juegos que la reparten ({games})",
    },
    "no-wild-two": {
        "en": "under {game} a 2 cannot stand for another card ({card}): only a joker can, "
        "like JK=6h",
        "es": "en {game} un 2 no puede reemplazar a otra carta ({card}): solo un comodín, "
        "como JK=6h",
    },
    # Notices: the game is read, but something in it is probably not what was meant.
    "unknown-tag": {
        "en": "unknown tag {tag}, ignored: did you mean the house rule {hint}?",
        "es": "etiqueta desconocida {tag}, ignorada: ¿quiso decir la regla de la casa {hint}?",
    },
    "knob-not-applicable": {
        "en": "{tag} does not apply under the {deck} deck: its suits have no colours; the tag "
        "is kept and changes nothing",
        "es": "{tag} no se aplica con la baraja {deck}: sus palos no tienen colores; la "
        "etiqueta se conserva y no cambia nada",
    },
    "unknown-tag:result": {
        "en": "unknown tag {tag}, ignored: did you mean {hint}?",
        "es": "etiqueta desconocida {tag}, ignorada: ¿quiso decir {hint}?",
    },
    "stock-twice": {
        "en": "the stock is already given (line {first})",
        "es": "el mazo ya está dado (línea {first})",
    },
}
