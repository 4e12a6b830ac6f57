"""The club nights' pages (docs/tutorials/club-night.md): the board ``/n/{id}`` (phone
first; ``?tv=1`` for a screen on the wall; ``#player=TOKEN`` a player's view,
``#organizer=TOKEN`` the organizer's), the night's report as one self-contained HTML
file (``/n/{id}/report.html``: no script, no external asset, printable on A4) and
the standings as CSV (``/n/{id}/standings.csv``), and the sheet of passes with their
QR codes (``POST /n/{id}/passes`` with the organizer's token: the organizer's view
prints it; the token is never in a URL).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from referee.api.deps import nights_of, public_base, read_limited, same_site, settings_of
from referee.api.errors import ApiError
from referee.api.live_form import qr_svg
from referee.api.nights.creation import passes
from referee.api.store.ids import ID_FORMAT, is_verdict_id
from referee.api.web import SECURITY_HEADERS, environment, error_page, translator
from referee.knobs import shown
from referee.messages import LANGS, render
from referee.night.html import report_html
from referee.night.report import standings_csv

router = APIRouter(include_in_schema=False)

NO_STORE = {**SECURITY_HEADERS, "Cache-Control": "no-store"}
# The report holds its style and nothing else: no script may run in it.
REPORT_HEADERS = {"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
                                             "img-src data:; base-uri 'none'; "
                                             "form-action 'none'",
                  "X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin"}
WORDS = ("night.board.", "night.flag.", "night.action.", "night.state.", "night.col.",
         "night.standings",
         "night.round", "night.table", "night.byes", "night.starter", "night.game",
         "night.winner", "night.no_winner", "night.verdict", "live.error.no_token")


def _lang(request: Request, lang: str | None, fallback: str) -> str:
    code = (lang or "").lower()
    return code if code in LANGS else fallback


def _words(lang: str) -> dict[str, str]:
    from referee.i18n.night import MESSAGES

    return {key: entry.get(lang) or entry["en"] for key, entry in MESSAGES.items()
            if key.startswith(WORDS)}


async def _night(request: Request, night_id: str, lang: str) -> tuple[int, dict[str, Any]]:
    if not is_verdict_id(night_id):
        raise ApiError(422, render("night.error.bad_id", {"id": shown(night_id),
                                                         "format": ID_FORMAT}, lang))
    return await run_in_threadpool(nights_of(request).night, night_id)


@router.get("/n/{night_id}", response_class=HTMLResponse)
async def board(request: Request, night_id: str, lang: str | None = None,
                tv: str | None = None) -> Response:
    fallback = settings_of(request).lang
    try:
        version, data = await _night(request, night_id, _lang(request, lang, fallback))
    except ApiError as exc:
        return error_page(_lang(request, lang, fallback), exc.status, exc.message)
    code = _lang(request, lang, data.get("lang") or fallback)
    t = translator(code)
    links = [{"code": c, "name": render(f"web.lang.{c}", None, c),
              "href": f"/n/{night_id}?lang={c}" + ("&tv=1" if tv else ""),
              "current": c == code} for c in LANGS]
    html = environment().get_template("night.html").render(
        t=t, lang=code, title=t("night.board.title", name=data["name"]), lang_links=links,
        night=data, tv=bool(tv), script={"night": data, "version": version,
                                        "words": _words(code), "lang": code, "tv": bool(tv)})
    return HTMLResponse(html, headers=NO_STORE)


@router.get("/n/{night_id}/report.html", response_class=HTMLResponse)
async def report_page(request: Request, night_id: str, lang: str | None = None) -> Response:
    fallback = settings_of(request).lang
    code = _lang(request, lang, fallback)
    if not is_verdict_id(night_id):
        return error_page(code, 422, render("night.error.bad_id", {
            "id": shown(night_id), "format": ID_FORMAT}, code))
    try:
        view, _ = await run_in_threadpool(nights_of(request).report, night_id)
    except ApiError as exc:
        return error_page(code, exc.status, exc.message)
    root = public_base(request)
    html = report_html(view, code, verdict_url=lambda vid: f"{root}/v/{vid}")
    return HTMLResponse(html, headers={**REPORT_HEADERS, "Cache-Control": "no-store",
                                       "Content-Disposition":
                                           f'inline; filename="night-{night_id}.html"'})


@router.get("/n/{night_id}/standings.csv")
async def standings_file(request: Request, night_id: str) -> Response:
    code = settings_of(request).lang
    if not is_verdict_id(night_id):
        return error_page(code, 422, render("night.error.bad_id", {
            "id": shown(night_id), "format": ID_FORMAT}, code))
    try:
        view, _ = await run_in_threadpool(nights_of(request).report, night_id)
    except ApiError as exc:
        return error_page(code, exc.status, exc.message)
    return Response(standings_csv(view.standings), media_type="text/csv; charset=utf-8",
                    headers={"Cache-Control": "no-store", "Content-Disposition":
                             f'attachment; filename="standings-{night_id}.csv"'})


@router.post("/n/{night_id}/passes", response_class=HTMLResponse)
async def passes_sheet(request: Request, night_id: str) -> Response:
    """One sheet to print: every player's pass, its link and QR code (the organizer's
    token in the form's body)."""
    code = settings_of(request).lang
    if not same_site(request):
        return error_page(code, 403, render("web.cross_site", None, code))
    body = await read_limited(request, 4096)
    token = (parse_qs(body.decode("utf-8", errors="replace")).get("token") or [""])[0]
    nights = nights_of(request)
    try:
        snap = await run_in_threadpool(nights.snapshot, night_id)
        nights.organizer(snap, token or None)
    except ApiError as exc:
        return error_page(code, exc.status, exc.message)
    lang = _lang(request, request.query_params.get("lang"), snap.night.lang)
    t = translator(lang)
    root = public_base(request)
    given = passes(token, night_id, [p.player for p in snap.players])
    cards = [{"player": player, "url": f"{root}/n/{night_id}#player={secret}",
              "qr": qr_svg(f"{root}/n/{night_id}#player={secret}")}
             for player, secret in given.items()]
    organizer = f"{root}/n/{night_id}#organizer={token}"
    html = environment().get_template("night_passes.html").render(
        t=t, lang=lang, title=t("night.passes.title", name=snap.night.name), lang_links=[],
        name=snap.night.name, cards=cards,
        organizer={"url": organizer, "qr": qr_svg(organizer)})
    return HTMLResponse(html, headers=NO_STORE)
