"""Stored verdicts: the SQLAlchemy tables, the engine from a URL, the schema's migrations.

SQLite (an embedded file, the default) or PostgreSQL (``REFEREE_DATABASE_URL``).
"""
