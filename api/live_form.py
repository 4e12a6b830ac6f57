"""The "new table" form (on ``/`` and ``/t/new``) and the page that hands out the links.

The form is read on the server and the table created in process
(:func:`referee.api.live.creation.create_table`, as ``POST /v1/tables`` does), so
the tokens are made and shown in one answer to a POST and never travel in a URL:
the page that answers lists each seat's link (``/t/ID#seat=TOKEN``), the scribe's
(``/t/ID#scribe=TOKEN``) and a QR code of each, drawn by segno as inline SVG, so a
phone at the table joins by pointing its camera. A refusal (a bad player list, a
bad knob value) is the form again, as it was sent, with the referee's message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from ipaddress import ip_address
from urllib.parse import parse_qsl, urlsplit

import segno
from markupsafe import Markup

from referee.api.errors import ApiError
from referee.api.live.creation import create_table
from referee.api.live.service import LiveTables
from referee.api.live.state import REVEALS, SEALED
from referee.api.web import KnobGroup, knob_groups, translator
from referee.games import find_game
from referee.games import games as registered_games
from referee.knobs import all_knobs
from referee.messages import LANGS, game_title

# One player per line (or separated by commas): a space never separates two players, so
# "Abuela María, Beto, Caro" is three players and "Abuela María" a name the table refuses
# with a hint (Abuela_María), never two players.
NAMES = re.compile(r"[\r\n,;]+")
EVENT_TAG = "Event"
DATE_TAG = "Date"
FORM_BYTES = 16 * 1024
# How every QR code is drawn: error correction M (a phone reads it from a screen at an
# angle), a quiet zone of 4 modules, white behind it (some phones' dark mode), and a
# viewBox without a size, so CSS sets its width.
QR_ERROR = "m"
QR_SVG = {"scale": 1, "border": 4, "dark": "#000", "light": "#fff", "omitsize": True,
          "svgclass": "qr", "lineclass": None}


def qr_svg(url: str) -> Markup:
    """A QR code of ``url`` as inline SVG (only the code's path: no text of the URL)."""
    return Markup(segno.make(url, error=QR_ERROR, micro=False).svg_inline(**QR_SVG))


def games(lang: str) -> list[tuple[str, str]]:
    """(Game tag, title in ``lang``) of every game, in the order ``referee rules`` lists
    them."""
    return [(v.name, game_title(v.name, lang, v.title)) for v in registered_games().values()]


@dataclass(slots=True)
class NewTableForm:
    """What the form shows: the values typed and an error to fix."""

    lang: str
    game: str = field(default_factory=lambda: next(iter(registered_games())))
    players: str = ""
    event: str = ""
    reveal: str = SEALED
    table_lang: str = ""
    knobs: dict[str, str] = field(default_factory=dict)
    error: str | None = None

    @property
    def games(self) -> list[tuple[str, str]]:
        return games(self.lang)

    @property
    def reveals(self) -> tuple[str, ...]:
        return REVEALS

    @property
    def langs(self) -> tuple[str, ...]:
        return LANGS

    @property
    def chosen_lang(self) -> str:
        return self.table_lang or self.lang

    def knob_groups(self) -> list[KnobGroup]:
        return knob_groups(self.lang, self.knobs)


def new_table_form(lang: str) -> NewTableForm:
    """The empty form (the Jinja global the page ``/`` calls)."""
    return NewTableForm(lang=lang)


def read_form(body: bytes, lang: str) -> NewTableForm:
    """The form's values from an urlencoded body (no check yet)."""
    values = dict(parse_qsl(body.decode("utf-8", errors="replace"), keep_blank_values=True))
    page_lang = values.get("page_lang", "")
    form = NewTableForm(lang=page_lang if page_lang in LANGS else lang)
    form.game = values.get("game", form.game).strip()
    form.players = values.get("players", "").strip()
    form.event = values.get("event", "").strip()
    reveal = values.get("reveal", SEALED)
    form.reveal = reveal if reveal in REVEALS else SEALED
    table_lang = values.get("table_lang", "")
    form.table_lang = table_lang if table_lang in LANGS else form.lang
    form.knobs = {name: values[name].strip() for name in all_knobs()
                  if values.get(name, "").strip()}
    return form


@dataclass(frozen=True, slots=True)
class SeatLink:
    """A seat's link to the table (the scribe's: no player) and its QR code."""

    player: str | None  # None: the scribe
    url: str
    qr: Markup


@dataclass(frozen=True, slots=True)
class CreatedTable:
    """A table just opened: its links, each with its QR code."""

    id: str
    watch_url: str
    scribe: SeatLink
    seats: list[SeatLink]
    local_host: str | None  # the links name a host other phones cannot reach


def local_host(base: str) -> str | None:
    """The host of ``base`` when it is this machine's loopback (no other phone reaches it)."""
    host = urlsplit(base).hostname or ""
    if host == "localhost":
        return host
    try:
        return host if ip_address(host).is_loopback else None
    except ValueError:
        return None


def open_table(tables: LiveTables, form: NewTableForm, base: str) -> CreatedTable | None:
    """Create the table the form asks for (its links on ``base``, the server's address as
    the browser reached it); None, with ``form.error`` set, when it cannot be opened."""
    t = translator(form.lang)
    variant = find_game(form.game)
    players = [name.strip() for name in NAMES.split(form.players) if name.strip()]
    if variant is None:
        form.error = t("live.form.bad_game")
        return None
    if not players:
        form.error = t("live.form.no_players")
        return None
    tags = {name: value for name, value in form.knobs.items() if variant.has_knob(name)}
    if form.event:
        tags[EVENT_TAG] = form.event
    tags[DATE_TAG] = date.today().isoformat()
    try:
        created = create_table(tables, variant.name, players, tags, form.reveal,
                               form.chosen_lang)
    except ApiError as exc:
        form.error = t("live.form.error", message=exc.message)
        return None
    root = base.rstrip("/")
    page = f"{root}{created['url']}"
    scribe = f"{page}#scribe={created['scribe']['token']}"
    seats = [SeatLink(seat["player"], f"{root}{seat['url']}", qr_svg(f"{root}{seat['url']}"))
             for seat in created["seats"]]
    return CreatedTable(created["id"], page, SeatLink(None, scribe, qr_svg(scribe)), seats,
                        local_host(root))
