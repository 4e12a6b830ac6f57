"""Table ids and bearer tokens.

A table id is 120 random bits in base 32 (24 characters from ``a-z`` and ``2-7``,
the verdict ids' alphabet); a token is 192 random bits (``secrets.token_urlsafe``).
Tokens are shown once, in the answer that creates the table, and stored only as
their SHA-256; a token given is hashed and compared with each stored hash in
constant time.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Mapping

TOKEN_BYTES = 24
ID_BYTES = 15
SCRIBE = "scribe"  # who posted a change with the scribe's token


def new_table_id() -> str:
    return base64.b32encode(secrets.token_bytes(ID_BYTES)).decode("ascii").lower()


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def bearer_token(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header (None: no usable header)."""
    if not header:
        return None
    scheme, _, token = header.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        return None
    return token


def who_holds(token: str, scribe_hash: str, seats: Mapping[str, str]) -> str | None:
    """``SCRIBE``, the player whose seat ``token`` opens, or None. Every stored hash is
    compared (in constant time), so the time taken says nothing of which matched."""
    given = token_hash(token)
    found = SCRIBE if hmac.compare_digest(given, scribe_hash) else None
    for player, stored in seats.items():
        if hmac.compare_digest(given, stored):
            found = player
    return found
