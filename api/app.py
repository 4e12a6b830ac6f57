"""The HTTP API and the page of 51 Referee: ``create_app(settings)`` and the module-level
``app``.

    uvicorn referee.api.app:app            # or: referee serve
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool

from referee import __version__
from referee.api import errors
from referee.api.limits import CreationRate, StreamSlots
from referee.api.live.notify import Notifier
from referee.api.live.service import LiveTables
from referee.api.live.store import LiveStore
from referee.api.nights.service import Nights
from referee.api.nights.store import NightStore
from referee.api.nights.stream import NightWatch
from referee.api.routers import (
    audit,
    health,
    live_pages,
    night_pages,
    nights,
    pages,
    rules,
    table_changes,
    tables,
    verdicts,
)
from referee.api.schema import install_schema
from referee.api.settings import Settings
from referee.api.store.database import describe
from referee.api.store.verdicts import VerdictStore
from referee.api.stream import AuditStats
from referee.api.web import STATIC

DESCRIPTION = """Audits recorded games of the Colombian rummy 51 (La 51).

POST a log in `.rummy` notation to `/v1/audit` (as `text/plain`, knobs as query
parameters) and get the JSON report: every renuncia, log error and notice with
its rule id and line, the calls, eliminations, winner and settlement.
`POST /v1/verdicts` stores a verdict and gives its link (`/v/{id}`, the page
that steps through the game). `POST /v1/tables` opens a live table: the players (or
a scribe) record each event as it happens, every phone watches it move
(`/v1/tables/{id}/stream`), calls are ruled at once, and the verdict is there when
the game ends. `POST /v1/nights` runs a club night: rounds of live tables seated by
the referee, one standings board (`/n/{id}`, `/v1/nights/{id}/stream`) and the
night's report. Every error answer is
`{"error": {"status": ..., "message": ...}}`.
"""


def create_app(settings: Settings | None = None) -> FastAPI:
    """A new app; ``settings`` default to the environment (``REFEREE_*``).

    The verdict store opens (and creates or migrates its schema) at start-up.
    """
    settings = settings if settings is not None else Settings()
    store = VerdictStore(settings.database_url)
    live = LiveTables(LiveStore(store), settings)
    notifier = Notifier(live.store)
    live.listeners.append(notifier.moved)
    club = Nights(NightStore(store), live, settings)
    watch = NightWatch(club, notifier)
    club.listeners.append(watch.heard)
    live.listeners.append(watch.heard)
    notifier.also.append(watch.heard)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        try:
            await run_in_threadpool(store.engine)
        except SQLAlchemyError as exc:
            raise RuntimeError(f"cannot open the verdict store at {describe(store.url)} "
                               f"(REFEREE_DATABASE_URL): {exc}") from None
        await run_in_threadpool(live.sweep_if_due)
        await run_in_threadpool(club.sweep_if_due)
        notifier.start()
        watch.start()
        try:
            yield
        finally:
            await watch.stop()
            await notifier.stop()
            store.close()

    app = FastAPI(title="51 Referee", version=__version__, description=DESCRIPTION,
                  lifespan=lifespan)
    app.state.settings = settings
    app.state.store = store
    app.state.audit_stats = AuditStats()
    app.state.live = live
    app.state.notifier = notifier
    app.state.nights = club
    app.state.night_watch = watch
    app.state.creation = CreationRate(lambda: settings.create_rate)
    app.state.stream_slots = StreamSlots(lambda: settings.table_streams,
                                         lambda: settings.client_streams)
    errors.install(app)
    app.include_router(health.router)
    app.include_router(rules.router)
    app.include_router(audit.router)
    app.include_router(verdicts.router)
    app.include_router(tables.router)
    app.include_router(table_changes.router)
    app.include_router(pages.router)
    app.include_router(live_pages.router)
    app.include_router(nights.router)
    app.include_router(night_pages.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    install_schema(app, settings.max_body_bytes)
    return app


app = create_app()
