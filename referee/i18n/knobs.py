"""Message catalog (knobs): what each house-rule knob means, in English and Spanish.

Keys are ``report.knob.<Name>``. Here are the knobs both games have (``Decks``,
``Jokers``, ``RunMin``, ``RunWrap``), in one text that fits every game; a game may
add a note (``report.knob.<Name>@<game>``, shown in brackets after it:
:func:`referee.messages.noted`). A game's own knobs' help is in its words
(:meth:`referee.engine.game.Variant.messages`).
"""

_HELP: dict[str, tuple[str, str]] = {
    "Decks": ("decks in play: French of 52, unless the game's Deck knob names another",
              "barajas en juego: francesas de 52, salvo que el knob Deck del juego diga otra"),
    "Jokers": ("jokers in play, in all", "comodines en juego, en total"),
    "RunMin": ("shortest run (escalera)", "escalera más corta permitida"),
    "RunWrap": ("runs may turn the corner at the ace (K-A-2)",
                "las escaleras pueden dar la vuelta por el as (K-A-2)"),
}

MESSAGES: dict[str, dict[str, str]] = {
    f"report.knob.{name}": {"en": en, "es": es} for name, (en, es) in _HELP.items()
}
