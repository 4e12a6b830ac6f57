"""The HTTP API of 51 Referee: ``create_app(settings)`` and the module-level ``app``.

    uvicorn referee.api.app:app            # or: referee serve
"""

from __future__ import annotations

from fastapi import FastAPI

from referee import __version__
from referee.api import errors
from referee.api.routers import audit, health, rules
from referee.api.settings import Settings

DESCRIPTION = """Audits recorded games of the Colombian rummy 51 (La 51).

POST a log in `.rummy` notation to `/v1/audit` (as `text/plain`, knobs as query
parameters) and get the JSON report: every renuncia, log error and notice with
its rule id and line, the calls, eliminations, winner and settlement. Every error
answer is `{"error": {"status": ..., "message": ...}}`.
"""


def create_app(settings: Settings | None = None) -> FastAPI:
    """A new app; ``settings`` default to the environment (``REFEREE_*``)."""
    app = FastAPI(title="51 Referee", version=__version__, description=DESCRIPTION)
    app.state.settings = settings if settings is not None else Settings()
    errors.install(app)
    app.include_router(health.router)
    app.include_router(rules.router)
    app.include_router(audit.router)
    return app


app = create_app()
