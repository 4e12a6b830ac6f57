"""The page: ``GET /`` (the form), ``POST /`` (audit it), ``POST /share`` (store it and
go to its link), ``GET /v/{id}`` (a stored verdict).

The form is ``multipart/form-data`` (the log as text or as a file) or
urlencoded; the log itself has the same size limit as ``POST /v1/audit``.
Errors in what was sent come back as the page, with the form as it was and the
error above it; unknown verdict ids are 404 and malformed ones 422.
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, UploadFile
from starlette.types import Message

from referee.api.deps import same_site, settings_of, store_of, verdict_url
from referee.api.errors import ApiError
from referee.api.judge import NulInLogError, TooManyGamesError, judge, store_verdict
from referee.api.requests import read_body
from referee.api.store.ids import is_verdict_id
from referee.api.web import FormState, VerdictView, error_page, render_page, translator
from referee.knobs import KnobError, all_knobs, parse_knob
from referee.messages import LANGS
from referee.notation.reader import LogDecodeError, decode_log

router = APIRouter(include_in_schema=False)

FORM_OVERHEAD = 64 * 1024  # the form's other fields and multipart framing


def page_lang(request: Request, *choices: object) -> str:
    """The first of ``choices`` that names a language, else the server's default."""
    for choice in choices:
        if isinstance(choice, str) and choice.lower() in LANGS:
            return choice.lower()
    return settings_of(request).lang


@dataclass(slots=True)
class Submission:
    """A form as sent: its language, its state, the log's text and the status to answer."""

    lang: str
    form: FormState
    text: str = ""
    status: int = 200  # 400 or 413 when ``form.error`` says what to fix


async def _form(request: Request, limit: int) -> FormData:
    """The form, read with a limit on the whole body (``limit`` bytes)."""
    body = await read_body(request, limit)

    async def receive() -> Message:
        return {"type": "http.request", "body": body, "more_body": False}

    return await Request(request.scope, receive).form(max_part_size=limit)


async def _log_text(form: FormData) -> str:
    """The file's text when a file was sent, else the text box's."""
    upload = form.get("file")
    if isinstance(upload, UploadFile):
        data = await upload.read()
        if data.strip():
            return decode_log(data)
    text = form.get("log")
    return text if isinstance(text, str) else ""


def _knobs(form: FormData) -> dict[str, str]:
    values: dict[str, str] = {}
    for name in all_knobs():
        value = form.get(name)
        if isinstance(value, str) and value.strip():
            values[name] = value.strip()
    return values


def _check(sent: Submission, limit: int) -> None:
    """Set the error (and status) for a log too big, empty, or a bad knob value."""
    t = translator(sent.lang)
    if len(sent.text.encode("utf-8")) > limit:
        sent.form.error, sent.status = t("web.too_big", limit=limit), 413
        return
    if not sent.text.strip():
        sent.form.error, sent.status = t("web.empty_log"), 400
        return
    for name, value in sent.form.knobs.items():
        try:
            parse_knob(name, value)
        except KnobError as exc:
            sent.form.error, sent.status = t("web.bad_knob", knob=name, reason=str(exc)), 400
            return


async def read_submission(request: Request) -> Submission:
    """The form's log, knobs and language; ``form.error`` says what to fix."""
    limit = settings_of(request).max_body_bytes
    try:
        form = await _form(request, 3 * limit + FORM_OVERHEAD)
    except ApiError as exc:
        lang = page_lang(request, request.query_params.get("lang"))
        error = translator(lang)("web.too_big", limit=limit) if exc.status == 413 else \
            exc.message
        return Submission(lang, FormState(error=error), status=exc.status)
    try:
        sent = Submission(page_lang(request, form.get("view_lang"), form.get("lang")),
                          FormState(knobs=_knobs(form)))
        sent.text = await _log_text(form)
    except LogDecodeError as exc:
        sent.form.error = translator(sent.lang)("web.not_text", reason=str(exc))
        sent.status = 400
        return sent
    finally:
        await form.close()
    sent.form.log = sent.text
    _check(sent, limit)
    return sent


@router.get("/", response_class=HTMLResponse)
def home(request: Request, lang: str | None = None) -> Response:
    return render_page(page_lang(request, lang), FormState(), None)


@router.post("/", response_class=HTMLResponse)
async def audit_form(request: Request) -> Response:
    refused = cross_site(request)
    if refused is not None:
        return refused
    sent = await read_submission(request)
    if sent.form.error:
        return render_page(sent.lang, sent.form, None, status=sent.status)
    limit = settings_of(request).max_games
    try:
        verdict = await run_in_threadpool(judge, sent.text, sent.form.knobs, limit)
    except TooManyGamesError:
        return too_many_games(sent, limit)
    return render_page(sent.lang, sent.form, VerdictView.of(verdict, sent.lang, None))


def cross_site(request: Request) -> Response | None:
    """403, the page's error, for a form another site sent (None: this site's own)."""
    if same_site(request):
        return None
    lang = page_lang(request, request.query_params.get("lang"))
    return error_page(lang, 403, translator(lang)("web.cross_site"))


def too_many_games(sent: Submission, limit: int) -> Response:
    sent.form.error = translator(sent.lang)("web.too_many_games", limit=limit)
    return render_page(sent.lang, sent.form, None, status=413)


@router.post("/share")
async def share_form(request: Request) -> Response:
    refused = cross_site(request)
    if refused is not None:
        return refused
    sent = await read_submission(request)
    if sent.form.error:
        return render_page(sent.lang, sent.form, None, status=sent.status)
    limit = settings_of(request).max_games
    try:
        verdict_id, _ = await run_in_threadpool(store_verdict, store_of(request), sent.text,
                                                sent.form.knobs, limit)
    except TooManyGamesError:
        return too_many_games(sent, limit)
    except NulInLogError as exc:
        sent.form.error = translator(sent.lang)("web.nul_log", line=exc.line, column=exc.column)
        return render_page(sent.lang, sent.form, None, status=400)
    return RedirectResponse(f"/v/{verdict_id}?lang={sent.lang}", status_code=303)


@router.get("/v/{verdict_id}", response_class=HTMLResponse)
def verdict_page(request: Request, verdict_id: str, lang: str | None = None) -> Response:
    code = page_lang(request, lang)
    t = translator(code)
    if not is_verdict_id(verdict_id):
        return error_page(code, 422, t("web.bad_id", id=verdict_id, format=t("web.id_format")))
    verdict = store_of(request).get(verdict_id)
    if verdict is None:
        return error_page(code, 404, t("web.no_verdict", id=verdict_id))
    url = verdict_url(request, verdict.id)
    view = VerdictView.of(verdict, code, url)
    form = FormState(log=verdict.log, knobs=dict(verdict.knobs))
    return render_page(code, form, view)
