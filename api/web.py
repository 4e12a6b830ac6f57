"""The page's rendering: Jinja2 templates, the form's state, the data the script reads.

Templates autoescape everything (text from a log is never markup), and the data
for the script goes into a ``<script type="application/json">`` block through
``tojson``, which escapes ``<``, ``>`` and ``&``. Every text is from the
``web.`` and ``report.`` catalogs, in the page's language. A game's own fields are
drawn by its template (:meth:`~referee.engine.game.Variant.page_template`), loaded
as ``game/NAME.html``; the knob form is built from the registered games.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from fastapi.responses import HTMLResponse
from jinja2 import ChoiceLoader, Environment, FileSystemLoader, FunctionLoader, StrictUndefined

from referee import __version__
from referee.api.store.verdicts import Verdict
from referee.games import find_game, games
from referee.knobs import all_knobs
from referee.messages import LANGS, catalog, game_title, noted, render

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
        "frame-ancestors 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}

GAME_TEMPLATE = "game/{}.html"  # a game's own part of its games' articles

# Raw templates the script formats itself ({name} placeholders), by short name.
SCRIPT_LABELS = {
    "position": "web.position", "position_start": "web.position_start",
    "loading": "web.loading", "load_failed": "web.load_failed",
    "hidden_cards": "web.hidden_cards", "cards_count": "web.cards_count",
    "on_line": "web.on_line", "pile": "web.pile", "pile_size": "web.pile_size",
    "stock": "web.stock", "empty": "web.empty", "turn": "web.turn", "to_play": "web.to_play",
    "out": "web.out_badge", "down": "web.down_badge", "winner": "web.winner_badge",
    "game_over": "web.game_over", "meld_title": "web.meld_title", "joker": "web.joker",
    "melds": "report.melds", "no_melds": "report.no_melds", "open_renuncias":
    "report.open_renuncias", "meld_set": "report.meld.set", "meld_run": "report.meld.run",
    "meld_invalid": "report.meld.invalid", "copied": "web.copied",
    "file_loaded": "web.file_loaded", "event_line": "web.event_line",
    "kind_renuncia": "report.kind.renuncia", "kind_log-error": "report.kind.log-error",
    "kind_notice": "report.kind.notice", "kind_syntax-error": "report.kind.syntax-error",
}


@cache
def static_url(name: str) -> str:
    """``/static/NAME?v=HASH``: a new file is a new URL, so browsers never mix versions."""
    digest = hashlib.sha256((STATIC / name).read_bytes()).hexdigest()[:12]
    return f"/static/{name}?v={digest}"


def _game_template(name: str) -> str | None:
    """The source of ``game/NAME.html``: the game's own template (None: no such game)."""
    prefix, _, rest = name.partition("/")
    if prefix != "game" or not rest.endswith(".html"):
        return None
    game = find_game(rest.removesuffix(".html"))
    return None if game is None else game.page_template()


def game_template(ruleset: str | None) -> str | None:
    """The name of the template of a game's own fields, or None (no such game, or one
    with no fields of its own)."""
    game = find_game(ruleset)
    if game is None or game.page_template() is None:
        return None
    return GAME_TEMPLATE.format(game.name)


@cache
def environment() -> Environment:
    loader = ChoiceLoader([FileSystemLoader(TEMPLATES), FunctionLoader(_game_template)])
    env = Environment(loader=loader, autoescape=True, undefined=StrictUndefined,
                      trim_blocks=True, lstrip_blocks=True)
    env.globals["static"] = static_url
    env.globals["langs"] = LANGS
    env.globals["version"] = __version__
    env.globals["game_template"] = game_template
    from referee.api.live_form import new_table_form  # the "new table" form on / (live.md)

    env.globals["new_table_form"] = new_table_form
    return env


def translator(lang: str) -> Callable[..., str]:
    def t(key: str, **params: Any) -> str:
        return render(key, params, lang)

    return t


def script_labels(lang: str) -> dict[str, str]:
    messages = catalog()
    return {short: messages[key].get(lang) or messages[key]["en"]
            for short, key in SCRIPT_LABELS.items()}


# --------------------------------------------------------------------------- the form


@dataclass(frozen=True, slots=True)
class KnobField:
    """A house-rule field of the form: its name, help, default, choices and value."""

    name: str
    help: str
    default: str
    choices: tuple[str, ...]  # empty: a free text field
    value: str


@dataclass(frozen=True, slots=True)
class KnobGroup:
    """The form's house-rule fields of one game, under its title."""

    title: str
    fields: tuple[KnobField, ...]


def knob_choices(name: str) -> tuple[str, ...]:
    """The values a knob takes when it is a choice (yes/no, or an enum), else () (a text
    field): its reader's ``choices``."""
    knob = all_knobs().get(name)
    return () if knob is None else knob.choices


