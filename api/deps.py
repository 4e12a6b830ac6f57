"""Small helpers the routers share: settings, the verdict store, the language."""

from __future__ import annotations

from fastapi import Request

from referee.api.errors import ApiError
from referee.api.settings import Settings
from referee.api.store.verdicts import VerdictStore
from referee.messages import LANGS
from referee.variants.knobs import shown


def settings_of(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def request_lang(request: Request, lang: str | None) -> str:
    """``lang`` from the query (en or es), else the server's default; 400 otherwise."""
    if lang is None or lang == "":
        return settings_of(request).lang
    code = lang.lower()
    if code not in LANGS:
        raise ApiError(400, f"lang must be one of {', '.join(LANGS)}, not {shown(lang)}")
    return code


def store_of(request: Request) -> VerdictStore:
    store: VerdictStore = request.app.state.store
    return store


def verdict_url(request: Request, verdict_id: str) -> str:
    """The absolute link of a verdict's page."""
    return f"{str(request.base_url).rstrip('/')}/v/{verdict_id}"
