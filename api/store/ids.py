"""Verdict ids, derived from the content: the same log and knobs give the same id.

The id is the first 120 bits of a SHA-256 over the normalized log (newlines as
``\\n``), the knobs in canonical spelling and sorted, and the referee's version
(a new referee may rule differently, so it makes a new verdict), written as 24
lowercase base-32 characters (``a``-``z``, ``2``-``7``). The language is not part
of it: a verdict is stored in every language and shown in the one asked for.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Mapping
from typing import Any

from referee.knobs import json_value, parse_knob

ID_LENGTH = 24
ID_PATTERN = re.compile(rf"[a-z2-7]{{{ID_LENGTH}}}")
ID_FORMAT = f"{ID_LENGTH} characters from a-z and 2-7"
CONTENT_FORMAT = 1  # bump when what goes into the hash changes


def normalize_log(text: str) -> str:
    """The log as stored and hashed: Windows and old Mac line ends become ``\\n``."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _spelled(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    return str(value)


def canonical_knobs(overrides: Mapping[str, str]) -> dict[str, str]:
    """Knobs (canonical names, already checked) with their values spelled one way,
    sorted by name: ``MinOpen=071`` and ``MinOpen=71`` are the same verdict."""
    return {name: _spelled(json_value(parse_knob(name, overrides[name])))
            for name in sorted(overrides)}


def content_hash(log: str, knobs: Mapping[str, str], version: str) -> str:
    """SHA-256 (hex) of what makes a verdict: log, knobs and referee version."""
    content = {"format": CONTENT_FORMAT, "referee": version, "log": log,
               "knobs": dict(sorted(knobs.items()))}
    data = json.dumps(content, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(data.encode("utf-8")).hexdigest()


def verdict_id(digest: str) -> str:
    """The id of a content hash: its first 15 bytes in base 32."""
    return base64.b32encode(bytes.fromhex(digest)[:15]).decode("ascii").lower()


def is_verdict_id(text: str) -> bool:
    return ID_PATTERN.fullmatch(text) is not None
