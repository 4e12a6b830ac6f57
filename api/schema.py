"""The OpenAPI schema's parameter types: every request the schema calls valid is served.

Knobs are query parameters read from the raw query string (so their names are
case-insensitive); their types here come from each knob's own reader in
:mod:`referee.variants.knobs`, found by asking it: a yes/no knob takes the
spellings of ``YES`` and ``NO``, a choice the values of its enum, a number the
range its reader accepts (at most ``MAX_NUMBER_DIGITS`` digits), an optional
number that range or ``none``. ``lang`` is ``en`` or ``es`` (any case is read;
the schema names the lower case). A log body is text with something besides
blanks in it, and no NUL.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any

from fastapi import FastAPI

from referee.api.store.ids import ID_PATTERN
from referee.messages import LANGS
from referee.variants import REGISTRY
from referee.variants import knobs as knob_module
from referee.variants.knobs import KNOBS, MAX_NUMBER_DIGITS, Knob, KnobError, yes_no

Schema = dict[str, Any]

LARGEST = 10**MAX_NUMBER_DIGITS - 1
SMALLEST_LOW = 100  # a number knob's least value is below this
LANG_SCHEMA: Schema = {"type": "string", "enum": list(LANGS)}
NONE_WORDS = ("none",)
ENUMS: tuple[type[Enum], ...] = (knob_module.DiscardPegue, knob_module.RenunciaPays,
                                 knob_module.SetWilds, knob_module.HandPenalty)
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
    if knob.parse is yes_no:
        return {"type": "string", "enum": sorted(knob_module.YES | knob_module.NO)}
    for enum in ENUMS:
        values = [member.value for member in enum]
        if all(_accepts(knob.parse, v) and knob.parse(v) is enum(v) for v in values):
            return {"type": "string", "enum": values}
    number = _number_schema(knob.parse)
    if number is None:
        return {"type": "string"}
    if all(_accepts(knob.parse, word) for word in NONE_WORDS):
        return {"anyOf": [number, {"type": "string", "enum": list(NONE_WORDS)}]}
    return number


KNOB_SCHEMAS: dict[str, Schema] = {name: knob_schema(knob) for name, knob in KNOBS.items()}


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
            param["schema"] = {"type": "string", "enum": list(REGISTRY)}  # /v1/rules
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
