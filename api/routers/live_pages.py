"""The live tables' pages (docs/live.md): ``GET /t/new`` (the "new table" form, also on
``/``), ``POST /t/new`` (open the table: the page with each seat's link and QR code),
``GET /t/{id}`` (a table's page: unknown ids are 404, malformed ones 422), and
``GET /t/live-sw.js``, the service worker that opens a table's page again with no
connection (``api/static/live-sw.js``; served here so that its scope is ``/t/``), and
``POST /t/{id}/qr``, the QR code of a seat's new link for the scribe's page.

The page that hands out the links answers the POST itself (``Cache-Control:
no-store``): the tokens are in no URL the browser requests and in no log line.
"""

from __future__ import annotations

import json
import re

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from referee.api.deps import (
    created_too_fast,
    live_of,
    public_base,
    read_limited,
    same_site,
    settings_of,
)
from referee.api.errors import ApiError
from referee.api.live.cache import read
from referee.api.live_form import (
    FORM_BYTES,
    CreatedTable,
    NewTableForm,
    new_table_form,
    open_table,
    qr_svg,
    read_form,
)
from referee.api.live_web import TablePage, render_table_page
from referee.api.store.ids import ID_FORMAT, is_verdict_id
from referee.api.web import SECURITY_HEADERS, STATIC, environment, error_page, translator
from referee.knobs import shown
from referee.messages import LANGS, render

router = APIRouter(include_in_schema=False)

NO_STORE = {**SECURITY_HEADERS, "Cache-Control": "no-store"}


def _lang(request: Request, lang: str | None) -> str:
    code = (lang or "").lower()
    return code if code in LANGS else settings_of(request).lang


def _form_page(form: NewTableForm, status: int = 200) -> HTMLResponse:
    t = translator(form.lang)
    links = [{"code": code, "name": render(f"web.lang.{code}", None, code),
              "href": f"/t/new?lang={code}", "current": code == form.lang} for code in LANGS]
    html = environment().get_template("new_table.html").render(
        t=t, lang=form.lang, title=t("live.form.title"), form=form, lang_links=links)
    return HTMLResponse(html, status_code=status, headers=NO_STORE)


def _created_page(form: NewTableForm, created: CreatedTable) -> HTMLResponse:
    t = translator(form.lang)
    html = environment().get_template("table_created.html").render(
        t=t, lang=form.lang, title=t("live.created.title"), created=created, lang_links=[])
    return HTMLResponse(html, status_code=201, headers=NO_STORE)


@router.get("/t/new", response_class=HTMLResponse)
def new_table(request: Request, lang: str | None = None) -> Response:
    return _form_page(new_table_form(_lang(request, lang)))


@router.post("/t/new", response_class=HTMLResponse)
async def open_new_table(request: Request) -> Response:
    lang = _lang(request, request.query_params.get("lang"))
    if not same_site(request):
        return error_page(lang, 403, render("web.cross_site", None, lang))
    try:
        body = await read_limited(request, FORM_BYTES)
    except ApiError as exc:
        form = new_table_form(lang)
        form.error = exc.message
        return _form_page(form, exc.status)
    form = read_form(body, lang)
    refused = created_too_fast(request, form.lang)
    if refused is not None:
        form.error = refused.message
        page = _form_page(form, refused.status)
        page.headers.update(refused.headers)
        return page
    created = await run_in_threadpool(open_table, live_of(request), form,
                                      public_base(request))
    if created is None:
        return _form_page(form, 400)
    return _created_page(form, created)


WORKER = "live-sw.js"


@router.get(f"/t/{WORKER}")
def table_worker() -> Response:
    """The tables' service worker, revalidated at every page load (``no-cache``)."""
    return Response((STATIC / WORKER).read_bytes(), media_type="text/javascript",
                    headers={**SECURITY_HEADERS, "Cache-Control": "no-cache"})


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table_page(request: Request, table_id: str, lang: str | None = None) -> Response:
    code = _lang(request, lang)
    if not is_verdict_id(table_id):
        return error_page(code, 422, render("live.error.bad_id",
                                            {"id": shown(table_id), "format": ID_FORMAT}, code))
    chosen = lang.lower() if lang and lang.lower() in LANGS else None
    try:
        tables = live_of(request)
        page = await read(tables, table_id, TablePage.of, tables, table_id, chosen)
    except ApiError as exc:
        if exc.status == 404:
            return error_page(code, 404, render("live.error.unknown_table", {"id": table_id},
                                                code))
        return error_page(code, exc.status, exc.message)
    return render_table_page(page)


QR_BYTES = 1024
SVG_NS = "http://www.w3.org/2000/svg"


@router.post("/t/{table_id}/qr")
async def seat_link_qr(request: Request, table_id: str) -> Response:
    """The QR code (SVG, as the page of links draws them) of a seat's link of this table,
    which the scribe's page shows beside a seat's new link: the link comes in the JSON
    body (``{"url": ...}``), never in a URL; anything but a seat's link of this table is
    422."""
    body = await read_limited(request, QR_BYTES)
    try:
        url = json.loads(body).get("url")
    except (ValueError, AttributeError):
        url = None
    link = re.compile(rf"https?://[^\s/#]+/t/{re.escape(table_id)}#seat=[A-Za-z0-9_-]{{16,128}}")
    if not is_verdict_id(table_id) or not isinstance(url, str) or not link.fullmatch(url):
        raise ApiError(422, render("live.error.not_seat_link", None, settings_of(request).lang))
    svg = str(qr_svg(url)).replace("<svg ", f'<svg xmlns="{SVG_NS}" ', 1)  # an image file
    return Response(svg, media_type="image/svg+xml", headers=NO_STORE)
