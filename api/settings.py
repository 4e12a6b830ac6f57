"""API settings, from the environment (prefix ``REFEREE_``) or passed to ``create_app``."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

MIB = 1024 * 1024
MAX_GAMES = 1000
MAX_RESPONSE_BYTES = 64 * MIB
MAX_SECONDS = 3600.0
SPOOL_BYTES = MIB  # a report larger than this is spooled to a temporary file, not memory
DATA_FOLDER = "referee51"
DATABASE_FILE = "verdicts.sqlite3"
KIB = 1024


def data_dir() -> Path:
    """Where the referee keeps its files: ``$XDG_DATA_HOME/referee51`` (else
    ``~/.local/share/referee51``; ``%LOCALAPPDATA%\\referee51`` on Windows)."""
    if os.name == "nt" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / DATA_FOLDER
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / DATA_FOLDER


def default_database_url() -> str:
    """An embedded SQLite file in :func:`data_dir`: no set-up needed."""
    return f"sqlite:///{data_dir() / DATABASE_FILE}"


class Settings(BaseSettings):
    """``REFEREE_MAX_BODY_BYTES``, ``REFEREE_LANG``, ``REFEREE_DATABASE_URL`` and the limits
    of the service under load (docs/cli-api.md): ``REFEREE_MAX_GAMES``,
    ``REFEREE_MAX_RESPONSE_BYTES``, ``REFEREE_AUDIT_TIMEOUT``, ``REFEREE_REQUEST_TIMEOUT``,
    ``REFEREE_KEEP_ALIVE_TIMEOUT`` and ``REFEREE_WORKERS``; the live tables' limits
    (docs/cli-api.md, live tables): ``REFEREE_TABLE_DAYS``, ``REFEREE_TABLE_MAX_EVENTS``,
    ``REFEREE_TABLE_RATE`` and ``REFEREE_TABLE_BODY_BYTES``; what one client may open:
    ``REFEREE_CREATE_RATE``, ``REFEREE_TABLE_STREAMS`` and ``REFEREE_CLIENT_STREAMS``; the
    links in answers: ``REFEREE_PUBLIC_URL``; the club nights' limits:
    ``REFEREE_NIGHT_MAX_PLAYERS``, ``REFEREE_NIGHT_MAX_TABLES``, ``REFEREE_NIGHT_MAX_ROUNDS``
    and ``REFEREE_NIGHT_BODY_BYTES``."""

    model_config = SettingsConfigDict(env_prefix="REFEREE_", extra="ignore")

    max_body_bytes: int = Field(default=MIB, ge=1, description="Largest log body accepted.")
    max_games: int = Field(default=MAX_GAMES, ge=1,
                           description="Most games one request may hold (more: 413).")
    max_response_bytes: int = Field(default=MAX_RESPONSE_BYTES, ge=1024,
                                    description="Largest report one answer may be (more: 413).")
    audit_timeout: float = Field(default=60.0, gt=0, le=MAX_SECONDS,
                                 description="Seconds an audit may take (more: 503).")
    request_timeout: float = Field(default=30.0, gt=0, le=MAX_SECONDS,
                                   description="Seconds the body may take to arrive (more: 408).")
    keep_alive_timeout: int = Field(default=5, ge=1, le=int(MAX_SECONDS),
                                    description="Seconds an idle connection is kept open.")
    workers: int = Field(default=1, ge=1, le=64, description="Server processes.")
    table_days: int = Field(default=30, ge=1, le=36500,
                            description="Days a live table may stay idle before it is "
                                        "deleted.")
    table_max_events: int = Field(default=5000, ge=1,
                                  description="Most events one live table may hold (more: 409).")
    table_rate: int = Field(default=20, ge=1,
                            description="Most changes per second to one live table (more: 429).")
    table_body_bytes: int = Field(default=4 * KIB, ge=64,
                                  description="Largest request body of a live table (more: 413).")
    create_rate: int = Field(default=30, ge=1,
                             description="Most tables (and nights) one client address may "
                                         "create a minute, per server process (more: 429).")
    table_streams: int = Field(default=64, ge=1,
                               description="Most streams open on one live table, per server "
                                           "process (more: 429).")
    client_streams: int = Field(default=256, ge=1,
                                description="Most streams one client address may hold open, "
                                            "per server process (more: 429).")
    public_url: str | None = Field(
        default=None,
        description="The address links in answers are built from (http(s)://HOST[:PORT]"
                    "[/PATH]); default: the address the server was started on, never the "
                    "request's Host.")
    night_max_players: int = Field(default=120, ge=4,
                                   description="Most players of a club night (more: 400).")
    night_max_tables: int = Field(default=30, ge=1,
                                  description="Most tables in one round of a night (more: "
                                              "400, or 409 when seating).")
    night_max_rounds: int = Field(default=20, ge=1,
                                  description="Most rounds of a night (more: 400).")
    night_body_bytes: int = Field(default=64 * KIB, ge=1024,
                                  description="Largest request body of a night (a log "
                                              "handed in included; more: 413).")
    lang: str = Field(default="en", description="Language when a request names none (en, es).")
    database_url: str = Field(
        default_factory=default_database_url,
        description="Where shared verdicts are stored: a SQLAlchemy URL, sqlite:///PATH or "
                    "postgresql://USER@HOST:PORT/DB (default: a SQLite file in the user's "
                    "data folder).")

    @field_validator("lang")
    @classmethod
    def _known_lang(cls, value: str) -> str:
        from referee.messages import resolve_lang

        return resolve_lang(value)

    @field_validator("public_url")
    @classmethod
    def _public_url(cls, value: str | None) -> str | None:
        if value is None or value.strip() == "":
            return None
        parts = urlsplit(value.strip())
        if parts.scheme not in ("http", "https") or not parts.hostname or parts.query \
                or parts.fragment:
            raise ValueError("REFEREE_PUBLIC_URL must be http(s)://HOST[:PORT][/PATH], "
                             f"not {value!r}")
        return value.strip().rstrip("/")

    @field_validator("database_url")
    @classmethod
    def _usable_url(cls, value: str) -> str:
        from referee.api.store.database import normalize_url

        return normalize_url(value)
