"""``GET /healthz``: the service is up."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel

from referee import __version__

router = APIRouter(tags=["health"])


class Health(BaseModel):
    status: str
    version: str


@router.get("/healthz", response_model=Health, summary="Liveness check")
def healthz() -> Health:
    """Always ``{"status": "ok"}`` while the process serves requests."""
    return Health(status="ok", version=__version__)
