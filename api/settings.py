"""API settings, from the environment (prefix ``REFEREE_``) or passed to ``create_app``."""

from __future__ import annotations

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

MIB = 1024 * 1024


class Settings(BaseSettings):
    """``REFEREE_MAX_BODY_BYTES``, ``REFEREE_LANG``."""

    model_config = SettingsConfigDict(env_prefix="REFEREE_", extra="ignore")

    max_body_bytes: int = Field(default=MIB, ge=1, description="Largest log body accepted.")
    lang: str = Field(default="en", description="Language when a request names none (en, es).")

    @field_validator("lang")
    @classmethod
    def _known_lang(cls, value: str) -> str:
        from referee.messages import resolve_lang

        return resolve_lang(value)
