"""The tables as the current schema has them (``migrations`` builds them, step by step)."""

from __future__ import annotations

from sqlalchemy import Column, DateTime, Integer, MetaData, String, Table, Text

metadata = MetaData()

ID_LENGTH = 24
HASH_LENGTH = 64

schema_versions = Table(
    "referee_schema_versions",
    metadata,
    Column("version", Integer, primary_key=True, autoincrement=False),
    Column("description", String(200), nullable=False),
    Column("applied_at", DateTime(timezone=True), nullable=False),
)

verdicts = Table(
    "verdicts",
    metadata,
    Column("id", String(ID_LENGTH), primary_key=True),
    Column("content_hash", String(HASH_LENGTH), nullable=False),
    Column("log", Text, nullable=False),
    Column("knobs", Text, nullable=False),  # JSON object, knob name -> canonical value
    Column("referee_version", String(40), nullable=False),
    Column("reports", Text, nullable=False),  # JSON object, language -> report
    Column("reports_sha256", String(HASH_LENGTH), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
