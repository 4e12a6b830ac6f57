"""The OpenAPI schema's parameter types: every request the schema calls valid is served.

Knobs are query parameters read from the raw query string (so their names are
case-insensitive); their types here come from each registered game's knob readers
(:mod:`referee.knobs`): a yes/no knob takes the spellings of ``YES`` and ``NO``, a
choice its ``choices``, any other reader is found out by asking it: a number the
range it accepts (at most ``MAX_NUMBER_DIGITS`` digits), an optional number that
range or ``none``. ``lang`` is ``en`` or ``es`` (any case is read;
the schema names the lower case). A log body is text with something besides
blanks in it, and no NUL.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import FastAPI

from referee.api.store.ids import ID_PATTERN
from referee.games import names, registry
from referee.knobs import MAX_NUMBER_DIGITS, NO, YES, Knob, KnobError, YesNo, all_knobs
from referee.messages import LANGS

Schema = dict[str, Any]

LARGEST = 10**MAX_NUMBER_DIGITS - 1
SMALLEST_LOW = 100  # a number knob's least value is below this
LANG_SCHEMA: Schema = {"type": "string", "enum": list(LANGS)}
NONE_WORDS = ("none",)
# Not blank, and no control character but tab and line ends: a few are syntax errors,
# more make the log not text, and a NUL cannot be stored (docs/notation.md).
_CONTROLS = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"
LOG_PATTERN = rf"^[^{_CONTROLS}]*[^{_CONTROLS}\s][^{_CONTROLS}]*$"


def _accepts(parse: Callable[[str], Any], value: str) -> bool:
    try:
        parse(value)
    except KnobError:
        return False
    return True


def _bound(parse: Callable[[str], Any], low: int, high: int, want: bool) -> int:
    """The first number in ``low..high`` whose acceptance is ``want``, where every number
    before it has the other one (the edge of an interval)."""
    while low < high:
        middle = (low + high) // 2
        if _accepts(parse, str(middle)) == want:
            high = middle
        else:
            low = middle + 1
    return low


def _number_schema(parse: Callable[[str], Any]) -> Schema | None:
    low = next((n for n in range(SMALLEST_LOW) if _accepts(parse, str(n))), None)
    if low is None:
        return None
    high = _bound(parse, low, LARGEST + 1, False) - 1
    return {"type": "integer", "minimum": low, "maximum": high}


def knob_schema(knob: Knob) -> Schema:
    """The values ``knob`` accepts, as a JSON schema for a query parameter."""
    if isinstance(knob.parse, YesNo):
        return {"type": "string", "enum": sorted(YES | NO)}
    if knob.choices:
        return {"type": "string", "enum": list(knob.choices)}
    number = _number_schema(knob.parse)
    if number is None:
        return {"type": "string"}
    if all(_accepts(knob.parse, word) for word in NONE_WORDS):
        return {"anyOf": [number, {"type": "string", "enum": list(NONE_WORDS)}]}
    return number


def knob_schemas() -> dict[str, Schema]:
    """Every registered game's knobs, as JSON schemas (by canonical name)."""
    return registry().memo("knob-schemas", lambda: {
        name: knob_schema(knob) for name, knob in all_knobs().items()})


def log_body_schema(max_body_bytes: int) -> Schema:
    """A log as the schema promises it is served: not blank, no control character (but
    tab and line ends), under the limit (a character is at most 4 bytes of UTF-8)."""
    return {"type": "string", "pattern": LOG_PATTERN, "minLength": 1,
            "maxLength": max(1, max_body_bytes // 4)}


def _patch_operation(operation: Schema, body: Schema) -> None:
    for param in operation.get("parameters", []):
        if param.get("name") == "lang" and param.get("in") == "query":
            param["schema"] = dict(LANG_SCHEMA)
        elif param.get("name") == "game" and "anyOf" in param.get("schema", {}):
            param["schema"] = {"type": "string", "enum": list(names())}  # /v1/rules
        elif param.get("name") == "verdict_id" and param.get("in") == "path":
            param["schema"] = {"type": "string", "pattern": f"^{ID_PATTERN.pattern}$"}
    plain = operation.get("requestBody", {}).get("content", {}).get("text/plain")
    if plain is not None:
        plain["schema"] = dict(body)


def install_schema(app: FastAPI, max_body_bytes: int) -> None:
    """Make ``app.openapi()`` give ``lang`` its enum and each log body its limits."""
    generate = app.openapi
    body = log_body_schema(max_body_bytes)

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        schema = generate()
        for path in schema.get("paths", {}).values():
            for operation in path.values():
                _patch_operation(operation, body)
        return schema

    app.openapi = openapi  # type: ignore[method-assign]