def _shown(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def knob_groups(lang: str, values: Mapping[str, str]) -> list[KnobGroup]:
    """The knob fields, grouped by the games that have them (shared knobs first)."""
    t = translator(lang)
    variants = list(games().values())
    defaults = {v.name: v.defaults_json() for v in variants}
    groups: dict[tuple[str, ...], list[KnobField]] = {}
    for name, knob in all_knobs().items():
        having = [v for v in variants if v.has_knob(name)]
        default = " · ".join(
            f"{v.name}: {_shown(defaults[v.name][name])}" if len(having) > 1
            else _shown(defaults[v.name][name]) for v in having)
        groups.setdefault(knob.games, []).append(KnobField(
            name=name, help=noted(f"report.knob.{name}", lang),
            default=t("web.knob_default", default=default), choices=knob_choices(name),
            value=values.get(name, "")))
    titles = {v.name: game_title(v.name, lang, v.title) for v in variants}
    ordered = sorted(groups.items(), key=lambda item: -len(item[0]))
    return [KnobGroup(title=t("web.rules_of", game=" · ".join(titles[g] for g in names)),
                      fields=tuple(fields)) for names, fields in ordered]


@dataclass(slots=True)
class FormState:
    """What the form shows: the log and knobs typed, and an error to fix."""

    log: str = ""
    knobs: dict[str, str] = field(default_factory=dict)
    error: str | None = None


# --------------------------------------------------------------------------- the verdict


@dataclass(frozen=True, slots=True)
class VerdictView:
    """A verdict to show: the report in the page's language and where it came from."""

    report: dict[str, Any]
    log: str
    knobs: dict[str, str]
    id: str | None = None  # None: audited, not shared
    url: str | None = None
    referee_version: str = __version__
    created: str | None = None

    @classmethod
    def of(cls, verdict: Verdict, lang: str, url: str | None) -> VerdictView:
        stored = url is not None
        return cls(report=verdict.report(lang), log=verdict.log, knobs=verdict.knobs,
                   id=verdict.id if stored else None, url=url,
                   referee_version=verdict.referee_version,
                   created=verdict.created_at.strftime("%Y-%m-%d %H:%M UTC") if stored
                   else None)

    @property
    def lines(self) -> list[str]:
        lines = self.log.split("\n")
        if len(lines) > 1 and lines[-1] == "":
            lines.pop()
        return lines

    def flagged(self) -> dict[int, str]:
        """Lines that hold a finding, with the most serious kind among them."""
        order = {"renuncia": 0, "log-error": 1, "syntax-error": 2, "notice": 3}
        marks: dict[int, str] = {}
        for game in self.report["games"]:
            for finding in game["findings"]:
                line, kind = finding["line"], finding["kind"]
                if line not in marks or order.get(kind, 9) < order.get(marks[line], 9):
                    marks[line] = kind
        return marks

    def games_data(self, lang: str) -> list[dict[str, Any]]:
        """Each game's first and last line, its title in ``lang`` and its findings, for the
        script."""
        games = self.report["games"]
        total = len(self.lines)
        out = []
        for i, game in enumerate(games):
            last = games[i + 1]["line"] - 1 if i + 1 < len(games) else total
            title = game["tags"].get("Event") or render("report.game",
                                                        {"index": game["index"]}, lang)
            out.append({"index": game["index"], "line": game["line"], "last": last,
                        "title": title, "deck": game.get("rules", {}).get("Deck", "french"),
                        "findings": [{k: f.get(k) for k in ("line", "kind", "rule", "player",
                                                            "message")}
                                     for f in game["findings"]]})
        return out


def timeline_source(view: VerdictView, lang: str) -> dict[str, Any]:
    """Where the script fetches a game's step-through."""
    if view.id is not None:
        return {"method": "GET", "url": f"/v1/verdicts/{view.id}/timeline",
                "query": {"lang": lang}}
    return {"method": "POST", "url": "/v1/timeline", "query": {"lang": lang, **view.knobs}}


def spanish_names(lang: str) -> dict[str, Any]:
    """The Spanish deck's suit and figure names in ``lang``, for the script's cards."""
    from referee.cards import SPANISH_48, SUIT_NAMES, rank_name

    es = lang == "es"
    return {"suits": {suit.letter: SUIT_NAMES[suit][1 if es else 0] for suit in SPANISH_48.suits},
            "ranks": {str(int(rank)): rank_name(rank, True, lang) for rank in SPANISH_48.ranks},
            "of": "{rank} de {suit}" if es else "{rank} of {suit}"}


def page_data(view: VerdictView | None, lang: str) -> dict[str, Any]:
    data: dict[str, Any] = {"lang": lang, "labels": script_labels(lang),
                            "spanish": spanish_names(lang)}
    if view is not None:
        data["games"] = view.games_data(lang)
        data["timeline"] = timeline_source(view, lang)
    return data


# --------------------------------------------------------------------------- responses


def lang_links(lang: str, view: VerdictView | None) -> list[dict[str, Any]]:
    """The language switch: plain links, or (for an audit not shared) form buttons."""
    links = []
    for code in LANGS:
        if view is not None and view.id is None:
            href = None
        elif view is not None:
            href = f"/v/{view.id}?lang={code}"
        else:
            href = f"/?lang={code}"
        links.append({"code": code, "name": render(f"web.lang.{code}", None, code),
                      "href": href, "current": code == lang})
    return links


def render_page(lang: str, form: FormState, view: VerdictView | None,
                status: int = 200) -> HTMLResponse:
    t = translator(lang)
    title = t("web.brand")
    if view is not None and view.report["games"]:
        event = view.report["games"][0]["tags"].get("Event")
        if event:
            title = f"{event} · {title}"
    html = environment().get_template("page.html").render(
        t=t, lang=lang, title=title, form=form, view=view,
        knob_groups=knob_groups(lang, form.knobs), lang_links=lang_links(lang, view),
        data=page_data(view, lang), current_version=__version__,
    )
    return HTMLResponse(html, status_code=status, headers=SECURITY_HEADERS)


def error_page(lang: str, status: int, message: str) -> HTMLResponse:
    t = translator(lang)
    html = environment().get_template("error.html").render(
        t=t, lang=lang, title=t("web.error", status=status), status=status, message=message,
        lang_links=[])
    return HTMLResponse(html, status_code=status, headers=SECURITY_HEADERS)
