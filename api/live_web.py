"""A live table's page, ``/t/{id}`` (docs/live.md): what the template and its script get.

The page is built on the table's public API: the script reads the state
(``GET /v1/tables/{id}``, with the seat's token for its own hand), follows the
stream and posts the changes. The server puts in the page only what the public
sees (the state as a watcher gets it, never a token or a private hand), the
labels of the page's language, and the facts of the game the card picker needs.
Everything goes to the script through ``tojson`` in a ``<script
type="application/json">`` block, and the script sets text only with
``textContent``, so a name, a tag or a card from a request is never markup.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi.responses import HTMLResponse

from referee.api.live.current import variant_of
from referee.api.live.service import LiveTables
from referee.api.live.store import Snapshot
from referee.api.web import SECURITY_HEADERS, environment, translator
from referee.messages import LANGS, catalog, game_title, render
from referee.notation.terminals import spellings

LABEL_PREFIX = "live.page."
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("c", "d", "h", "s")
JOKER = "JK"
# The notation's event keywords, in the language the page writes its lines in (the reader
# takes either: NOTATION.md, "Spanish keywords are accepted everywhere").
KEYWORDS = {
    "en": {"draw": "draw", "take": "take", "meld": "meld", "layoff": "layoff", "on": "on",
           "discard": "discard", "call": "call"},
    "es": {"draw": "roba", "take": "toma", "meld": "baja", "layoff": "pega", "on": "en",
           "discard": "descarta", "call": "canta"},
}
EVENT_TAG = "Event"
# Every spelling of each event keyword (English and Spanish, as the grammar has them): the
# page reads whose event a typed line is, and what it does, before asking about the turn.
VERBS = {"draw": "_DRAW", "take": "_TAKE", "meld": "_MELD", "layoff": "_LAYOFF",
         "discard": "_DISCARD", "call": "_CALL"}


def page_labels(lang: str) -> dict[str, str]:
    """Every ``live.page.`` text in ``lang``, by its short name (what the script shows)."""
    return {key[len(LABEL_PREFIX):]: texts.get(lang) or texts["en"]
            for key, texts in catalog().items() if key.startswith(LABEL_PREFIX)}


def game_facts(game: str, lang: str) -> dict[str, Any]:
    """What the picker needs to know of the game: its title in ``lang``, its cards and
    what its notation allows."""
    variant = variant_of(game)
    return {"name": variant.name, "title": game_title(variant.name, lang, variant.title),
            "ranks": list(RANKS), "suits": list(SUITS), "joker": JOKER,
            "take_whole_pile": variant.take_whole_pile, "face_up_card": variant.face_up_card,
            "calls": "no-calls" not in variant.rule_ids}


def table_urls(table_id: str) -> dict[str, str]:
    api = f"/v1/tables/{table_id}"
    return {"state": api, "stream": f"{api}/stream", "events": f"{api}/events",
            "undo": f"{api}/undo", "hands": f"{api}/hands", "up": f"{api}/up",
            "me": f"{api}/me", "log": f"{api}/log", "trail": f"{api}/trail", "verdict": "/v/",
            "page": f"/t/{table_id}",
            "worker": "/t/live-sw.js"}


@dataclass(frozen=True, slots=True)
class TablePage:
    """A live table's page in one language."""

    snap: Snapshot
    state: dict[str, Any]
    lang: str

    @classmethod
    def of(cls, tables: LiveTables, table_id: str, lang: str | None) -> TablePage:
        """The page of ``table_id`` (an :class:`ApiError` 404 or 422 when there is none),
        in ``lang``, else the table's language."""
        snap = tables.snapshot(table_id)
        code = lang if lang in LANGS else snap.table.lang
        state = tables.states.state(tables, snap, None, code)  # computed once per change
        return cls(snap, state, code)

    @property
    def event(self) -> str | None:
        return next((value for name, value in self.snap.table.tags if name == EVENT_TAG),
                    None)

    @property
    def title(self) -> str:
        t = translator(self.lang)
        event = self.event
        return t("live.page.title_event", event=event) if event else t("live.page.title")

    @property
    def early_draw(self) -> bool:
        """The table's game lets the next player draw before the current one discards
        (51's ``EarlyDraw``): the page asks before any other play out of turn."""
        table = self.snap.table
        config = variant_of(table.game).config(dict(table.tags), len(table.players))
        return bool(getattr(config, "EarlyDraw", False))

    def data(self) -> dict[str, Any]:
        table = self.snap.table
        return {"id": table.id, "lang": self.lang, "table_lang": table.lang,
                "reveal": table.reveal, "event": self.event,
                "game": game_facts(table.game, self.lang),
                "early_draw": self.early_draw, "keywords": KEYWORDS[self.lang],
                "verbs": {action: list(spellings(name)) for action, name in VERBS.items()},
                "urls": table_urls(table.id), "labels": page_labels(self.lang),
                "state": self.state}

    def lang_links(self) -> list[dict[str, Any]]:
        return [{"code": code, "name": render(f"web.lang.{code}", None, code),
                 "href": f"/t/{self.snap.table.id}?lang={code}", "current": code == self.lang}
                for code in LANGS]


def render_table_page(page: TablePage) -> HTMLResponse:
    t = translator(page.lang)
    html = environment().get_template("table.html").render(
        t=t, lang=page.lang, title=page.title, page=page, data=page.data(),
        lang_links=page.lang_links())
    return HTMLResponse(html, headers={**SECURITY_HEADERS, "Cache-Control": "no-store"})
