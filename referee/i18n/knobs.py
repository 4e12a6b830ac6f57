"""Message catalog (knobs): what each house-rule knob means, in English and Spanish.

Keys are ``report.knob.<Name>``; a knob shared by both games (``Decks``,
``RunMin``...) has one text that fits both.
"""

_HELP: dict[str, tuple[str, str]] = {
    "Decks": ("decks in play, French of 52 or as Deck says (argentino: 1 for 2-4 players, "
              "2 for 5 or more)",
              "barajas en juego, francesas de 52 o las que diga Deck (argentino: 1 de 2 a 4 "
              "jugadores, 2 desde 5)"),
    "Jokers": ("jokers in play, in all (argentino: 2 for 2-4 players, 4 for 5 or more; "
               "a Spanish deck: 2 per deck)",
               "comodines en juego, en total (argentino: 2 de 2 a 4 jugadores, 4 desde 5; "
               "baraja española: 2 por baraja)"),
    "Deck": ("the deck: french (52 cards), spanish-48 or spanish-40 (oros, copas, espadas, "
             "bastos; the 40-card deck has no 8 or 9)",
             "la baraja: french (francesa de 52), spanish-48 o spanish-40 (oros, copas, "
             "espadas, bastos; la de 40 no tiene 8 ni 9)"),
    "MinOpen": ("points a first lay-down (bajada) must reach",
                "puntos que debe sumar la primera bajada"),
    "OpenExact": ("the bajada must equal MinOpen exactly",
                  "la bajada debe sumar exactamente MinOpen"),
    "BeatPrevious": ("a bajada must beat the most recent bajada of another player",
                     "una bajada debe superar la bajada más reciente de otro jugador"),
    "RunMin": ("shortest run (escalera)", "escalera más corta permitida"),
    "RunWrap": ("runs may turn the corner at the ace (K-A-2)",
                "las escaleras pueden dar la vuelta por el as (K-A-2)"),
    "AlternateColors": ("sets are laid with alternating colours",
                        "las ternas y cuartas se bajan alternando colores"),
    "MaxJokers": ("most jokers in one meld (none: no cap)",
                  "máximo de comodines en un juego (none: sin límite)"),
    "EarlyDraw": ("the next player may draw before the current player discards",
                  "el siguiente jugador puede robar antes de que descarte el de turno"),
    "LayoffsCount": ("lay-offs onto others' melds count towards the bajada",
                     "lo que se pega en juegos ajenos cuenta para la bajada"),
    "DiscardPegue": ("whose discards are judged for discard-pegue: all, down or off",
                     "a quién se le juzga la carta pegue al descartar: all, down u off"),
    "RequireFinalDiscard": ("a player must keep a card to discard when going out",
                            "para salir hay que guardar una carta para descartar"),
    "CallsRequired": ("a renuncia needs a call to take effect (no: automatic elimination)",
                      "una renuncia solo cuenta si se canta (no: eliminación automática)"),
    "MissedCallCascade": ("players who let a renuncia pass are eliminated with it",
                          "quien deja pasar una renuncia queda eliminado con ella"),
    "RenunciaPays": ("what an eliminated player pays: max (PenaltyCards) or hand",
                     "lo que paga un eliminado: max (PenaltyCards) o hand (su mano)"),
    "PenaltyCards": ("cards an eliminated player pays for with RenunciaPays=max",
                     "cartas que paga un eliminado con RenunciaPays=max"),
    "Stake": ("money per card owed to the winner", "dinero por carta que se le paga al ganador"),
    "SetWilds": ("wild cards a set may hold: one, or distinct (a joker and a mono at most)",
                 "comodines que admite un grupo: one (uno), o distinct (un morrucho y un mono "
                 "a lo sumo)"),
    "LawAt": ("match total above which a player is en ley",
              "puntaje del partido por encima del cual un jugador está en ley"),
    "LawMin": ("points a player en ley must lay down at once the first time in a hand",
               "puntos que debe bajar de una vez un jugador en ley la primera vez en la mano"),
    "Target": ("match total that ends the match", "puntaje que termina el partido"),
    "HandPenalty": ("cards left in hand that count against: all, or wilds only",
                    "cartas en la mano que restan: all (todas) o wilds (solo los comodines)"),
}

MESSAGES: dict[str, dict[str, str]] = {
    f"report.knob.{name}": {"en": en, "es": es} for name, (en, es) in _HELP.items()
}
